// The module descriptor the host mounts under /island (see docs/web.md):
// { id, title, routes: [{ path, element }] }, paths relative to /island.
import { routes } from './routes';
import { k, registerTranslations } from '@plantdoc/kit';
import { startOffline } from './offline/start';

// This module's texts in the shipped languages, loaded when a language is first shown (decision 75).
registerTranslations('island', (lng) => import(`../locales/${lng}.json`));

// Reads the server does not answer come from the offline pack; the service worker and the
// pack start once the page has loaded (decision 122).
startOffline();

export default { id: 'island', title: k('Island'), routes };
