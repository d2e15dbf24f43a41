// /island/*: the kiosk frame (full screen, no drawer). The island remote supplies every
// kiosk screen, its start screen included; the host only frames and guards it.
import { Layout, Result, Typography } from 'antd';
import { getKioskSettings } from '@plantdoc/kit';
import { useModules } from '../modules/ModulesContext';
import { RemoteModule, moduleSpinner } from '../modules/RemoteModule';

export function IslandFrame() {
  const { status, modules } = useModules();
  const island = modules.find((m) => m.id === 'island');
  const { zone } = getKioskSettings();
  let body;
  if (status === 'loading' || status === 'idle') body = moduleSpinner;
  else if (!island || !island.enabled || !island.remote) {
    body = <Result status="warning" title="The kiosk is not available in this package." />;
  } else body = <RemoteModule module={island} />;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography.Text style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>Plantdoc Island</Typography.Text>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.75)' }} data-testid="kiosk-zone">
          Zone: {zone || 'Not Set'}
        </Typography.Text>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>{body}</Layout.Content>
    </Layout>
  );
}
