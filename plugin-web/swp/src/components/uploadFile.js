// One file to the server with progress (XHR: fetch reports no upload progress), the CSRF
// header as the kit's client sends it. Resolves to the JSON answer ({serverId, ...});
// rejects with { status, body } (body: the field map, e.g. {file: '...'}).
import { readCsrfToken } from '@plantdoc/kit';

export function uploadFile(url, file, { onProgress } = {}) {
  let xhr;
  const promise = new Promise((resolve, reject) => {
    xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCsrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject({ status: xhr.status, body });
    };
    xhr.onerror = () => reject({ status: 0, body: null });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  promise.abort = () => xhr?.abort();
  return promise;
}

/** The message of a failed upload. */
export function uploadErrorText(err) {
  const body = err?.body;
  if (body && typeof body === 'object') {
    const first = body.file ?? body.error ?? Object.values(body).find((v) => typeof v === 'string');
    if (first) return first;
  }
  if (err?.status === 413) return 'The file is too large.';
  return 'The upload failed.';
}
