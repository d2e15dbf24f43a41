// Training: one tab, Training Matrix (the spec's Search and Manage tabs are disabled).
import { Link } from 'react-router';
import { App } from 'antd';
import { TabbedPage, useSession } from '@plantdoc/kit';
import { MatrixTab } from '../components/MatrixTab';
import { isTrainingEditor } from '../access';

export function TrainingPage() {
  const { user } = useSession();
  return (
    <App component={false}>
      <TabbedPage
        extra={isTrainingEditor(user) ? <Link to="add">Add Training</Link> : null}
        tabs={[
          { key: 'matrix', label: 'Training Matrix', children: <MatrixTab /> },
          { key: 'search', label: 'Search', disabled: true },
          { key: 'manage', label: 'Manage', disabled: true },
        ]}
      />
    </App>
  );
}
