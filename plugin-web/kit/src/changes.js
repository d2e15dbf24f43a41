// The Changes text of an upload (spec sections 5 and 9): at most 140 characters, with an
// 'N characters left' counter that turns red at 140.
export const MAX_CHANGES = 140;

/** The Changes counter: 'N characters left'. */
export function charactersLeft(text) {
  return `${MAX_CHANGES - (text || '').length} characters left`;
}
