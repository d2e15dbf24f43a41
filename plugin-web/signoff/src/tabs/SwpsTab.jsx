// Sign Off, SWPs tab: 'Pending My Approval' (GET /api/swps/pending-my-approval), the
// review view (the kit's DocumentViewer on fresh links, the sidebar, note, Reject and
// Approve) and All Done. Which item and section are shown lives in the URL (nav).
import { Suspense } from 'react';
import { Button, Spin } from 'antd';
import { DocumentViewer, SwpCompare, k, swpColumns, textColumn, useT } from '@plantdoc/kit';
import { personName, revisionText, zonesText } from '../lib';
import { signoffKeys, swpLinks, usePendingSwps } from '../api';
import { ReviewTab } from '../components/ReviewTab';
import { ReviewScreen } from '../components/ReviewScreen';

export const SWP_COLUMNS = ['Part Number', 'Submitted', 'Uploader', 'Zones', 'Revision'];

/** The sidebar's rows (spec 'Review view'). */
const SWP_FACTS = [k('Submitted'), k('Uploader'), k('Author'), k('Revision'), k('Zones'), k('Changes')];

function SwpReview(props) {
  const { item: swp, nav } = props;
  const t = useT('signoff');
  const section = nav.section || 'swc';
  // A new revision is judged beside the deployed one (its pages, not only its note).
  const viewer = nav.compare ? (
    <Suspense fallback={<Spin style={{ display: 'block', padding: 48 }} />}>
      {/* The first headings of the page after its h1: the review panel's title comes after them. */}
      <SwpCompare swp={swp} onClose={() => nav.setCompare(false)} headingLevel={2} />
    </Suspense>
  ) : (
    <>
      {Number(swp.revision) > 0 && (
        <Button style={{ marginBottom: 8 }} onClick={() => nav.setCompare(true)}>
          {t('Compare with the deployed revision')}
        </Button>
      )}
      <DocumentViewer
        links={swpLinks(swp._id)}
        title={`${swp.partNumber} ${section.toUpperCase()}`}
        onBack={nav.list}
        section={section}
        onSectionChange={nav.setSection}
      />
    </>
  );
  return <ReviewScreen {...props} kind="swp" queryKey={signoffKeys.swps} document={viewer} title={swp.partNumber} labels={SWP_FACTS} />;
}

/** The table's columns; `onOpen(row)` opens the review; `t` the namespace's translator. */
export const swpTableColumns = (onOpen, t) => [
  ...swpColumns({ onOpen }),
  textColumn(t('Uploader'), 'uploader', (r) => personName(r.owner)),
  textColumn(t('Zones'), 'zones', (r) => zonesText(r.zones)),
  { title: t('Revision'), key: 'revision', dataIndex: 'revision', render: (v) => t(revisionText(v)) },
];

/** nav, notify: the page's (SignOffPage). An empty list shows no table (spec section 8). */
export function SwpsTab(page) {
  const t = useT('signoff');
  return (
    <ReviewTab
      {...page}
      kind="swp"
      query={usePendingSwps()}
      gone={t('This SWP is no longer pending your approval.')}
      columns={swpTableColumns}
      Review={SwpReview}
    />
  );
}
