// The effective level of a cell (the server's rules: expiry, decay, a new release, a
// temporary worker's cap, a waiver) in words, and the 'Gaps' filter of the matrix.
import { k } from '@plantdoc/kit';

export const REASONS = {
  expired: k('expired on {{date}}'),
  decayed: k('no verified read since {{date}}'),
  requalify: k('requalification due (new release)'),
  temporary: k('temporary worker'),
  waiver: k('waiver until the end of {{date}}'),
};

/** Why a cell's effective level differs from the level set, in words, or ''. */
export function reasonText(t, cell) {
  const key = cell && REASONS[cell.reason];
  return key ? t(key, { date: cell.reasonDate }) : '';
}

const DAY_MS = 86_400_000;
const level = (cell) => (Number.isInteger(cell.effective) ? cell.effective : cell.squares);

/** Whether a cell is a gap: its part is below its certification target and the cell is
 *  in training but not certified, its validUntil is within `days`, or it awaits its
 *  requalification (as GET /api/training/gaps). */
export function isGap(cell, certified, target, now = Date.now(), days = 30) {
  if (certified < target && cell.squares >= 0 && level(cell) < 4) return true;
  if (cell.validUntil && Date.parse(cell.validUntil) <= now + days * DAY_MS) return true;
  return cell.reason === 'requalify';
}

/** The operators' rows with at least one gap. */
export function gapRows(data, now = Date.now()) {
  const certified = data.partList.map((_, c) => data.matrix.filter((row) => level(row.rowData[c]) === 4).length);
  return data.matrix.filter((row) => row.rowData.some((cell, c) => isGap(cell, certified[c], data.partList[c].certTarget, now)));
}
