import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { pickSuggestions, usePartNumberSuggestions } from '../src/PartNumberSearch';
import { stubFetch } from './helpers';

const list = ['AB-1', 'AB-2', 'ab-3', 'AB-4', 'AB-5', 'AB-6', 'XAB-7'].map((p, i) => ({ _id: `s${i}`, partNumber: p }));

describe('part-number search', () => {
  it('keeps at most 5 prefix matches', () => {
    const got = pickSuggestions(list, ' ab');
    expect(got.map((p) => p.partNumber)).toEqual(['AB-1', 'AB-2', 'ab-3', 'AB-4', 'AB-5']);
    expect(pickSuggestions(null, 'a')).toEqual([]);
  });

  it('waits 300 ms, asks for 10 with the trimmed term, and never asks for blank input', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch({ '/api/swps/deployed-swp-part-numbers': [200, { swpList: list }] });
    const { result, rerender } = renderHook(({ q }) => usePartNumberSuggestions(q), { initialProps: { q: '   ' } });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(fetch).not.toHaveBeenCalled();

    rerender({ q: ' a' });
    rerender({ q: ' ab ' });
    await act(async () => vi.advanceTimersByTime(299));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/swps/deployed-swp-part-numbers?searchTerm=ab&limit=10');
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(result.current).toHaveLength(5);
  });

  it('offers nothing when the call fails', async () => {
    vi.useFakeTimers();
    stubFetch({ '/api/swps/deployed-swp-part-numbers': [500, { error: 'boom' }] });
    const { result } = renderHook(() => usePartNumberSuggestions('AB'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(result.current).toEqual([]);
  });
});
