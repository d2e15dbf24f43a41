// Upload alert (spec "Upload alert form"): one file drop, type (default Change), part
// type-ahead, zones, on behalf of (default 'Myself'), effective (default now) and sunset
// (default effective + 7 days) pickers in 15-minute steps, change notes with the counter,
// Submit replaced by a spinner; server field errors under each field in red (the kit's
// UploadForm frame: Submit or the spinner, the errors, the success page).
import { useState } from 'react';
import { DatePicker, Form, Select } from 'antd';
import { useNavigate } from 'react-router';
import { ChangesField, FileDrop, fieldHelp, OnBehalfOfField, PartNumberField, UploadForm, useUploadForm, ZonesField } from '@plantdoc/kit';
import { ALERT_TYPES, ALERTS_ROUTE, currentQuarter, defaultSunset, MINUTE_STEP, MYSELF, TEXTS, uploadPayload } from '../lib';
import { partSource, useDiscardUpload, useOnBehalfOfUsers, useSubmitAlert } from '../api';

/** Server error fields shown under a field; anything else shows above Submit. */
export const FIELDS = ['alertFile', 'alertType', 'partNumber', 'onBehalfOf', 'zones', 'effectiveDate', 'sunsetDate', 'changes'];
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
  const engineers = useOnBehalfOfUsers().data || [];
  const form = useUploadForm(useSubmitAlert(), {
    fields: FIELDS,
    payload: () => uploadPayload({ files, alertType, partNumber, zones, onBehalfOf, effectiveDate, sunsetDate, changes }),
    success: { text: TEXTS.success, back: TEXTS.back, onBack: () => navigate(ALERTS_ROUTE) },
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
      <ZonesField value={zones} onChange={setZones} errors={errors} />
      <OnBehalfOfField value={onBehalfOf} onChange={setOnBehalfOf} users={engineers} myself={MYSELF} errors={errors} />
      <DateField label="Effective Date" name="effectiveDate" value={effectiveDate} onChange={onEffective} errors={errors} />
      <DateField label="Sunset Date" name="sunsetDate" value={sunsetDate} onChange={setSunset} errors={errors} />
      <ChangesField value={changes} onChange={setChanges} errors={errors} />
    </UploadForm>
  );
}
