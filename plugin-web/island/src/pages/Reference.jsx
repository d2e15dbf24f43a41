// /island/reference?part=&doc=: anyone may view instructions (the SWC, JES, VIS and the
// Video Aid); the sidebar warns that viewers may not be trained. 'Search in documents'
// (decision 79, ?mode=text&q=&qpage=) finds words in the deployed SWPs' text; a result opens
// that SWP's document at its page (&swp=&pn=&doc=&at=), with the way back to the results.
import { Suspense, lazy } from 'react';
import { Alert, Button, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PDF_VIEW, useSignedLinks, useT } from '@plantdoc/kit';
import { linksSource, useDeployedSwp } from '../api';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { PartSearchBox } from './PartSelect';
import { CONTENT_HEIGHT, DOCS, docTitle } from './SwpAck';

// The search is its own chunk: loaded when 'Search in documents' is chosen.
const DocSearch = lazy(() => import('../components/DocSearch').then((m) => ({ default: m.DocSearch })));

export function Reference() {
  const t = useT('island');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const text = params.get('mode') === 'text';
  const partId = text ? null : params.get('part');
  const doc = params.get('doc') || 'swc';
  const part = useDeployedSwp(partId);
  const swpId = text ? params.get('swp') : part.data?._id;
  const partNumber = text ? params.get('pn') : part.data?.partNumber;
  const links = useSignedLinks({ ...linksSource(swpId), enabled: Boolean(swpId) });
  const at = Number(params.get('at')) || 0;
  const set = (patch) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v == null) next.delete(k);
      else next.set(k, String(v));
    setParams(next);
  };
  const show = (id) => set({ doc: id, at: null });
  const url = links.data?.[doc];
  const src = url && at && doc !== 'video' ? `${url}#page=${at}&${PDF_VIEW}` : url;
  const mode = (on, label, patch) => (
    <Button block size="large" type={on ? 'primary' : 'default'} aria-pressed={on} onClick={() => setParams(new URLSearchParams(patch))}>
      {label}
    </Button>
  );
  const sidebar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="warning"
        title={t('REFERENCE ONLY')}
        description={t('Operators accessing this screen may not have received training in order to view the part instructions displayed')}
      />
      {mode(!text, t('Search by part number'), {})}
      {mode(text, t('Search in documents'), { mode: 'text' })}
      <Button block onClick={() => navigate('/island')}>
        {t('Back to Login')}
      </Button>
    </Space>
  );
  const searching = text && !swpId;
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      <Space orientation="vertical" style={{ width: '100%', height: '100%' }}>
        {searching ? (
          <Suspense fallback={null}>
            <DocSearch
              key={params.get('q') || ''}
              q={params.get('q') || ''}
              page={Number(params.get('qpage')) || 1}
              onSearch={(q, p) => setParams(new URLSearchParams({ mode: 'text', q, qpage: String(p) }))}
              onOpen={(h) => set({ swp: h.swpId, pn: h.partNumber, doc: h.section, at: h.page })}
            />
          </Suspense>
        ) : text ? (
          <Button size="large" onClick={() => set({ swp: null, pn: null, doc: null, at: null })}>
            {t('Back to results')}
          </Button>
        ) : (
          <PartSearchBox initial={part.data?.partNumber} onPart={(p) => setParams({ part: p._id })} />
        )}
        {swpId && (
          <>
            <Space>
              <Typography.Text strong>{partNumber}</Typography.Text>
              {DOCS.map(([id, short]) => (
                <Button key={id} type={doc === id ? 'primary' : 'default'} onClick={() => show(id)}>
                  {short}
                </Button>
              ))}
              {/* The Video Aid, as in the interface (plugins/island/README.md item 21). */}
              <Button type={doc === 'video' ? 'primary' : 'default'} disabled={!links.data?.video} onClick={() => show('video')}>
                {t('Video')}
              </Button>
            </Space>
            <DocFrame url={src} title={docTitle(t, doc)} video={doc === 'video'} height={560} onRefused={() => links.refetch()} />
          </>
        )}
      </Space>
    </KioskLayout>
  );
}
