// Icons and icon-only controls say nothing in English: the kit's icons are
// hidden from screen readers unless named, and the controls antd draws with an icon alone
// (Tabs' overflow button, a field's clear button) are named in the page's language.
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../src/i18n';
import { BellOutlined, ICONS, SettingOutlined } from '../src/icons';
import { TabbedPage } from '../src/TabbedPage';
import { ReviewList, swpColumns } from '../src/ReviewList';
import { LanguageSelect } from '../src/LanguageSelect';
import { renderWithQuery } from './helpers';

// antd's icon file names, as antd writes them into aria-label.
const ICON_NAME = /^(ellipsis|close-circle|close|down|search|bell|setting|user|edit|delete|plus|[a-z]+(-[a-z]+)+)$/;
const englishIconNames = () => [...document.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label')).filter((l) => ICON_NAME.test(l));

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe("the kit's icons", () => {
  it('are hidden from screen readers beside a text, and named when given a name', () => {
    const { container } = render(
      <p>
        <BellOutlined /> Notifications
      </p>,
    );
    const bell = container.querySelector('.anticon-bell');
    expect(bell.getAttribute('aria-hidden')).toBe('true');
    expect(bell.hasAttribute('aria-label')).toBe(false);
    expect(bell.hasAttribute('role')).toBe(false);
    render(<SettingOutlined aria-label="Configuración" />);
    expect(screen.getByRole('img', { name: 'Configuración' })).toBeTruthy();
    for (const [name, Icon] of Object.entries(ICONS)) {
      const { container: c, unmount } = render(<Icon />);
      expect(c.firstChild.getAttribute('aria-hidden'), name).toBe('true');
      expect(c.firstChild.hasAttribute('aria-label'), name).toBe(false);
      unmount();
    }
  });
});

describe('icon-only controls in Spanish', () => {
  it("names the tabs' overflow button and its list", async () => {
    await act(() => setLanguage('es'));
    render(<TabbedPage tabs={['One', 'Two', 'Three'].map((key) => ({ key, label: key, children: key }))} />);
    // The button is there, hidden while the tabs fit: its name is its icon's.
    const more = document.querySelector('button.ant-tabs-nav-more');
    expect(more.querySelector('[role="img"]').getAttribute('aria-label')).toBe('Más pestañas');
    expect(englishIconNames()).toEqual([]);
  });

  it("names a search field's clear button and a select's", async () => {
    await act(() => setLanguage('es'));
    const rows = [{ _id: 's1', partNumber: 'P-1', uploadDate: '2026-03-04T14:05:00Z', status: 'pending', approvals: {} }];
    renderWithQuery(<ReviewList rows={rows} columns={swpColumns()} search={(list) => list} />);
    fireEvent.change(screen.getByPlaceholderText('Buscar'), { target: { value: 'P-1' } });
    const clear = screen.getByRole('button', { name: 'Limpiar' });
    expect(clear.className).toContain('ant-input-clear-icon');
    render(<LanguageSelect aria-label="Idioma" value="es" allowClear />);
    expect(document.querySelector('.ant-select-clear').getAttribute('aria-label')).toBe('Limpiar');
    // antd named them 'close-circle' and 'Clear' (its search button and arrow: the host's theme).
    expect(document.querySelectorAll('[aria-label="close-circle"], [aria-label="Clear"]').length).toBe(0);
  });
});
