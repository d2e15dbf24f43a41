// Every link a mouse can click, the keyboard reaches: the rows' part and alert links of
// Sign Off and Browse (OpenLink), their counts and the search results (ActionLink) are in
// the tab order and open with Enter or Space, named as buttons.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ActionLink, OpenLink } from '../src/ReviewColumns';

describe('links that act', () => {
  it('a row link is in the tab order and opens with Enter and Space', () => {
    const onOpen = vi.fn();
    render(
      <OpenLink onOpen={onOpen} testId="part-link">
        7101-0001
      </OpenLink>,
    );
    const link = screen.getByRole('button', { name: '7101-0001' });
    expect(link.tabIndex).toBe(0);
    link.focus();
    expect(document.activeElement).toBe(link);
    fireEvent.keyDown(link, { key: 'Enter' });
    fireEvent.keyDown(link, { key: ' ' });
    fireEvent.keyDown(link, { key: 'a' });
    expect(onOpen).toHaveBeenCalledTimes(2);
    fireEvent.click(link);
    expect(onOpen).toHaveBeenCalledTimes(3);
  });

  it('without an action it is plain text', () => {
    render(<OpenLink>7101-0002</OpenLink>);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('7101-0002')).toBeTruthy();
  });

  it('an action link passes its own props on', () => {
    render(
      <ActionLink onClick={() => {}} data-testid="edit">
        Edit
      </ActionLink>,
    );
    expect(screen.getByTestId('edit').getAttribute('role')).toBe('button');
  });
});
