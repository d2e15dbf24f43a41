import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, fieldErrors, formFields, onUnauthorized, readCsrfToken } from '../src/api';
import { stubFetch } from './helpers';

describe('API client', () => {
  it('sends cookies same-origin, and the CSRF cookie as header on unsafe methods only', async () => {
    document.cookie = 'plantdoc_csrf=tok-1; path=/';
    const fetch = stubFetch({ '/api/x': [200, { ok: true }] });
    await api.get('/api/x');
    await api.post('/api/x', { a: 1 });
    const [getInit, postInit] = fetch.mock.calls.map((c) => c[1]);
    expect(getInit.credentials).toBe('same-origin');
    expect(getInit.headers['X-CSRF-Token']).toBeUndefined();
    expect(postInit.credentials).toBe('same-origin');
    expect(postInit.headers['X-CSRF-Token']).toBe('tok-1');
    expect(postInit.body).toBe('{"a":1}');
  });

  it('re-reads the CSRF cookie on every request (it changes at login)', async () => {
    const fetch = stubFetch({ '/api/x': [200, {}] });
    document.cookie = 'plantdoc_csrf=before; path=/';
    await api.post('/api/x');
    document.cookie = 'plantdoc_csrf=after; path=/';
    await api.delete('/api/x');
    expect(fetch.mock.calls.map((c) => c[1].headers['X-CSRF-Token'])).toEqual(['before', 'after']);
  });

  it('prefers the __Host- cookie', () => {
    expect(readCsrfToken('a=1; plantdoc_csrf=plain; __Host-plantdoc_csrf=host')).toBe('host');
    expect(readCsrfToken('plantdoc_csrf=plain')).toBe('plain');
    expect(readCsrfToken('')).toBe('');
  });

  it('turns a 400 field map into ApiError.fields', async () => {
    stubFetch({ '/api/login': [400, { password: 'Incorrect e-mail or password.' }] });
    const err = await api.post('/api/login', {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.fields).toEqual({ password: 'Incorrect e-mail or password.' });
    expect(err.message).toBe('Incorrect e-mail or password.');
  });

  it('calls the global 401 handler, except for calls that opt out', async () => {
    stubFetch({ '/api/a': [401, { error: 'Please sign in.' }] });
    const handler = vi.fn();
    onUnauthorized(handler);
    await api.get('/api/a').catch(() => {});
    await api.get('/api/a', { skipUnauthorized: true }).catch(() => {});
    onUnauthorized(null);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0][0].status).toBe(401);
  });

  it('maps fields for antd forms', () => {
    expect(fieldErrors({ email: 'x', n: 1 })).toEqual({ email: 'x' });
    expect(fieldErrors([1])).toEqual({});
    expect(formFields({ email: 'bad', other: 'y' }, ['email'])).toEqual([{ name: 'email', errors: ['bad'] }]);
  });
});
