// Upload SWP (spec "Upload SWP screen", sections 3-5): four drop areas, part type-ahead,
// on-behalf-of, zones, deployment and document type, Changes with its counter, bypass;
// Submit → POST /api/swps/uploadS3; server field errors under each field in red (the
// kit's UploadForm frame: Submit or the spinner, the errors, the success page).
// ?corrects=<id>: a corrected version of that rejected SWP, the form filled from it and
// the rejection shown above (decision 65).
import { Suspense, lazy, useState } from 'react';
import { Checkbox, Form, Radio, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ChangesField,
  CorrectsNotice,
  FileDrop,
  fieldHelp,
  k,
  OnBehalfOfField,
  PartNumberField,
  UploadForm,
  useSession,
  useT,
  useUploadForm,
  ZonesField,
} from '@plantdoc/kit';
import { BYPASS_REFUSED, mayBypass, CURRENT_USER, MAX_PDF_FILES, SWPS_ROUTE, formDefaults, uploadPayload } from '../lib';
import { catalogueParts, useDiscardUpload, useOnBehalfOfUsers, useSubmitSwp, useSwp } from '../api';
import { TranslationDrop } from '../components/TranslationDrop';

const Missing = lazy(() => import('../components/StillToTranslate'));
const PDF = '.pdf,application/pdf';
export const DROPS = [
  { key: 'swc', label: k('Standard Work Chart'), uploadUrl: '/api/swps/uploadPdf', accept: PDF, max: MAX_PDF_FILES },
  { key: 'jes', label: k('Job Element Sheet'), uploadUrl: '/api/swps/uploadPdf', accept: PDF, max: MAX_PDF_FILES },
  { key: 'vis', label: k('Visual Inspection Sheet'), uploadUrl: '/api/swps/uploadPdf', accept: PDF, max: MAX_PDF_FILES },
  {
    key: 'video',
    label: k('Video Aid (optional)'),
    uploadUrl: '/api/swps/uploadVideo',
    accept: 'video/mp4,video/quicktime,video/webm,.mp4,.m4v,.mov,.webm',
    max: 1,
  },
];

/** Server error fields the form shows; anything else shows above the Submit button. */
export const FIELDS = [
  'swc',
  'jes',
  'vis',
  'video',
  'partNumber',
  'onBehalfOf',
  'zones',
  'referenceOnly',
  'newRelease',
  'changes',
  'bypass',
  'corrects',
  'translations',
];

/** The form, new or (?corrects=<id>) filled from the rejected SWP once it is read. */
export function UploadTab() {
  const corrects = useSearchParams()[0].get('corrects');
  const rejected = useSwp(corrects);
  if (corrects && rejected.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  const swp = corrects ? rejected.data : null;
  return <SwpUploadForm key={corrects || 'new'} rejected={swp} />;
}

/** What the submitted revision is not yet translated into (its own chunk). */
function MissingAfterUpload({ swpId }) {
  return (
    <div style={{ maxWidth: 640, margin: '0 auto 16px', textAlign: 'left' }}>
      <Suspense fallback={null}>
        <Missing swpId={swpId} />
      </Suspense>
    </div>
  );
}

function SwpUploadForm({ rejected }) {
  const t = useT('swp');
  const navigate = useNavigate();
  const user = useSession().user;
  const first = formDefaults(rejected, user);
  const [files, setFiles] = useState({ swc: [], jes: [], vis: [], video: [] });
  // Optional translated sections (decision 82): {swc: {lang, files}, ...}.
  const [translations, setTranslations] = useState({});
  const [partNumber, setPartNumber] = useState(first.partNumber);
  const [onBehalfOf, setOnBehalfOf] = useState(first.onBehalfOf);
  const engineers = useOnBehalfOfUsers().data || [];
  const [zones, setZones] = useState(first.zones);
  const [referenceOnly, setReferenceOnly] = useState(first.referenceOnly);
  const [newRelease, setNewRelease] = useState(first.newRelease);
  const [changes, setChanges] = useState(first.changes);
  const [bypassManagement, setBypass] = useState(false);
  const canBypass = mayBypass(user);
  const corrects = rejected?._id;
  const form = useUploadForm(useSubmitSwp(), {
    fields: FIELDS,
    payload: () =>
      uploadPayload({
        ...files,
        translations,
        partNumber,
        zones,
        onBehalfOf,
        newRelease,
        referenceOnly,
        changes,
        bypassManagement: canBypass && bypassManagement,
        corrects,
      }),
    success: {
      // The spec's text; a bypass of review deployed it at once, and says so.
      text: (answer) =>
        answer?.swp?.status === 'deployed'
          ? t('Your standard work package has been deployed to the plant floor.')
          : t('Your standard work package has been submitted.'),
      // A new revision does not inherit the translations of the one it follows: said here.
      extra: (answer) => answer?.swp?._id && <MissingAfterUpload key="missing" swpId={answer.swp._id} />,
      back: t('Back to SWPs'),
      onBack: () => navigate(SWPS_ROUTE, { state: { reset: Date.now() } }),
    },
  });
  const { errors } = form;
  const discard = useDiscardUpload();

  const setSection = (key) => (fn) => setFiles((all) => ({ ...all, [key]: fn(all[key]) }));
  const setTranslation = (key) => (fn) => setTranslations((all) => ({ ...all, [key]: fn(all[key]) }));
  const uploading = (l) => l.some((f) => f.status === 'uploading');
  const busyUploading = Object.values(files).some(uploading) || Object.values(translations).some((t) => uploading(t?.files || []));

  return (
    <UploadForm form={form} busy={busyUploading} data-testid="upload-form">
      {rejected && <CorrectsNotice rejected={rejected} label={t('SWP for part {{part}}', { part: rejected.partNumber })} errors={errors} />}
      {DROPS.map((d) => (
        <Form.Item key={d.key} label={t(d.label)} {...fieldHelp(errors, d.key)}>
          <FileDrop
            id={d.key}
            label={t('Drop {{document}} here or click to browse', { document: t(d.label) })}
            hint={d.max > 1 ? t('PDF, up to {{max}} files (combined in order)', { max: d.max }) : t('MP4, MOV (H.264) or WebM, one file')}
            uploadUrl={d.uploadUrl}
            accept={d.accept}
            max={d.max}
            files={files[d.key]}
            onChange={setSection(d.key)}
            onDiscard={(serverId) => discard.mutate(serverId)}
          />
          {d.key !== 'video' && (
            <TranslationDrop
              section={d.key}
              label={d.label}
              value={translations[d.key]}
              onChange={setTranslation(d.key)}
              onDiscard={(serverId) => discard.mutate(serverId)}
            />
          )}
        </Form.Item>
      ))}
      {errors.translations && (
        <Form.Item {...fieldHelp(errors, 'translations')}>
          <span />
        </Form.Item>
      )}
      <Form.Item label={t('Part Number')} htmlFor="partNumber" {...fieldHelp(errors, 'partNumber')}>
        <PartNumberField value={partNumber} onChange={setPartNumber} source={catalogueParts} sayKnown />
      </Form.Item>
      <OnBehalfOfField
        value={onBehalfOf}
        onChange={setOnBehalfOf}
        users={engineers}
        myself={CURRENT_USER}
        placeholder={t('Select Process Engineer')}
        errors={errors}
      />
      <ZonesField value={zones} onChange={setZones} errors={errors} />
      <Form.Item label={t('Deployment Type')} {...fieldHelp(errors, 'referenceOnly')}>
        <Radio.Group name="referenceOnly" value={referenceOnly} onChange={(e) => setReferenceOnly(e.target.value)}>
          <Radio value={false}>{t('Production Release')}</Radio>
          <Radio value={true}>{t('Reference Only')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('Document Type')} {...fieldHelp(errors, 'newRelease')}>
        <Radio.Group
          name="newRelease"
          value={newRelease}
          onChange={(e) => {
            setNewRelease(e.target.value);
            if (e.target.value) setChanges('');
          }}
        >
          <Radio value={true}>{t('New Release')}</Radio>
          <Radio value={false}>{t('Changes to Existing Document')}</Radio>
        </Radio.Group>
      </Form.Item>
      <ChangesField value={changes} onChange={setChanges} disabled={newRelease} errors={errors} />
      {/* Every uploader sees the checkbox (spec section 6); who may not bypass sees why. */}
      <Form.Item
        {...fieldHelp(errors, 'bypass')}
        extra={
          canBypass ? undefined : (
            <span id="bypass-reason" data-testid="bypass-reason">
              {t(BYPASS_REFUSED)}
            </span>
          )
        }
      >
        <Checkbox
          checked={canBypass && bypassManagement}
          disabled={!canBypass}
          onChange={(e) => setBypass(e.target.checked)}
          aria-describedby={canBypass ? undefined : 'bypass-reason'}
        >
          {t('Bypass management approval and deploy directly to the floor')}
        </Checkbox>
      </Form.Item>
    </UploadForm>
  );
}
