import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { DashboardPage, SPINNER_MS } from '../src/pages/DashboardPage';
import module from '../src/index';

describe('dashboard remote', () => {
  it('exports the module shape the host mounts', () => {
    expect(module.id).toBe('dashboard');
    expect(module.routes[0].path).toBe('');
  });

  it('spins for 1000 ms, then shows the demo note, figures and the Add Chart tile', async () => {
    vi.useFakeTimers();
    render(<DashboardPage />);
    expect(SPINNER_MS).toBe(1000);
    expect(screen.getByTestId('dashboard-loading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(999));
    expect(screen.getByTestId('dashboard-loading')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(screen.getByText(/small portion of the dashboard is shown for demonstration/)).toBeTruthy();
    expect(screen.getByText('Alerts Signed Within 30 Minutes')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Signatures This Week' })).toBeTruthy();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Add Chart' }));
    expect(alert).toHaveBeenCalledWith('This feature has been temporarily disabled for demonstration purposes.');
  });

  it('has Outline, Statistics and Trends; the last two wait for release 2.0', async () => {
    vi.useFakeTimers();
    render(<DashboardPage />);
    await act(async () => vi.advanceTimersByTime(SPINNER_MS));
    vi.useRealTimers();
    expect(screen.getByRole('tab', { name: 'Outline' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByText('This feature is available in release 2.0.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Trends' }));
    expect((await screen.findAllByText('This feature is available in release 2.0.')).length).toBeGreaterThan(0);
  });
});
