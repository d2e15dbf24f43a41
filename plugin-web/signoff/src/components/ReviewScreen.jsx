// The review view of one item, for both tabs: its document, the sidebar (title, rows,
// note, Reject / Approve) and, after a verdict, the next item or All Done.
import { ReviewLayout } from './ReviewLayout';
import { ReviewPanel } from './ReviewPanel';
import { useReviewFlow } from './useReviewFlow';

/** kind 'swp' or 'alert'; queryKey: the list's; rows: [[label, value]] of the sidebar. */
export function ReviewScreen({ kind, queryKey, item, list, nav, notify, document, title, rows }) {
  const onReviewed = useReviewFlow({ kind, queryKey, list, nav, notify });
  return (
    <ReviewLayout
      document={document}
      sidebar={<ReviewPanel key={item._id} kind={kind} id={item._id} title={title} rows={rows} onReviewed={(verdict) => onReviewed(item._id, verdict)} />}
    />
  );
}
