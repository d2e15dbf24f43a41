// Every key the code uses is translated in every shipped language, and no translator's
// file holds a key the code no longer uses (a changed English text must be translated
// again: its old translation is reported here). Decision 75.
import { describe, expect, it } from 'vitest';
import { SHIPPED, baseKey, hasKey, packages, translations, usedKeys } from '../../../web-tests/i18n-keys.mjs';

const used = usedKeys();

describe('translations', () => {
  it('finds the keys of the code', () => {
    // The kit's own texts are keys too: the scanner must see them.
    expect(used.get('kit').size).toBeGreaterThan(10);
  });

  for (const { ns } of packages()) {
    for (const lng of SHIPPED) {
      it(`${ns}: every key in ${lng}`, () => {
        const file = translations(ns, lng);
        const missing = [...(used.get(ns) ?? new Map()).entries()]
          .filter(([key]) => !hasKey(file, key, lng))
          .map(([key, files]) => `${JSON.stringify(key)} (${files[0]})`);
        expect(missing, `missing in ${ns}/locales/${lng}.json`).toEqual([]);
      });
      it(`${ns}: no stale key in ${lng}`, () => {
        const keys = used.get(ns) ?? new Map();
        const stale = Object.keys(translations(ns, lng)).filter((entry) => !keys.has(baseKey(entry, lng)));
        expect(stale, `not used by the code: ${ns}/locales/${lng}.json`).toEqual([]);
      });
    }
  }
});
