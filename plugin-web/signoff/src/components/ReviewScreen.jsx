// The review view of one item, for both tabs: its document, the sidebar (title, rows,
// note, Reject / Approve) and, after a verdict, the next item or All Done. A corrected
// version says which rejection it answers (decision 65).
import { correctsText, useT } from '@plantdoc/kit';
import { ReviewLayout } from './ReviewLayout';
import { ReviewPanel } from './ReviewPanel';
import { useReviewFlow } from './useReviewFlow';
import { facts } from '../lib';

/** kind 'swp' or 'alert'; queryKey: the list's; labels: the sidebar's rows (lib `facts`). */
export function ReviewScreen({ kind, queryKey, item, list, nav, notify, document, title, labels }) {
  const t = useT('signoff');
  const onReviewed = useReviewFlow({ kind, queryKey, list, nav, notify });
  return (
    <ReviewLayout
      document={document}
      sidebar={
        <ReviewPanel
          key={item._id}
          kind={kind}
          id={item._id}
          title={title}
          rows={facts(item, labels, t)}
          corrects={correctsText(item.corrects)}
          onReviewed={(verdict) => onReviewed(item._id, verdict)}
        />
      }
    />
  );
}
