// The training levels (spec sections 3, 4, 9), the pickers' choices and the colours.
// Labels are keys (k), translated where they show.
import { k } from '@plantdoc/kit';

export const LEVELS = [
  { value: -1, label: k('Training not started (see the Cell Leader)') },
  { value: 0, label: k('Not trained: currently being trained') },
  { value: 1, label: k('Trained to run with assistance') },
  { value: 2, label: k('Trained to run at proper rate') },
  { value: 3, label: k('Trained at 50% certification') },
  { value: 4, label: k('Fully certified') },
];

export const SHIFTS = ['1', '2', '3'];
export const CELLS = ['A', 'B', 'C', 'D'];
export const ZONES = ['1', '2', '3'];
export const ROTATIONS = [2, 4, 8];
// Rotation colours: 2 hr orange, 4 hr yellow, 8 hr blue, as light fills (antd's orange-3,
// gold-3, blue-3) under black text, which keeps 4.5:1 (antd's coloured tag texts do not).
export const ROTATION_COLOURS = { 2: '#ffd591', 4: '#ffe58f', 8: '#91caff' };
// The matrix always shows at least this many columns and rows (empty filler).
export const MIN_COLUMNS = 22;
export const MIN_ROWS = 20;
export const TOAST_SECONDS = 6;

/** The matrix named by the address (?shift=&cell=&zone=), defaults shift 1, cell A, zone 1. */
export function scopeFrom(params) {
  const pick = (key, list) => (list.includes(params.get(key)) ? params.get(key) : list[0]);
  return { shift: pick('shift', SHIFTS), cell: pick('cell', CELLS), zone: pick('zone', ZONES) };
}

export const certColour = (count, target) => (count >= target ? '#237804' : '#cf1322');
