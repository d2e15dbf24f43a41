// The one date format of the product: 'MMM-DD-YY hh:mma' in English (the spec's), e.g.
// 'Mar-04-26 02:05pm'; the same parts in the order and clock of the page's language
// elsewhere ('04-mar-26 14:05'), with the month's name from dayjs's locale (decision 75).
import dayjs from 'dayjs';
import { currentLanguage } from './i18n';

export const DATE_FORMAT = 'MMM-DD-YY hh:mma';
const FORMATS = { en: DATE_FORMAT, es: 'DD-MMM-YY HH:mm', pl: 'DD-MMM-YY HH:mm' };

/** Accepts a Date, ISO string, epoch ms, or { date } / { timestamp } objects. '' if none. */
export function formatDate(value) {
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    value = value.date ?? value.timestamp;
  }
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  const lng = currentLanguage();
  return lng === 'en' ? d.format(DATE_FORMAT) : d.locale(lng).format(FORMATS[lng] ?? DATE_FORMAT);
}
