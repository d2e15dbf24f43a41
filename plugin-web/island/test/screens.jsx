// The island's screens under a router at `url`, as the kiosk frame mounts them; `seen`
// is told each address the screens go to (a test's `where`).
import { renderWithQuery as render } from '../../kit/test/helpers';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { routes } from '../src/routes';

export function renderScreens(url, seen = () => {}) {
  function Where() {
    seen(useLocation());
    return null;
  }
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Where />
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={`/island/${r.path}`} element={r.element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}
