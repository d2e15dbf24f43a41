// The SWP viewer (kit DocumentViewer) fed by GET /api/swps/signed-urls/{id}. A failed load
// is only logged (spec section 8).
import { useEffect, useState } from 'react';
import { Spin, Typography } from 'antd';
import { api, DocumentViewer } from '@plantdoc/kit';

export function SwpViewer({ swp, onBack }) {
  const [urls, setUrls] = useState(null);
  useEffect(() => {
    let live = true;
    api
      .get(`/api/swps/signed-urls/${encodeURIComponent(swp._id)}`)
      .then((body) => live && setUrls(body?.urls || {}))
      .catch((err) => {
        console.error('Could not load the SWP documents', err);
        if (live) setUrls({});
      });
    return () => {
      live = false;
    };
  }, [swp._id]);
  return (
    <div data-testid="swp-viewer">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {swp.partNumber}
      </Typography.Title>
      {urls ? <DocumentViewer urls={urls} onBack={onBack} title={swp.partNumber} /> : <Spin />}
    </div>
  );
}
