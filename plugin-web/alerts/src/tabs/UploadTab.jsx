// Upload alert (spec "Upload alert form"): one file drop, type (default Change), part
// type-ahead, zones, on behalf of (default 'Myself'), effective (default now) and sunset
// (default effective + 7 days) pickers in 15-minute steps, change notes with the counter,
// Submit replaced by a spinner; server field errors under each field in red (the kit's
// UploadForm frame: Submit or the spinner, the errors, the success page). ?corrects=<id>:
// a corrected version of that rejected alert, the form filled from it and the rejection
// shown above (decision 65).
import { useState } from 'react';
import { DatePicker, Form, Select, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ChangesField,
  CorrectsNotice,
  FileDrop,
  fieldHelp,
  OnBehalfOfField,
  PartNumberField,
  UploadForm,
  useSession,
  useT,
  useUploadForm,
  ZonesField,
} from '@plantdoc/kit';
import { ALERT_TYPES, ALERTS_ROUTE, defaultSunset, formDefaults, MINUTE_STEP, MYSELF, TEXTS, uploadPayload } from '../lib';
import { partSource, useAlert, useDiscardUpload, useOnBehalfOfUsers, useSubmitAlert } from '../api';

/** Server error fields shown under a field; anything else shows above Submit. */
export const FIELDS = ['alertFile', 'alertType', 'partNumber', 'onBehalfOf', 'zones', 'effectiveDate', 'sunsetDate', 'changes', 'corrects'];
const FORMAT = 'YYYY-MM-DD hh:mm A';
const TIME = { minuteStep: MINUTE_STEP, format: 'hh:mm A' };

/** A date and time picker in 15-minute steps, its server error under it. */
function DateField({ label, name, errors, ...picker }) {
  return (
    <Form.Item label={label} htmlFor={name} {...fieldHelp(errors, name)}>
      <DatePicker id={name} showTime={TIME} format={FORMAT} {...picker} />
    </Form.Item>
  );
}

/** The form, new or (?corrects=<id>) filled from the rejected alert once it is read. */
export function UploadTab() {
  const corrects = useSearchParams()[0].get('corrects');
  const rejected = useAlert(corrects);
  if (corrects && rejected.isPending) return <Spin style={{ display: 'block', padding: 48 }} />;
  return <AlertUploadForm key={corrects || 'new'} rejected={corrects ? rejected.data : null} />;
}

function AlertUploadForm({ rejected }) {
  const t = useT('alerts');
  const navigate = useNavigate();
  const user = useSession()?.user;
  const [first] = useState(() => formDefaults(rejected, user));
  const [files, setFiles] = useState([]);
  const [alertType, setType] = useState(first.alertType);
  const [partNumber, setPart] = useState(first.partNumber);
  const [zones, setZones] = useState(first.zones);
  const [onBehalfOf, setOnBehalfOf] = useState(first.onBehalfOf);
  const [effectiveDate, setEffective] = useState(first.effectiveDate);
  const [sunsetDate, setSunset] = useState(first.sunsetDate);
  const [changes, setChanges] = useState(first.changes);
  const engineers = useOnBehalfOfUsers().data || [];
  const corrects = rejected?._id;
  const form = useUploadForm(useSubmitAlert(), {
    fields: FIELDS,
    payload: () => uploadPayload({ files, alertType, partNumber, zones, onBehalfOf, effectiveDate, sunsetDate, changes, corrects }),
    success: { text: t(TEXTS.success), back: t(TEXTS.back), onBack: () => navigate(ALERTS_ROUTE) },
  });
  const { errors } = form;
  const discard = useDiscardUpload();
  const uploading = files.some((f) => f.status === 'uploading');
  const onEffective = (d) => {
    setEffective(d);
    if (d) setSunset(defaultSunset(d));
  };

  return (
    <UploadForm form={form} busy={uploading} data-testid="alert-upload-form">
      {rejected && <CorrectsNotice rejected={rejected} label={t('alert {{tag}}', { tag: rejected.alertTag })} errors={errors} />}
      <Form.Item label={t('Alert File')} {...fieldHelp(errors, 'alertFile')}>
        <FileDrop
          id="alertFile"
          label={t('Drop the alert file here or click to browse')}
          hint={t('PDF, one file')}
          uploadUrl="/api/alerts/uploadPond"
          accept=".pdf,application/pdf"
          max={1}
          files={files}
          onChange={setFiles}
          onDiscard={(id) => discard.mutate(id)}
        />
      </Form.Item>
      <Form.Item label={t('Alert Type')} htmlFor="alertType" {...fieldHelp(errors, 'alertType')}>
        <Select id="alertType" value={alertType} onChange={setType} style={{ width: 300 }} options={ALERT_TYPES.map((v) => ({ value: v, label: t(v) }))} />
      </Form.Item>
      <Form.Item label={t('Part Number')} htmlFor="partNumber" {...fieldHelp(errors, 'partNumber')}>
        <PartNumberField value={partNumber} onChange={setPart} source={partSource} />
      </Form.Item>
      <ZonesField value={zones} onChange={setZones} errors={errors} />
      <OnBehalfOfField value={onBehalfOf} onChange={setOnBehalfOf} users={engineers} myself={MYSELF} errors={errors} />
      <DateField label={t('Effective Date')} name="effectiveDate" value={effectiveDate} onChange={onEffective} errors={errors} />
      <DateField label={t('Sunset Date')} name="sunsetDate" value={sunsetDate} onChange={setSunset} errors={errors} />
      <ChangesField value={changes} onChange={setChanges} errors={errors} />
    </UploadForm>
  );
}
