// The module descriptor the host mounts under the module's route (see docs/web.md):
// { id, title, routes: [{ path, element }] }, paths relative to that route.
import { routes } from './routes';

export default { id: 'readiness', title: 'Readiness', routes };
