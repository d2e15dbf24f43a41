// Training: one tab, Training Matrix (the spec's Search and Manage tabs are disabled).
import { App } from 'antd';
import { TabbedPage } from '@plantdoc/kit';
import { MatrixTab } from '../components/MatrixTab';

export function TrainingPage() {
  return (
    <App component={false}>
      <TabbedPage
        tabs={[
          { key: 'matrix', label: 'Training Matrix', children: <MatrixTab /> },
          { key: 'search', label: 'Search', disabled: true },
          { key: 'manage', label: 'Manage', disabled: true },
        ]}
      />
    </App>
  );
}
