// The sitting (issue 26): what the operator has read since the badge scan and no verifier
// has witnessed yet ({kind: 'swp' | 'alert', id, label}), so that one verifier scan
// verifies them all, one verify call each. Cleared with the operator (state.js). Not in
// state.js: the start screen does not download it.
import { SITTING } from './state';

export function getSitting() {
  try {
    const list = JSON.parse(sessionStorage.getItem(SITTING) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const keep = (list) => sessionStorage.setItem(SITTING, JSON.stringify(list));

/** Adds a read item (once). */
export function addRead(item) {
  keep([...getSitting().filter((i) => i.id !== item.id), item]);
}

/** Removes a verified item. */
export function dropRead(id) {
  keep(getSitting().filter((i) => i.id !== id));
}
