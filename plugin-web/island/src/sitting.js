// The sitting (decision 59): what the operator has read since the badge scan and no verifier
// has witnessed yet ({kind: 'swp' | 'alert', id, label}), so that one verifier scan
// verifies them all, one verify call each. Cleared with the operator (state.js). Not in
// state.js: the start screen does not download it.
import { SITTING, getOperator } from './state';

export function getSitting() {
  try {
    const list = JSON.parse(sessionStorage.getItem(SITTING) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

const keep = (list) => sessionStorage.setItem(SITTING, JSON.stringify(list));

/**
 * Adds a read item (once). With `opId`, only while that operator is at the netbook: a read
 * the outbox sends after they were signed out or replaced by another badge is kept on the
 * server, never put in the next operator's sitting. True when added.
 */
export function addRead(item, { opId } = {}) {
  if (opId && getOperator()?._id !== opId) return false;
  keep([...getSitting().filter((i) => i.id !== item.id), item]);
  return true;
}

/** Removes a verified item. */
export function dropRead(id) {
  keep(getSitting().filter((i) => i.id !== id));
}
