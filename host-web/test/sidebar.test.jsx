import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { compareReleases, moduleState } from '../src/modules/releases';
import { groupEntries, sidebarEntries } from '../src/console/sidebarModel';
import { Sidebar } from '../src/console/Sidebar';
import { modulesR1 } from './fixtures';

describe('releases', () => {
  it('compares dotted releases numerically', () => {
    expect(compareReleases('2.0', '1.0')).toBeGreaterThan(0);
    expect(compareReleases('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareReleases('1.0', '1')).toBe(0);
  });

  it('tells enabled, coming-soon and unavailable apart', () => {
    expect(moduleState({ enabled: true, release: '2.0' }, '1.0')).toBe('enabled');
    expect(moduleState({ enabled: false, release: '2.0' }, '1.0')).toBe('coming-soon');
    expect(moduleState({ enabled: false, release: '1.0' }, '1.0')).toBe('unavailable');
    expect(moduleState({ enabled: false, release: '1.0' }, '2.0')).toBe('unavailable');
  });
});

describe('sidebar model', () => {
  it('groups by Document Control, Production, Engineering, ordered; no-group entries last', () => {
    const groups = groupEntries(sidebarEntries(modulesR1.modules, '1.0'));
    expect(groups.map((g) => g.group)).toEqual(['Document Control', 'Production', 'Engineering', null]);
    expect(groups[0].entries.map((e) => e.label)).toEqual(['Sign Off', 'SWPs', 'Alerts']);
    expect(groups[3].entries.map((e) => e.label)).toEqual(['Settings']);
  });
});

describe('Sidebar', () => {
  function renderSidebar() {
    return render(
      <MemoryRouter initialEntries={['/main/swps']}>
        <Sidebar entries={sidebarEntries(modulesR1.modules, modulesR1.release)} />
      </MemoryRouter>,
    );
  }

  it('is 256 wide and links enabled modules to their routes', () => {
    renderSidebar();
    expect(screen.getByTestId('drawer').style.width).toBe('256px');
    expect(screen.getByRole('link', { name: 'SWPs' }).getAttribute('href')).toBe('/main/swps');
    expect(screen.getByRole('link', { name: 'Sign Off' }).getAttribute('href')).toBe('/main/sign-off');
  });

  it('sends newer-release modules to /main/coming-soon marked with the release', () => {
    renderSidebar();
    const link = screen.getByRole('link', { name: /Training/ });
    expect(link.getAttribute('href')).toBe('/main/coming-soon');
    expect(link.textContent).toContain('Release 2.0');
  });

  it('greys out a module the package does not include, with its tooltip', async () => {
    renderSidebar();
    const settings = screen.getByText('Settings');
    expect(settings.closest('li').className).toContain('ant-menu-item-disabled');
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
    fireEvent.mouseEnter(settings);
    await waitFor(() => expect(screen.getByText('Not available in this package')).toBeTruthy());
  });
});
