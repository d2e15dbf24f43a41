// The demo boards (release 2.0 demonstration data): one per team, columns of cards.
// Static: moves last as long as the page is open; nothing is saved. Texts are keys
// (k), translated where they show; the columns' names are also their ids.
import { k } from '@plantdoc/kit';

export const COLUMNS = [k('Backlog'), k('In Progress'), k('Review'), k('Done')];

const card = (id, title, owner, part) => ({ id, title, owner, part });

export const BOARDS = [
  {
    key: 'process',
    label: k('Process Engineering'),
    cards: {
      Backlog: [
        card('pe-1', k('Update SWC for door panel line'), 'Erin Cole', '7101-0001'),
        card('pe-2', k('Cycle time study, cell B'), 'Elias Park', '7101-0004'),
      ],
      'In Progress': [card('pe-3', k('New torque sequence JES'), 'Erin Cole', '7101-0002')],
      Review: [card('pe-4', k('Video aid for clip install'), 'Elias Park', '7101-0003')],
      Done: [card('pe-5', k('Zone A2 layout change'), 'Paula Reyes', null)],
    },
  },
  {
    key: 'quality',
    label: k('Quality Engineering'),
    cards: {
      Backlog: [card('qe-1', k('Gauge R&R on trim fixture'), 'Alma Kerr', '7101-0002')],
      'In Progress': [card('qe-2', k('VIS update: paint defects'), 'Quentin Hale', '7101-0001'), card('qe-3', k('Supplier clip audit'), 'Alma Kerr', null)],
      Review: [],
      Done: [card('qe-4', k('Containment closed, lot 4471'), 'Quentin Hale', '7101-0003')],
    },
  },
  {
    key: 'production',
    label: k('Production'),
    cards: {
      Backlog: [card('pr-1', k('Cross-train shift 2, cell C'), 'Sam Ortiz', null)],
      'In Progress': [card('pr-2', k('Kiosk badge readers, zone D'), 'Priya Nair', null)],
      Review: [card('pr-3', k('Shift handover checklist'), 'Ana Silva', null)],
      Done: [card('pr-4', k('OJT sign-offs for March'), 'Sam Ortiz', null), card('pr-5', k('5S audit, shipping'), 'Priya Nair', null)],
    },
  },
];

/** Moves card `id` to the end of `column`; the same board when nothing moves. */
export function moveCard(cards, id, column) {
  const from = Object.keys(cards).find((c) => cards[c].some((k) => k.id === id));
  if (!from || from === column || !cards[column]) return cards;
  const moving = cards[from].find((k) => k.id === id);
  return { ...cards, [from]: cards[from].filter((k) => k.id !== id), [column]: [...cards[column], moving] };
}
