import { beforeEach, describe, expect, it } from 'vitest';
import { charactersLeft, setSessionUser } from '@plantdoc/kit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { UploadTab } from '../src/tabs/UploadTab';
import { formDefaults, uploadPayload } from '../src/lib';
import { renderWithQuery as render, stubFetch } from './helpers';

const zones = [
  { value: 'A1', label: 'A Zone 1' },
  { value: 'B1', label: 'B Zone 1' },
];

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderForm(entry = '/main/swps') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/main/swps"
          element={
            <>
              <UploadTab />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const baseRoutes = {
  '/api/zones': [200, zones],
  '/api/swps/onBehalfOfUsers': [200, [{ _id: 'u2', firstname: 'Elias', lastname: 'Park' }]],
};

describe('Upload form', () => {
  // A process manager sees every control, the bypass checkbox included.
  beforeEach(() => setSessionUser({ _id: 'm1', firstname: 'Paula', lastname: 'Reyes', position: 'manager', department: 'process' }));

  it('shows the bypass checkbox to every uploader: disabled, with the reason, for engineers', async () => {
    setSessionUser({ _id: 'e1', firstname: 'Erin', lastname: 'Cole', position: 'engineer', department: 'process' });
    const fetch = stubFetch({ ...baseRoutes, 'POST /api/swps/uploadS3': [400, { zones: 'Please choose at least one zone.' }] });
    renderForm();
    expect(await screen.findByText('A Zone 1')).toBeTruthy();
    const box = screen.getByLabelText('Bypass management approval and deploy directly to the floor');
    expect(box.disabled).toBe(true);
    expect(screen.getByTestId('bypass-reason').textContent).toBe('Only managers may bypass management approval.');
    expect(box.getAttribute('aria-describedby')).toBe('bypass-reason');
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByTestId('error-zones');
    const sent = JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/swps/uploadS3')[1].body);
    expect(sent.bypassManagement).toBe(false);
  });

  it('lets a manager tick the bypass checkbox, with no reason shown', async () => {
    stubFetch(baseRoutes);
    renderForm();
    await screen.findByText('A Zone 1');
    const box = screen.getByLabelText('Bypass management approval and deploy directly to the floor');
    expect(box.disabled).toBe(false);
    expect(screen.queryByTestId('bypass-reason')).toBeNull();
    fireEvent.click(box);
    expect(box.checked).toBe(true);
  });

  it('shows the four drop areas, the prompts and the zone checkboxes', async () => {
    stubFetch(baseRoutes);
    renderForm();
    for (const label of ['Standard Work Chart', 'Job Element Sheet', 'Visual Inspection Sheet', 'Video Aid (optional)']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Select Process Engineer')).toBeTruthy();
    expect(await screen.findByText('A Zone 1')).toBeTruthy();
    expect(screen.getByText('Bypass management approval and deploy directly to the floor')).toBeTruthy();
    expect(screen.getByLabelText('Production Release').checked).toBe(true);
    expect(screen.getByLabelText('New Release').checked).toBe(true);
  });

  it('disables Changes for a New Release and counts down to 140, red at 140', async () => {
    stubFetch(baseRoutes);
    renderForm();
    const changes = document.getElementById('changes');
    expect(changes.disabled).toBe(true);
    expect(screen.getByTestId('changes-counter').textContent).toBe('140 characters left');
    fireEvent.click(screen.getByLabelText('Changes to Existing Document'));
    expect(changes.disabled).toBe(false);
    fireEvent.change(changes, { target: { value: 'abc' } });
    expect(screen.getByTestId('changes-counter').textContent).toBe('137 characters left');
    expect(screen.getByTestId('changes-counter').style.color).toBe('');
    fireEvent.change(changes, { target: { value: 'x'.repeat(150) } });
    expect(changes.value).toHaveLength(140);
    expect(screen.getByTestId('changes-counter').textContent).toBe('0 characters left');
    expect(screen.getByTestId('changes-counter').style.color).toBe('rgb(207, 19, 34)');
    // Back to New Release: disabled and emptied.
    fireEvent.click(screen.getByLabelText('New Release'));
    expect(changes.disabled).toBe(true);
    expect(changes.value).toBe('');
  });

  it('shows the server field errors under their fields, then succeeds', async () => {
    const errors = {
      swc: 'Please upload the Standard Work Chart.',
      jes: 'Please upload the Job Element Sheet.',
      vis: 'Please upload the Visual Inspection Sheet.',
      partNumber: 'Please enter a part number.',
      zones: 'Please choose at least one zone.',
      bypass: 'Only managers may bypass management approval.',
    };
    let calls = 0;
    const fetch = stubFetch({
      ...baseRoutes,
      'POST /api/swps/uploadS3': () => (++calls === 1 ? [400, errors] : [200, { swp: { _id: 's1' } }]),
    });
    renderForm();
    await screen.findByText('A Zone 1');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    for (const [field, text] of Object.entries(errors)) {
      const el = await screen.findByTestId(`error-${field}`);
      expect(el.textContent).toBe(text);
    }
    const sent = JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/swps/uploadS3')[1].body);
    expect(sent).toEqual({
      fileIds: { swc: [], jes: [], vis: [], video: null, opin: [] },
      partNumber: '',
      format: 'swp',
      zones: [],
      onBehalfOf: null,
      newRelease: true,
      referenceOnly: false,
      changes: '',
      bypassManagement: false,
    });
    fireEvent.click(screen.getByText('A Zone 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(screen.getByText('Your standard work package has been submitted.')).toBeTruthy();
    const second = JSON.parse(fetch.mock.calls.filter(([p]) => p === '/api/swps/uploadS3')[1][1].body);
    expect(second.zones).toEqual(['A1']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to SWPs' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/main/swps'));
  });

  it('says a submit that bypassed review was deployed, not submitted', async () => {
    stubFetch({ ...baseRoutes, 'POST /api/swps/uploadS3': [200, { swp: { _id: 's1', status: 'deployed' } }] });
    renderForm();
    await screen.findByText('A Zone 1');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your standard work package has been deployed to the plant floor.')).toBeTruthy();
    expect(screen.queryByText('Your standard work package has been submitted.')).toBeNull();
  });

  it('replaces Submit with a spinner while submitting', async () => {
    let release;
    const stub = stubFetch(baseRoutes);
    const plain = stub.getMockImplementation();
    stub.mockImplementation((path, init) =>
      path === '/api/swps/uploadS3'
        ? new Promise((r) => (release = r)).then(() => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }))
        : plain(path, init),
    );
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('submitting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    release();
    expect(await screen.findByText('Success!')).toBeTruthy();
  });
});

describe('upload helpers', () => {
  it('looks the part number up in the whole catalogue and says whether it is new', async () => {
    const catalogue = [
      { _id: 'p1', partNumber: '7101-0001' },
      { _id: 'p2', partNumber: '7101-0002' },
    ];
    const fetch = stubFetch({
      ...baseRoutes,
      '/api/swps/catalogue-part-numbers': (path) => [
        200,
        { partList: catalogue.filter((p) => p.partNumber.startsWith(new URL(path, 'http://x').searchParams.get('searchTerm'))) },
      ],
    });
    renderForm();
    await screen.findByText('A Zone 1');
    const field = document.querySelector('#partNumber');
    fireEvent.change(field, { target: { value: '7101-0001' } });
    expect(await screen.findByText('Known part (in the catalogue)', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(field, { target: { value: '7101-0009' } });
    expect(await screen.findByText('New part: it will be added to the catalogue', {}, { timeout: 5000 })).toBeTruthy();
    expect(fetch.mock.calls.map(([p]) => p)).toContain('/api/swps/catalogue-part-numbers?searchTerm=7101-0001&limit=10');
  });

  it('counts characters left', () => {
    expect(charactersLeft('')).toBe('140 characters left');
    expect(charactersLeft('x'.repeat(140))).toBe('0 characters left');
  });

  it('builds the uploadS3 payload in upload order, changes only for a change', () => {
    const p = uploadPayload({
      swc: [{ serverId: 'a' }, { serverId: 'b' }],
      jes: [{ serverId: 'c' }],
      vis: [{ serverId: 'd' }, { status: 'error' }],
      video: [{ serverId: 'v' }],
      partNumber: ' 7101-0001 ',
      zones: ['A1'],
      onBehalfOf: 'CURRENT_USER',
      newRelease: false,
      referenceOnly: true,
      changes: 'New torque',
      bypassManagement: true,
    });
    expect(p).toEqual({
      fileIds: { swc: ['a', 'b'], jes: ['c'], vis: ['d'], video: 'v', opin: [] },
      partNumber: '7101-0001',
      format: 'swp',
      zones: ['A1'],
      onBehalfOf: 'CURRENT_USER',
      newRelease: false,
      referenceOnly: true,
      changes: 'New torque',
      bypassManagement: true,
    });
    expect(uploadPayload({ newRelease: true, changes: 'x' }).changes).toBe('');
  });

  it('fills a corrected version from the rejected SWP and names it in the payload', async () => {
    setSessionUser({ _id: 'e1', firstname: 'Erin', lastname: 'Cole', position: 'engineer', department: 'process' });
    const rejected = {
      _id: 'r1',
      partNumber: '7101-0001',
      status: 'rejected',
      owner: { _id: 'e1', firstname: 'Erin', lastname: 'Cole' },
      onBehalfOf: { _id: 'u2', name: 'Elias Park' },
      zones: ['B1'],
      newRelease: false,
      referenceOnly: true,
      changes: 'New torque',
      approvals: { process: { status: 'Pending' }, quality: { status: 'Rejected', reviewer: 'Quinn Stone', date: '2026-03-04T14:05:00Z', note: 'Step 4' } },
    };
    const fetch = stubFetch({
      ...baseRoutes,
      '/api/swps/swp/r1': [200, { swp: rejected }],
      'POST /api/swps/uploadS3': [400, { corrects: 'A corrected version is for the same part (7101-0001).' }],
    });
    renderForm('/main/swps?tab=upload&corrects=r1');
    const notice = await screen.findByTestId('corrects-notice');
    expect(notice.textContent).toContain('Corrected version of the SWP for part 7101-0001 rejected on Mar-04-26 02:05pm by Quinn Stone');
    expect(notice.textContent).toContain('“Step 4”');
    await screen.findByText('A Zone 1');
    expect(document.querySelector('#partNumber').value).toBe('7101-0001');
    expect(screen.getByLabelText('B Zone 1').checked).toBe(true);
    expect(screen.getByLabelText('A Zone 1').checked).toBe(false);
    expect(screen.getByLabelText('Reference Only').checked).toBe(true);
    expect(screen.getByLabelText('Changes to Existing Document').checked).toBe(true);
    expect(screen.getByLabelText('Changes').value).toBe('New torque');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('error-corrects')).textContent).toBe('A corrected version is for the same part (7101-0001).');
    const sent = JSON.parse(fetch.mock.calls.find(([p]) => p === '/api/swps/uploadS3')[1].body);
    expect([sent.corrects, sent.partNumber, sent.onBehalfOf, sent.zones]).toEqual(['r1', '7101-0001', 'u2', ['B1']]);
  });

  it('starts a corrected version as its author: Myself when the author is the user, a new release keeps no changes', () => {
    const me = { _id: 'e1' };
    const base = { partNumber: 'P', zones: ['A1'], owner: { _id: 'e1' }, onBehalfOf: null, newRelease: true, changes: 'x' };
    expect(formDefaults(base, me)).toEqual({ partNumber: 'P', zones: ['A1'], onBehalfOf: 'CURRENT_USER', referenceOnly: false, newRelease: true, changes: '' });
    expect(formDefaults({ ...base, owner: { _id: 'e9' } }, me).onBehalfOf).toBe('e9');
    expect(formDefaults(null, me).partNumber).toBe('');
    expect(uploadPayload({}).corrects).toBeUndefined();
  });
});
