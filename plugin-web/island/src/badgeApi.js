// The start screen's one server call, apart from api.js so that /island loads only the
// kit's core for it (not the document hooks the other kiosk pages use).
import { api } from '@plantdoc/kit';

/** GET /api/island/operator-from-badge/{badge}: the operator, or an ApiError with {error}. */
export function operatorFromBadge(badge) {
  return api.get(`/api/island/operator-from-badge/${encodeURIComponent(badge)}`);
}

/** The operator of a badge as the netbook keeps them (state.js), or the ApiError. */
export async function badgeOperator(badge) {
  const op = await operatorFromBadge(badge);
  return { _id: op._id, opNo: op.opNo, fullName: op.fullName, lang: op.lang };
}
