// Pure helpers and constants of the Alerts module (spec sections 2, 3, 8, 9).
import dayjs from 'dayjs';

export const ALERTS_ROUTE = '/main/alerts';
export const ALERT_TYPES = ['Change', 'Quality', 'Safety', 'New Part'];
export const MINUTE_STEP = 15;
export const SUNSET_DAYS = 7;
export const MYSELF = 'Myself';
export const TEXTS = {
  loading: 'Loading..',
  fetchError: 'There was an error fetching the alert.',
  noDeployed: 'No alerts have been deployed yet.',
  noPending: 'There are no alerts pending approval.',
  noneApproved: 'None of your alerts have been approved yet.',
  success: 'Your standard work package has been submitted.',
  back: 'Back to Alerts',
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
export const STATUS_WORDS = { pending: 'Pending', rejected: 'Rejected', deployed: 'Deployed', expired: 'Expired', deleted: 'Deleted' };

/**
 * An alert's state as users say it: 'Pending', 'Rejected', 'Deployed', 'Expired',
 * 'Deleted', and 'Scheduled' for a deployed alert whose effective date is still to come.
 */
export function statusText(alert, now = Date.now()) {
  const s = alert?.status;
  if (s === 'deployed' && alert.inForce === false && Date.parse(alert.effectiveDate?.date ?? '') > now) return 'Scheduled';
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
  };
}
