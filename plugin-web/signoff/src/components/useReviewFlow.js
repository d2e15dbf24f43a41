// The step after a verdict (spec section 4): the snackbar, the item leaves the local
// list, the review moves to the next item (wrapping to the first), or All Done.
import { useQueryClient } from '@tanstack/react-query';
import { keepAnswer, useT } from '@plantdoc/kit';
import { afterReview, TEXTS } from '../lib';

export function useReviewFlow({ kind, queryKey, list, nav, notify }) {
  const client = useQueryClient();
  const t = useT('signoff');
  return (id, verdict) => {
    const { rest, next } = afterReview(list, id);
    keepAnswer(client, queryKey, rest);
    notify(t(TEXTS[kind][verdict === 'approve' ? 'approved' : 'rejected']));
    if (next) nav.open(next, { replace: true });
    else nav.finish();
  };
}
