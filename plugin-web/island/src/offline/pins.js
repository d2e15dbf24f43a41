// One-time PINs offline (decision 125). Nothing answers 'choose your own PIN' (400 newPin)
// while the server is away: the pack says who must replace their PIN (`mustReplacePin`, a
// flag, no secret) and the PIN screen asks for the new one at once, typed twice as online;
// its rules are checked here as the server checks them (auth::pin::check_for), and the
// one-time PIN and the new one are sealed together. A replacement queued here is
// remembered with the pack it was made under (kv 'replaced': person → the pack's asOf), so
// the person's next act asks for their own PIN; a newer pack says how the server took it.
import { k } from '@plantdoc/kit';
import { db } from './db';
import { keptPack } from './pack';

export const CHOOSE_PIN = k('This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.');
export const FORMAT = k('A PIN is 4 to 8 digits.');
export const TOO_SIMPLE = k('This PIN is too easy to guess (one digit repeated, or a run like 1234). Please choose another.');
export const LIKE_BADGE = k('A PIN cannot be your badge or operator number. Please choose another.');
export const SAME_PIN = k('Please choose a PIN other than the one you were given.');

/** The pack's badge holder `who` names: `{id}` or `{badge}`. */
const find = (pack, who) => (pack?.operators ?? []).find((o) => (who?.id ? o._id === who.id : who?.badge != null && o.badge === who.badge)) ?? null;

/** The signer of a signing call: the verifier's badge on a verification, else the operator. */
export const signerOf = (path, body) => (/\/verify-/.test(path) ? { badge: body?.badgeNo } : { id: body?.opId });

/** The holder `who` when their one-time PIN is still to be replaced on this netbook, or null. */
export async function toReplace(who) {
  const pack = await keptPack();
  const h = find(pack, who);
  if (!h?.mustReplacePin) return null;
  const replaced = (await (await db()).get('kv', 'replaced')) ?? {};
  return replaced[h._id] === pack.asOf ? null : h;
}

/** Remembers that `who` replaced their one-time PIN in an act queued here. */
export async function replacedHere(who) {
  const pack = await keptPack();
  const h = find(pack, who);
  if (!h) return;
  const d = await db();
  await d.put('kv', { ...((await d.get('kv', 'replaced')) ?? {}), [h._id]: pack.asOf }, 'replaced');
}

/** Why `pin` cannot replace the one-time PIN `given` of `holder` (the server's rules), or null. */
export function newPinRefusal(pin, given, holder) {
  if (!/^[0-9]{4,8}$/.test(pin)) return FORMAT;
  const steps = [...pin].slice(1).map((c, i) => Number(c) - Number(pin[i]));
  if ([0, 1, -1].some((s) => steps.every((x) => x === s))) return TOO_SIMPLE;
  const digits = (holder?.opNo ?? '').replace(/[^0-9]/g, '');
  if ([holder?.badge, holder?.opNo, digits].some((known) => known && known.trim() === pin)) return LIKE_BADGE;
  return pin === given ? SAME_PIN : null;
}
