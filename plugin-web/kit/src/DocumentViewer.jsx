// The SWP document viewer: Back, SWC, JES, VIS, VIDEO; SWC first; VIDEO disabled when the
// SWP has no video. PDFs show in a frame, the video in a player; 900 px high.
import { useState } from 'react';
import { Button, Empty, Space } from 'antd';

export const VIEWER_HEIGHT = 900;
const SECTIONS = [
  ['swc', 'SWC'],
  ['jes', 'JES'],
  ['vis', 'VIS'],
  ['video', 'VIDEO'],
];

export function DocumentViewer({ urls = {}, onBack, title }) {
  const [section, setSection] = useState('swc');
  const src = urls[section];
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        {onBack && <Button onClick={onBack}>Back</Button>}
        {SECTIONS.map(([key, label]) => (
          <Button
            key={key}
            type={section === key ? 'primary' : 'default'}
            disabled={key === 'video' && !urls.video}
            onClick={() => setSection(key)}
          >
            {label}
          </Button>
        ))}
      </Space>
      <div data-testid="document-viewer" data-section={section} style={{ height: VIEWER_HEIGHT, background: '#f5f5f5' }}>
        {!src ? (
          <Empty style={{ paddingTop: 120 }} description="No document" />
        ) : section === 'video' ? (
          <video src={src} controls style={{ width: '100%', height: '100%' }} />
        ) : (
          <iframe title={title || section.toUpperCase()} src={src} style={{ width: '100%', height: '100%', border: 0 }} />
        )}
      </div>
    </div>
  );
}
