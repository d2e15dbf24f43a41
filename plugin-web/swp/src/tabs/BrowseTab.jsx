// Browse: every deployed SWP, paged by the server, default sort part number ascending;
// row checkboxes with bulk delete (the deployed dialog).
import { formatDate } from '@plantdoc/kit';
import { ownerName, revisionText, zonesText } from '../lib';
import { DeployedTable } from '../components/DeployedTable';

export const BROWSE_SORT = { by: 'partNumber', order: 'asc' };

const columns = [
  { title: 'Part Number', key: 'partNumber', dataIndex: 'partNumber', sortKey: 'partNumber' },
  { title: 'Deployed', key: 'deployed', render: (_, r) => formatDate(r.deployDate), sortKey: 'deployDate.timestamp' },
  { title: 'Revision', key: 'revision', render: (_, r) => revisionText(r.revision) },
  { title: 'Uploader', key: 'uploader', render: (_, r) => ownerName(r), sortKey: 'owner.firstname' },
  { title: 'Creator', key: 'creator', render: () => <span style={{ color: '#999' }}>—</span> },
  { title: 'Zones', key: 'zones', render: (_, r) => zonesText(r.zones) },
  { title: 'Changes', key: 'changes', dataIndex: 'changes' },
];

export function BrowseTab() {
  return <DeployedTable columns={columns} defaultSort={BROWSE_SORT} selectable />;
}
