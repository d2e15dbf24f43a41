import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DeleteDialog, DELETE_TEXT } from '../src/DeleteDialog';
import { DocumentViewer } from '../src/DocumentViewer';
import { OperatorsSignedModal } from '../src/OperatorsSignedModal';
import { PagedTable } from '../src/PagedTable';
import { renderWithQuery as render, stubFetch } from './helpers';

const rows = Array.from({ length: 12 }, (_, i) => ({ _id: `id${i}`, partNumber: `P-${String(12 - i).padStart(2, '0')}` }));

describe('PagedTable', () => {
  const cols = [{ title: 'Part Number', dataIndex: 'partNumber' }];
  const shown = (container) => [...container.querySelectorAll('tbody tr.pd-table-row')].map((tr) => tr.querySelector('td').textContent);

  it('shows 10 rows by default and offers 5, 10 and 25 per page', () => {
    const { container } = render(<PagedTable columns={cols} dataSource={rows} />);
    expect(container.querySelectorAll('tbody tr.pd-table-row')).toHaveLength(10);
    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect([...sizes.options].map((o) => o.textContent)).toEqual(['5 / page', '10 / page', '25 / page']);
    fireEvent.change(sizes, { target: { value: '5' } });
    expect(container.querySelectorAll('tbody tr.pd-table-row')).toHaveLength(5);
  });

  it('pages with the pager: page buttons, Next, Previous; the current page is marked', () => {
    const { container } = render(<PagedTable columns={cols} dataSource={rows} />);
    expect(screen.getByRole('button', { name: 'Previous Page' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(shown(container)).toEqual(['P-02', 'P-01']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Next Page' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous Page' }));
    expect(shown(container)).toHaveLength(10);
  });

  it('sorts a column on click: ascending, descending, then as given; the header says which', () => {
    const { container } = render(<PagedTable columns={cols} dataSource={rows} pageSize={25} />);
    const header = screen.getByRole('columnheader', { name: 'Part Number' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByText('Part Number'));
    expect(shown(container)[0]).toBe('P-01');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Part Number' }));
    expect(shown(container)[0]).toBe('P-12');
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Part Number' }));
    expect(shown(container)[0]).toBe('P-12');
    expect(shown(container)[11]).toBe('P-01');
    expect(header.getAttribute('aria-sort')).toBe('none');
  });

  it("starts on a column's default order and goes back to page 1 on a sort", () => {
    const { container } = render(<PagedTable columns={[{ ...cols[0], defaultSortOrder: 'descend' }]} dataSource={rows} pageSize={5} />);
    expect(shown(container)[0]).toBe('P-12');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(shown(container)).toEqual(['P-02', 'P-01']);
    fireEvent.click(screen.getByRole('button', { name: 'Part Number' }));
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows a page the server sent whole and tells the owner of page and sort changes', () => {
    const onChange = vi.fn();
    const page = rows.slice(0, 10);
    const { container } = render(
      <PagedTable
        columns={[{ ...cols[0], sorter: true, sortOrder: null }]}
        dataSource={page}
        pagination={{ current: 3, pageSize: 10, total: 95 }}
        onChange={onChange}
      />,
    );
    expect(shown(container)).toHaveLength(10);
    expect(shown(container)[0]).toBe('P-12'); // the server's order, not sorted here
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    expect(onChange.mock.calls[0][0]).toMatchObject({ current: 4, pageSize: 10 });
    expect(onChange.mock.calls[0][3].action).toBe('paginate');
    fireEvent.click(screen.getByRole('button', { name: 'Part Number' }));
    expect(onChange.mock.calls[1][2]).toMatchObject({ columnKey: 'partNumber', field: 'partNumber', order: 'ascend' });
    expect(onChange.mock.calls[1][3].action).toBe('sort');
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '25' } });
    expect(onChange.mock.calls[2][0]).toMatchObject({ current: 1, pageSize: 25 });
  });

  it('selects rows with their checkboxes; select all takes the enabled rows of the page', () => {
    const onSelect = vi.fn();
    render(
      <PagedTable
        columns={cols}
        dataSource={rows.slice(0, 3)}
        rowSelection={{
          selectedRowKeys: ['id1'],
          onChange: onSelect,
          getCheckboxProps: (r) => ({ disabled: r._id === 'id2', 'aria-label': `Select ${r.partNumber}` }),
        }}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    expect(all.indeterminate).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select P-11' }).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select P-10' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select P-12' }));
    expect(onSelect.mock.calls[0][0]).toEqual(['id1', 'id0']);
    expect(onSelect.mock.calls[0][1].map((r) => r._id)).toEqual(['id0', 'id1']);
    fireEvent.click(all);
    expect(onSelect.mock.calls[1][0].sort()).toEqual(['id0', 'id1']);
  });

  it('says the empty text and shows no pager when there is nothing', () => {
    render(<PagedTable columns={cols} dataSource={[]} locale={{ emptyText: 'No records found' }} />);
    expect(screen.getByText('No records found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});

describe('DeleteDialog', () => {
  it('asks before deleting pending documents', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<DeleteDialog open kind="pending" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByText('Delete documents?')).toBeTruthy();
    expect(screen.getByText(DELETE_TEXT.pending)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('words the deployed case for the plant floor', () => {
    render(<DeleteDialog open kind="deployed" />);
    expect(
      screen.getByText('Are you sure you want to delete the selected documents and remove them from the plant floor? This action cannot be undone.'),
    ).toBeTruthy();
  });
});

describe('OperatorsSignedModal', () => {
  const ops = [
    { op: { _id: 'o1', opNo: 'OP1001', fullName: 'Olivia Chen' }, dateSigned: { date: '2026-03-04T14:05:00' }, signMeaning: 'Read', signMode: 'badge+pin' },
  ];

  it('lists operator number, name and signing date under Name and Signed', () => {
    const onClose = vi.fn();
    render(<OperatorsSignedModal open operators={ops} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Operators Signed')).toBeTruthy();
    expect(within(dialog).getAllByText('Name').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText('Signed').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('OP1001')).toBeTruthy();
    expect(within(dialog).getByText('Olivia Chen')).toBeTruthy();
    expect(within(dialog).getByText('Mar-04-26 02:05pm')).toBeTruthy();
    // Decision 69: the time with its UTC offset, the meaning and the mode.
    expect(within(dialog).getByText(/^2026-03-04 14:05:00 [+-]\d\d:\d\d$/)).toBeTruthy();
    expect(within(dialog).getByText('Read (badge+pin)')).toBeTruthy();
    expect(screen.getByTestId('operators-signed-list').style.height).toBe('400px');
    expect(document.querySelector('.ant-modal').style.width).toBe('600px');
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: 'Close' })
        .find((b) => b.textContent === 'Close'),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('fetches the list from a signed-ops path', async () => {
    const fetch = stubFetch({ '/api/swps/signed-ops/s1': [200, { opList: { opsSigned: ops } }] });
    render(<OperatorsSignedModal open source="/api/swps/signed-ops/s1" onClose={() => {}} />);
    expect(await screen.findByText('Olivia Chen')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/swps/signed-ops/s1', expect.anything());
  });
});

describe('DocumentViewer', () => {
  const urls = { swc: '/f/swc.pdf', jes: '/f/jes.pdf', vis: '/f/vis.pdf' };

  it('has Back, SWC, JES, VIS, VIDEO; shows SWC first; VIDEO disabled without a video', () => {
    const onBack = vi.fn();
    render(<DocumentViewer urls={urls} onBack={onBack} />);
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Back', 'SWC', 'JES', 'VIS', 'VIDEO']);
    expect(screen.getByRole('button', { name: 'VIDEO' }).disabled).toBe(true);
    const viewer = screen.getByTestId('document-viewer');
    expect(viewer.style.height).toBe('900px');
    expect(viewer.querySelector('iframe').getAttribute('src')).toBe('/f/swc.pdf#toolbar=1&view=FitH');
    fireEvent.click(screen.getByRole('button', { name: 'JES' }));
    expect(viewer.querySelector('iframe').getAttribute('src')).toBe('/f/jes.pdf#toolbar=1&view=FitH');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('plays the video when there is one', () => {
    render(<DocumentViewer urls={{ ...urls, video: '/f/v.mp4' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'VIDEO' }));
    expect(screen.getByTestId('document-viewer').querySelector('video').getAttribute('src')).toBe('/f/v.mp4');
  });
});

describe('DocumentFrame', () => {
  it('asks for fresh links once when the frame holds a JSON refusal, then says so', async () => {
    const { DocumentFrame, FRAME_REFUSED } = await import('../src/DocumentFrame');
    const { render: plain, fireEvent: fire, screen: scr } = await import('@testing-library/react');
    let calls = 0;
    plain(<DocumentFrame title="SWC" src="/files/x" onRefused={() => calls++} />);
    const frame = scr.getByTitle('SWC');
    Object.defineProperty(frame, 'contentDocument', { value: { contentType: 'application/json' } });
    fire.load(frame);
    expect(calls).toBe(1);
    expect(scr.queryByText(FRAME_REFUSED)).toBeNull();
    fire.load(frame);
    expect(scr.getByText(FRAME_REFUSED)).toBeTruthy();
    fire.click(scr.getByRole('button', { name: 'Retry' }));
    expect(calls).toBe(2);
  });

  it("shows the server's reason (a 409 refusal) in an alert once fresh links are refused too", async () => {
    const { DocumentFrame, FRAME_REFUSED } = await import('../src/DocumentFrame');
    const why = 'This document cannot be served as a controlled copy, so it is not shown. Please tell your administrator (the server log names the file).';
    let calls = 0;
    const view = render(<DocumentFrame title="SWC" src="/files/a" onRefused={() => calls++} />);
    const refusal = (frame) =>
      Object.defineProperty(frame, 'contentDocument', {
        configurable: true,
        value: { contentType: 'application/json', body: { textContent: JSON.stringify({ error: why }) } },
      });
    const first = screen.getByTitle('SWC');
    refusal(first);
    fireEvent.load(first);
    expect(calls).toBe(1);
    expect(screen.queryByText(why)).toBeNull();
    view.rerender(<DocumentFrame title="SWC" src="/files/b" onRefused={() => calls++} />);
    const second = screen.getByTitle('SWC');
    refusal(second);
    fireEvent.load(second);
    expect(screen.getByText(FRAME_REFUSED)).toBeTruthy();
    const alert = screen.getByTestId('frame-reason');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(why);
  });

  it('says so when the fresh links are the same link (a file refused whatever the link)', async () => {
    const { DocumentFrame, FRAME_REFUSED } = await import('../src/DocumentFrame');
    let calls = 0;
    render(<DocumentFrame title="SWC" src="/files/same" onRefused={() => calls++} />);
    const frame = screen.getByTitle('SWC');
    Object.defineProperty(frame, 'contentDocument', {
      value: { contentType: 'application/json', body: { textContent: '{"error":"This document cannot be served as a controlled copy."}' } },
    });
    fireEvent.load(frame);
    expect(calls).toBe(1);
    // No second load comes (the frame's link did not change): the refusal shows all the same.
    expect(await screen.findByText(FRAME_REFUSED)).toBeTruthy();
    expect(screen.getByTestId('frame-reason').textContent).toContain('cannot be served as a controlled copy');
  });

  it("checks another origin's link first: a refused presigned link never reaches the frame", async () => {
    const { DocumentFrame, FRAME_REFUSED } = await import('../src/DocumentFrame');
    // Object storage answers an expired presigned link with 403 and an XML body.
    const fetch = vi.fn(async (url) =>
      String(url).includes('sig=old')
        ? new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403, headers: { 'content-type': 'application/xml' } })
        : new Response('%', { status: 206 }),
    );
    vi.stubGlobal('fetch', fetch);
    let calls = 0;
    const view = render(<DocumentFrame title="SWC" src="https://bucket.example/swc.pdf?sig=old" onRefused={() => calls++} />);
    await waitFor(() => expect(calls).toBe(1)); // fresh links asked for once
    expect(document.querySelector('iframe')).toBeNull(); // the XML was never shown
    expect(fetch.mock.calls[0][1].headers).toEqual({ Range: 'bytes=0-0' });
    view.rerender(<DocumentFrame title="SWC" src="https://bucket.example/swc.pdf?sig=new" onRefused={() => calls++} />);
    await waitFor(() => expect(screen.getByTitle('SWC').getAttribute('src')).toBe('https://bucket.example/swc.pdf?sig=new#toolbar=1&view=FitH'));
    // A second refusal says so.
    view.rerender(<DocumentFrame title="SWC" src="https://bucket.example/swc.pdf?sig=old2" onRefused={() => calls++} />);
    expect(await screen.findByText(FRAME_REFUSED)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('shows the frame when another origin gives no readable answer (no CORS rule)', async () => {
    const { DocumentFrame } = await import('../src/DocumentFrame');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<DocumentFrame title="SWC" src="https://bucket.example/swc.pdf?sig=1" />);
    expect((await screen.findByTitle('SWC')).getAttribute('src')).toBe('https://bucket.example/swc.pdf?sig=1#toolbar=1&view=FitH');
    vi.unstubAllGlobals();
  });

  it('opens PDFs at page width without thumbnails; a link with its own fragment is kept', async () => {
    const { pdfView } = await import('../src/DocumentFrame');
    expect(pdfView('/f/swc.pdf?sig=1')).toBe('/f/swc.pdf?sig=1#toolbar=1&view=FitH');
    expect(pdfView('/f/swc.pdf#page=2')).toBe('/f/swc.pdf#page=2');
    expect(pdfView('data:application/pdf;base64,AA')).toBe('data:application/pdf;base64,AA');
    expect(pdfView(null)).toBe(null);
  });

  it('leaves a PDF alone', async () => {
    const { frameRefused } = await import('../src/DocumentFrame');
    expect(frameRefused({ contentDocument: { contentType: 'application/pdf' } })).toBe(false);
    expect(frameRefused({ contentDocument: { contentType: 'application/json' } })).toBe(true);
    expect(frameRefused({ contentDocument: null })).toBe(false);
  });
});
