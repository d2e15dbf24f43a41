import { describe, expect, it } from 'vitest';
import { SESSION_KEY, checkSession, getSession, setSessionUser } from '../src/session';
import { getKioskSettings, storeZoneFromQuery } from '../src/kiosk';
import { formatDate } from '../src/date';
import { stubFetch } from './helpers';

const user = { _id: 'u1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', status: 'ACTIVE' };

describe('session state', () => {
  it('is persisted in sessionStorage', () => {
    setSessionUser(user);
    expect(getSession()).toMatchObject({ isAuthenticated: true, isOperator: false });
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY)).user._id).toBe('u1');
  });

  it('marks operators, and treats CHANGE_PASSWORD as signed out', () => {
    expect(setSessionUser({ ...user, position: 'operator' }).isOperator).toBe(true);
    expect(setSessionUser({ ...user, status: 'CHANGE_PASSWORD' }).isAuthenticated).toBe(false);
  });

  it('checks the session with GET /api/users/current; any failure signs out', async () => {
    stubFetch({ '/api/users/current': [200, user] });
    expect((await checkSession()).isAuthenticated).toBe(true);
    stubFetch({ '/api/users/current': [401, { error: 'Please sign in.' }] });
    expect(await checkSession()).toMatchObject({ isAuthenticated: false, user: null });
    stubFetch({ '/api/users/current': new TypeError('network') });
    expect((await checkSession()).isAuthenticated).toBe(false);
  });
});

describe('kiosk zone from the login query', () => {
  it('stores a recognised zone with access not allowed', () => {
    expect(storeZoneFromQuery('?zone=B2')).toBe('B2');
    expect(getKioskSettings()).toMatchObject({ zone: 'B2', allowAccess: false });
  });

  it('ignores an unknown zone', () => {
    expect(storeZoneFromQuery('?zone=Z9')).toBeNull();
    expect(storeZoneFromQuery('')).toBeNull();
    expect(getKioskSettings().zone).toBeNull();
  });
});

describe('date format', () => {
  it("formats as 'MMM-DD-YY hh:mma'", () => {
    expect(formatDate('2026-03-04T14:05:00')).toBe('Mar-04-26 02:05pm');
    expect(formatDate({ date: '2026-12-25T09:30:00' })).toBe('Dec-25-26 09:30am');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
