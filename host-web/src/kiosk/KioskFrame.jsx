// The shared operator kiosk frame (full screen, no drawer), mounted at the kiosk module's
// route. The kiosk module's remote supplies every kiosk screen, its start screen
// included; the host only frames and guards it. A kiosk module this package leaves out
// shows the frame's not-available notice.
import { useSyncExternalStore } from 'react';
import { Layout } from 'antd';
import { getKioskSettings, kioskSettingsSnapshot, subscribeKioskSettings, k, useLanguage, useT } from '@plantdoc/kit/core';
import { RemoteModule } from '../modules/RemoteModule';
import { NotFound } from '../pages/NotFound';
import { Themed } from '../theme';
import { LazyResult } from '../lazyParts';
import { moduleName } from '../modules/names';

export const KIOSK_NOT_AVAILABLE = k('The kiosk is not available in this package.');

// The header's two lines are drawn as antd's Typography would draw them: Typography brings
// antd's form engine (~30 KB) onto the kiosk's first screen for them (docs/speed.md).
const TITLE = { color: '#fff', fontSize: 18, fontWeight: 600, margin: 0, lineHeight: 1.4 };

export function KioskFrame({ module }) {
  const t = useT('host');
  const name = moduleName(module, useLanguage());
  // Read again whenever the settings change: the new zone shows right after Save.
  useSyncExternalStore(subscribeKioskSettings, kioskSettingsSnapshot);
  const { zone } = getKioskSettings();
  let body;
  if (module.enabled && module.remote) body = <RemoteModule module={module} />;
  else if (module.whenDisabled === 'hide') body = <NotFound />;
  else body = <LazyResult status="warning" title={t(KIOSK_NOT_AVAILABLE)} />;
  return (
    <Themed>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <h1 style={TITLE}>Plantdoc {name}</h1>
          <span style={{ color: 'rgba(255,255,255,0.75)' }} data-testid="kiosk-zone">
            {t('Zone: {{zone}}', { zone: zone || t('Not Set') })}
          </span>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>{body}</Layout.Content>
      </Layout>
    </Themed>
  );
}
