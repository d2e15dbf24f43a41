// A list's state in the address (decision 60): read with defaults and types, written
// without the defaults, other keys kept; Back restores the previous state.
import { describe, expect, test } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { patchUrlState, readUrlState, useUrlState } from '../src/urlState';

const DEFAULTS = { page: 1, size: 10, sort: 'partNumber', order: 'asc', q: '' };

test('read: defaults, numbers as numbers, a bad number is its default', () => {
  expect(readUrlState(new URLSearchParams(''), DEFAULTS)).toEqual(DEFAULTS);
  expect(readUrlState(new URLSearchParams('page=3&size=25&q=71&order=desc'), DEFAULTS)).toEqual({ ...DEFAULTS, page: 3, size: 25, q: '71', order: 'desc' });
  expect(readUrlState(new URLSearchParams('page=-2&size=x'), DEFAULTS)).toMatchObject({ page: 1, size: 10 });
  expect(readUrlState(new URLSearchParams('page=1.5'), DEFAULTS).page).toBe(1);
});

test('patch: defaults and empties leave the address, other keys stay', () => {
  const next = patchUrlState(new URLSearchParams('tab=all-approved&swp=s1&page=2'), { page: 1, size: 25, q: '', sort: 'deployDate.timestamp' }, DEFAULTS);
  expect(next.toString()).toBe('tab=all-approved&swp=s1&size=25&sort=deployDate.timestamp');
});

function List() {
  const [state, set] = useUrlState(DEFAULTS);
  const { search } = useLocation();
  const navigate = useNavigate();
  return (
    <div>
      <span data-testid="state">{JSON.stringify(state)}</span>
      <span data-testid="search">{search}</span>
      <button onClick={() => set({ page: state.page + 1 })}>next</button>
      <button onClick={() => set({ q: 'ab', page: 1 }, { replace: true })}>type</button>
      <button onClick={() => navigate(-1)}>back</button>
      <button
        onClick={() => {
          set({ sort: 'deployDate.timestamp', page: 1 });
          set({ size: 5, page: 1 });
        }}
      >
        sort then size
      </button>
    </div>
  );
}

describe('useUrlState', () => {
  test('a page is a step Back undoes; typing replaces', async () => {
    render(
      <MemoryRouter initialEntries={['/main/swps?tab=browse']}>
        <List />
      </MemoryRouter>,
    );
    const state = () => JSON.parse(screen.getByTestId('state').textContent);
    await act(async () => fireEvent.click(screen.getByText('next')));
    await act(async () => fireEvent.click(screen.getByText('next')));
    expect(state().page).toBe(3);
    expect(screen.getByTestId('search').textContent).toBe('?tab=browse&page=3');
    await act(async () => fireEvent.click(screen.getByText('back')));
    expect(state().page).toBe(2);
    await act(async () => fireEvent.click(screen.getByText('type')));
    expect(screen.getByTestId('search').textContent).toBe('?tab=browse&q=ab');
    await act(async () => fireEvent.click(screen.getByText('back')));
    expect(state()).toEqual(DEFAULTS);
  });

  test('a second write before the first one rendered keeps the first (sort, then at once a page size)', async () => {
    render(
      <MemoryRouter initialEntries={['/main/swps?q=7101&page=2']}>
        <List />
      </MemoryRouter>,
    );
    await act(async () => fireEvent.click(screen.getByText('sort then size')));
    expect(screen.getByTestId('search').textContent).toBe('?q=7101&sort=deployDate.timestamp&size=5');
    await act(async () => fireEvent.click(screen.getByText('back')));
    expect(screen.getByTestId('search').textContent).toBe('?q=7101&sort=deployDate.timestamp');
    await act(async () => fireEvent.click(screen.getByText('next')));
    expect(screen.getByTestId('search').textContent).toBe('?q=7101&sort=deployDate.timestamp&page=2');
  });
});
