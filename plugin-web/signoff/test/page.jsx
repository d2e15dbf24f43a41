// The Sign Off page at a URL, the location shown under it (data-testid="where"): the
// tests' way to check that state lives in the URL.
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SignOffPage } from '../src/pages/SignOffPage';
import { renderWithQuery as render } from './helpers';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

export function renderPage(entry = '/main/sign-off') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/main/sign-off"
          element={
            <>
              <SignOffPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}
