import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearSession, setSessionUser } from '@plantdoc/kit';
import { routes } from '../src/routes';
import { RESTRICTED } from '../src/pages/SettingsPage';
import { renderWithQuery as render, stubFetch } from './helpers';

const admin = { _id: 'm1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', companyCode: 'mpk', plantAdmin: true };
const listed = {
  id: 't1',
  name: 'MES line 3',
  scopes: ['documents:read'],
  companyCode: 'mpk',
  createdBy: 'Paula Reyes',
  createdAt: '2026-01-01T00:00:00Z',
  expiresAt: '2026-04-01T00:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
};
const SLOW = { timeout: 8000 };

function renderAt(url) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {routes.map((r) => (
          <Route key={r.path} path={`/main/settings/${r.path}`} element={r.element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  clearSession();
});

describe('Settings → API Tokens', () => {
  it('makes a token, shows its text once, lists it and revokes it (plant administrators)', async () => {
    setSessionUser(admin);
    let tokens = [];
    const fetch = stubFetch({
      '/api/users/all': [200, []],
      'GET /api/tokens': () => [200, tokens],
      'POST /api/tokens': (_p, init) => {
        const body = JSON.parse(init.body);
        if (!body.name) return [400, { name: 'Name the token (1 to 100 characters).' }];
        tokens = [listed];
        return [200, { ...listed, token: 'pd_abc123' }];
      },
      'DELETE /api/tokens/t1': () => {
        tokens = [];
        return [200, listed];
      },
    });
    renderAt('/main/settings/');
    fireEvent.click(screen.getByRole('link', { name: 'API Tokens' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Make Token' }, SLOW));
    expect(await screen.findByText('Name the token (1 to 100 characters).', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'MES line 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make Token' }));
    expect(await screen.findByText('pd_abc123', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Copy the token now: it is not shown again.')).toBeTruthy();
    expect(await screen.findByText('Never', {}, SLOW)).toBeTruthy();
    const made = fetch.mock.calls.filter(([p, i]) => p === '/api/tokens' && i?.method === 'POST').map(([, i]) => JSON.parse(i.body));
    expect(made[1]).toEqual({ name: 'MES line 3', scopes: ['documents:read'], expiresInDays: 90 });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke MES line 3' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }, SLOW));
    await waitFor(() => expect(fetch.mock.calls.some(([p, i]) => p === '/api/tokens/t1' && i?.method === 'DELETE')).toBe(true), SLOW);
    await waitFor(() => expect(screen.queryByText('Never')).toBeNull(), SLOW);
  });

  it('offers a company manager no API Tokens link, and the page refuses them', () => {
    setSessionUser({ ...admin, plantAdmin: false });
    const fetch = stubFetch({ '/api/users/all': [200, []] });
    renderAt('/main/settings/');
    expect(screen.queryByRole('link', { name: 'API Tokens' })).toBeNull();
    cleanup();
    renderAt('/main/settings/tokens');
    expect(screen.getAllByText(RESTRICTED).length).toBeGreaterThan(0);
    expect(fetch.mock.calls.filter(([p]) => p === '/api/tokens')).toEqual([]);
  });
});
