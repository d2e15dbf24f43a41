import { TrainingPage } from './pages/TrainingPage';

export const routes = [{ path: '', element: <TrainingPage /> }];
