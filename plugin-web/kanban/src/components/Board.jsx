// One team board: columns of cards, dragged between columns with the mouse, touch or
// the keyboard (dnd-kit: Space or Enter picks a card up, the arrow keys move it a column
// left or right, Space or Enter drops it, Escape cancels; moves are announced).
import { useMemo, useState } from 'react';
import { Card, Tag, Typography } from 'antd';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { EmptyList, useT } from '@plantdoc/kit';
import { COLUMNS, moveCard } from '../boards';

export const COLUMN_WIDTH = 230;
const GAP = 16;

function DraggableCard({ card }) {
  const t = useT('kanban');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: card.id, data: card });
  const style = {
    transform: CSS.Translate.toString(transform),
    marginBottom: 8,
    cursor: 'grab',
    opacity: isDragging ? 0.8 : 1,
    zIndex: isDragging ? 10 : undefined,
    position: 'relative',
  };
  return (
    <div ref={setNodeRef} style={style} {...listeners} {...attributes} data-testid={`card-${card.id}`}>
      <Card size="small">
        <Typography.Text strong>{t(card.title)}</Typography.Text>
        <div style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">{card.owner}</Typography.Text>
          {card.part && <Tag style={{ marginLeft: 8 }}>{card.part}</Tag>}
        </div>
      </Card>
    </div>
  );
}

function Column({ name, cards }) {
  const t = useT('kanban');
  const { setNodeRef, isOver } = useDroppable({ id: name });
  return (
    <section
      ref={setNodeRef}
      aria-label={t(name)}
      data-testid={`column-${name}`}
      style={{ width: COLUMN_WIDTH, flex: `0 0 ${COLUMN_WIDTH}px`, minHeight: 320, padding: 8, borderRadius: 8, background: isOver ? '#e6f4ff' : '#f5f5f5' }}
    >
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
        {t(name)} ({cards.length})
      </Typography.Title>
      {cards.length ? cards.map((c) => <DraggableCard key={c.id} card={c} />) : <EmptyList text={t('No cards')} />}
    </section>
  );
}

/** Arrow keys jump one column (the columns are the drop targets), not a few pixels. */
export function columnSteps(event, { currentCoordinates }) {
  const step = COLUMN_WIDTH + GAP;
  switch (event.code) {
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + step };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - step };
    default:
      return undefined;
  }
}

function findTitle(t, cards, id) {
  const title = Object.values(cards)
    .flat()
    .find((c) => c.id === id)?.title;
  return title ? t(title) : t('card');
}

export function Board({ board }) {
  const t = useT('kanban');
  const [cards, setCards] = useState(board.cards);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: columnSteps }));
  const announcements = useMemo(() => {
    const card = (active) => findTitle(t, cards, active.id);
    return {
      onDragStart: ({ active }) => t('Picked up {{card}}. Use the left and right arrow keys to move it to another column.', { card: card(active) }),
      onDragOver: ({ active, over }) =>
        over ? t('{{card}} is over {{column}}.', { card: card(active), column: t(over.id) }) : t('{{card}} is not over a column.', { card: card(active) }),
      onDragEnd: ({ active, over }) =>
        over ? t('{{card}} was dropped in {{column}}.', { card: card(active), column: t(over.id) }) : t('{{card}} was dropped back.', { card: card(active) }),
      onDragCancel: ({ active }) => t('Moving {{card}} was cancelled.', { card: card(active) }),
    };
  }, [cards, t]);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: t(
            'To pick up a card, press Space or Enter. Use the left and right arrow keys to move it between columns. Press Space or Enter again to drop it, or Escape to cancel.',
          ),
        },
      }}
      onDragEnd={({ active, over }) => over && setCards((c) => moveCard(c, active.id, over.id))}
    >
      <div style={{ display: 'flex', gap: GAP, overflowX: 'auto', paddingBottom: 8 }} data-testid={`board-${board.key}`}>
        {COLUMNS.map((name) => (
          <Column key={name} name={name} cards={cards[name] || []} />
        ))}
      </div>
    </DndContext>
  );
}
