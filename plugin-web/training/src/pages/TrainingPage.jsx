// Training: one tab, Training Matrix; the matrix comes with the training issue.
import { TabbedPage } from '@plantdoc/kit';

export function TrainingPage() {
  return <TabbedPage tabs={[{ key: 'matrix', label: 'Training Matrix' }]} />;
}
