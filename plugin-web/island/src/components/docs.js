// The three documents of an SWP: [id, short, full name] (spec "Instruction acknowledgement screen").
// The acronyms stay as they are in every language; the full names are keys (k), shown through t.
import { k } from '@plantdoc/kit';

export const DOC_NAMES = [
  ['swc', 'SWC', k('Standard Work Chart')],
  ['jes', 'JES', k('Job Element Sheet')],
  ['vis', 'VIS', k('Visual Inspection Sheet')],
];
