// Upload SWP (spec "Upload SWP screen", sections 3-5): four drop areas, part type-ahead,
// on-behalf-of, zones, deployment and document type, Changes with its counter, bypass;
// Submit → POST /api/swps/uploadS3; server field errors under each field in red.
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Radio, Result, Select, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { FileDrop, fieldHelp, PartNumberField, useSession, useZones } from '@plantdoc/kit';
import { mayBypass, RED, charactersLeft, CURRENT_USER, MAX_CHANGES, MAX_PDF_FILES, SWPS_ROUTE, uploadPayload } from '../lib';
import { catalogueParts, useDiscardUpload, useOnBehalfOfUsers, useSubmitSwp } from '../api';

const PDF = '.pdf,application/pdf';
export const DROPS = [
  { key: 'swc', label: 'Standard Work Chart', uploadUrl: '/api/swps/uploadPdf', accept: PDF, max: MAX_PDF_FILES },
  { key: 'jes', label: 'Job Element Sheet', uploadUrl: '/api/swps/uploadPdf', accept: PDF, max: MAX_PDF_FILES },
  { key: 'vis', label: 'Visual Inspection Sheet', uploadUrl: '/api/swps/uploadPdf', accept: PDF, max: MAX_PDF_FILES },
  { key: 'video', label: 'Video Aid (optional)', uploadUrl: '/api/swps/uploadVideo', accept: 'video/mp4,video/quicktime,video/webm,.mp4,.m4v,.mov,.webm', max: 1 },
];

/** Server error fields the form shows; anything else shows above the Submit button. */
export const FIELDS = ['swc', 'jes', 'vis', 'video', 'partNumber', 'onBehalfOf', 'zones', 'referenceOnly', 'newRelease', 'changes', 'bypass'];

export function UploadTab() {
  const navigate = useNavigate();
  const [files, setFiles] = useState({ swc: [], jes: [], vis: [], video: [] });
  const [partNumber, setPartNumber] = useState('');
  const [onBehalfOf, setOnBehalfOf] = useState(undefined);
  const engineers = useOnBehalfOfUsers().data || [];
  const zoneOptions = useZones().data || [];
  const [zones, setZones] = useState([]);
  const [referenceOnly, setReferenceOnly] = useState(false);
  const [newRelease, setNewRelease] = useState(true);
  const [changes, setChanges] = useState('');
  const [bypassManagement, setBypass] = useState(false);
  const canBypass = mayBypass(useSession().user);
  const [errors, setErrors] = useState({});
  const submission = useSubmitSwp();
  const discard = useDiscardUpload();

  const setSection = (key) => (fn) => setFiles((all) => ({ ...all, [key]: fn(all[key]) }));
  const busyUploading = Object.values(files).some((l) => l.some((f) => f.status === 'uploading'));

  const submit = () => {
    setErrors({});
    submission.mutate(uploadPayload({ ...files, partNumber, zones, onBehalfOf, newRelease, referenceOnly, changes, bypassManagement }), {
      onError: (err) => {
        const fields = err?.fields || {};
        setErrors(Object.keys(fields).length ? fields : { form: err?.message || 'The upload failed.' });
        // Failed validation scrolls to the first error (after it is rendered).
        setTimeout(() => document.querySelector('[data-testid^="error-"]')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' }), 0);
      },
    });
  };

  if (submission.isSuccess) {
    return (
      <Result
        status="success"
        title="Success!"
        subTitle="Your standard work package has been submitted."
        extra={
          <Button type="primary" onClick={() => navigate(SWPS_ROUTE, { state: { reset: Date.now() } })}>
            Back to SWPs
          </Button>
        }
      />
    );
  }

  // A field not on the form (bypass for a non-manager) shows above Submit: never lost.
  const others = Object.entries(errors).filter(([k]) => !FIELDS.includes(k) || (k === 'bypass' && !canBypass));
  const count = changes.length;
  return (
    <Form layout="vertical" style={{ maxWidth: 760 }} onFinish={submit} data-testid="upload-form">
      {DROPS.map((d) => (
        <Form.Item key={d.key} label={d.label} {...fieldHelp(errors, d.key)}>
          <FileDrop
            id={d.key}
            label={`Drop ${d.label} here or click to browse`}
            hint={d.max > 1 ? `PDF, up to ${d.max} files (combined in order)` : 'MP4, MOV (H.264) or WebM, one file'}
            uploadUrl={d.uploadUrl}
            accept={d.accept}
            max={d.max}
            files={files[d.key]}
            onChange={setSection(d.key)}
            onDiscard={(serverId) => discard.mutate(serverId)}
          />
        </Form.Item>
      ))}
      <Form.Item label="Part Number" htmlFor="partNumber" {...fieldHelp(errors, 'partNumber')}>
        <PartNumberField value={partNumber} onChange={setPartNumber} source={catalogueParts} sayKnown />
      </Form.Item>
      <Form.Item label="Uploading On Behalf Of" htmlFor="onBehalfOf" {...fieldHelp(errors, 'onBehalfOf')}>
        <Select
          id="onBehalfOf"
          placeholder="Select Process Engineer"
          value={onBehalfOf}
          onChange={setOnBehalfOf}
          style={{ width: 300 }}
          options={[
            { value: CURRENT_USER, label: 'Myself' },
            ...engineers.map((u) => ({ value: u._id, label: `${u.firstname} ${u.lastname}` })),
          ]}
        />
      </Form.Item>
      <Form.Item label="Zones" {...fieldHelp(errors, 'zones')}>
        <Checkbox.Group options={zoneOptions} value={zones} onChange={setZones} data-testid="zones" />
      </Form.Item>
      <Form.Item label="Deployment Type" {...fieldHelp(errors, 'referenceOnly')}>
        <Radio.Group name="referenceOnly" value={referenceOnly} onChange={(e) => setReferenceOnly(e.target.value)}>
          <Radio value={false}>Production Release</Radio>
          <Radio value={true}>Reference Only</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item label="Document Type" {...fieldHelp(errors, 'newRelease')}>
        <Radio.Group
          name="newRelease"
          value={newRelease}
          onChange={(e) => {
            setNewRelease(e.target.value);
            if (e.target.value) setChanges('');
          }}
        >
          <Radio value={true}>New Release</Radio>
          <Radio value={false}>Changes to Existing Document</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label="Changes"
        htmlFor="changes"
        {...fieldHelp(errors, 'changes')}
        extra={
          <span data-testid="changes-counter" style={{ color: count >= MAX_CHANGES ? RED : undefined }}>
            {charactersLeft(changes)}
          </span>
        }
      >
        <Input.TextArea
          id="changes"
          rows={3}
          value={changes}
          disabled={newRelease}
          onChange={(e) => setChanges(e.target.value.slice(0, MAX_CHANGES))}
        />
      </Form.Item>
      {canBypass && (
        <Form.Item {...fieldHelp(errors, 'bypass')}>
          <Checkbox checked={bypassManagement} onChange={(e) => setBypass(e.target.checked)}>
            Bypass management approval and deploy directly to the floor
          </Checkbox>
        </Form.Item>
      )}
      {others.length > 0 && (
        <div style={{ color: RED, marginBottom: 12 }} data-testid="error-other">
          {others.map(([k, v]) => (
            <div key={k}>{v}</div>
          ))}
        </div>
      )}
      <Form.Item>
        {submission.isPending ? (
          <span data-testid="submitting"><Spin /></span>
        ) : (
          <Button type="primary" htmlType="submit" disabled={busyUploading}>
            Submit
          </Button>
        )}
      </Form.Item>
    </Form>
  );
}
