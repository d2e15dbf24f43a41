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

const two = (n) => String(n).padStart(2, '0');

/** A signature's date and time with its UTC offset (issue 28 item 2), in the browser's
 *  zone: '2026-03-04 14:05:00 +01:00'. '' if none. */
export function formatWithOffset(value) {
  const d = new Date(value?.date ?? value ?? '');
  if (!value || isNaN(d)) return '';
  const off = -d.getTimezoneOffset();
  const a = Math.abs(off);
  const day = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  return `${day} ${time} ${off < 0 ? '-' : '+'}${two(Math.floor(a / 60))}:${two(a % 60)}`;
}
