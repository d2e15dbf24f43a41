// The dashboard (release 2.0): a 1000 ms loading spinner, then the tabs Outline (the
// plant's figures), Statistics and Trends (the last two wait for release 2.0).
import { useEffect, useState } from 'react';
import { Empty, Spin, Tabs } from 'antd';
import { TabbedPage, useT, useTabsNames } from '@plantdoc/kit';
import { Outline } from './Outline';
import { RELEASE_2_PLACEHOLDER } from './texts';

export const SPINNER_MS = 1000;

function Later() {
  const t = useT('dashboard');
  return <Empty style={{ padding: 48 }} description={t(RELEASE_2_PLACEHOLDER)} />;
}

function Overview() {
  const t = useT('dashboard');
  const names = useTabsNames();
  return (
    <div>
      <Tabs
        {...names}
        type="card"
        items={[
          { key: 'outline', label: t('Outline'), children: <Outline /> },
          { key: 'statistics', label: t('Statistics'), children: <Later /> },
          { key: 'trends', label: t('Trends'), children: <Later /> },
        ]}
      />
    </div>
  );
}

export function DashboardPage() {
  const t = useT('dashboard');
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (loading) {
    return (
      <div style={{ padding: 96, textAlign: 'center' }} data-testid="dashboard-loading">
        <Spin size="large" />
      </div>
    );
  }
  return <TabbedPage tabs={[{ key: 'overview', label: t('Overview'), children: <Overview /> }]} />;
}
