// Upload alert (spec "Upload alert form"): one file drop, type (default Change), part
// type-ahead, zones, on behalf of (default 'Myself'), effective (default now) and sunset
// (default effective + 7 days) pickers in 15-minute steps, change notes with the counter,
// Submit replaced by a spinner; server field errors under each field in red.
import { useState } from 'react';
import { Button, Checkbox, DatePicker, Form, Input, Result, Select, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { FileDrop, fieldHelp, PartNumberField, useZones } from '@plantdoc/kit';
import { ALERT_TYPES, ALERTS_ROUTE, charactersLeft, currentQuarter, defaultSunset, MAX_CHANGES, MINUTE_STEP, MYSELF, RED, TEXTS, uploadPayload } from '../lib';
import { partSource, useDiscardUpload, useOnBehalfOfUsers, useSubmitAlert } from '../api';

/** Server error fields shown under a field; anything else shows above Submit. */
export const FIELDS = ['alertFile', 'alertType', 'partNumber', 'onBehalfOf', 'zones', 'effectiveDate', 'sunsetDate', 'changes'];
const FORMAT = 'YYYY-MM-DD hh:mm A';

export function UploadTab() {
  const navigate = useNavigate();
  const [files, setFiles] = useState([]);
  const [alertType, setType] = useState('Change');
  const [partNumber, setPart] = useState('');
  const [zones, setZones] = useState([]);
  const [onBehalfOf, setOnBehalfOf] = useState(MYSELF);
  const [effectiveDate, setEffective] = useState(() => currentQuarter());
  const [sunsetDate, setSunset] = useState(() => defaultSunset(currentQuarter()));
  const [changes, setChanges] = useState('');
  const [errors, setErrors] = useState({});
  const zoneOptions = useZones().data || [];
  const engineers = useOnBehalfOfUsers().data || [];
  const submission = useSubmitAlert();
  const discard = useDiscardUpload();
  const uploading = files.some((f) => f.status === 'uploading');

  const submit = () => {
    setErrors({});
    submission.mutate(uploadPayload({ files, alertType, partNumber, zones, onBehalfOf, effectiveDate, sunsetDate, changes }), {
      onError: (err) => {
        const fields = err?.fields || {};
        setErrors(Object.keys(fields).length ? fields : { form: err?.message || 'The upload failed.' });
      },
    });
  };

  if (submission.isSuccess) {
    return (
      <Result
        status="success"
        title="Success!"
        subTitle={TEXTS.success}
        extra={
          <Button type="primary" onClick={() => navigate(ALERTS_ROUTE)}>
            {TEXTS.back}
          </Button>
        }
      />
    );
  }

  const others = Object.entries(errors).filter(([k]) => !FIELDS.includes(k));
  return (
    <Form layout="vertical" style={{ maxWidth: 760 }} onFinish={submit} data-testid="alert-upload-form">
      <Form.Item label="Alert File" {...fieldHelp(errors, 'alertFile')}>
        <FileDrop
          id="alertFile"
          label="Drop the alert file here or click to browse"
          hint="PDF, one file"
          uploadUrl="/api/alerts/uploadPond"
          accept=".pdf,application/pdf"
          max={1}
          files={files}
          onChange={setFiles}
          onDiscard={(id) => discard.mutate(id)}
        />
      </Form.Item>
      <Form.Item label="Alert Type" htmlFor="alertType" {...fieldHelp(errors, 'alertType')}>
        <Select id="alertType" value={alertType} onChange={setType} style={{ width: 300 }} options={ALERT_TYPES.map((t) => ({ value: t, label: t }))} />
      </Form.Item>
      <Form.Item label="Part Number" htmlFor="partNumber" {...fieldHelp(errors, 'partNumber')}>
        <PartNumberField value={partNumber} onChange={setPart} source={partSource} />
      </Form.Item>
      <Form.Item label="Zones" {...fieldHelp(errors, 'zones')}>
        <Checkbox.Group options={zoneOptions} value={zones} onChange={setZones} data-testid="zones" />
      </Form.Item>
      <Form.Item label="Uploading On Behalf Of" htmlFor="onBehalfOf" {...fieldHelp(errors, 'onBehalfOf')}>
        <Select
          id="onBehalfOf"
          value={onBehalfOf}
          onChange={setOnBehalfOf}
          style={{ width: 300 }}
          options={[{ value: MYSELF, label: 'Myself' }, ...engineers.map((u) => ({ value: u._id, label: `${u.firstname} ${u.lastname}` }))]}
        />
      </Form.Item>
      <Form.Item label="Effective Date" htmlFor="effectiveDate" {...fieldHelp(errors, 'effectiveDate')}>
        <DatePicker
          id="effectiveDate"
          showTime={{ minuteStep: MINUTE_STEP, format: 'hh:mm A' }}
          format={FORMAT}
          value={effectiveDate}
          onChange={(d) => {
            setEffective(d);
            if (d) setSunset(defaultSunset(d));
          }}
        />
      </Form.Item>
      <Form.Item label="Sunset Date" htmlFor="sunsetDate" {...fieldHelp(errors, 'sunsetDate')}>
        <DatePicker id="sunsetDate" showTime={{ minuteStep: MINUTE_STEP, format: 'hh:mm A' }} format={FORMAT} value={sunsetDate} onChange={setSunset} />
      </Form.Item>
      <Form.Item
        label="Changes"
        htmlFor="changes"
        {...fieldHelp(errors, 'changes')}
        extra={
          <span data-testid="changes-counter" style={{ color: changes.length >= MAX_CHANGES ? RED : undefined }}>
            {charactersLeft(changes)}
          </span>
        }
      >
        <Input.TextArea id="changes" rows={3} value={changes} onChange={(e) => setChanges(e.target.value.slice(0, MAX_CHANGES))} />
      </Form.Item>
      {others.length > 0 && (
        <div style={{ color: RED, marginBottom: 12 }} data-testid="error-other">
          {others.map(([k, v]) => (
            <div key={k}>{v}</div>
          ))}
        </div>
      )}
      <Form.Item>
        {submission.isPending ? (
          <span data-testid="submitting">
            <Spin />
          </span>
        ) : (
          <Button type="primary" htmlType="submit" disabled={uploading}>
            Submit
          </Button>
        )}
      </Form.Item>
    </Form>
  );
}
