// The module descriptor the host mounts under the module's route (see docs/web.md):
// { id, title, routes: [{ path, element }] }, paths relative to that route.
import { routes } from './routes';
import { k, registerTranslations } from '@plantdoc/kit';

// This module's texts in the shipped languages, loaded when a language is first shown (decision 75).
registerTranslations('alerts', (lng) => import(`../locales/${lng}.json`));

export default { id: 'alerts', title: k('Alerts'), routes };
