// The one date format of the product: 'MMM-DD-YY hh:mma', e.g. 'Mar-04-26 02:05pm'.
import dayjs from 'dayjs';

export const DATE_FORMAT = 'MMM-DD-YY hh:mma';

/** Accepts a Date, ISO string, epoch ms, or { date } / { timestamp } objects. '' if none. */
export function formatDate(value) {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    value = value.date ?? value.timestamp;
  }
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}
