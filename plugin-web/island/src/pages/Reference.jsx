// /island/reference?part=&doc=: anyone may view instructions (the SWC, JES, VIS and the
// Video Aid); the sidebar warns that viewers may not be trained.
import { Alert, Button, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useSignedLinks, useT } from '@plantdoc/kit';
import { linksSource, useDeployedSwp } from '../api';
import { DocFrame, KioskLayout } from '../components/KioskSidebar';
import { PartSearchBox } from './PartSelect';
import { CONTENT_HEIGHT, DOCS, docTitle } from './SwpAck';

export function Reference() {
  const t = useT('island');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const partId = params.get('part');
  const doc = params.get('doc') || 'swc';
  const part = useDeployedSwp(partId);
  const links = useSignedLinks({ ...linksSource(part.data?._id), enabled: Boolean(part.data?._id) });
  const sidebar = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="warning"
        title={t('REFERENCE ONLY')}
        description={t('Operators accessing this screen may not have received training in order to view the part instructions displayed')}
      />
      <Button block onClick={() => navigate('/island')}>
        {t('Back to Login')}
      </Button>
    </Space>
  );
  return (
    <KioskLayout sidebar={sidebar} height={CONTENT_HEIGHT}>
      <Space orientation="vertical" style={{ width: '100%', height: '100%' }}>
        <PartSearchBox initial={part.data?.partNumber} onPart={(p) => setParams({ part: p._id })} />
        {part.data && (
          <>
            <Space>
              <Typography.Text strong>{part.data.partNumber}</Typography.Text>
              {DOCS.map(([id, short]) => (
                <Button key={id} type={doc === id ? 'primary' : 'default'} onClick={() => setParams({ part: partId, doc: id })}>
                  {short}
                </Button>
              ))}
              {/* The Video Aid, as in the interface (issue 26). */}
              <Button
                type={doc === 'video' ? 'primary' : 'default'}
                disabled={!part.data.urls?.video}
                onClick={() => setParams({ part: partId, doc: 'video' })}
              >
                {t('Video')}
              </Button>
            </Space>
            <DocFrame url={links.data?.[doc]} title={docTitle(t, doc)} video={doc === 'video'} height={560} onRefused={() => links.refetch()} />
          </>
        )}
      </Space>
    </KioskLayout>
  );
}
