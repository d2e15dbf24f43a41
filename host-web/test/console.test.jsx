import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { ModulesProvider } from '../src/modules/ModulesContext';
import { ConsoleLayout } from '../src/console/ConsoleLayout';
import { createRuntimeLoader, validateModule } from '../src/modules/registry';
import { fakeLoader, manager, modulesR1 } from './fixtures';
import { stubFetch } from '../../plugin-web/kit/test/helpers';

function renderConsole(path, loader = fakeLoader(), body = modulesR1) {
  setSessionUser(manager);
  stubFetch({ '/api/modules': [200, body] });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ModulesProvider loader={loader}>
        <Routes>
          <Route path="/main/*" element={<ConsoleLayout />} />
        </Routes>
      </ModulesProvider>
    </MemoryRouter>,
  );
}

describe('console routes', () => {
  it('mounts an enabled module remote under its route, with the page title', async () => {
    renderConsole('/main/swps');
    expect(await screen.findByText('SWPs page')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('SWPs');
  });

  it('redirects the disabled dashboard (and /main) to /main/swps', async () => {
    renderConsole('/main');
    expect(await screen.findByText('SWPs page')).toBeTruthy();
  });

  it("shows the not-found page for unknown paths", async () => {
    renderConsole('/main/nowhere');
    expect(await screen.findByText("The page you are looking for can't be found.")).toBeTruthy();
  });

  it('shows a failed remote inside its page; the console keeps working', async () => {
    renderConsole('/main/alerts', fakeLoader({ failing: ['alerts'] }));
    expect(await screen.findByText('The Alerts module could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SWPs' })).toBeTruthy();
    screen.getByRole('link', { name: 'SWPs' }).click();
    expect(await screen.findByText('SWPs page')).toBeTruthy();
  });

  it('shows the coming-soon page for a newer-release module', async () => {
    renderConsole('/main/training');
    expect(await screen.findByText('Coming Soon', { selector: '.ant-result-title' })).toBeTruthy();
    expect(document.querySelector('.ant-result-extra').textContent).toBe('Release 2.0');
  });

  it('bell tooltip text is the spec text', async () => {
    renderConsole('/main/swps');
    await screen.findByText('SWPs page');
    const { BELL_TOOLTIP } = await import('../src/console/TopBar');
    expect(BELL_TOOLTIP).toBe('Alerts • No alters');
  });
});

describe('module loader', () => {
  it('registers enabled remotes once and loads plantdoc_<id>/Module', async () => {
    const calls = { registered: [], loaded: [] };
    const runtime = {
      registerRemotes: (r) => calls.registered.push(...r),
      loadRemote: async (id) => {
        calls.loaded.push(id);
        return { default: { id: 'swp', routes: [{ path: '', element: <div /> }] } };
      },
    };
    const loader = createRuntimeLoader(runtime);
    loader.register(modulesR1.modules);
    loader.register(modulesR1.modules);
    expect(calls.registered.map((r) => r.name).sort()).toEqual(
      ['plantdoc_alerts', 'plantdoc_island', 'plantdoc_signoff', 'plantdoc_swp'],
    );
    expect(calls.registered.find((r) => r.name === 'plantdoc_swp').entry).toBe('/remotes/swp/remoteEntry.js');
    const swp = modulesR1.modules.find((m) => m.id === 'swp');
    await loader.load(swp);
    await loader.load(swp);
    expect(calls.loaded).toEqual(['plantdoc_swp/Module']);
  });

  it('refuses a remote without routes', () => {
    expect(() => validateModule({ id: 'x', name: 'X' }, { default: {} })).toThrow(/exports no routes/);
    expect(() => validateModule({ id: 'x', name: 'X' }, null)).toThrow();
  });
});
