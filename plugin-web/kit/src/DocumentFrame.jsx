// A document in a frame that never shows a refusal's raw JSON: when the frame loads a
// JSON answer (an expired or refused signed link, same origin), it asks for fresh links
// once (`onRefused`), and if that fails too it says so, with Retry.
import { useRef, useState } from 'react';
import { Button, Result } from 'antd';

export const FRAME_REFUSED = 'This document could not be shown: its link was refused or has expired.';

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

export function DocumentFrame({ src, title, onRefused }) {
  // The refusal belongs to the link that was refused: a new link starts clean.
  const [refusedSrc, setRefusedSrc] = useState(null);
  const refused = refusedSrc !== null && refusedSrc === src;
  const setRefused = (yes) => setRefusedSrc(yes ? src : null);
  const retried = useRef(false);
  const onLoad = (e) => {
    if (!frameRefused(e.currentTarget)) return;
    if (!retried.current && onRefused) {
      retried.current = true;
      onRefused();
    } else {
      setRefused(true);
    }
  };
  if (refused) {
    return (
      <Result
        status="warning"
        title={FRAME_REFUSED}
        extra={
          <Button
            onClick={() => {
              setRefused(false);
              onRefused?.();
            }}
          >
            Retry
          </Button>
        }
      />
    );
  }
  return <iframe title={title} src={src} onLoad={onLoad} style={{ width: '100%', height: '100%', border: 0 }} />;
}
