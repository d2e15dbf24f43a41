// Pure helpers and constants of the Alerts module (spec sections 2, 3, 8, 9).
import dayjs from 'dayjs';
import { k } from '@plantdoc/kit';

export const ALERTS_ROUTE = '/main/alerts';
// The types are values the server keeps (keys too: shown through t).
export const ALERT_TYPES = [k('Change'), k('Quality'), k('Safety'), k('New Part')];
export const MINUTE_STEP = 15;
export const SUNSET_DAYS = 7;
export const MYSELF = 'Myself';
/** The module's fixed texts (keys: shown through t). */
export const TEXTS = {
  loading: k('Loading..'),
  fetchError: k('There was an error fetching the alert.'),
  noDeployed: k('No alerts have been deployed yet.'),
  noPending: k('There are no alerts pending approval.'),
  noneApproved: k('None of your alerts have been approved yet.'),
  success: k('Your standard work package has been submitted.'),
  back: k('Back to Alerts'),
};

// Text colours with 4.5:1 on white (WCAG AA): antd's orange-8 and red-7, and green.
export const ORANGE = '#ad4e00';
export const RED = '#cf1322';

/** Approval status colour: 'Approved' green, 'Rejected' red, any other value orange. */
export function statusColor(status) {
  if (status === 'Approved') return 'green';
  return status === 'Rejected' ? RED : ORANGE;
}

/** The words shown for the API's lower-case `status` (docs/alerts.md 'Lifecycle'). */
export const STATUS_WORDS = { pending: k('Pending'), rejected: k('Rejected'), deployed: k('Deployed'), expired: k('Expired'), deleted: k('Deleted') };

/**
 * An alert's state as users say it: 'Pending', 'Rejected', 'Deployed', 'Expired',
 * 'Deleted', and 'Scheduled' for a deployed alert whose effective date is still to come
 * (a key: shown through t).
 */
export function statusText(alert, now = Date.now()) {
  const s = alert?.status;
  if (s === 'deployed' && alert.inForce === false && Date.parse(alert.effectiveDate?.date ?? '') > now) return k('Scheduled');
  return STATUS_WORDS[s] ?? (s ? s.charAt(0).toUpperCase() + s.slice(1) : '');
}

/** `now` on the 15-minute grid (the quarter hour it falls in): the effective default, in force at once. */
export function currentQuarter(now = dayjs()) {
  const d = dayjs(now).second(0).millisecond(0);
  return d.subtract(d.minute() % MINUTE_STEP, 'minute');
}

/** Sunset default: the effective date plus 7 days. */
export function defaultSunset(effective) {
  return dayjs(effective).add(SUNSET_DAYS, 'day');
}

/** The issuer shown in lists: the onBehalfOf name. */
export function issuer(alert) {
  return alert?.onBehalfOf?.name || [alert?.owner?.firstname, alert?.owner?.lastname].filter(Boolean).join(' ');
}

export function uploadTime(alert) {
  return alert?.uploadDate?.timestamp || alert?.uploadDate?.date || '';
}

/** Process engineers and process managers upload (the server's rule). */
export function mayUpload(user) {
  return user?.department === 'process' && ['engineer', 'manager'].includes(user?.position);
}

/** 'Submit a corrected version' of a rejected alert: its authors and managers who upload (the server checks too). */
export function mayCorrect(user, alert) {
  return alert?.status === 'rejected' && mayUpload(user) && (Boolean(alert.mine) || user?.position === 'manager');
}

/**
 * The upload form's first values: the defaults, or those of the rejected alert a corrected
 * version replaces (type, part, zones, on behalf of its author when that is someone else,
 * its window if still ahead, change notes). The file is new.
 */
export function formDefaults(rejected, user, now = dayjs()) {
  const effective = currentQuarter(now);
  const blank = {
    alertType: 'Change',
    partNumber: '',
    zones: [],
    onBehalfOf: MYSELF,
    effectiveDate: effective,
    sunsetDate: defaultSunset(effective),
    changes: '',
  };
  if (!rejected) return blank;
  const author = rejected.onBehalfOf?._id || rejected.owner?._id;
  const from = dayjs(rejected.effectiveDate?.date);
  const start = from.isValid() && from.isAfter(effective) ? from : effective;
  const to = dayjs(rejected.sunsetDate?.date);
  return {
    alertType: ALERT_TYPES.includes(rejected.alertType) ? rejected.alertType : 'Change',
    partNumber: rejected.partNumber || '',
    zones: rejected.zones || [],
    onBehalfOf: !author || author === user?._id ? MYSELF : author,
    effectiveDate: start,
    sunsetDate: to.isValid() && to.isAfter(start) ? to : defaultSunset(start),
    changes: rejected.changes || '',
  };
}

/** The uploadS3 payload (spec 'Alert upload payload') from the form's state. */
export function uploadPayload(s) {
  const file = (s.files || []).find((f) => f.serverId);
  return {
    alertFile: file ? { id: file.uid, serverId: file.serverId } : null,
    alertType: s.alertType,
    partNumber: (s.partNumber || '').trim().toUpperCase(),
    zones: s.zones || [],
    onBehalfOf: s.onBehalfOf || MYSELF,
    effectiveDate: s.effectiveDate ? dayjs(s.effectiveDate).toISOString() : '',
    sunsetDate: s.sunsetDate ? dayjs(s.sunsetDate).toISOString() : '',
    changes: s.changes || '',
    // A corrected version names the rejected alert it replaces (decision 65).
    ...(s.corrects ? { corrects: s.corrects } : {}),
  };
}
