// Bits shared by the SWP list tabs, on the kit's review list: the part-number link, the
// review stage column (spec: Pending orange, any other status green), the delete bar.
import { DeleteSelected as KitDeleteSelected, OpenLink, stageColumn, useT } from '@plantdoc/kit';
import { mayDelete, statusColor } from '../lib';
import { Link } from 'react-router';
import { useDeleteSwps } from '../api';

export function PartLink({ swp, onOpen }) {
  return (
    <OpenLink testId="part-link" onOpen={onOpen && (() => onOpen(swp))}>
      {swp.partNumber}
    </OpenLink>
  );
}

/** The column of one review stage (Process, Quality, Production). */
export const stage = (key, title) => stageColumn(title, key, statusColor);

/** The part search page's Details of a deployed part (zones Edit there; decision 60). */
export const detailsPath = (partNumber) => `/main/swps/search?${new URLSearchParams({ pn: partNumber, view: 'details' })}`;

export function DetailsLink({ partNumber }) {
  const t = useT('swp');
  return (
    <Link to={detailsPath(partNumber)} aria-label={t('Details of {{part}}', { part: partNumber })} data-testid="details-link">
      {t('Details')}
    </Link>
  );
}

/** The review list's delete settings for SWPs: `kind` 'pending' or 'deployed'. */
export function useSwpDeletion(user, kind) {
  return { kind, remove: useDeleteSwps(kind), mayDelete: (r) => mayDelete(user, r), label: (r) => r.partNumber, sayRefusal: true };
}

/**
 * The 'Delete' button for selected rows and its confirmation. `kind` 'pending' posts to
 * delete-pending, 'deployed' to delete-deployed; `onDeleted(ids)` after the server agrees
 * (the lists reload). A refused batch (all or nothing) says why.
 */
export function DeleteSelected({ kind, selected, onDeleted }) {
  return <KitDeleteSelected kind={kind} selected={selected} remove={useDeleteSwps(kind)} onDeleted={onDeleted} sayRefusal />;
}
