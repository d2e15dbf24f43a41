// The kiosk's side of decision 79: the History shows each signature's meaning and
// mode; 'Search in documents' shows the results (snippet marks as text, never HTML) in
// touch-sized targets and opens a result; 'What changed' lists the changed pages of each
// document against the revision the operator signed last and opens the compare there
// (pdf.js replaced by the documents' words: the panel is what is tested here).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { History } from '../src/components/History';
import { DocSearch } from '../src/components/DocSearch';
import { WhatChanged } from '../src/components/WhatChanged';

vi.mock('../../kit/src/compare/pdf.js', async (original) => {
  const real = await original();
  // A "PDF" here is its words, page by page, named in the link: /f/<doc>?p=word+word|word
  const openPdf = async (url) => {
    const pages = new URL(url, 'http://x').searchParams
      .get('p')
      .split('|')
      .map((p) => p.split(' '));
    return { doc: { numPages: pages.length }, pages, stamped: pages.map(() => true) };
  };
  return { ...real, openPdf };
});

const json = (body, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const wrap = (ui) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
const stubApi = (answers) => {
  const fetch = vi.fn(async (path) => {
    const key = Object.keys(answers).find((k) => String(path).includes(k));
    return key ? json(answers[key]) : json({ error: 'not found' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

afterEach(() => vi.unstubAllGlobals());

test("the kiosk history shows each signature's meaning and mode", async () => {
  const date = (d) => ({ date: d });
  stubApi({
    '/api/island/sign-history/s1': {
      opsSigned: [
        {
          _id: 'k1',
          op: { fullName: 'Olivia Grant', opNo: 'OP1001' },
          cl: { fullName: 'Sam Ortiz' },
          dateSigned: date('2026-03-04T14:05:00.000Z'),
          dateVerified: date('2026-03-04T14:10:00.000Z'),
          signMeaning: 'Read',
          signMode: 'badge+pin',
          verifyMeaning: 'Verified',
          verifyMode: 'badge',
        },
        { _id: 'k2', op: { fullName: 'Omar Haddad', opNo: 'OP1002' }, dateSigned: date('2026-03-05T08:00:00.000Z'), signMeaning: 'Read', signMode: 'badge' },
      ],
    },
  });
  wrap(<History swpId="s1" />);
  expect(await screen.findByText('Read (badge+pin), Verified (badge)')).toBeTruthy();
  expect(screen.getByText('Read (badge)')).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: 'Meaning' })).toBeTruthy();
  // The spec's six columns stay, first and in order.
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'Operator',
    'Employee',
    'Signed',
    'Verifier',
    'Verfied',
    'Expires',
    'Meaning',
  ]);
});

describe('Search in documents (reference mode)', () => {
  test('results in 48 px targets, the words marked as text, a result opens', async () => {
    const fetch = stubApi({
      '/api/swps/search-text': {
        results: [{ swpId: 's9', partNumber: '7101-0001', revision: 1, section: 'jes', page: 2, snippet: 'set the <mark>torque</mark> to <b>30</b> Nm' }],
        total: 1,
      },
    });
    const onOpen = vi.fn();
    const onSearch = vi.fn();
    const view = wrap(<DocSearch q="" page={1} onSearch={onSearch} onOpen={onOpen} />);
    fireEvent.change(screen.getByLabelText('Words to find in the documents'), { target: { value: ' torque ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('torque', 1);
    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <DocSearch q="torque" page={1} onSearch={onSearch} onOpen={onOpen} />
      </QueryClientProvider>,
    );
    const hit = await screen.findByTestId('search-hit');
    expect(String(fetch.mock.calls.at(-1)[0])).toContain('/api/swps/search-text?q=torque&page=1&limit=6');
    expect(hit.textContent).toContain('7101-0001 rev 1 · JES page 2');
    expect(hit.querySelector('mark').textContent).toBe('torque');
    expect(hit.querySelector('b')).toBeNull(); // the server's text is never HTML
    expect(hit.textContent).toContain('<b>30</b>');
    expect(hit.style.minHeight).toBe('48px');
    expect(screen.getByRole('button', { name: 'Search' }).style.minHeight).toBe('48px');
    fireEvent.click(hit);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ swpId: 's9', section: 'jes', page: 2 }));
  });

  test('a word on more pages than were counted says so and asks for another word', async () => {
    stubApi({
      '/api/swps/search-text': {
        results: [{ swpId: 's9', partNumber: '7101-0001', revision: 1, section: 'jes', page: 2, snippet: '<mark>torque</mark>' }],
        total: 1000,
        totalExact: false,
      },
    });
    wrap(<DocSearch q="torque" page={1} onSearch={() => {}} onOpen={() => {}} />);
    expect(await screen.findByText(/^More than 1.000 pages found\. Add a word to narrow the search\.$/)).toBeTruthy();
    expect(screen.queryByText(/page\(s\) found|pages found$/)).toBeNull();
  });

  test("a bad query shows the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ q: 'Please type at most 10 words.' }, 400)),
    );
    wrap(<DocSearch q="a b c d e f g h i j k" page={1} onSearch={() => {}} onOpen={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Please type at most 10 words.');
  });
});

describe('What changed', () => {
  const pdf = (pages) => `/f/doc?p=${encodeURIComponent(pages.join('|'))}`;
  const earlier = {
    _id: 'rev0',
    revision: 0,
    status: 'obsolete',
    signedAt: '2026-03-04T14:05:00.000Z',
    urls: { swc: pdf(['one', 'torque 20 Nm']), jes: pdf(['same']), vis: pdf(['a', 'b']) },
  };
  const links = { swc: pdf(['one', 'torque 30 Nm', 'new page']), jes: pdf(['same']), vis: pdf(['a']) };

  test('lists the pages changed per document since the revision signed; a page opens the compare', async () => {
    stubApi({ '/api/swps/last-signed/rev1/op-1': { lastSigned: earlier } });
    const open = vi.fn();
    wrap(<WhatChanged swpId="rev1" opId="op-1" links={links} open={open} />);
    expect(await screen.findByText('Since revision 0, which you signed on Mar-04-26 02:05pm:')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('changed-swc').textContent).toBe('SWC: Page 2Page 3 (added)'));
    expect(screen.getByTestId('changed-jes').textContent).toBe('JES: no pages changed');
    expect(screen.getByTestId('changed-vis').textContent).toBe('VIS: Page 2 (removed)');
    fireEvent.click(screen.getByRole('button', { name: 'SWC page 2: compare' }));
    expect(open).toHaveBeenCalledWith('swc', 2);
  });

  test('nothing for an operator whose last signature is this revision, or who never signed the part', async () => {
    const fetch = stubApi({
      '/api/swps/last-signed/rev1/op-1': { lastSigned: { ...earlier, _id: 'rev1' } },
      '/api/swps/last-signed/rev1/op-2': { lastSigned: null },
    });
    const view = wrap(
      <>
        <WhatChanged swpId="rev1" opId="op-1" links={links} open={() => {}} />
        <WhatChanged swpId="rev1" opId="op-2" links={links} open={() => {}} />
      </>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(view.container.textContent).toBe('');
  });
});
