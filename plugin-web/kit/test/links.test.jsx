// Signed links expire (at most 300 s): the viewer asks for new ones whenever a document is
// shown, and again before they run out while it stays open.
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { api } from '../src/api';
import { DocumentViewer } from '../src/DocumentViewer';
import { linkRefreshMs } from '../src/query';
import { renderWithQuery as render, stubFetch } from './helpers';

/** A links endpoint whose every answer carries a new signature. */
function signedLinks() {
  let n = 0;
  const fetch = stubFetch({
    '/api/docs/links/d1': () => {
      n += 1;
      return [200, { urls: { swc: `/f/swc.pdf?sig=${n}`, jes: `/f/jes.pdf?sig=${n}`, vis: `/f/vis.pdf?sig=${n}`, video: null } }];
    },
  });
  const links = { queryKey: ['docs', 'links', 'd1'], queryFn: () => api.get('/api/docs/links/d1').then((b) => b.urls) };
  return { fetch, links, calls: () => fetch.mock.calls.length };
}

const frameSrc = () => screen.getByTestId('document-viewer').querySelector('iframe')?.getAttribute('src')?.split('#')[0];
// Lets the answer in flight arrive (a few ms of fake time).
const settle = async () => {
  for (let i = 0; i < 3; i += 1) await act(() => vi.advanceTimersByTimeAsync(10));
};

describe('signed document links', () => {
  it('refreshes at 80 % of the lifetime', () => {
    expect(linkRefreshMs(300)).toBe(240_000);
    expect(linkRefreshMs(10)).toBe(8_000);
    expect(linkRefreshMs()).toBe(240_000);
  });

  it('fetches a fresh link before the old one expires and shows it, while the viewer stays open', async () => {
    vi.useFakeTimers();
    const { links, calls } = signedLinks();
    render(<DocumentViewer links={links} lifetimeSeconds={10} />);
    await settle();
    expect(frameSrc()).toBe('/f/swc.pdf?sig=1');
    expect(calls()).toBe(1);

    // Not yet at 80 % of 10 s: the same link.
    await act(() => vi.advanceTimersByTimeAsync(7_000));
    expect(calls()).toBe(1);
    // At 8 s a new link is fetched and put in the frame, before the first one expires.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls()).toBe(2);
    await settle();
    expect(frameSrc()).toBe('/f/swc.pdf?sig=2');
    // Left open for an hour: never older than 8 s.
    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    expect(calls()).toBe(2 + 450);
    await settle();
    expect(frameSrc()).toBe(`/f/swc.pdf?sig=${calls()}`);
  });

  it('fetches new links each time a document is shown or shown again', async () => {
    vi.useFakeTimers();
    const { links, calls } = signedLinks();
    const { unmount } = render(<DocumentViewer links={links} lifetimeSeconds={300} />);
    await settle();
    expect(frameSrc()).toBe('/f/swc.pdf?sig=1');
    fireEvent.click(screen.getByRole('button', { name: 'JES' }));
    await settle();
    expect(frameSrc()).toBe('/f/jes.pdf?sig=2');
    fireEvent.click(screen.getByRole('button', { name: 'SWC' }));
    await settle();
    expect(frameSrc()).toBe('/f/swc.pdf?sig=3');
    expect(screen.getByRole('button', { name: 'VIDEO' }).disabled).toBe(true);
    unmount();

    // Opened again later (same client): no cached link is shown, a new one is fetched.
    render(<DocumentViewer links={links} lifetimeSeconds={300} />);
    expect(screen.getByTestId('document-viewer').querySelector('iframe')).toBeNull();
    await settle();
    expect(calls()).toBe(4);
    expect(frameSrc()).toBe('/f/swc.pdf?sig=4');
  });
});
