// The kiosk's compare view (decision 79), in the content area of /island/swp-ack: one
// document of the revision the operator signed last beside the new one, at the page chosen
// in 'What changed'. The pages are the kit's ComparePages (the console's compare).
import { useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { ComparePages, useT } from '@plantdoc/kit';
import { useEarlierSigned, useKioskPair } from './WhatChanged';
import { DOC_NAMES } from './docs';

export function KioskCompare({ swpId, opId, links, section, page, height, onClose, onSection }) {
  const t = useT('island');
  const last = useEarlierSigned(swpId, opId);
  const pair = useKioskPair(last, swpId, section, links);
  const box = useRef(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => setWidth(box.current?.clientWidth || 0), []);
  // Two pages side by side in the content area (16 px between them, a scroll bar's room).
  const pageWidth = Math.max(160, Math.floor((width - 40) / 2));
  const name = DOC_NAMES.find(([id]) => id === section);
  return (
    <div ref={box} data-testid="kiosk-compare" style={{ height, display: 'flex', flexDirection: 'column' }}>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="large" type="primary" onClick={onClose}>
          {t('Close Compare')}
        </Button>
        {DOC_NAMES.map(([id, short]) => (
          <Button key={id} size="large" aria-pressed={id === section} onClick={() => onSection(id)}>
            {short}
          </Button>
        ))}
      </Space>
      <Typography.Title level={2} style={{ margin: '0 0 8px', fontSize: 20 }}>
        {t('{{name}}: revision {{rev}} you signed (left), this revision (right)', { name: name ? t(name[2]) : '', rev: last?.revision ?? '' })}
      </Typography.Title>
      <div style={{ flex: 1, overflow: 'auto' }} tabIndex={0} role="region" aria-label={t('Compared pages')}>
        {pair.isError && <Alert type="error" title={t('These documents could not be compared.')} />}
        {!pair.data && !pair.isError && <Spin style={{ display: 'block', padding: 48 }} />}
        {pair.data && width > 0 && <ComparePages key={`${section}-${page}`} pair={pair.data} width={pageWidth} at={page} />}
      </div>
    </div>
  );
}
