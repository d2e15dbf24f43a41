// The module descriptor the host mounts under /island (see docs/web.md):
// { id, title, routes: [{ path, element }] }, paths relative to /island.
import { routes } from './routes';

export default { id: 'island', title: 'Island', routes };
