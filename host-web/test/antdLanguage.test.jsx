// antd in the page's language: under the theme (`Themed`, around every area and
// so every remote) antd's own texts follow the language (its locale, loaded with it), a
// remote's nested ConfigProvider keeps them, and antd's icons say nothing in English:
// decorative ones are hidden from screen readers, the search button is named.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Alert, ConfigProvider, Empty, Input, Modal, Pagination, Select } from 'antd';
import { setLanguage } from '@plantdoc/kit/core';
import '../src/language';
import { Themed } from '../src/theme';

// antd's icon file names, as antd writes them into aria-label ('down', 'info-circle').
const ICON_NAME = /^(down|search|close|ellipsis|check|[a-z]+(-[a-z]+)+)$/;
const iconNames = () => [...document.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label')).filter((l) => ICON_NAME.test(l));

function Screen() {
  return (
    <Themed>
      <Empty />
      <Pagination total={50} />
      <Select aria-label="Turno" options={[{ value: 1, label: 'A' }]} value={1} />
      <Input.Search aria-label="Parte" />
      <Input.Password aria-label="PIN" />
      <Alert type="info" showIcon title="Aviso" />
      {/* A remote's own ConfigProvider (the kiosk's theme) keeps the language. */}
      <ConfigProvider theme={{ token: { controlHeight: 40 } }}>
        <div data-testid="nested">
          <Empty />
        </div>
      </ConfigProvider>
    </Themed>
  );
}

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('antd in the page language', () => {
  it("shows antd's texts in Spanish, in a remote's ConfigProvider too", async () => {
    await act(() => setLanguage('es'));
    render(<Screen />);
    expect(screen.getAllByText('No hay datos', { selector: '.ant-empty-description' })).toHaveLength(2);
    expect(screen.getByTestId('nested').querySelector('.ant-empty-description').textContent).toBe('No hay datos');
    expect(screen.getByTitle('Página siguiente')).toBeTruthy();
    expect(screen.getByTitle('Página anterior')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/No data|Next Page/);
  });

  it('gives a dialog its buttons in Spanish', async () => {
    await act(() => setLanguage('es'));
    render(
      <Themed>
        <Modal open title="Eliminar">
          ¿Seguro?
        </Modal>
      </Themed>,
    );
    expect(await screen.findByRole('button', { name: 'Aceptar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('names the search button in Spanish and hides the decorative icons', async () => {
    await act(() => setLanguage('es'));
    const { container } = render(<Screen />);
    expect(screen.getByRole('button', { name: 'Buscar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mostrar' })).toBeTruthy();
    const quiet = container.querySelectorAll('.ant-select-suffix .anticon, .ant-alert-icon .anticon, .ant-input-password-icon .anticon');
    expect(quiet).toHaveLength(3);
    for (const icon of quiet) expect(icon.getAttribute('aria-hidden'), icon.className).toBe('true');
    expect(iconNames()).toEqual([]);
  });

  it('follows the language to Polish and back to English', async () => {
    await act(() => setLanguage('pl'));
    const { unmount } = render(<Screen />);
    expect(screen.getAllByText('Brak danych', { selector: '.ant-empty-description' })).toHaveLength(2);
    expect(screen.getByTitle('Następna strona')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Szukaj' })).toBeTruthy();
    await act(() => setLanguage('en'));
    expect(screen.getAllByText('No data', { selector: '.ant-empty-description' })).toHaveLength(2);
    expect(screen.getByTitle('Next Page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    unmount();
  });
});
