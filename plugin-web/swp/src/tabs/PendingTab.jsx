// My Pending (GET /api/swps/user-pending-swps) and All Pending (GET /api/swps/pending-swps):
// 'Pending Approval', client-side search over all row values, sorting, paging, the viewer
// on a part number, and bulk delete of selected rows (the pending dialog): the kit's
// review list. A rejected SWP's state says so, with the rejection, and its authors get
// 'Submit a corrected version': the Upload tab, filled from it (?tab=upload&corrects=<id>).
import { useSearchParams } from 'react-router';
import { correctionsInReview, ReviewList, stateColumn, swpColumns, useSession, useT } from '@plantdoc/kit';
import { mayCorrect, searchRows } from '../lib';
import { usePendingSwps, useUserPendingSwps } from '../api';
import { stage, useSwpDeletion } from '../components/ListTools';
import { SwpViewer, useSwpView } from '../components/SwpViewer';

function PendingList({ query }) {
  const t = useT('swp');
  const view = useSwpView();
  const rows = query.isError ? [] : (query.data ?? null);
  const user = useSession().user;
  const deletion = useSwpDeletion(user, 'pending');
  const [, setParams] = useSearchParams();
  const correct = {
    onCorrect: (r) => setParams({ tab: 'upload', corrects: r._id }),
    mayCorrect: (r) => mayCorrect(user, r),
    correcting: correctionsInReview(rows),
  };

  const columns = [
    ...swpColumns({ onOpen: view.open }),
    stage('process', t('Process')),
    stage('quality', t('Quality')),
    stage('production', t('Production')),
    stateColumn(correct),
  ];
  // The list stays mounted under the viewer so it keeps its page, search and selection.
  // Empty: 'No records found', the same way on every tab.
  return (
    <div>
      {view.id && <SwpViewer view={view} known={rows?.find((r) => r._id === view.id)} />}
      <div style={{ display: view.id ? 'none' : undefined }}>
        <ReviewList title={t('Pending Approval')} rows={rows} columns={columns} search={searchRows} deletion={deletion} />
      </div>
    </div>
  );
}

// One hook per call: My Pending and All Pending each read their own list.
const MinePending = () => <PendingList query={useUserPendingSwps()} />;
const AllPending = () => <PendingList query={usePendingSwps()} />;

export function PendingTab({ mine = false }) {
  return mine ? <MinePending /> : <AllPending />;
}
