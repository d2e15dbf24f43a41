import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clearSession, getSession, setSessionUser } from '@plantdoc/kit';
import { AccountLanguage, LANGUAGE_SAVED } from '../src/components/AccountLanguage';
import { renderWithQuery as render, stubFetch } from './helpers';

const me = { _id: 'e1', firstname: 'Erin', lastname: 'Lee', position: 'engineer', companyCode: 'mpk', status: 'ACTIVE', lang: 'en' };
const SLOW = { timeout: 8000 };

async function choose(option) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content > span' }));
}

afterEach(() => clearSession());

describe('Settings → Account: Language', () => {
  it('offers English, Español and Polski, saves the choice and makes it the session’s', async () => {
    setSessionUser(me);
    const fetch = stubFetch({ 'POST /api/users/lang': (_, init) => [200, { ...me, lang: JSON.parse(init.body).lang }] });
    render(<AccountLanguage />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Language' }));
    const offered = await screen.findAllByText(/./, { selector: '.ant-select-item-option-content > span' });
    expect(offered.map((o) => o.textContent)).toEqual(['English', 'Español', 'Polski']);
    await choose('Español');
    fireEvent.click(screen.getByRole('button', { name: 'Save language' }));
    expect(await screen.findByText(LANGUAGE_SAVED, {}, SLOW)).toBeTruthy();
    const call = fetch.mock.calls.find(([path]) => path === '/api/users/lang');
    expect(JSON.parse(call[1].body)).toEqual({ lang: 'es' });
    expect(getSession().user.lang).toBe('es');
  });

  it('starts at the person’s language and shows the server’s field error under the field', async () => {
    setSessionUser({ ...me, lang: 'pl' });
    stubFetch({ 'POST /api/users/lang': [400, { lang: 'Language must be one of en, es.' }] });
    render(<AccountLanguage />);
    expect(screen.getByText('Polski')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save language' }));
    expect(await screen.findByText('Language must be one of en, es.', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(LANGUAGE_SAVED)).toBeNull());
  });
});
