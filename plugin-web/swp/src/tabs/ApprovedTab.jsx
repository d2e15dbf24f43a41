// My Approved (GET /api/swps/user-deployed-swps, client-side) and All Approved (server
// paged, default deployDate descending): Part Number, Submitted, Deployed, Operators
// Signed (a link when > 0 opening the 'Operators Signed' modal).
import { useState } from 'react';
import { countColumn, dateColumn, OperatorsSignedModal, ReviewList, swpColumns, useT } from '@plantdoc/kit';
import { searchRows } from '../lib';
import { swpSignedOps, useUserDeployedSwps } from '../api';
import { SwpViewer, useSwpView } from '../components/SwpViewer';
import { DeployedTable } from '../components/DeployedTable';

export const APPROVED_SORT = { by: 'deployDate.timestamp', order: 'desc' };

/** The server's sort key of each column (All Approved sorts on the server). */
const SORT_KEYS = { partNumber: 'partNumber', submitted: 'uploadDate.timestamp', deployed: 'deployDate.timestamp' };

function useColumns(onOpen, onSigned, serverSorted) {
  const t = useT('swp');
  return [
    ...swpColumns({ onOpen }),
    dateColumn(t('Deployed'), 'deployed', (r) => r.deployDate),
    countColumn(t('Operators Signed'), 'signed', (r) => r.opsSigned, { onOpen: onSigned, testId: 'signed-link' }),
  ].map((c) => (serverSorted && SORT_KEYS[c.key] ? { ...c, sortKey: SORT_KEYS[c.key] } : c));
}

/** My Approved: my deployed SWPs, searched and paged here. */
function MyApproved({ columns }) {
  const t = useT('swp');
  const query = useUserDeployedSwps();
  return <ReviewList title={t('Approved')} rows={query.isError ? [] : (query.data ?? null)} columns={columns} search={searchRows} />;
}

export function ApprovedTab({ mine = false }) {
  const t = useT('swp');
  const view = useSwpView();
  const viewing = Boolean(view.id);
  const [signed, setSigned] = useState(null);
  const columns = useColumns(view.open, setSigned, !mine);

  // The list stays mounted under the viewer so it keeps its page and search.
  const viewer = viewing && <SwpViewer view={view} />;
  return (
    <div>
      {viewer}
      <div style={{ display: viewing ? 'none' : undefined }}>
        {mine ? <MyApproved columns={columns} /> : <DeployedTable title={t('Deployed')} columns={columns} defaultSort={APPROVED_SORT} />}
      </div>
      <OperatorsSignedModal open={!!signed} source={signed ? swpSignedOps(signed._id) : undefined} onClose={() => setSigned(null)} />
    </div>
  );
}
