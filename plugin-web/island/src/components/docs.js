// The three documents of an SWP: [id, short, full name] (spec "Instruction acknowledgement screen").
export const DOC_NAMES = [
  ['swc', 'SWC', 'Standard Work Chart'],
  ['jes', 'JES', 'Job Element Sheet'],
  ['vis', 'VIS', 'Visual Inspection Sheet'],
];
