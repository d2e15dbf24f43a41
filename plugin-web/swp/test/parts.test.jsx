// The part search of Verification History and of the part page: suggestions come from
// swp's own source; a suggestion's _id is the catalogue part id (stable across revisions).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HistoryTab } from '../src/tabs/HistoryTab';
import { PartSearchPage } from '../src/pages/PartSearchPage';
import { renderWithQuery as render, stubFetch } from './helpers';

const parts = {
  swpList: [
    { _id: 'part-7', partNumber: '7101-0007' },
    { _id: 'part-8', partNumber: '7101-0008' },
  ],
};
const record = { _id: 'r1', verified: true, op: { fullName: 'Olivia Grant', opNo: 'OP1001' }, dateSigned: { date: '2026-03-01T10:00:00Z' } };

async function pick(partNumber) {
  fireEvent.change(screen.getByRole('combobox'), { target: { value: '7101' } });
  const option = await screen.findByText(partNumber, { selector: '.ant-select-item-option-content' }, { timeout: 3000 });
  fireEvent.click(option);
}

describe('part search (swp source)', () => {
  it('Verification History asks by the part id, and the obsolete revisions by part number', async () => {
    const fetch = stubFetch({
      '/api/swps/deployed-swp-part-numbers': [200, parts],
      '/api/island/sign-history/part-7': [200, { opsSigned: [record] }],
      '/api/island/obsolete-sign-history/7101-0007': [200, [{ _id: 'o1', createdDate: '2026-01-02T10:00:00Z', opsSigned: [] }]],
    });
    render(
      <MemoryRouter>
        <HistoryTab />
      </MemoryRouter>,
    );
    await pick('7101-0007');
    expect(await screen.findByText('Olivia Grant')).toBeTruthy();
    expect(await screen.findByText(/Obsolete SWP created on: Jan-02-26/)).toBeTruthy();
    const asked = fetch.mock.calls.map(([p]) => p);
    expect(asked).toContain('/api/swps/deployed-swp-part-numbers?searchTerm=7101&limit=10');
    expect(asked).toContain('/api/island/sign-history/part-7');
  });

  it("the part page loads the part's deployed SWP by part id, then its links", async () => {
    const swp = { _id: 'swp-3', id: 'swp-3', partNumber: '7101-0007', zones: ['A1'], revision: 2, changes: '' };
    const fetch = stubFetch({
      '/api/swps/deployed-swp-part-numbers': [200, parts],
      '/api/swps/deployed-swp': [200, { details: swp }],
      '/api/swps/signed-urls/swp-3': [200, { urls: { swc: '/f/swc', jes: '/f/jes', vis: '/f/vis', video: null } }],
    });
    render(
      <MemoryRouter>
        <PartSearchPage />
      </MemoryRouter>,
    );
    await pick('7101-0007');
    fireEvent.click(await screen.findByRole('button', { name: 'JES' }));
    await waitFor(() => expect(screen.getByTestId('document-viewer').querySelector('iframe')?.getAttribute('src')).toBe('/f/jes#toolbar=1&view=FitH'));
    expect(fetch.mock.calls.map(([p]) => p)).toContain('/api/swps/deployed-swp?partId=part-7');
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(screen.getByText('2')).toBeTruthy();
  });
});
