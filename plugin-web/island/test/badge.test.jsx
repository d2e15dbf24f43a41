// A badge reader's keys reach the badge wherever the focus is (plugins/island/README.md
// item 18): typed before the field exists, Enter submits them; a refusal clears the badge
// and shows its error.
import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useBadgeCapture, useBadgeField, waitText } from '../src/components/badgeField';

function Capture({ onBadge, onKey, restartAfterMs }) {
  const field = useBadgeField(onBadge);
  useBadgeCapture(field, { onKey, restartAfterMs });
  return (
    <div>
      <span data-testid="typed">{field.value}</span>
      <span data-testid="error">{field.error}</span>
      <input aria-label="Other" />
    </div>
  );
}

const key = (target, k) => fireEvent.keyDown(target, { key: k });

describe('badge capture', () => {
  test('keys typed with no field focused are kept; Enter submits them once', async () => {
    const onBadge = vi.fn(async () => {});
    const onKey = vi.fn();
    render(<Capture onBadge={onBadge} onKey={onKey} />);
    await act(async () => {
      for (const k of '1001') key(document.body, k);
      key(document.body, 'Enter');
    });
    expect(onBadge).toHaveBeenCalledTimes(1);
    expect(onBadge).toHaveBeenCalledWith('1001');
    expect(onKey).toHaveBeenCalled();
  });

  test('keys aimed at another field are left alone; Tab with nothing typed does nothing', async () => {
    const onBadge = vi.fn(async () => {});
    render(<Capture onBadge={onBadge} />);
    await act(async () => {
      key(screen.getByLabelText('Other'), '7');
      key(document.body, 'Tab');
    });
    expect(screen.getByTestId('typed').textContent).toBe('');
    expect(onBadge).not.toHaveBeenCalled();
  });

  test('a refused badge shows the error and is cleared', async () => {
    const onBadge = vi.fn(async () => {
      throw new Error('Unknown badge');
    });
    render(<Capture onBadge={onBadge} />);
    await act(async () => {
      for (const k of '99') key(document.body, k);
      key(document.body, 'Tab');
    });
    expect(screen.getByTestId('error').textContent).toBe('Unknown badge');
    expect(screen.getByTestId('typed').textContent).toBe('');
  });

  test('a badge that must wait (429) counts down every second, then is sent again', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const onBadge = vi.fn(async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('wait'), { status: 429, retryAfter: 3 });
      });
      render(<Capture onBadge={onBadge} />);
      await act(async () => {
        for (const k of '1001') key(document.body, k);
        key(document.body, 'Enter');
      });
      expect(screen.getByTestId('error').textContent).toBe(waitText(3));
      await act(async () => vi.advanceTimersByTime(1000));
      expect(screen.getByTestId('error').textContent).toBe(waitText(2));
      await act(async () => vi.advanceTimersByTime(1000));
      expect(screen.getByTestId('error').textContent).toBe('A badge was not accepted just before. This badge is checked in 1 s.');
      expect(onBadge).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTime(1000));
      expect(onBadge).toHaveBeenCalledTimes(2);
      expect(onBadge).toHaveBeenLastCalledWith('1001');
      expect(screen.getByTestId('error').textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });

  test('a new scan during the wait replaces the waiting badge', async () => {
    vi.useFakeTimers();
    try {
      const onBadge = vi.fn(async (b) => {
        if (b === '1001') throw Object.assign(new Error('wait'), { status: 429, retryAfter: 5 });
      });
      render(<Capture onBadge={onBadge} />);
      await act(async () => {
        for (const k of '1001') key(document.body, k);
        key(document.body, 'Enter');
      });
      await act(async () => {
        for (const k of '2002') key(document.body, k);
        key(document.body, 'Enter');
      });
      await act(async () => vi.advanceTimersByTime(10_000));
      expect(onBadge.mock.calls.map((c) => c[0])).toEqual(['1001', '2002']);
    } finally {
      vi.useRealTimers();
    }
  });

  test('with restartAfterMs, a stray key long before a scan is dropped, and a late Tab is left to the page', async () => {
    vi.useFakeTimers();
    try {
      const onBadge = vi.fn(async () => {});
      render(<Capture onBadge={onBadge} restartAfterMs={1000} />);
      await act(async () => key(document.body, '7'));
      vi.advanceTimersByTime(5000);
      expect(fireEvent.keyDown(document.body, { key: 'Tab' })).toBe(true); // not prevented
      expect(screen.getByTestId('typed').textContent).toBe('');
      await act(async () => key(document.body, '9'));
      vi.advanceTimersByTime(5000);
      await act(async () => {
        for (const k of '1002') key(document.body, k);
        key(document.body, 'Enter');
      });
      expect(onBadge.mock.calls).toEqual([['1002']]);
    } finally {
      vi.useRealTimers();
    }
  });
});
