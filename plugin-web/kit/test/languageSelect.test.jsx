// LanguageSelect (decision 78): the shipped languages, each in its own name whatever the
// page's language, the chosen code handed to onChange, and its label for assistive technology.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LanguageSelect } from '../src/LanguageSelect';
import { LANGUAGES, setLanguage } from '../src/i18n';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

const open = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
const options = () => screen.getAllByRole('option');

describe('LanguageSelect', () => {
  it('offers English, Español and Polski and hands the chosen code to onChange', async () => {
    const onChange = vi.fn();
    render(<LanguageSelect id="lang" aria-label="Language" value="en" onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Language' });
    expect(box.id).toBe('lang');
    open();
    const list = document.querySelector('.rc-virtual-list, .ant-select-dropdown');
    expect(list).toBeTruthy();
    const names = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
    expect(names).toEqual(['English', 'Español', 'Polski']);
    expect(LANGUAGES.map((l) => l.name)).toEqual(names);
    fireEvent.click(screen.getByText('Polski'));
    expect(onChange).toHaveBeenCalledWith('pl', expect.objectContaining({ value: 'pl' }));
  });

  it('shows the chosen language in its own name, and keeps the names in Spanish', async () => {
    await act(() => setLanguage('es'));
    const { rerender, container } = render(<LanguageSelect aria-label="Language" value="pl" onChange={() => {}} />);
    const shown = () => container.querySelector('.ant-select').textContent;
    expect(shown()).toBe('Polski');
    rerender(<LanguageSelect aria-label="Language" value="es" onChange={() => {}} />);
    expect(shown()).toBe('Español');
    open();
    expect(within(document.body).getByText('English')).toBeTruthy();
    expect(options().length).toBeGreaterThan(0);
  });
});
