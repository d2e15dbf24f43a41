// Pure helpers of the Sign Off page (spec sections 2, 4, 8, 9).
import { formatDate, k } from '@plantdoc/kit';

// The texts below are keys of the 'signoff' namespace: shown through t.
export const SNACKBAR_MS = 6000;
export const NOTE_PLACEHOLDER = k('Enter a note for the author');
export const ALERT_FETCH_ERROR = k('There was an error fetching the alert.');
export const NO_ALERTS = k('You have no alerts pending your approval.');

/** The texts per kind: snackbars and the All Done screen. */
export const TEXTS = {
  swp: {
    approved: k('Successfully approved the SWP'),
    rejected: k('Successfully rejected the SWP'),
    doneText: k('You have approved all of the SWP documents on your list. Nice job.'),
    back: k('Back to SWPs'),
  },
  alert: {
    approved: k('Successfully approved the Alert'),
    rejected: k('Successfully rejected the Alert'),
    doneText: k('You have approved all of the Alert documents on your list. Nice job.'),
    back: k('Back to Alerts'),
  },
};

/** The alert types (the server's values), shown through t. */
export const ALERT_TYPES = [k('Change'), k('Quality'), k('Safety'), k('New Part')];

/** 'Release' for revision 0, else the number. */
export function revisionText(revision) {
  return revision === 0 || revision === '0' || revision == null ? k('Release') : String(revision);
}

export function personName(p) {
  if (!p) return '';
  if (p.name) return p.name;
  return [p.firstname, p.lastname].filter(Boolean).join(' ');
}

/** Who the document is for: the on-behalf-of engineer, else the uploader. */
export function authorName(item) {
  return personName(item?.onBehalfOf) || personName(item?.owner);
}

export function zonesText(zones) {
  return Array.isArray(zones) ? zones.join(', ') : '';
}

/**
 * After `id` is reviewed: the remaining list and the next id to show — the item that
 * followed it, or the first when it was the last (wrap-around); null when none remain.
 */
export function afterReview(list, id) {
  const at = list.findIndex((x) => x._id === id);
  const rest = list.filter((x) => x._id !== id);
  if (!rest.length) return { rest, next: null };
  const next = at < 0 || at >= rest.length ? rest[0] : rest[at];
  return { rest, next: next._id };
}

/** The review sidebar's rows, by label (spec 'Review view' and the Alerts review control). */
const FACTS = {
  Submitted: (x) => formatDate(x.uploadDate),
  Type: (x, t) => (ALERT_TYPES.includes(x.alertType) ? t(x.alertType) : x.alertType),
  Part: (x) => x.partNumber,
  Uploader: (x) => personName(x.owner),
  Author: authorName,
  Responsibility: authorName,
  Revision: (x, t) => t(revisionText(x.revision)),
  Effective: (x) => formatDate(x.effectiveDate),
  Sunset: (x) => formatDate(x.sunsetDate),
  Zones: (x) => zonesText(x.zones),
  // Under change control, the change request the revision belongs to follows its reason.
  Changes: (x) => (x.changeRequest ? `${x.changes} (${x.changeRequest})` : x.changes),
};

/** [[label, value]] of `item` for the sidebar's `labels` (keys), in their order, through `t`. */
export function facts(item, labels, t = (s) => s) {
  return labels.map((label) => [t(label), FACTS[label](item, t)]);
}
