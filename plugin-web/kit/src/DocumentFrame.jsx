// A document in a frame that never shows a refusal's raw answer. A link on this origin is
// checked when the frame loads (a JSON answer is a refused or expired signed link). A link
// on another origin (object storage's presigned links) cannot be read from the frame, so
// its first byte is asked for with fetch before the frame is shown (probeLink): an error
// status is a refusal. Either way it asks for fresh links once (`onRefused`), and if that
// fails too it says so, with Retry. The video player does the same on its error event.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Result, Spin } from 'antd';
import { k, useT } from './i18n';

// How Chromium's built-in PDF viewer opens a document (decision 52): `toolbar=1` opens it with
// the thumbnail pane closed (the toolbar stays, with zoom and page controls) and
// `view=FitH` at page width. Checked on Debian's chromium 156: `pagemode=none` and
// `zoom=page-width` are ignored; without these the pane took 300 px and the page opened
// at 37–45 %. Other viewers ignore what they do not know.
export const PDF_VIEW = 'toolbar=1&view=FitH';

/** The link with the viewer's opening fragment (a link that has its own is kept). */
export function pdfView(src) {
  if (!src || src.includes('#') || /^(data|blob|about):/.test(src)) return src;
  return `${src}#${PDF_VIEW}`;
}

export const FRAME_REFUSED = k('This document could not be shown: its link was refused or has expired.');

/** True when a loaded frame holds a JSON (error) answer instead of a document. */
export function frameRefused(frame) {
  let doc = null;
  try {
    doc = frame?.contentDocument ?? null;
  } catch {
    return false; // another origin (object storage): nothing to read
  }
  return /json/i.test(doc?.contentType || '');
}

/**
 * The server's reason when a loaded frame holds its JSON error answer (`{error}`, e.g. 409
 * for a stored PDF that cannot be served as a controlled copy); '' when there is none to read.
 */
export function frameReason(frame) {
  try {
    const doc = frame?.contentDocument;
    if (!/json/i.test(doc?.contentType || '')) return '';
    const error = JSON.parse(doc.body?.textContent || '{}')?.error;
    return typeof error === 'string' ? error : '';
  } catch {
    return '';
  }
}

/** True for an http(s) link on another origin (object storage); about:, blob: and data:
 * links are not fetched from anywhere and are never probed. */
export function isCrossOrigin(src) {
  try {
    const url = new URL(src, window.location.href);
    return /^https?:$/.test(url.protocol) && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Asks a link for its first byte: 'ok', 'refused' (an error status: expired, altered,
 * missing) or 'unknown' (no readable answer, e.g. a bucket without a CORS rule for this
 * origin: the document is then shown as before).
 */
export async function probeLink(src, signal) {
  try {
    const res = await fetch(src, { headers: { Range: 'bytes=0-0' }, cache: 'no-store', credentials: 'omit', signal });
    res.body?.cancel().catch(() => {});
    return res.ok ? 'ok' : 'refused';
  } catch (e) {
    if (signal?.aborted) throw e;
    return 'unknown';
  }
}

/** 'ok' for a link on this origin; otherwise 'checking' until probeLink answers. */
function useProbe(src) {
  const probed = Boolean(src) && isCrossOrigin(src);
  const [result, setResult] = useState({ src: null, state: null });
  useEffect(() => {
    if (!probed) return undefined;
    const stop = new AbortController();
    probeLink(src, stop.signal).then(
      (state) => setResult({ src, state }),
      () => {},
    );
    return () => stop.abort();
  }, [src, probed]);
  if (!probed) return 'ok';
  return result.src === src ? result.state : 'checking';
}

/** How long fresh links may take to replace a refused one before the refusal is shown. */
export const RETRY_WAIT_MS = 2000;

/** Refusals of one link: fresh links once, then the message (reset by Retry or a good load).
 * Fresh links that are the same link (an answer kept by the server, or a file the server
 * refuses whatever the link: 409) show the message too, once RETRY_WAIT_MS has passed. */
export function useRefusal(src, onRefused) {
  // The refusal belongs to the link that was refused: a new link starts clean.
  const t = useT('kit');
  const [refusedSrc, setRefusedSrc] = useState(null);
  const [retriedSrc, setRetriedSrc] = useState(null);
  const [reason, setReason] = useState('');
  const retried = useRef(false);
  useEffect(() => {
    if (retriedSrc === null || retriedSrc !== src) return undefined;
    const wait = setTimeout(() => setRefusedSrc(src), RETRY_WAIT_MS);
    return () => clearTimeout(wait);
  }, [retriedSrc, src]);
  // `why`: the server's own text, shown with the message (never a silent failure).
  const refuse = (why = '') => {
    setReason(why);
    if (!retried.current && onRefused) {
      retried.current = true;
      setRetriedSrc(src);
      onRefused();
    } else setRefusedSrc(src);
  };
  const loaded = () => {
    retried.current = false;
    setRetriedSrc(null);
  };
  const message = (
    <Result
      status="warning"
      title={t(FRAME_REFUSED)}
      subTitle={reason ? <Alert type="error" showIcon title={reason} data-testid="frame-reason" style={{ textAlign: 'left' }} /> : null}
      extra={
        <Button
          onClick={() => {
            setRefusedSrc(null);
            setRetriedSrc(null);
            onRefused?.();
          }}
        >
          {t('Retry')}
        </Button>
      }
    />
  );
  return { refused: refusedSrc !== null && refusedSrc === src, refuse, loaded, message };
}

export function DocumentFrame({ src, title, onRefused }) {
  const { refused, refuse, loaded, message } = useRefusal(src, onRefused);
  const probe = useProbe(src);
  useEffect(() => {
    if (probe === 'refused') refuse();
  }, [probe, src]); // eslint-disable-line react-hooks/exhaustive-deps
  if (refused) return message;
  if (probe === 'checking' || probe === 'refused') return <Spin style={{ display: 'block', paddingTop: 120 }} />;
  const onLoad = (e) => (frameRefused(e.currentTarget) ? refuse(frameReason(e.currentTarget)) : loaded());
  return <iframe title={title} src={pdfView(src)} onLoad={onLoad} style={{ width: '100%', height: '100%', border: 0 }} />;
}
