import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { onUnauthorized } from '../src/api';
import { uploadErrorText, uploadFile } from '../src/upload';
import { FileDrop } from '../src/FileDrop';
import { FakeXhr, useFakeXhr } from './helpers';

afterEach(() => onUnauthorized(null));

const pdf = (name) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

describe('uploadFile', () => {
  it('posts the file with the CSRF header, reports progress and resolves to the answer', async () => {
    useFakeXhr();
    document.cookie = 'plantdoc_csrf=tok-9; path=/';
    const progress = [];
    const done = uploadFile('/api/things/upload', pdf('a.pdf'), { onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.sent[0];
    expect([xhr.method, xhr.url, xhr.headers['X-CSRF-Token']]).toEqual(['POST', '/api/things/upload', 'tok-9']);
    expect(xhr.body.get('file').name).toBe('a.pdf');
    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.respond(200, { serverId: 'u1' });
    expect(await done).toEqual({ serverId: 'u1' });
    expect(progress).toEqual([25, 100]);
  });

  it("hands a 401 to the shell's handler like every other call", async () => {
    useFakeXhr();
    const handler = vi.fn();
    onUnauthorized(handler);
    const done = uploadFile('/api/things/upload', pdf('a.pdf'));
    FakeXhr.sent[0].respond(401, { error: 'Please sign in.' });
    const err = await done.catch((e) => e);
    expect(err.status).toBe(401);
    expect(handler).toHaveBeenCalledWith(err);
    expect(uploadErrorText(err)).toBe('Please sign in.');
  });

  it('words a refused file from its field message, a 413 and anything else', () => {
    expect(uploadErrorText({ status: 400, body: { file: 'Only PDF files are accepted.' } })).toBe('Only PDF files are accepted.');
    expect(uploadErrorText({ status: 413, body: null })).toBe('The file is too large.');
    expect(uploadErrorText({ status: 0, body: null })).toBe('The upload failed.');
  });
});

function Drop({ onDiscard, max = 3 }) {
  const [files, setFiles] = useState([]);
  return (
    <FileDrop
      id="docs"
      label="Drop documents here"
      hint="PDF"
      uploadUrl="/api/things/upload"
      accept=".pdf,application/pdf"
      max={max}
      files={files}
      onChange={(fn) => setFiles(fn)}
      onDiscard={onDiscard}
    />
  );
}

describe('FileDrop', () => {
  it('uploads each file to the given URL with its own progress bar, and discards a removed one', async () => {
    useFakeXhr();
    const onDiscard = vi.fn();
    const { container } = render(<Drop onDiscard={onDiscard} />);
    expect(screen.getByText('Drop documents here')).toBeTruthy();
    const input = container.querySelector('input[type=file]');
    expect(input.getAttribute('accept')).toBe('.pdf,application/pdf');
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf('one.pdf'), pdf('two.pdf')] } });
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/things/upload', '/api/things/upload']);
    act(() => {
      FakeXhr.sent[0].progress(40, 100);
      FakeXhr.sent[1].progress(70, 100);
    });
    await waitFor(() => expect(container.querySelectorAll('.ant-upload-list-item .ant-progress')).toHaveLength(2));
    act(() => FakeXhr.sent[0].respond(200, { serverId: 's1' }));
    act(() => FakeXhr.sent[1].respond(400, { file: 'Not a PDF.' }));
    await waitFor(() => expect(container.querySelectorAll('.ant-upload-list-item .ant-progress')).toHaveLength(0));
    // The refused file leaves the list; its name and the server's message show under the drop.
    expect(container.querySelector('.ant-upload-list-item-error')).toBeNull();
    expect(container.querySelector('[role=alert]').textContent).toMatch(/Not a PDF\./);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(container.querySelector('[role=alert]')).toBeNull());

    fireEvent.click(container.querySelectorAll('.ant-upload-list-item')[0].querySelector('button'));
    await waitFor(() => expect(onDiscard).toHaveBeenCalledWith('s1'));
  });

  it("shows the server's message when its storage is full (507)", async () => {
    useFakeXhr();
    const { container } = render(<Drop onDiscard={vi.fn()} />);
    await act(async () => {
      fireEvent.change(container.querySelector('input[type=file]'), { target: { files: [pdf('big.pdf')] } });
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const full = "The server's storage is full, so the file was not saved. Tell your administrator, then try again.";
    act(() => FakeXhr.sent[0].respond(507, { file: full }));
    await waitFor(() => expect(container.querySelector('[role=alert]')).toBeTruthy());
    expect(container.querySelector('[role=alert]').textContent).toContain(`big.pdf: ${full}`);
  });
});
