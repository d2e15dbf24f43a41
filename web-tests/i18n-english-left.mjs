// For the component tests in Spanish (decision 77): which English keys of a namespace
// are still on screen. A key counts when its Spanish differs from it and it has 4+ letters
// outside its {{placeholders}}; a placeholder matches any text starting and ending with a
// letter or digit. Texts the kit writes itself are left to the kit's own test: a remote's
// page shows the kit's tables, pager and fields, translated in the 'kit' namespace.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, translations, usedKeys } from './i18n-keys.mjs';

const letters = (s) => (s.match(/\p{L}/gu) || []).length;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{\{\s*\w+\s*\}\}/;
/** A key as a pattern: its fixed parts as they are, its placeholders as `value`. */
const pattern = (key, value) => key.split(PLACEHOLDER).map(escape).join(value);

let kitText = null;
function kitSource() {
  if (kitText === null) {
    const read = (dir) =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) return read(p);
        if (!/\.(jsx?|mjs)$/.test(e.name)) return [];
        // Comment lines are not texts the kit shows.
        return [
          fs
            .readFileSync(p, 'utf8')
            .split('\n')
            .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
            .join('\n'),
        ];
      });
    kitText = read(path.join(ROOT, 'plugin-web', 'kit', 'src')).join('\n');
  }
  return kitText;
}

/** Whether the kit's code writes `key` itself (quoted, in a template, or as a JSX text line). */
function kitWrites(key) {
  const src = kitSource();
  if ([`'${key}'`, `"${key}"`, `\`${key}\``, `>${key}<`].some((s) => src.includes(s))) return true;
  if (new RegExp(`^\\s*${escape(key)}\\s*$`, 'm').test(src)) return true;
  return PLACEHOLDER.test(key) && new RegExp('`' + pattern(key, '\\$\\{[^}]*\\}') + '`').test(src);
}

/** Everything a person reads or hears in `root`, a line per text: its texts, labels and placeholders. */
export function shownText(root) {
  const texts = [];
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  while (walker.nextNode()) texts.push(walker.currentNode.nodeValue);
  const attrs = [...root.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap((el) =>
    ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) || ''),
  );
  return [...texts, ...attrs].join('\n');
}

/** The keys of `ns` whose English is still in `text` (the page shown in `lng`). */
export function englishLeft(ns, text, lng = 'es') {
  const file = translations(ns, lng);
  return [...(usedKeys().get(ns) ?? new Map()).keys()].filter((key) => {
    if (file[key] === key || letters(key.split(PLACEHOLDER).join('')) < 4 || kitWrites(key)) return false;
    const value = '[\\p{L}\\p{N}](?:[^\\n]*?[\\p{L}\\p{N}])?';
    return new RegExp(`(?<![\\p{L}\\p{N}])${pattern(key, value)}(?![\\p{L}\\p{N}])`, 'u').test(text);
  });
}
