// Sign Off, SWPs tab: 'Pending My Approval' (GET /api/swps/pending-my-approval), the
// review view (the kit's DocumentViewer on fresh links, the sidebar, note, Reject and
// Approve) and All Done. Which item and section are shown lives in the URL (nav).
import { DocumentViewer, swpColumns, textColumn } from '@plantdoc/kit';
import { personName, revisionText, zonesText } from '../lib';
import { signoffKeys, swpLinks, usePendingSwps } from '../api';
import { ReviewTab } from '../components/ReviewTab';
import { ReviewScreen } from '../components/ReviewScreen';

export const SWP_COLUMNS = ['Part Number', 'Submitted', 'Uploader', 'Zones', 'Revision'];

/** The sidebar's rows (spec 'Review view'). */
const SWP_FACTS = ['Submitted', 'Uploader', 'Author', 'Revision', 'Zones', 'Changes'];

function SwpReview(props) {
  const { item: swp, nav } = props;
  const section = nav.section || 'swc';
  const viewer = (
    <DocumentViewer
      links={swpLinks(swp._id)}
      title={`${swp.partNumber} ${section.toUpperCase()}`}
      onBack={nav.list}
      section={section}
      onSectionChange={nav.setSection}
    />
  );
  return <ReviewScreen {...props} kind="swp" queryKey={signoffKeys.swps} document={viewer} title={swp.partNumber} labels={SWP_FACTS} />;
}

/** The table's columns; `onOpen(row)` opens the review. */
export const swpTableColumns = (onOpen) => [
  ...swpColumns({ onOpen }),
  textColumn('Uploader', 'uploader', (r) => personName(r.owner)),
  textColumn('Zones', 'zones', (r) => zonesText(r.zones)),
  { title: 'Revision', key: 'revision', dataIndex: 'revision', render: revisionText },
];

/** nav, notify: the page's (SignOffPage). An empty list shows no table (spec section 8). */
export function SwpsTab(page) {
  return (
    <ReviewTab {...page} kind="swp" query={usePendingSwps()} gone="This SWP is no longer pending your approval." columns={swpTableColumns} Review={SwpReview} />
  );
}
