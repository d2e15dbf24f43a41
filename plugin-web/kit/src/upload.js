// One file to the server with progress (XHR: fetch reports no upload progress), with the
// CSRF header as the kit's client sends it, and a 401 handed to the host's handler like
// every other call. Resolves to the JSON answer (e.g. {serverId}); rejects with an
// ApiError (`status`, `body`, `fields`: the field map, e.g. {file: '...'}).
import { ApiError, readCsrfToken, reportUnauthorized } from './api';
import { currentLanguage, translate } from './i18n';

function parse(text) {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `field` is the multipart field name; `fields` ({name: text}) go before the file;
 * `onProgress(percent)` while sending. */
export function uploadFile(url, file, { onProgress, field = 'file', fields = {} } = {}) {
  let xhr;
  const promise = new Promise((resolve, reject) => {
    xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = readCsrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body);
      const err = new ApiError(xhr.status, body);
      if (xhr.status === 401) reportUnauthorized(err);
      return reject(err);
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new ApiError(0, null));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, file, file.name);
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
  if (err?.status === 413) return translate('kit', 'The file is too large.');
  return translate('kit', 'The upload failed.');
}
