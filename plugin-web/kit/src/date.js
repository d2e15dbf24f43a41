// The one date format of the product: 'MMM-DD-YY hh:mma', e.g. 'Mar-04-26 02:05pm'.
import dayjs from 'dayjs';

export const DATE_FORMAT = 'MMM-DD-YY hh:mma';

function format(value, pattern) {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    value = value.date ?? value.timestamp;
  }
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : '';
}

/** Accepts a Date, ISO string, epoch ms, or { date } / { timestamp } objects. '' if none. */
export const formatDate = (value) => format(value, DATE_FORMAT);

/** A signature's date and time with its UTC offset (issue 28 item 2), in the browser's
 *  zone: '2026-03-04 14:05:00 +01:00'. Same inputs as formatDate. */
export const formatWithOffset = (value) => format(value, 'YYYY-MM-DD HH:mm:ss Z');
