// The module descriptor the host mounts under the module's route (see docs/web.md):
// { id, title, routes: [{ path, element }] }, paths relative to that route.
import { routes } from './routes';
import { registerTranslations } from '@plantdoc/kit';

// This module's texts in the shipped languages, loaded when a language is first shown (decision 75).
registerTranslations('{{id}}', (lng) => import(`../locales/${lng}.json`));

export default { id: '{{id}}', title: '{{Name}}', routes };
