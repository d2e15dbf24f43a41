// The matrix screen: headers, colours, filler, the level rules of section 4, the context
// menu, the notifications of section 8, the empty state and who sees the controls.
import { describe, expect, it, beforeEach, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setSessionUser } from '@plantdoc/kit';
import { TrainingPage } from '../src/pages/TrainingPage';
import { renderWithQuery as render, stubFetch } from './helpers';

const MATRIX = '/api/training/matrix/shift/1/cell/A/zone/1';
const leader = { _id: 'u1', position: 'supervisor', department: 'production', zones: ['A1'], firstname: 'L', lastname: 'D' };
const matrix = {
  partList: [
    { _id: 'c1', partNumber: 'P-1', partDesc: 'Door', partRotation: 2, certTarget: 1, certCount: 1 },
    { _id: 'c2', partNumber: 'P-2', partDesc: 'Hood', partRotation: 8, certTarget: 2, certCount: 0 },
  ],
  matrix: [
    {
      _id: 'r1',
      opId: 'o1',
      opNumber: 'OP1',
      opName: 'Olivia Grant',
      certTarget: 3,
      certCount: 1,
      rowData: [
        { _id: 'c1:r1', op: 'o1', squares: 4, certTargetOpHours: 3 },
        { _id: 'c2:r1', op: 'o1', squares: -1, certTargetOpHours: 3 },
      ],
    },
  ],
};

const page = (entry = '/?shift=1&cell=A&zone=1') =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <TrainingPage />
    </MemoryRouter>,
  );

const posted = (fetch, path) => fetch.mock.calls.filter(([p, i]) => p === path && i?.method !== 'GET' && i?.body).map(([, i]) => JSON.parse(i.body));

describe('training matrix', () => {
  beforeEach(() => setSessionUser(leader));

  it('shows parts, rotations, counts and at least 22 columns and 20 rows', async () => {
    stubFetch({ [MATRIX]: [200, matrix], '/api/training/operator-list': [200, []], '/api/training/swp-list': [200, []] });
    page();
    expect(await screen.findByText('P-1', {}, { timeout: 5000 })).toBeTruthy();
    // 2 hr orange (antd orange-3), 8 hr blue (blue-3), both under black text.
    expect(screen.getByText('2 hr').style.background).toBe('rgb(255, 213, 145)');
    expect(screen.getByText('8 hr').style.background).toBe('rgb(145, 202, 255)');
    const table = screen.getByRole('table');
    expect(table.querySelectorAll('thead tr > *').length).toBeGreaterThanOrEqual(23);
    expect(table.querySelectorAll('tbody tr').length).toBeGreaterThanOrEqual(20);
    // Its scrolling box is a named region in the tab order (axe: scrollable-region-focusable).
    expect(screen.getByRole('region', { name: 'Training matrix' }).tabIndex).toBe(0);
    const row = screen.getByText('Olivia Grant').closest('th');
    expect(within(row).getByText('1').style.color).toBe('rgb(207, 19, 34)'); // 1 of 3: red
    const p1 = screen.getByText('P-1').closest('th');
    expect(within(p1).getByText('1').style.color).toBe('rgb(35, 120, 4)'); // 1 of 1: green
    expect(screen.getByRole('button', { name: 'OP1 on P-2: level -1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add part' })).toBeTruthy();
    expect(screen.getByText(/Fully certified/)).toBeTruthy();
  });

  it('starts training after a confirm, sets square n, resets from the context menu', async () => {
    const fetch = stubFetch({ [MATRIX]: [200, matrix], 'POST /api/training/matrix/edit/block': [200, {}], '/api/training/operator-list': [200, []] });
    page();
    const fresh = await screen.findByRole('button', { name: 'OP1 on P-2: level -1' }, { timeout: 5000 });
    fireEvent.click(fresh.querySelector('[data-level="3"]'));
    fireEvent.click(await screen.findByRole('button', { name: 'Start training' }));
    await waitFor(() => expect(posted(fetch, '/api/training/matrix/edit/block')).toEqual([{ blockId: 'c2:r1', squares: 0 }]));
    const active = screen.getByRole('button', { name: 'OP1 on P-1: level 4' });
    fireEvent.click(active.querySelector('[data-level="2"]'));
    fireEvent.keyDown(active, { key: '3' });
    fireEvent.contextMenu(active);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset squares' }));
    // Reset squares asks first.
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset squares' }));
    await waitFor(() =>
      expect(posted(fetch, '/api/training/matrix/edit/block').slice(1)).toEqual([
        { blockId: 'c1:r1', squares: 2 },
        { blockId: 'c1:r1', squares: 3 },
        { blockId: 'c1:r1', squares: -1 },
      ]),
    );
  });

  it('moves between blocks with the keys; one block is in the tab order', async () => {
    stubFetch({ [MATRIX]: [200, matrix], '/api/training/operator-list': [200, []] });
    page();
    const first = await screen.findByRole('button', { name: 'OP1 on P-1: level 4' }, { timeout: 5000 });
    expect(first.tabIndex).toBe(0);
    expect(screen.getByRole('button', { name: 'OP1 on P-2: level -1' }).tabIndex).toBe(-1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('OP1 on P-2: level -1'));
    expect(document.activeElement.tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement, { key: 'Home' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('OP1 on P-1: level 4'));
  });

  it('renders only the blocks in view of a 200 × 100 matrix', async () => {
    const partList = Array.from({ length: 200 }, (_, i) => ({
      _id: `c${i}`,
      partNumber: `Q-${i}`,
      partDesc: '',
      partRotation: 4,
      certTarget: 1,
      certCount: 0,
    }));
    const rows = Array.from({ length: 100 }, (_, r) => ({
      _id: `r${r}`,
      opId: `o${r}`,
      opNumber: `B${r}`,
      opName: 'Op',
      certTarget: 1,
      certCount: 0,
      rowData: partList.map((p) => ({ _id: `${p._id}:r${r}`, op: `o${r}`, squares: 0, certTargetOpHours: 1 })),
    }));
    stubFetch({ [MATRIX]: [200, { partList, matrix: rows }], '/api/training/operator-list': [200, []] });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 500 });
    try {
      page();
      // (ByRole queries are slow on a large page in jsdom: a plain selector.)
      await waitFor(() => expect(document.querySelector('[aria-label="B0 on Q-0: level 0"]')).toBeTruthy(), { timeout: 10000 });
      const shown = document.querySelectorAll('[data-block]').length;
      expect(shown).toBeGreaterThan(50);
      expect(shown).toBeLessThan(1000);
      const table = document.querySelector('table');
      expect(table.getAttribute('aria-rowcount')).toBe('101');
      expect(table.getAttribute('aria-colcount')).toBe('201');
    } finally {
      // The stubs are own properties of HTMLElement.prototype: removing them restores
      // Element.prototype's (0 in jsdom).
      delete HTMLElement.prototype.clientWidth;
      delete HTMLElement.prototype.clientHeight;
    }
  });

  it('Reset squares cancelled sends nothing', async () => {
    const fetch = stubFetch({ [MATRIX]: [200, matrix], 'POST /api/training/matrix/edit/block': [200, {}], '/api/training/operator-list': [200, []] });
    page();
    const active = await screen.findByRole('button', { name: 'OP1 on P-1: level 4' }, { timeout: 5000 });
    fireEvent.keyDown(active, { key: 'Delete' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Reset squares?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(posted(fetch, '/api/training/matrix/edit/block')).toEqual([]);
  });

  it("a target out of 0–24 says 'Hours must be between 0 and 24' and is not clamped", async () => {
    const fetch = stubFetch({
      [MATRIX]: [200, matrix],
      'POST /api/training/certs/part': [200, { certTargetPartHours: 0 }],
      '/api/training/operator-list': [200, []],
    });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the target of P-1' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Target');
    for (const bad of ['30', '-1']) {
      fireEvent.change(field, { target: { value: bad } });
      fireEvent.blur(field);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Hours must be between 0 and 24')).toBeTruthy();
      expect(field.value).toBe(bad);
    }
    expect(posted(fetch, '/api/training/certs/part')).toEqual([]);
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posted(fetch, '/api/training/certs/part')).toEqual([{ partNumber: 'P-1', certTargetPartHours: 0, shift: '1', cell: 'A', zone: '1' }]),
    );
  });

  it("a failed edit shows 'Could not edit the training squares' until dismissed", async () => {
    stubFetch({ [MATRIX]: [200, matrix], 'POST /api/training/matrix/edit/block': [500, { error: 'x' }], '/api/training/operator-list': [200, []] });
    page();
    fireEvent.keyDown(await screen.findByRole('button', { name: 'OP1 on P-1: level 4' }, { timeout: 5000 }), { key: '1' });
    expect(await screen.findByText('Could not edit the training squares', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("a failed delete shows the server's message titled Error", async () => {
    stubFetch({
      [MATRIX]: [200, matrix],
      'DELETE /api/training/matrix/delete/part': [409, { error: 'This part is not in the matrix.' }],
      '/api/training/operator-list': [200, []],
    });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete part P-1' }, { timeout: 5000 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('This part is not in the matrix.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
  });

  it('the empty matrix offers the first record and shows the server field errors', async () => {
    const fetch = stubFetch({
      '/api/training/matrix/shift/2/cell/B/zone/1': [200, { partList: [], matrix: [] }],
      '/api/training/operator-list': [200, [{ _id: 'o1', opNo: 'OP1', fullName: 'Olivia Grant' }]],
      '/api/training/swp-list': [200, [{ _id: 'p1', partNumber: 'P-1' }]],
      'POST /api/training/matrix/add/genesis-block': [400, { notes: 'Please limit your notes to 250 characters' }],
    });
    setSessionUser({ ...leader, zones: ['B1'] });
    page('/?shift=2&cell=B&zone=1');
    expect(await screen.findByText(/add the first record/, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add the first record' }));
    expect(await screen.findByText('Please select the part number')).toBeTruthy();
    expect(screen.getByText('Please enter the required rotation hours')).toBeTruthy();
    expect(screen.getByText('Please select the operator number')).toBeTruthy();
    expect(posted(fetch, '/api/training/matrix/add/genesis-block')).toEqual([]);
  });

  it('shows no controls to a user who may not edit, and the not-found message', async () => {
    setSessionUser({ ...leader, department: 'quality' });
    stubFetch({ [MATRIX]: [200, matrix] });
    page();
    expect(await screen.findByRole('img', { name: 'OP1 on P-1: level 4' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add part' })).toBeNull();
    expect(screen.queryByRole('button', { name: /on P-1/ })).toBeNull();
    expect(screen.getByText(/Only managers and supervisors of production and process/)).toBeTruthy();
  });

  it('a matrix that cannot be loaded shows the not-found message', async () => {
    stubFetch({ [MATRIX]: [500, { error: 'x' }] });
    page();
    expect(await screen.findByText('The training matrix could not be found.')).toBeTruthy();
  });

  it('draws larger rows and columns on a touch screen (40 px squares), the usual grid with a mouse', async () => {
    stubFetch({ [MATRIX]: [200, matrix], '/api/training/operator-list': [200, []], '/api/training/swp-list': [200, []] });
    const mouse = page();
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    expect(table.className).toBe('tm-grid');
    expect(table.style.width).toBe(`${240 + 22 * 96}px`);
    mouse.unmount();
    const real = window.matchMedia;
    vi.stubGlobal('matchMedia', (q) => ({ ...real(q), matches: q === '(pointer: coarse)' }));
    try {
      page();
      const touch = await screen.findByRole('table', {}, { timeout: 5000 });
      expect(touch.className).toBe('tm-grid tm-touch');
      expect(touch.style.width).toBe(`${240 + 22 * 112}px`);
      expect(screen.getByText('P-1').closest('th').style.width).toBe('112px');
      const css = [...document.querySelectorAll('style')].map((el) => el.textContent).find((t) => t.includes('.tm-grid'));
      expect(css).toContain('.tm-touch .tm-s{width:40px;height:40px}');
    } finally {
      vi.stubGlobal('matchMedia', real);
    }
  });
});
