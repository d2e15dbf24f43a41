import { createRoot } from 'react-dom/client';
import { App } from './App';
import { unregisterServiceWorkers } from './serviceWorker';

unregisterServiceWorkers();
createRoot(document.getElementById('root')).render(<App />);
