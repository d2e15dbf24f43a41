// The one empty state of every list, table and board (EmptyList): antd's simple picture
// over the page's words, the same in a list of its own, in the kit's table, in the review
// list and in the antd tables and lists of the kit; the default words in the page's language.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Button } from 'antd';
import { setLanguage } from '../src/i18n';
import { EmptyList } from '../src/EmptyList';
import { PagedTable } from '../src/PagedTable';
import { ReviewList, swpColumns } from '../src/ReviewList';
import { OperatorsSignedModal } from '../src/OperatorsSignedModal';
import { renderWithQuery as render } from './helpers';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

/** What an empty state shows: its words, antd's simple picture, and its action (if any). */
function drawn(el) {
  return {
    words: el.querySelector(':scope > .ant-empty-description')?.textContent,
    simple: el.classList.contains('ant-empty') && el.classList.contains('ant-empty-normal') && Boolean(el.querySelector('.ant-empty-image svg')),
    action: el.querySelector(':scope > .ant-empty-footer')?.textContent ?? null,
  };
}

const cols = [{ title: 'Part Number', key: 'partNumber', dataIndex: 'partNumber' }];

describe('EmptyList', () => {
  it("says 'No records found' under antd's simple picture by default", () => {
    render(<EmptyList />);
    expect(drawn(screen.getByTestId('empty'))).toEqual({ words: 'No records found', simple: true, action: null });
  });

  it("says the page's words letter for letter, with what to do under them", () => {
    render(
      <EmptyList text="This matrix has no training records yet: add the first record.">
        <Button>Add</Button>
      </EmptyList>,
    );
    expect(drawn(screen.getByTestId('empty'))).toEqual({
      words: 'This matrix has no training records yet: add the first record.',
      simple: true,
      action: 'Add',
    });
  });

  it('says its default words in the page language', async () => {
    await act(() => setLanguage('es'));
    render(<EmptyList />);
    expect(drawn(screen.getByTestId('empty')).words).toBe('No se encontraron registros');
  });

  it("is what the kit's table, the review list and the operators-signed list show when empty", () => {
    render(
      <>
        <PagedTable columns={cols} dataSource={[]} />
        <PagedTable columns={cols} dataSource={[]} locale={{ emptyText: 'No obligations match these filters.' }} />
        <ReviewList rows={[]} columns={swpColumns()} empty="There are no alerts pending approval." />
        <ReviewList rows={[]} columns={swpColumns()} title="Approved" />
        <OperatorsSignedModal open operators={[]} onClose={() => {}} />
      </>,
    );
    // The modal is in a portal: every empty state of the page.
    const all = [...document.body.querySelectorAll('[data-testid=empty]')].map(drawn);
    expect(all).toEqual([
      { words: 'No records found', simple: true, action: null },
      { words: 'No obligations match these filters.', simple: true, action: null },
      { words: 'There are no alerts pending approval.', simple: true, action: null },
      { words: 'No records found', simple: true, action: null },
      { words: 'No records found', simple: true, action: null },
    ]);
    // The review list's own empty text replaces its table: the kit's tables are three.
    expect(document.body.querySelectorAll('.pd-table')).toHaveLength(3);
  });
});
