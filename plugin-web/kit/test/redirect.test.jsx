// The kit's Redirect (decision 91): a guard's way out, mounted with its router in one
// commit, shown after a Suspense fallback, or gone before it acted.
import { describe, expect, it } from 'vitest';
import { Suspense, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Redirect } from '../src/redirect';

function Where() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}
const where = () => screen.getByTestId('where').textContent;
const at = (path, element) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );

describe('Redirect', () => {
  it('replaces the address when mounted in the same commit as its router', async () => {
    at('/here', <Redirect to="/away" />);
    await waitFor(() => expect(where()).toBe('/away'));
  });

  it('redirects once shown after a Suspense fallback', async () => {
    let resolve;
    const pending = new Promise((r) => (resolve = r));
    let done = false;
    function Slow() {
      if (!done) throw pending;
      return null;
    }
    at(
      '/here',
      <Suspense fallback={<span>loading</span>}>
        <Slow />
        <Redirect to="/away" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(where()).toBe('/here');
    await act(async () => {
      done = true;
      resolve();
      await pending;
    });
    await waitFor(() => expect(where()).toBe('/away'));
  });

  it('does nothing once removed before it acted', async () => {
    let hide;
    function Maybe() {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      return shown ? <Redirect to="/away" /> : null;
    }
    at('/here', <Maybe />);
    // Removed in the same task as it was mounted: its timer is cleared with it.
    act(() => hide());
    await new Promise((r) => setTimeout(r, 30));
    expect(where()).toBe('/here');
  });
});
