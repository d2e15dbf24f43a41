// The dashboard (decision 102): the spec's spinner, tabs and tiles, fed by the plant's
// own figures (GET /api/dashboard/figures from the person's local midnight); a figure a
// disabled module does not give has no tile; a failure says so instead of showing zeros.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery, stubFetch } from '../../kit/test/helpers';
import { DashboardPage, SPINNER_MS } from '../src/pages/DashboardPage';
import { localMidnight, week } from '../src/pages/figures';
import module from '../src/index';

const PLANT = {
  figures: {
    swpsDeployed: 3,
    swpsWaiting: 1,
    alertsWaiting: 2,
    alertsDeployed: 3,
    readingsOverdue: 12,
    operatorsSignedToday: 4,
    alertsSignedWithin30MinPct: 75,
  },
  signaturesByDay: [0, 1, 2, 3, 4, 5, 6],
};

async function shown(answer = [200, PLANT]) {
  const fetch = stubFetch({ '/api/dashboard/figures': answer });
  vi.useFakeTimers();
  renderWithQuery(<DashboardPage />);
  expect(screen.getByTestId('dashboard-loading')).toBeTruthy();
  await act(async () => vi.advanceTimersByTime(SPINNER_MS - 1));
  expect(screen.getByTestId('dashboard-loading')).toBeTruthy();
  await act(async () => vi.advanceTimersByTime(1));
  // The figures' answer and react-query's notices (timers of the fake clock) land.
  await act(async () => {
    for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(10);
  });
  vi.useRealTimers();
  return fetch;
}

const figure = (key) => screen.getByTestId(`figure-${key}`).querySelector('.ant-statistic-content')?.textContent;

describe('dashboard remote', () => {
  it('exports the module shape the host mounts', () => {
    expect(module.id).toBe('dashboard');
    expect(module.routes[0].path).toBe('');
  });

  it("spins for 1000 ms, then shows the plant's figures, the week's signatures and the Add Chart tile", async () => {
    expect(SPINNER_MS).toBe(1000);
    const fetch = await shown();
    await waitFor(() => expect(figure('deployed')).toBe('3'));
    expect([figure('pending'), figure('alerts'), figure('overdue'), figure('signed'), figure('alerts30')]).toEqual(['3', '3', '12', '4', '75%']);
    expect(screen.getByText('Pending Approval')).toBeTruthy();
    expect(screen.queryByText(/demonstration/)).toBeNull();
    expect(fetch.mock.calls[0][0]).toBe(`/api/dashboard/figures?today=${localMidnight()}`);
    expect(screen.getByRole('img', { name: 'Signatures This Week' }).textContent).toContain('6');
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Add Chart' }));
    expect(alert).toHaveBeenCalledWith('This feature has been temporarily disabled for demonstration purposes.');
  });

  it('has no tile for a figure no enabled module gives (reading obligations off)', async () => {
    const { readingsOverdue, alertsSignedWithin30MinPct, ...rest } = PLANT.figures;
    expect([readingsOverdue, alertsSignedWithin30MinPct]).toEqual([12, 75]);
    await shown([200, { ...PLANT, figures: rest }]);
    await waitFor(() => expect(figure('deployed')).toBe('3'));
    expect(screen.queryByTestId('figure-overdue')).toBeNull();
    // The spec's tile stays, with nothing to count yet.
    expect(figure('alerts30')).toBe('—');
  });

  it('says the figures could not be loaded instead of showing zeros', async () => {
    await shown([500, { error: 'Internal error.' }]);
    expect(await screen.findByText("The plant's figures could not be loaded.")).toBeTruthy();
    expect(screen.queryByTestId('figure-deployed')).toBeNull();
  });

  it('labels the bars by weekday, today last', () => {
    const monday = new Date(2026, 10, 30).getTime(); // a Monday
    expect(week([1, 2, 3, 4, 5, 6, 7], monday).map((d) => d.label)).toEqual(['Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon']);
  });

  it('has Outline, Statistics and Trends; the last two wait for release 2.0', async () => {
    await shown();
    expect(screen.getByRole('tab', { name: 'Outline' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByText('This feature is available in release 2.0.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Trends' }));
    expect((await screen.findAllByText('This feature is available in release 2.0.')).length).toBeGreaterThan(0);
  });
});
