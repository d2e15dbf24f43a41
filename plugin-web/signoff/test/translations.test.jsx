// Sign Off's Translations tab (decision 95): shown only while translations wait for the
// caller's stage; each names its document, section, language and proposer; Approve and
// Reject (with the note) post to the module's translation calls and the list is read again.
import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SignOffPage } from '../src/pages/SignOffPage';
import { renderWithQuery as render, stubFetch } from './helpers';

configure({ asyncUtilTimeout: 20000 });
vi.setConfig({ testTimeout: 120_000 });

const waiting = {
  id: 't1',
  docId: 's1',
  title: 'part 7101-0001 revision 0',
  section: 'swc',
  lang: 'es',
  status: 'pending',
  proposedBy: 'Erin Cole',
  uploadedAt: '2026-03-04T14:05:00Z',
  stage: 'quality',
};

function renderPage(entry) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/main/sign-off" element={<SignOffPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Sign Off: translations', () => {
  it('has no Translations tab when none waits (the spec page)', async () => {
    stubFetch({
      '/api/swps/pending-my-approval': [200, { swps: [], urls: {} }],
      '/api/swps/translations/waiting': [200, { translations: [] }],
    });
    renderPage('/main/sign-off');
    await screen.findByRole('tab', { name: 'SWPs' });
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(2));
  });

  it('lists a waiting translation and approves it with the note', async () => {
    let answered = false;
    const fetch = stubFetch({
      '/api/swps/pending-my-approval': [200, { swps: [], urls: {} }],
      '/api/swps/translations/waiting': () => [200, { translations: answered ? [] : [waiting] }],
      'POST /api/swps/translations/approve/t1': () => {
        answered = true;
        return [200, { translation: { ...waiting, status: 'approved' } }];
      },
    });
    renderPage('/main/sign-off?tab=translations');
    const item = await screen.findByTestId('waiting-translation-t1');
    expect(item.textContent).toContain('part 7101-0001 revision 0 — SWC · Español');
    expect(item.textContent).toContain('Erin Cole');
    fireEvent.change(screen.getByRole('textbox', { name: 'Review note' }), { target: { value: 'Checked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByText('No translations wait for your review.');
    const call = fetch.mock.calls.find(([p, init]) => p === '/api/swps/translations/approve/t1' && init?.method === 'POST');
    expect(JSON.parse(call[1].body)).toEqual({ reviewNote: 'Checked' });
  });

  it("shows the server's refusal of a rejection without a note", async () => {
    stubFetch({
      '/api/swps/pending-my-approval': [200, { swps: [], urls: {} }],
      '/api/swps/translations/waiting': [200, { translations: [waiting] }],
      'POST /api/swps/translations/reject/t1': [400, { reviewNote: 'Please enter a note for the author.' }],
    });
    renderPage('/main/sign-off?tab=translations');
    await screen.findByTestId('waiting-translation-t1');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Please enter a note for the author.')).toBeTruthy();
  });
});
