// The demonstration dashboard (release 2.0): a 1000 ms loading spinner, the demo note,
// and the tabs Outline, Statistics and Trends (the last two wait for release 2.0).
import { useEffect, useState } from 'react';
import { Alert, Empty, Spin, Tabs } from 'antd';
import { TabbedPage } from '@plantdoc/kit';
import { Outline } from './Outline';
import { DEMO_NOTE, RELEASE_2_PLACEHOLDER } from './sampleData';

export const SPINNER_MS = 1000;

function Later() {
  return <Empty style={{ padding: 48 }} description={RELEASE_2_PLACEHOLDER} />;
}

function Overview() {
  return (
    <div>
      <Alert type="info" showIcon title={DEMO_NOTE} style={{ marginBottom: 16 }} />
      <Tabs
        type="card"
        items={[
          { key: 'outline', label: 'Outline', children: <Outline /> },
          { key: 'statistics', label: 'Statistics', children: <Later /> },
          { key: 'trends', label: 'Trends', children: <Later /> },
        ]}
      />
    </div>
  );
}

export function DashboardPage() {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setLoading(false), SPINNER_MS);
    return () => clearTimeout(t);
  }, []);
  if (loading) {
    return (
      <div style={{ padding: 96, textAlign: 'center' }} data-testid="dashboard-loading">
        <Spin size="large" />
      </div>
    );
  }
  return <TabbedPage tabs={[{ key: 'overview', label: 'Overview', children: <Overview /> }]} />;
}
