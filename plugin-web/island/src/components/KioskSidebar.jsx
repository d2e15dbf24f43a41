// The right sidebar of the kiosk screens: 350 px wide.
import { Layout } from 'antd';

export const SIDEBAR_WIDTH = 350;

export function KioskLayout({ sidebar, children, height }) {
  return (
    <Layout style={{ background: 'transparent', gap: 16 }}>
      <Layout.Content style={{ minHeight: height, height }}>{children}</Layout.Content>
      <Layout.Sider width={SIDEBAR_WIDTH} theme="light" style={{ padding: 16, background: '#fff' }} aria-label="Kiosk sidebar">
        {sidebar}
      </Layout.Sider>
    </Layout>
  );
}

/** A PDF or the video in a frame filling its box. */
export function DocFrame({ url, title, height = '100%' }) {
  if (!url) return null;
  if (title === 'Video') return <video src={url} controls title={title} style={{ width: '100%', height }} />;
  return <iframe src={url} title={title} style={{ width: '100%', height, border: 0 }} />;
}
