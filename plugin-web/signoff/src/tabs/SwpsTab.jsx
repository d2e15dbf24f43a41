// Sign Off, SWPs tab: 'Pending My Approval' (GET /api/swps/pending-my-approval), the
// review view (the kit's DocumentViewer on fresh links, the sidebar, note, Reject and
// Approve) and All Done. Which item and section are shown lives in the URL (nav).
import { DocumentViewer, formatDate, swpColumns, textColumn } from '@plantdoc/kit';
import { personName, authorName, revisionText, zonesText } from '../lib';
import { signoffKeys, swpLinks, usePendingSwps } from '../api';
import { ReviewTab } from '../components/ReviewTab';
import { ReviewScreen } from '../components/ReviewScreen';

export const SWP_COLUMNS = ['Part Number', 'Submitted', 'Uploader', 'Zones', 'Revision'];

function SwpReview({ item: swp, list, nav, notify }) {
  const section = nav.section || 'swc';
  return (
    <ReviewScreen
      kind="swp"
      queryKey={signoffKeys.swps}
      item={swp}
      list={list}
      nav={nav}
      notify={notify}
      document={<DocumentViewer links={swpLinks(swp._id)} title={`${swp.partNumber} ${section.toUpperCase()}`} onBack={nav.list} section={section} onSectionChange={nav.setSection} />}
      title={swp.partNumber}
      rows={[
        ['Submitted', formatDate(swp.uploadDate)],
        ['Uploader', personName(swp.owner)],
        ['Author', authorName(swp)],
        ['Revision', revisionText(swp.revision)],
        ['Zones', zonesText(swp.zones)],
        ['Changes', swp.changes],
      ]}
    />
  );
}

/** The table's columns; `onOpen(row)` opens the review. */
export const swpTableColumns = (onOpen) => [
  ...swpColumns({ onOpen }),
  textColumn('Uploader', 'uploader', (r) => personName(r.owner)),
  textColumn('Zones', 'zones', (r) => zonesText(r.zones)),
  { title: 'Revision', key: 'revision', dataIndex: 'revision', render: revisionText },
];

export function SwpsTab({ nav, notify }) {
  // An empty list shows no table (spec section 8).
  return (
    <ReviewTab
      kind="swp"
      query={usePendingSwps()}
      nav={nav}
      notify={notify}
      gone="This SWP is no longer pending your approval."
      columns={swpTableColumns}
      Review={SwpReview}
    />
  );
}
