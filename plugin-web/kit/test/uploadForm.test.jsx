// The upload form frame of the kit (src/UploadForm.jsx), on a real TanStack mutation over
// a stubbed fetch: editing, submitting (spinner), field errors (under their fields, others
// above Submit), success ('Success!', the module's text and its way back).
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { api } from '../src/api';
import { fieldHelp } from '../src/fieldHelp';
import { ChangesField, charactersLeft, CorrectsNotice, MAX_CHANGES, OnBehalfOfField, UploadForm, useUploadForm, ZonesField } from '../src/UploadForm';
import { renderWithQuery as render, stubFetch } from './helpers';

/** A small module form on the frame: a part number, zones, on behalf of, Changes. */
function Thing({ onBack = () => {}, busy = false }) {
  const [part, setPart] = useState('');
  const [zones, setZones] = useState([]);
  const [who, setWho] = useState('ME');
  const [changes, setChanges] = useState('');
  const mutation = useMutation({ mutationFn: (body) => api.post('/api/things/upload', body) });
  const form = useUploadForm(mutation, {
    fields: ['partNumber', 'zones', 'onBehalfOf', 'changes'],
    payload: () => ({ part, zones, who, changes }),
    success: { text: 'Your thing has been submitted.', back: 'Back to Things', onBack },
  });
  return (
    <UploadForm form={form} busy={busy} data-testid="thing-form">
      <Form.Item label="Part Number" htmlFor="partNumber" {...fieldHelp(form.errors, 'partNumber')}>
        <Input id="partNumber" value={part} onChange={(e) => setPart(e.target.value)} />
      </Form.Item>
      <ZonesField value={zones} onChange={setZones} errors={form.errors} />
      <OnBehalfOfField value={who} onChange={setWho} users={[{ _id: 'u2', firstname: 'Elias', lastname: 'Park' }]} myself="ME" errors={form.errors} />
      <ChangesField value={changes} onChange={setChanges} errors={form.errors} />
    </UploadForm>
  );
}

const zones = {
  '/api/zones': [
    200,
    [
      { value: 'A1', label: 'A Zone 1' },
      { value: 'B1', label: 'B Zone 1' },
    ],
  ],
};
const sent = (fetch) => fetch.mock.calls.filter(([p]) => p === '/api/things/upload').map(([, init]) => JSON.parse(init.body));

describe('UploadForm', () => {
  it('counts the Changes down from 140, ignores input past it and turns the counter red at 140', async () => {
    stubFetch(zones);
    render(<Thing />);
    expect(charactersLeft('abc')).toBe('137 characters left');
    const counter = screen.getByTestId('changes-counter');
    expect(counter.textContent).toBe('140 characters left');
    fireEvent.change(screen.getByLabelText('Changes'), { target: { value: 'abc' } });
    expect(counter.textContent).toBe('137 characters left');
    expect(counter.style.color).toBe('');
    fireEvent.change(screen.getByLabelText('Changes'), { target: { value: 'y'.repeat(MAX_CHANGES + 9) } });
    expect(screen.getByLabelText('Changes').value).toHaveLength(140);
    expect(counter.textContent).toBe('0 characters left');
    expect(counter.style.color).toBe('rgb(207, 19, 34)');
  });

  it('shows the zones of the company and Myself first among the engineers', async () => {
    stubFetch(zones);
    render(<Thing />);
    expect(await screen.findByText('B Zone 1')).toBeTruthy();
    expect(screen.getByText('Myself')).toBeTruthy();
  });

  it('puts the server field errors under their fields and any other above Submit, in red; then succeeds', async () => {
    let calls = 0;
    const onBack = vi.fn();
    const fetch = stubFetch({
      ...zones,
      'POST /api/things/upload': () =>
        ++calls === 1 ? [400, { zones: 'Please choose at least one zone.', fileIds: 'Files are missing.' }] : [200, { ok: true }],
    });
    render(<Thing onBack={onBack} />);
    await screen.findByText('A Zone 1');
    fireEvent.change(screen.getByLabelText('Part Number'), { target: { value: 'P-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('error-zones')).textContent).toBe('Please choose at least one zone.');
    const other = screen.getByTestId('error-other');
    expect(other.textContent).toBe('Files are missing.');
    expect(other.style.color).toBe('rgb(207, 19, 34)');
    expect(screen.queryByTestId('error-fileIds')).toBeNull();
    fireEvent.click(screen.getByText('A Zone 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(screen.getByText('Your thing has been submitted.')).toBeTruthy();
    expect(sent(fetch)).toEqual([
      { part: 'P-7', zones: [], who: 'ME', changes: '' },
      { part: 'P-7', zones: ['A1'], who: 'ME', changes: '' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Things' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('says a failure without a field map above Submit', async () => {
    stubFetch({ ...zones, 'POST /api/things/upload': [500, { error: 'boom' }] });
    render(<Thing />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByTestId('error-other')).textContent).toBe('boom');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('replaces Submit with a spinner while submitting, and waits for files still uploading', async () => {
    let release;
    const stub = stubFetch(zones);
    const plain = stub.getMockImplementation();
    stub.mockImplementation((path, init) =>
      path === '/api/things/upload'
        ? new Promise((r) => (release = r)).then(() => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }))
        : plain(path, init),
    );
    const { unmount } = render(<Thing busy />);
    expect(screen.getByRole('button', { name: 'Submit' }).disabled).toBe(true);
    unmount();
    render(<Thing />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('submitting')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    release();
    expect(await screen.findByText('Success!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('submitting')).toBeNull());
  });

  it("heads a corrected version with the rejection it answers, and the server's corrects error under it", () => {
    const rejected = {
      status: 'rejected',
      approvals: { engineer: { status: 'Rejected', reviewer: 'Quinn Stone', date: '2026-03-04T14:05:00Z', note: 'Wrong part' } },
    };
    render(
      <Form>
        <CorrectsNotice rejected={rejected} label="alert S-2026-0001" errors={{ corrects: 'A corrected version is for the same part (P-1).' }} />
      </Form>,
    );
    const notice = screen.getByTestId('corrects-notice');
    expect(notice.textContent).toContain('Corrected version of the alert S-2026-0001 rejected on Mar-04-26 02:05pm by Quinn Stone');
    expect(notice.textContent).toContain('“Wrong part”');
    expect(screen.getByTestId('error-corrects').textContent).toBe('A corrected version is for the same part (P-1).');
  });
});
