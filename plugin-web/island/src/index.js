// The module descriptor the host mounts under /island (see docs/web.md):
// { id, title, routes: [{ path, element }] }, paths relative to /island.
import { routes } from './routes';
import { k, registerTranslations } from '@plantdoc/kit';

// This module's texts in the shipped languages, loaded when a language is first shown (decision 75).
registerTranslations('island', (lng) => import(`../locales/${lng}.json`));

export default { id: 'island', title: k('Island'), routes };
