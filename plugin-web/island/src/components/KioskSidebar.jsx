// The right sidebar of the kiosk screens: 350 px wide.
import { Layout } from 'antd';
import { DocumentFrame, useT } from '@plantdoc/kit';

export const SIDEBAR_WIDTH = 350;

export function KioskLayout({ sidebar, children, height }) {
  const t = useT('island');
  return (
    <Layout style={{ background: 'transparent', gap: 16 }}>
      {/* A plain box, not antd's Content: that is a second <main> inside the frame's one. */}
      <div style={{ flex: 'auto', minWidth: 0, minHeight: height, height }}>{children}</div>
      <Layout.Sider width={SIDEBAR_WIDTH} theme="light" style={{ padding: 16, background: '#fff' }} aria-label={t('Kiosk sidebar')}>
        {sidebar}
      </Layout.Sider>
    </Layout>
  );
}

/** A PDF (the kit's frame: page width, no thumbnails) or the video, filling its box. */
export function DocFrame({ url, title, video = false, height = '100%', onRefused }) {
  if (!url) return null;
  if (video) return <video src={url} controls title={title} style={{ width: '100%', height }} />;
  return (
    <div style={{ width: '100%', height }}>
      <DocumentFrame src={url} title={title} onRefused={onRefused} />
    </div>
  );
}
