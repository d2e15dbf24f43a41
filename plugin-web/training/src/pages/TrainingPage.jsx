// Training: one tab, Training Matrix (the spec's Search and Manage tabs are disabled).
import { App } from 'antd';
import { TabbedPage, useT } from '@plantdoc/kit';
import { MatrixTab } from '../components/MatrixTab';

export function TrainingPage() {
  const t = useT('training');
  return (
    <App component={false}>
      <TabbedPage
        tabs={[
          { key: 'matrix', label: t('Training Matrix'), children: <MatrixTab /> },
          { key: 'search', label: t('Search'), disabled: true },
          { key: 'manage', label: t('Manage'), disabled: true },
        ]}
      />
    </App>
  );
}
