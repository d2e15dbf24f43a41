// Settings → Account: the signature PIN, confirmed with the password or, where the plant
// signs in through a provider, with a fresh sign-in there (security decision 92).
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { clearSession, setSessionUser } from '@plantdoc/kit';
import { AccountPin, CONFIRM_URL, PIN_SAVED } from '../src/components/AccountPin';
import { renderWithQuery as render, stubFetch } from './helpers';

const me = { _id: 's1', firstname: 'Sam', lastname: 'Ode', position: 'supervisor', companyCode: 'mpk', status: 'ACTIVE', lang: 'en' };
const SLOW = { timeout: 8000 };

const typePin = (pin) => fireEvent.change(screen.getByLabelText('New PIN'), { target: { value: pin } });
const sent = (fetch) => JSON.parse(fetch.mock.calls.find(([path, init]) => path === '/api/users/pin' && init?.method === 'POST')[1].body);

afterEach(() => clearSession());

describe('Settings → Account: Signature PIN', () => {
  it('asks for the password where there is no provider', async () => {
    setSessionUser(me);
    const fetch = stubFetch({ 'GET /api/users/pin': [200, { provider: null, confirmed: false }], 'POST /api/users/pin': [200, { ok: true }] });
    render(<AccountPin />);
    typePin('4826');
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_SAVED, {}, SLOW)).toBeTruthy();
    expect(sent(fetch)).toEqual({ pin: '4826', password: 'secret' });
    expect(screen.queryByText(/Confirm with/)).toBeNull();
  });

  it('offers the provider’s sign-in, which comes back to this tab', async () => {
    setSessionUser(me);
    stubFetch({ 'GET /api/users/pin': [200, { provider: 'Plant SSO', confirmed: false }] });
    render(<AccountPin />);
    const link = await screen.findByRole('link', { name: 'Confirm with Plant SSO' }, SLOW);
    expect(link.getAttribute('href')).toBe(CONFIRM_URL);
    expect(CONFIRM_URL).toBe('/api/auth/oidc/login?fresh=1&back=%2Fmain%2Fsettings%3Ftab%3Daccount');
    expect(screen.getByLabelText('Your password')).toBeTruthy();
  });

  it('after the provider’s sign-in, saves the PIN without a password', async () => {
    setSessionUser(me);
    const fetch = stubFetch({ 'GET /api/users/pin': [200, { provider: 'Plant SSO', confirmed: true }], 'POST /api/users/pin': [200, { ok: true }] });
    render(<AccountPin />);
    expect(await screen.findByText('Confirmed with Plant SSO. Choose your PIN now: no password is needed.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByLabelText('Your password')).toBeNull();
    typePin('4826');
    fireEvent.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(PIN_SAVED, {}, SLOW)).toBeTruthy();
    expect(sent(fetch)).toEqual({ pin: '4826', password: '' });
  });
});
