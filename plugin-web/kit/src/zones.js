// Zone labels in the page's language. The server labels every zone by one English rule
// (core/src/plant/zones.rs `label`): 'A1' → 'A Zone 1' (a letter, then the rest of the
// code), 'shipping' → 'Shipping', 'ojt' → 'OJT', a one-character code as itself. The web
// turns those shapes back into keys here, once, for every list, select and summary that
// shows a zone; a label of any other shape is shown as the server gives it.
import { k, translate } from './i18n';

const LETTER_ZONE = k('{{letter}} Zone {{n}}');
// The spec's named zones ('OJT' reads the same in every shipped language).
const NAMED = { shipping: k('Shipping') };

const kitT = (key, options) => translate('kit', key, options);

/**
 * A zone's label in the page's language, from its code and the server's label (the code
 * alone when there is none). `t`: the kit's translator (useT('kit')) in a component that
 * must re-render on a language change without other texts of its own.
 */
export function zoneLabel(value, label, t = kitT) {
  const code = String(value ?? '');
  const given = label ?? code;
  if (code.length > 1 && given === `${code[0]} Zone ${code.slice(1)}`) return t(LETTER_ZONE, { letter: code[0], n: code.slice(1) });
  if (NAMED[code] && given === NAMED[code]) return t(NAMED[code]);
  return given;
}

/** `[{ value, label }]` (GET /api/zones and the like) with each label in the page's language. */
export function zoneOptions(list, t = kitT) {
  return (Array.isArray(list) ? list : []).map((z) => ({ ...z, label: zoneLabel(z.value, z.label, t) }));
}
