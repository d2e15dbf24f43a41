import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { api } from '../src/api';
import { pickSuggestions, SERVER_LIMIT, usePartNumberSuggestions } from '../src/PartNumberSearch';
import { renderHookWithQuery as renderHook, stubFetch } from './helpers';

const list = ['AB-1', 'AB-2', 'ab-3', 'AB-4', 'AB-5', 'AB-6', 'XAB-7'].map((p, i) => ({ _id: `s${i}`, partNumber: p }));

// The data source is the caller's: here a made-up path, answering the list itself.
const source = {
  key: 'test-parts',
  fetch: (term, { limit, signal }) => api.get(`/api/test/parts?q=${encodeURIComponent(term)}&limit=${limit}`, { signal }),
};

describe('part-number search', () => {
  it('keeps at most 5 prefix matches', () => {
    const got = pickSuggestions(list, ' ab');
    expect(got.map((p) => p.partNumber)).toEqual(['AB-1', 'AB-2', 'ab-3', 'AB-4', 'AB-5']);
    expect(pickSuggestions(null, 'a')).toEqual([]);
  });

  it("waits 300 ms, asks the caller's source for 10 with the trimmed term, and never asks for blank input", async () => {
    vi.useFakeTimers();
    const fetch = stubFetch({ '/api/test/parts': [200, list] });
    const spy = vi.spyOn(source, 'fetch');
    const { result, rerender } = renderHook(({ q }) => usePartNumberSuggestions(q, source), { initialProps: { q: '   ' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(fetch).not.toHaveBeenCalled();

    rerender({ q: ' a' });
    rerender({ q: ' ab ' });
    await act(async () => vi.advanceTimersByTime(299));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/test/parts?q=ab&limit=10');
    expect(spy.mock.calls[0][0]).toBe('ab');
    expect(spy.mock.calls[0][1].limit).toBe(SERVER_LIMIT);
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(result.current).toHaveLength(5);

    // Blank again: nothing offered, nothing asked.
    rerender({ q: ' ' });
    expect(result.current).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('offers nothing when the call fails', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ '/api/test/parts': [500, { error: 'boom' }] });
    const { result } = renderHook(() => usePartNumberSuggestions('AB', source));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(result.current).toEqual([]);
  });
});
