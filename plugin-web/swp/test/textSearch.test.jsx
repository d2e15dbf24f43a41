// Browse's 'Search in documents' (decision 73): the words and the results page live in the
// address; a word on more pages than the server counts (decision 86: `totalExact`
// false) is said above the results, and the pager stops at what was counted.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import TextSearch from '../src/components/TextSearch';
import { renderWithQuery as render, stubFetch } from './helpers';

const hit = (page) => ({ swpId: `s${page}`, partNumber: '7101-0001', revision: 1, section: 'jes', page, snippet: 'set the <mark>torque</mark>' });

function show(q, answer) {
  const fetch = stubFetch({ '/api/swps/search-text': [200, answer] });
  render(
    <MemoryRouter initialEntries={[`/main/swps/browse?mode=documents&text=${q}`]}>
      <TextSearch onOpen={() => {}} />
    </MemoryRouter>,
  );
  return fetch;
}

describe('Search in documents', () => {
  it('says when more pages match than were counted, and pages up to the count', async () => {
    const fetch = show('torque', { results: Array.from({ length: 10 }, (_, i) => hit(i + 1)), total: 1000, totalExact: false });
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'More than 1,000 pages hold these words: 1,000 of them are ranked here. Add a word to narrow the search.',
    );
    expect(screen.getByTitle('100')).toBeTruthy(); // the last page of ten results each
    expect(fetch.mock.calls.map(([p]) => p)).toContain('/api/swps/search-text?q=torque&page=1&limit=10');
  });

  it('an exact count says nothing more', async () => {
    show('clamp', { results: [hit(1)], total: 1, totalExact: true });
    expect(await screen.findByText('7101-0001 · revision 1 · JES page 1')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
