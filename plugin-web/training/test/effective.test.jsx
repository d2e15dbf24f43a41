// The matrix shows the truth: a cell's effective level with its reason when it differs
// from the level set, and the 'Gaps' filter kept in the address (?gaps=1).
import { describe, expect, it, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { TrainingPage } from '../src/pages/TrainingPage';
import { gapRows, isGap } from '../src/gaps';
import { renderWithQuery as render, stubFetch } from './helpers';

const MATRIX = '/api/training/matrix/shift/1/cell/A/zone/1';
const leader = { _id: 'u1', position: 'supervisor', department: 'production', zones: ['A1'], firstname: 'L', lastname: 'D' };
const cell = (id, op, squares, more = {}) => ({
  _id: id,
  op,
  squares,
  certTargetOpHours: 3,
  effective: squares,
  reason: null,
  reasonDate: null,
  validUntil: '2099-01-01T00:00:00.000Z',
  ...more,
});
const row = (r, name, cells) => ({ _id: r, opId: `o-${r}`, opNumber: name, opName: `Name ${name}`, certTarget: 1, certCount: 0, rowData: cells });
const matrix = {
  partList: [{ _id: 'c1', partNumber: 'P-1', partDesc: 'Door', partRotation: 2, certTarget: 1, certCount: 2 }],
  matrix: [
    row('r1', 'OP1', [cell('c1:r1', 'o1', 4, { effective: 1, reason: 'decayed', reasonDate: '2026-03-02' })]),
    row('r2', 'OP2', [cell('c1:r2', 'o2', 4)]),
    row('r3', 'OP3', [cell('c1:r3', 'o3', 3, { effective: 2, reason: 'requalify' })]),
  ],
};

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const page = (entry) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <TrainingPage />
      <Address />
    </MemoryRouter>,
  );

describe('effective levels and gaps', () => {
  beforeEach(() => setSessionUser(leader));

  it('shows the effective level with its reason where it differs from the level set', async () => {
    stubFetch({ [MATRIX]: [200, matrix], '/api/training/operator-list': [200, []] });
    page('/?shift=1&cell=A&zone=1');
    const block = await screen.findByRole('button', { name: 'OP1 on P-1: level 4, effective level 1: no verified read since 2026-03-02' }, { timeout: 5000 });
    expect(block.closest('td').querySelector('.tm-eff').textContent).toBe('1');
    expect(screen.getByRole('button', { name: 'OP2 on P-1: level 4' }).closest('td').querySelector('.tm-eff')).toBeNull();
  });

  it("'Gaps' keeps only operators with a gap, and is in the address", async () => {
    stubFetch({ [MATRIX]: [200, matrix], '/api/training/operator-list': [200, []] });
    page('/?shift=1&cell=A&zone=1');
    await screen.findByText('Name OP2', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gaps' }));
    await waitFor(() => expect(screen.queryByText('Name OP2')).toBeNull());
    expect(screen.getByText('Name OP3')).toBeTruthy(); // requalification due
    expect(screen.getByTestId('address').textContent).toContain('gaps=1');
  });

  it('a gap: below target in training, expiring within 30 days, or due for requalification', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(isGap(cell('a', 'o', 3), 0, 1, now)).toBe(true);
    expect(isGap(cell('a', 'o', -1), 0, 1, now)).toBe(false);
    expect(isGap(cell('a', 'o', 4, { validUntil: '2026-01-31T00:00:00.000Z' }), 1, 1, now)).toBe(true);
    expect(isGap(cell('a', 'o', 4, { validUntil: '2026-02-01T00:00:00.000Z' }), 1, 1, now)).toBe(false);
    expect(gapRows(matrix, now).map((r) => r.opNumber)).toEqual(['OP3']);
  });
});
