import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadArea } from './AppRoutes';
import { unregisterServiceWorkers } from './serviceWorker';

unregisterServiceWorkers();
preloadArea(window.location.pathname, window.__plantdocCurrentUser);
createRoot(document.getElementById('root')).render(<App />);
