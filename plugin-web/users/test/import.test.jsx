import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { clearSession, setSessionUser } from '@plantdoc/kit';
import { routes } from '../src/routes';
import { RESTRICTED } from '../src/pages/SettingsPage';
import { readText } from '../src/pages/ImportPage';
import { renderWithQuery as render, stubFetch } from './helpers';

const boss = { _id: 'm1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', companyCode: 'mpk' };
const SLOW = { timeout: 8000 };
const CSV = 'email,firstname,lastname,companyCode,position,department,zones\nnew@demo.plant,Nina,Engel,mpk,engineer,process,A1\n';
const judged = (applied) => ({
  dryRun: !applied,
  applied,
  counts: { new: 1, changed: 1, refused: 1 },
  rows: [
    { line: 2, key: 'new@demo.plant', verdict: 'new', fields: [], reasons: [] },
    { line: 3, key: 'stays@demo.plant', verdict: 'changed', fields: ['lastname'], reasons: [] },
    { line: 4, key: 'wiz@demo.plant', verdict: 'refused', fields: [], reasons: [{ field: 'position', message: 'Position must be one of manager.' }] },
  ],
});

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

describe('Settings → Import Users', () => {
  it('checks a roster (new, changed, refused with reasons), then applies it', async () => {
    setSessionUser(boss);
    const sent = [];
    const fetch = stubFetch({
      '/api/users/all': [200, []],
      '/api/users/import': async (path, init) => {
        sent.push([path, init.headers['Content-Type'], await readText(init.body)]);
        return [200, judged(path.endsWith('dryRun=false'))];
      },
    });
    renderAt('/main/settings/');
    fireEvent.click(await screen.findByRole('link', { name: 'Import Users' }, SLOW));
    const input = await screen.findByLabelText('Roster file (CSV)', {}, SLOW);
    expect(screen.getByRole('button', { name: 'Check' }).disabled).toBe(true);
    fireEvent.change(input, { target: { files: [new File([CSV], 'roster.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check' }).disabled).toBe(false), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('roster.csv: nothing written yet. 1 new, 1 changed, 0 disabled, 1 refused.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Changes: lastname')).toBeTruthy();
    expect(screen.getByText('position: Position must be one of manager.')).toBeTruthy();
    expect(screen.getByText('Refused')).toBeTruthy();
    expect(sent[0]).toEqual(['/api/users/import?dryRun=true', 'text/csv', CSV]);
    fireEvent.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    expect(await screen.findByText('roster.csv: written. 1 new, 1 changed, 0 disabled, 1 refused.', {}, SLOW)).toBeTruthy();
    expect(sent[1][0]).toBe('/api/users/import?dryRun=false');
    expect(screen.getByRole('button', { name: 'Apply 2 changes' }).disabled).toBe(true);
    expect(fetch).toHaveBeenCalled();
  });

  it('shows a refused file and keeps the page from non-managers', async () => {
    setSessionUser(boss);
    stubFetch({ '/api/users/import': [400, { file: 'The header row names neither email nor badge.' }] });
    renderAt('/main/settings/import');
    const input = await screen.findByLabelText('Roster file (CSV)', {}, SLOW);
    fireEvent.change(input, { target: { files: [new File(['a,b\n'], 'x.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check' }).disabled).toBe(false), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('The header row names neither email nor badge.', {}, SLOW)).toBeTruthy();
    cleanup();
    setSessionUser({ ...boss, position: 'engineer' });
    renderAt('/main/settings/import');
    expect(await screen.findByText(RESTRICTED, {}, SLOW)).toBeTruthy();
  });
});
