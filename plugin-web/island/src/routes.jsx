import { StartScreen } from './pages/StartScreen';
import { ComingLater } from './pages/ComingLater';

// The kiosk screens (spec "Kiosk routes"); all but the start screen come with the
// island issue.
export const routes = [
  { path: '', element: <StartScreen /> },
  ...['reference', 'part-select', 'operator-status', 'interface', 'settings', 'error/:type', 'swp-ack', 'alert-ack'].map(
    (path) => ({ path, element: <ComingLater /> }),
  ),
];
