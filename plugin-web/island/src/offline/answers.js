// The one place that maps the offline pack (GET /api/island/offline, decision 122) onto
// the kiosk's reads: a GET the server did not answer (no connection, 502-504; never a
// 4xx) is answered here as the server would have, from the pack kept in IndexedDB and
// the signatures still queued on the netbook. Documents point at the copies the service
// worker keeps by SHA-256 (/island/doc/<sha256>). Past `maxHours` without the server,
// and for an alert past its sunset, no document is shown. Under change control a part may
// come twice: the revision in force `until` a time and the held-back one `from` it; each
// is shown only in its window (decision 126). No pack kept: the original
// error stands (the screens show their error, never 'nothing to read').
import { ApiError, k, translate } from '@plantdoc/kit';
import { queued } from '../outbox';
import { keptConfig, keptPack } from './pack';
import { tooLong } from './reach';

export const DOC_PATH = '/island/doc/';
const SIGN_VALID_MS = 90 * 24 * 3600 * 1000;
const UNKNOWN_BADGE = k('This badge is not recognised. Please scan again.');
const NOT_KEPT = k('Not available offline.');
const say = (key) => translate('island', key);
const refuse = (status, key) => new ApiError(status, { error: say(key) });
const iso = (ms) => (ms == null ? null : new Date(ms).toISOString());
const docUrl = (f) => (f ? DOC_PATH + f.sha256 : null);

/** A revision the pack says is no longer to be shown (superseded, or past its sunset). */
const gone = (doc, now) => Boolean(doc?.superseded) || (doc?.sunset != null && doc.sunset <= now);

/** Whether a part's revision is shown at `now`: in its window, not superseded. */
const shown = (p, now) => !gone(p.swp, now) && (p.from == null || p.from <= now) && (p.until == null || now < p.until);

/** The part of the pack by catalogue part id or SWP id, in force at `now`; null when none. */
function partOf(pack, { partId, swpId }, now) {
  const p = (pack.parts ?? []).find((x) => ((partId && x.partId === partId) || (swpId && x.swp?._id === swpId)) && shown(x, now));
  return p ?? null;
}

/** The files of a section: the kiosk language's translation, else the original. */
function pick(files, section, lang) {
  const of = (files ?? []).filter((f) => (section ? f.section === section : true));
  return of.find((f) => lang && f.lang === lang) ?? of.find((f) => f.lang == null) ?? null;
}

/** Sign records of (op, document): the pack's, then what is queued on the netbook. */
function records(pack, queue, opId, kind, docId) {
  const idKey = kind === 'swp' ? 'swpId' : 'alertId';
  const list = (pack.signed ?? []).filter((r) => r.opId === opId && r[idKey] === docId).map((r) => ({ ...r }));
  for (const i of queue) {
    if (i.body?.opId !== opId || i.body?.[idKey] !== docId) continue;
    if (i.path.endsWith(`/operator-read-${kind}`)) list.push({ opId, [idKey]: docId, signedAt: i.kioskTime, verified: false });
    if (i.path.endsWith(`/verify-${kind}`)) list.forEach((r) => (r.verified = true));
  }
  return list.sort((a, b) => a.signedAt - b.signedAt);
}

function operatorStatus(pack, queue, opId, swpId, now) {
  const op = (pack.operators ?? []).find((o) => o._id === opId);
  const part = partOf(pack, { swpId }, now);
  if (!op) throw refuse(403, UNKNOWN_BADGE);
  if (!part) throw refuse(404, NOT_KEPT);
  const partNumber = part.swp.partNumber ?? part.partNumber;
  const lv = pack.gate === false ? { level: 5, reason: null } : (op.levels?.[partNumber] ?? { level: -1, reason: null });
  const list = records(pack, queue, opId, 'swp', swpId);
  const last = list[list.length - 1];
  const verified = list.filter((r) => r.verified).pop();
  const read = partNumber.toLowerCase().includes('contain') || Boolean(verified && now - verified.signedAt < SIGN_VALID_MS);
  return {
    trainingLevel: lv.level,
    trainingReason: lv.reason ?? null,
    swpRead: read,
    signedAt: iso(verified?.signedAt ?? null),
    expires: iso(verified ? verified.signedAt + SIGN_VALID_MS : null),
    awaitingVerification: Boolean(last && !last.verified),
    partNumber,
  };
}

const alertsInForce = (pack, now) => (pack.alerts ?? []).filter((a) => !gone(a, now));

function swpWithUrls(pack, swpId, lang, now) {
  const part = partOf(pack, { swpId }, now);
  if (!part) throw refuse(404, NOT_KEPT);
  const urls = {};
  const served = {};
  for (const section of ['swc', 'jes', 'vis']) {
    const f = pick(part.files, section, lang);
    urls[section] = docUrl(f);
    if (f) served[section] = { lang: f.lang ?? null, sha256: f.sha256 };
  }
  urls.video = docUrl(pick(part.files, 'video', null));
  return { swp: { ...part.swp, urls, served: lang ? served : undefined } };
}

function alertFile(pack, alertId, lang, now) {
  const a = alertsInForce(pack, now).find((x) => x._id === alertId);
  const f = a && pick(a.files, null, lang);
  if (!f) throw refuse(404, NOT_KEPT);
  return { url: docUrl(f), served: { lang: f.lang ?? null, sha256: f.sha256 } };
}

/** The answer to `path` from the pack, or throws (`error` when nothing is kept for it). */
export async function answerFrom(pack, queue, config, path, error, now = Date.now()) {
  const url = new URL(path, 'http://kiosk');
  const q = url.searchParams;
  const seg = url.pathname.split('/').slice(1).map(decodeURIComponent);
  const route = seg.slice(0, 3).join('/');
  const lang = q.get('lang');
  // Documents stop once the pack is older than its limit.
  const docs = () => {
    if (tooLong({ asOf: pack.asOf, maxHours: pack.maxHours }, now)) throw refuse(503, k('Offline too long — see the team lead'));
  };
  switch (route) {
    case 'api/island/operator-from-badge': {
      const op = (pack.operators ?? []).find((o) => o.badge === seg[3]);
      if (!op) throw refuse(403, UNKNOWN_BADGE);
      return { _id: op._id, opNo: op.opNo, fullName: op.fullName, position: op.position, lang: op.language };
    }
    case 'api/island/operator-status':
      return operatorStatus(pack, queue, seg[3], seg[4], now);
    case 'api/island/kiosk-config':
      return { idleSecs: 120, waiverMaxDays: 0, ...config, signature: pack.signature };
    case 'api/island/obligations':
      throw new ApiError(404, { error: say(NOT_KEPT) });
    case 'api/island/sign-history': {
      const part = partOf(pack, { partId: seg[3], swpId: seg[3] }, now);
      return { opsSigned: [], revision: part?.swp?.revision ?? null, changes: part?.swp?.changes ?? '', changeRequest: null };
    }
    case 'api/swps/deployed-swp': {
      docs();
      const part = partOf(pack, { partId: q.get('partId') }, now);
      if (!part) throw refuse(404, NOT_KEPT);
      return { details: { ...part.swp, opsSigned: [], urls: { video: docUrl(pick(part.files, 'video', null)) } } };
    }
    case 'api/swps/deployed-swp-part-numbers': {
      const term = (q.get('searchTerm') || '').toLowerCase();
      const limit = Number(q.get('limit')) || 10;
      const swpList = (pack.parts ?? [])
        .filter((p) => shown(p, now) && p.partNumber.toLowerCase().startsWith(term))
        .slice(0, limit)
        .map((p) => ({ _id: p.partId, partNumber: p.partNumber }));
      return { swpList };
    }
    case 'api/swps/swp-with-urls':
      docs();
      return swpWithUrls(pack, seg[3], lang, now);
    case 'api/swps/last-signed':
      return { lastSigned: null };
    case 'api/alerts/operator-alerts': {
      const list = alertsInForce(pack, now).map(({ files, ...a }) => ({ ...a, url: docUrl(pick(files, null, null)) }));
      if (seg[3] === 'zone') return list;
      const opId = seg[4];
      return list.filter((a) => !records(pack, queue, opId, 'alert', a._id).some((r) => r.verified));
    }
    case 'api/alerts/file':
      docs();
      return alertFile(pack, seg[3], lang, now);
    case 'api/alerts/signed-url':
      docs();
      return { url: alertFile(pack, seg[3], null, now).url };
    default:
      throw error;
  }
}

const NOT_A_VERIFIER = k('This badge cannot verify operators. A supervisor, manager or engineer must scan their own badge.');
const SELF_VERIFY = k('Operators cannot verify themselves. Another person must scan their own badge.');

/**
 * Offline, the server's verifier rule from the pack (the server checks it again on sync):
 * why this badge may not verify the operator, or null. An unknown badge is refused too.
 */
export async function offlineVerifierRefusal(badgeNo, opId, pack = null) {
  const kept = pack ?? (await keptPack().catch(() => null));
  if (!kept) return null;
  const v = (kept.operators ?? []).find((o) => o.badge === badgeNo);
  if (!v) return say(UNKNOWN_BADGE);
  if (v._id === opId) return say(SELF_VERIFY);
  return v.mayVerify ? null : say(NOT_A_VERIFIER);
}

/** The kit's read fallback (offline/start.js): the kept pack's answer to `path`. */
export async function answer(path, error) {
  const pack = await keptPack().catch(() => null);
  if (!pack) throw error;
  const [queue, config] = await Promise.all([queued().catch(() => []), keptConfig().catch(() => null)]);
  return answerFrom(pack, queue, config, path, error);
}
