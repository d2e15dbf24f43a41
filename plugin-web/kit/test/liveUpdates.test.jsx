// Live updates (/api/events): a stream the server refuses (too many open pages, 429)
// leaves the page working: it refetches every POLL_MS and asks for a stream again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { POLL_MS, RETRY_MS, useLiveUpdates } from '../src/notifications';
import { renderHookWithQuery } from './helpers';

/** EventSource stand-in: the test opens, refuses or drops each stream. */
class FakeSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made = [];

  constructor(url) {
    this.url = url;
    this.readyState = FakeSource.CONNECTING;
    FakeSource.made.push(this);
  }

  close() {
    this.readyState = FakeSource.CLOSED;
  }

  refuse() {
    this.readyState = FakeSource.CLOSED;
    this.onerror?.(new Event('error'));
  }

  open() {
    this.readyState = FakeSource.OPEN;
    this.onopen?.(new Event('open'));
  }
}

afterEach(() => {
  vi.useRealTimers();
  FakeSource.made = [];
});

describe('live updates', () => {
  it('falls back to refetching when the stream is refused, and tries again', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    let reads = 0;
    const { unmount } = renderHookWithQuery(() => {
      useLiveUpdates();
      return useQuery({ queryKey: ['list'], queryFn: () => ++reads });
    });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(reads).toBe(1);
    expect(FakeSource.made).toHaveLength(1);

    act(() => FakeSource.made[0].refuse());
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS + 10));
    expect(reads).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS - POLL_MS));
    expect(reads).toBe(3);
    expect(FakeSource.made).toHaveLength(2);

    // Let in this time: no more polling.
    act(() => FakeSource.made[1].open());
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL_MS));
    expect(reads).toBe(3);
    unmount();
    expect(FakeSource.made[1].readyState).toBe(FakeSource.CLOSED);
  });

  it('leaves a dropped stream to the browser, which reconnects', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeSource);
    renderHookWithQuery(() => useLiveUpdates());
    const s = FakeSource.made[0];
    s.readyState = FakeSource.CONNECTING;
    act(() => s.onerror?.(new Event('error')));
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MS + 10));
    expect(FakeSource.made).toHaveLength(1);
  });
});
