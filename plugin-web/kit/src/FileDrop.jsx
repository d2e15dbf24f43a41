// A drop area that uploads each file at once to `uploadUrl`, with a progress bar per file,
// at most `max` files (with max 1 a new file replaces the old). `accept` lists the kinds
// ('.pdf,application/pdf'). `files` ([{uid, name, status, percent, serverId, error}]) is
// owned by the form: `onChange(updater)` receives a function of the current list.
// `onDiscard(serverId)` is called for an uploaded file that is removed or replaced, so the
// module can drop it on the server. A refused file leaves antd's list (its red name there
// reads under 4.5:1) and is named with the server's message under the drop, with Dismiss.
import { Button, Upload } from 'antd';
import { uploadErrorText, uploadFile } from './upload';
import { useT } from './i18n';

export function FileDrop({ id, label, hint, uploadUrl, accept, max = 1, files, onChange, onDiscard }) {
  const t = useT('kit');
  const update = (uid, patch) => onChange((list) => list.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
  const discard = (f) => {
    if (f?.serverId && onDiscard) onDiscard(f.serverId);
  };
  const isRefused = (f) => f.status === 'error' && f.error;
  const refused = files.filter(isRefused);
  return (
    <>
      <Upload.Dragger
        id={id}
        data-testid={`drop-${id}`}
        multiple={max > 1}
        maxCount={max}
        accept={accept}
        fileList={files.filter((f) => !isRefused(f)).map((f) => ({ ...f, response: f.error }))}
        beforeUpload={(file, batch) => {
          if (max === 1) {
            files.forEach(discard);
            onChange(() => []);
            return true;
          }
          // Keep the order the files were given in; refuse what exceeds the limit.
          const room = max - files.filter((f) => f.status !== 'error').length;
          return batch.indexOf(file) < room ? true : Upload.LIST_IGNORE;
        }}
        customRequest={({ file }) => {
          onChange((list) => [...list, { uid: file.uid, name: file.name, status: 'uploading', percent: 0 }]);
          uploadFile(uploadUrl, file, { onProgress: (percent) => update(file.uid, { percent }) })
            .then((body) => update(file.uid, { status: 'done', percent: 100, serverId: body?.serverId }))
            .catch((err) => update(file.uid, { status: 'error', error: uploadErrorText(err) }));
        }}
        onRemove={(file) => {
          discard(files.find((x) => x.uid === file.uid));
          onChange((list) => list.filter((x) => x.uid !== file.uid));
          return true;
        }}
        onChange={() => {}}
        showUploadList={{ showRemoveIcon: true }}
        progress={{ 'aria-label': t('Upload progress'), strokeWidth: 2, showInfo: false }}
      >
        <p className="ant-upload-text">{label}</p>
        <p className="ant-upload-hint">{hint}</p>
      </Upload.Dragger>
      {refused.map((f) => (
        <div key={f.uid} role="alert" data-testid={`refusal-${id}`} style={{ color: '#a8071a', marginTop: 4 }}>
          <span>
            {f.name}: {f.error}
          </span>
          <Button type="link" size="small" onClick={() => onChange((list) => list.filter((x) => x.uid !== f.uid))}>
            {t('Dismiss')}
          </Button>
        </div>
      ))}
    </>
  );
}
