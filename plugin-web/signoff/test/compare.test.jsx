// Reviewers compare: a new revision in review opens beside the deployed one of its part
// ('Compare with the deployed revision', in the URL), the kit's ComparePages marking what
// changed; a first release has nothing to compare and offers no button.
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen } from '@testing-library/react';
import { renderPage } from './page';
import { stubFetch } from './helpers';

configure({ asyncUtilTimeout: 20000 });
vi.setConfig({ testTimeout: 120_000 });

// The pages themselves are the kit's ComparePages (tested with the kiosk's and console's
// compare in a browser); here: which two files it is given.
vi.mock('../../kit/src/ComparePages.jsx', async (original) => {
  const real = await original();
  const words = (d) => d.pages.map((p) => p.join(' ')).join('|');
  const ComparePages = ({ pair, headingLevel }) => (
    <div data-testid="pair" data-heading-level={headingLevel}>{`${words(pair.before)} → ${words(pair.after)}`}</div>
  );
  return { ...real, ComparePages };
});

// A "PDF" is its words, page by page, named in the link (as in the kiosk's compare tests).
vi.mock('../../kit/src/compare/pdf.js', async (original) => {
  const real = await original();
  const openPdf = async (url) => {
    const pages = new URL(url, 'http://x').searchParams
      .get('p')
      .split('|')
      .map((p) => p.split(' '));
    return { doc: { numPages: pages.length }, pages, stamped: pages.map(() => true) };
  };
  return { ...real, openPdf };
});

const swp = (id, revision) => ({
  _id: id,
  partNumber: 'P-1',
  revision,
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  zones: ['A1'],
  changes: 'Torque',
  approvals: {},
});
const pdf = (pages) => `/f/doc?p=${encodeURIComponent(pages.join('|'))}`;
const urls = (swc) => ({ urls: { swc: pdf(swc), jes: pdf(['j']), vis: pdf(['v']), video: null } });

function renderAt(entry, list) {
  stubFetch({
    '/api/swps/pending-my-approval': [200, { swps: list, urls: {} }],
    '/api/swps/signed-urls/new': [200, urls(['torque 12 Nm', 'same page'])],
    '/api/swps/signed-urls/old': [200, urls(['torque 10 Nm', 'same page'])],
    '/api/swps/revisions/new': [200, { revisions: [{ _id: 'old', revision: 0, status: 'deployed', deployDate: null }] }],
  });
  return renderPage(entry);
}

describe('Sign Off: compare with the deployed revision', () => {
  it('opens beside the deployed revision, in the URL, and closes back to the document', async () => {
    renderAt('/main/sign-off?review=new', [swp('new', 1)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Compare with the deployed revision' }));
    await screen.findByTestId('compare-view');
    expect(screen.getByTestId('where').textContent).toBe('/main/sign-off?review=new&compare=1');
    // The deployed revision's SWC beside the one in review, the deployed one chosen.
    const pair = await screen.findByTestId('pair');
    expect(pair.textContent).toBe('torque 10 Nm|same page → torque 12 Nm|same page');
    // Its pages' headings come first after the page's h1 (axe's heading-order).
    expect(pair.dataset.headingLevel).toBe('2');
    expect(screen.getByText('Release (deployed)')).toBeTruthy();
    expect(screen.getByTestId('review-panel')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close Compare' }));
    expect(screen.getByTestId('where').textContent).toBe('/main/sign-off?review=new');
  });

  it('a first release offers no compare', async () => {
    renderAt('/main/sign-off?review=new', [swp('new', 0)]);
    await screen.findByTestId('review-panel');
    expect(screen.queryByRole('button', { name: 'Compare with the deployed revision' })).toBeNull();
  });
});
