// The Upload tab's language per drop (decision 82): 'Original' by default on the SWC, JES
// and VIS drops (none on the video); a chosen language opens a drop for the translated
// PDF (the kit's FileDrop, tested in the kit), sent as `translations` with the submit;
// back to 'Original' closes it.
import { beforeEach, describe, expect, it } from 'vitest';
import { setSessionUser } from '@plantdoc/kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { UploadTab } from '../src/tabs/UploadTab';
import TranslationsPanel from '../src/components/TranslationsPanel';
import { translationsPayload, uploadPayload } from '../src/lib';
import { renderWithQuery as render, stubFetch } from './helpers';

const routes = {
  '/api/zones': [200, [{ value: 'A1', label: 'A Zone 1' }]],
  '/api/swps/onBehalfOfUsers': [200, []],
  'POST /api/swps/uploadS3': [400, { zones: 'Please choose at least one zone.' }],
};

async function choose(label, option) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

const form = () =>
  render(
    <MemoryRouter>
      <UploadTab />
    </MemoryRouter>,
  );

describe('Upload tab: a language per drop', () => {
  beforeEach(() => setSessionUser({ _id: 'e1', firstname: 'Erin', lastname: 'Cole', position: 'engineer', department: 'process' }));

  it("shows 'Original' on the SWC, JES and VIS drops and none on the video", async () => {
    stubFetch(routes);
    form();
    await screen.findByText('A Zone 1');
    for (const label of ['Standard Work Chart', 'Job Element Sheet', 'Visual Inspection Sheet']) {
      const select = screen.getByTestId(`lang-${label === 'Standard Work Chart' ? 'swc' : label === 'Job Element Sheet' ? 'jes' : 'vis'}`);
      expect(select.textContent).toContain('Original');
      expect(screen.getByRole('combobox', { name: `${label} translation` })).toBeTruthy();
    }
    expect(screen.queryByRole('combobox', { name: 'Video Aid (optional) translation' })).toBeNull();
    expect(screen.queryByTestId('drop-swc-es')).toBeNull();
  }, 150000);

  it('opens a drop for the translated PDF of the chosen language; Original closes it', async () => {
    stubFetch(routes);
    form();
    await screen.findByText('A Zone 1');
    await choose('Standard Work Chart translation', 'Español');
    await screen.findByTestId('drop-swc-es');
    expect(screen.getByText('Drop the Español Standard Work Chart here or click to browse')).toBeTruthy();
    expect(screen.queryByTestId('drop-jes-es')).toBeNull();
    await choose('Standard Work Chart translation', 'Original');
    await waitFor(() => expect(screen.queryByTestId('drop-swc-es')).toBeNull());
  }, 150000);

  it('sends a dropped translation with the submit, and the spec body without one', () => {
    const base = { swc: [{ serverId: 's' }], jes: [{ serverId: 'j' }], vis: [{ serverId: 'v' }], video: [], zones: ['A1'] };
    const plain = uploadPayload(base);
    expect('translations' in plain).toBe(false);
    const withEs = uploadPayload({ ...base, translations: { swc: { lang: 'es', files: [{ serverId: 't1', status: 'done' }] } } });
    expect(withEs.translations).toEqual([{ section: 'swc', lang: 'es', fileIds: ['t1'] }]);
    expect(withEs.fileIds.swc).toEqual(['s']);
  });

  it('leaves translations out of the payload when none is complete', () => {
    expect(translationsPayload({})).toEqual([]);
    expect(translationsPayload({ swc: { lang: 'es', files: [] }, jes: { lang: '', files: [{ serverId: 'x' }] } })).toEqual([]);
    expect(translationsPayload({ vis: { lang: 'pl', files: [{ serverId: 'v', status: 'done' }] } })).toEqual([{ section: 'vis', lang: 'pl', fileIds: ['v'] }]);
  });
});

describe("the viewer's Translations panel", () => {
  it("says 'No translations yet.' for a deployed SWP without any (no spinner left turning)", async () => {
    stubFetch({});
    render(<TranslationsPanel swp={{ _id: 's1', partNumber: '7101-0001' }} />);
    await screen.findByText('No translations yet.');
    expect(screen.getByTestId('translations-panel').querySelector('.ant-spin-spinning')).toBeNull();
  });
});

describe("the viewer's translations open in a viewer", () => {
  it('opens a translation in any state by its short-lived link', async () => {
    stubFetch({ '/api/swps/translations/file/t1': [200, { url: '/files/s/abc?sig=1', status: 'pending', sha256: 'x' }] });
    const swp = {
      _id: 's1',
      partNumber: '7101-0001',
      translations: [{ id: 't1', section: 'jes', lang: 'es', uploadedAt: '2026-11-29T08:00:00Z', status: 'pending' }],
    };
    render(<TranslationsPanel swp={swp} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open' }));
    const frame = await screen.findByTitle('JES · Español');
    expect(frame.getAttribute('src')).toContain('/files/s/abc?sig=1');
  });
});

describe('a new revision owes the translations of the one it follows', () => {
  it('lists them in the Translations panel', async () => {
    stubFetch({ '/api/swps/s2/translations/missing': [200, { from: 's1', missing: [{ section: 'jes', lang: 'es' }] }] });
    render(<TranslationsPanel swp={{ _id: 's2', partNumber: '7101-0001', translations: [] }} />);
    expect((await screen.findByTestId('missing-jes-es')).textContent).toBe('JES · Español');
  });
  it('says so after an upload that leaves some behind', async () => {
    setSessionUser({ _id: 'e1', firstname: 'Erin', lastname: 'Cole', position: 'engineer', department: 'process' });
    stubFetch({
      ...routes,
      'POST /api/swps/uploadS3': [200, { swp: { _id: 's2', status: 'pending' } }],
      '/api/swps/s2/translations/missing': [200, { from: 's1', missing: [{ section: 'swc', lang: 'pl' }] }],
    });
    const { container } = form();
    await screen.findByText('A Zone 1');
    fireEvent.submit(container.querySelector('form'));
    await screen.findByText('Your standard work package has been submitted.');
    expect((await screen.findByTestId('missing-swc-pl')).textContent).toBe('SWC · Polski');
  }, 150000);
});
