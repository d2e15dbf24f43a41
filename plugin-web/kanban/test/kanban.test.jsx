import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { KanbanPage, DEMO_NOTE } from '../src/pages/KanbanPage';
import { BOARDS, COLUMNS, moveCard } from '../src/boards';
import { columnSteps } from '../src/components/Board';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

const renderAt = (url) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/main/kanban"
          element={
            <>
              <KanbanPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

describe('Kanban page', () => {
  it('shows the three team boards, their columns and the demonstration note; the tab is in the URL', async () => {
    renderAt('/main/kanban');
    for (const tab of ['Process Engineering', 'Quality Engineering', 'Production']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(screen.getAllByText(DEMO_NOTE).length).toBeGreaterThan(0);
    const board = screen.getByTestId('board-process');
    for (const c of COLUMNS) expect(within(board).getByTestId(`column-${c}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /add/i })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Production' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/main/kanban?board=production'));
    expect(screen.getByText('Cross-train shift 2, cell C')).toBeTruthy();
  });

  it('moves a card to the end of another column, and nowhere else', () => {
    const cards = BOARDS[0].cards;
    const moved = moveCard(cards, 'pe-1', 'Done');
    expect(moved.Backlog.map((c) => c.id)).toEqual(['pe-2']);
    expect(moved.Done.map((c) => c.id)).toEqual(['pe-5', 'pe-1']);
    expect(moveCard(cards, 'pe-1', 'Backlog')).toBe(cards);
    expect(moveCard(cards, 'nope', 'Done')).toBe(cards);
    expect(moveCard(cards, 'pe-1', 'Nowhere')).toBe(cards);
  });

  it('steps the keyboard drag one column at a time', () => {
    const at = { currentCoordinates: { x: 100, y: 50 } };
    expect(columnSteps({ code: 'ArrowRight' }, at)).toEqual({ x: 346, y: 50 });
    expect(columnSteps({ code: 'ArrowLeft' }, at)).toEqual({ x: -146, y: 50 });
    expect(columnSteps({ code: 'ArrowDown' }, at)).toBeUndefined();
  });
});
