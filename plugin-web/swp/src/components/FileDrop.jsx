// One drop area of the Upload form: antd Upload.Dragger sending each file to `action`
// (progress bars), at most `max` files; remove → DELETE /api/swps/uploadPond/{serverId}.
// `files` is [{uid, name, status, percent, serverId, error}], owned by the form.
import { Upload } from 'antd';
import { api } from '@plantdoc/kit';
import { uploadErrorText, uploadFile } from './uploadFile';

export function FileDrop({ id, label, hint, action, accept, max, files, onChange }) {
  const update = (uid, patch) => onChange((list) => list.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
  return (
    <Upload.Dragger
      id={id}
      data-testid={`drop-${id}`}
      multiple={max > 1}
      maxCount={max}
      accept={accept}
      fileList={files.map((f) => ({ ...f, response: f.error }))}
      beforeUpload={(file, batch) => {
        // Keep the order the files were given in; refuse what exceeds the limit.
        const room = max - files.filter((f) => f.status !== 'error').length;
        if (max === 1) {
          for (const old of files) if (old.serverId) api.delete(`/api/swps/uploadPond/${encodeURIComponent(old.serverId)}`).catch(() => {});
          onChange(() => []);
          return true;
        }
        return batch.indexOf(file) < room ? true : Upload.LIST_IGNORE;
      }}
      customRequest={({ file }) => {
        onChange((list) => [...list, { uid: file.uid, name: file.name, status: 'uploading', percent: 0 }]);
        uploadFile(action, file, { onProgress: (percent) => update(file.uid, { percent }) })
          .then((body) => update(file.uid, { status: 'done', percent: 100, serverId: body?.serverId }))
          .catch((err) => update(file.uid, { status: 'error', error: uploadErrorText(err) }));
      }}
      onRemove={(file) => {
        const f = files.find((x) => x.uid === file.uid);
        if (f?.serverId) {
          api.delete(`/api/swps/uploadPond/${encodeURIComponent(f.serverId)}`).catch((err) => console.error('Could not remove the upload', err));
        }
        onChange((list) => list.filter((x) => x.uid !== file.uid));
        return true;
      }}
      onChange={() => {}}
      showUploadList={{ showRemoveIcon: true }}
    >
      <p className="ant-upload-text">{label}</p>
      <p className="ant-upload-hint">{hint}</p>
    </Upload.Dragger>
  );
}
