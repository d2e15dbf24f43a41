import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { Bell, BELL_TOOLTIP } from '../src/console/Bell';
import { renderWithQuery, stubFetch } from './fixtures';

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

const item = (id, read) => ({
  id,
  kind: 'swp.submitted',
  label: 'An SWP waits for your review',
  title: `An SWP waits for your quality review: part P-${id}`,
  note: null,
  link: `/main/sign-off?review=${id}`,
  subject: `swp:${id}`,
  createdAt: 1767225600000,
  read,
});

function renderBell(page) {
  const fetch = stubFetch({
    '/api/notifications': [200, page],
    'POST /api/notifications/read': [200, { unread: 0 }],
  });
  renderWithQuery(
    <MemoryRouter initialEntries={['/main/swps']}>
      <Bell />
      <Where />
    </MemoryRouter>,
  );
  return fetch;
}

describe('the bell', () => {
  it('keeps the spec tooltip with nothing unread', async () => {
    renderBell({ items: [], total: 0, unread: 0, page: 1, limit: 10 });
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(BELL_TOOLTIP)).toBeTruthy();
    expect(document.querySelector('.ant-badge-count')).toBeNull();
  });

  it('counts the unread ones, lists them and opens one, marking it read', async () => {
    const fetch = renderBell({ items: [item('a1', false), item('b2', true)], total: 2, unread: 1, page: 1, limit: 10 });
    await waitFor(() => expect(document.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const link = await screen.findByRole('link', { name: 'An SWP waits for your quality review: part P-a1' });
    expect(screen.getAllByTestId('notification')).toHaveLength(2);
    // The date is on a line of its own (a flex row), not glued to the title.
    const meta = screen.getAllByTestId('notification-meta')[0];
    expect(meta.style.display).toBe('flex');
    expect(meta.contains(link)).toBe(false);
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/main/sign-off?review=a1'));
    const read = fetch.mock.calls.find(([p, init]) => p === '/api/notifications/read' && init?.method === 'POST');
    expect(JSON.parse(read[1].body)).toEqual({ ids: ['a1'] });
  });
});
