import { TrainingPage } from './pages/TrainingPage';
import { AddTrainingPage } from './pages/AddTrainingPage';

// The Add Training form's place is not in the spec: /main/training/add.
export const routes = [
  { path: '', element: <TrainingPage /> },
  { path: 'add', element: <AddTrainingPage /> },
];
