// The separate Add Training form: server field errors, a general error, the 6 s toast.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AddTrainingPage } from '../src/pages/AddTrainingPage';
import { renderWithQuery as render, stubFetch } from './helpers';

const lists = {
  '/api/training/swp-list': [200, [{ _id: 'p1', partNumber: 'P-1' }]],
  '/api/training/operator-list': [200, [{ _id: 'o1', opNo: 'OP1', fullName: 'Olivia Grant' }]],
};

async function choose(label, option) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

async function fill() {
  await choose('Part number', 'P-1');
  await choose('Operator', 'OP1 Olivia Grant');
  await choose('Training level', '2: Trained to run at proper rate');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

const page = () =>
  render(
    <MemoryRouter>
      <AddTrainingPage />
    </MemoryRouter>,
  );

describe('Add Training', () => {
  it('posts {partNumber, part, squares, op} and shows the toast', async () => {
    const fetch = stubFetch({ ...lists, 'POST /api/training/add': [200, { squares: 2 }] });
    page();
    await fill();
    expect(await screen.findByText('Training added')).toBeTruthy();
    const body = JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/training/add')[1].body);
    expect(body).toEqual({ partNumber: 'P-1', part: 'p1', squares: 2, op: 'o1' });
  });

  it('shows server field errors and a general error', async () => {
    stubFetch({ ...lists, 'POST /api/training/add': [400, { op: 'Please select the operator number' }] });
    page();
    await fill();
    expect(await screen.findByText('Please select the operator number')).toBeTruthy();
    stubFetch({ ...lists, 'POST /api/training/add': [400, { error: 'No training matrix has part P-1 and operator OP1 yet' }] });
    await fill();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('No training matrix has part P-1'));
  });

  it('checks the fields before sending', async () => {
    const fetch = stubFetch(lists);
    page();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select the part number')).toBeTruthy();
    expect(fetch.mock.calls.some(([p]) => p === '/api/training/add')).toBe(false);
  });
});
