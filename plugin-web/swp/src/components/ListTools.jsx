// Bits shared by the SWP list tabs: the delete bar, the part-number link, the status tag.
import { Suspense, lazy, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '@plantdoc/kit';
import { RED, statusColor } from '../lib';
import { useDeleteSwps } from '../api';

const DeleteDialog = lazy(() => import('./DeleteDialogPart'));

function refusalText(err) {
  const why = err.body?.error || Object.values(err.fields || {})[0] || err.message;
  return `Nothing was deleted: ${why}`;
}

export function PartLink({ swp, onOpen }) {
  if (!onOpen) return swp.partNumber;
  return (
    <Typography.Link onClick={() => onOpen(swp)} data-testid="part-link">
      {swp.partNumber}
    </Typography.Link>
  );
}

/** The part search page's Details of a deployed part (zones Edit there; issue 26). */
export const detailsPath = (partNumber) => `/main/swps/search?${new URLSearchParams({ pn: partNumber, view: 'details' })}`;

export function DetailsLink({ partNumber }) {
  return (
    <Link to={detailsPath(partNumber)} aria-label={`Details of ${partNumber}`} data-testid="details-link">
      Details
    </Link>
  );
}

export function ApprovalStatus({ status }) {
  return <span style={{ color: statusColor(status), fontWeight: 500 }}>{status}</span>;
}

/** A review stage in a pending list: its status, then who reviewed it, when, and the note. */
export function StageCell({ stage }) {
  const s = stage || {};
  return (
    <div data-testid="stage">
      <ApprovalStatus status={s.status} />
      {s.reviewer && (
        <div style={{ fontSize: 12 }}>
          {s.reviewer}
          {s.date ? `, ${formatDate(s.date)}` : ''}
        </div>
      )}
      {s.note && (
        <div style={{ fontSize: 12, whiteSpace: 'pre-wrap' }} data-testid="review-note">
          “{s.note}”
        </div>
      )}
    </div>
  );
}

/**
 * The 'Delete' button for selected rows and its confirmation. `kind` 'pending' posts to
 * delete-pending, 'deployed' to delete-deployed; `onDeleted(ids)` after the server agrees
 * (the lists reload). Failures are only logged (spec section 8), by the query client.
 */
export function DeleteSelected({ kind, selected, onDeleted }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on (loaded then; it animates out when closed).
  const [used, setUsed] = useState(false);
  const remove = useDeleteSwps(kind);
  const confirm = () =>
    remove.mutate(selected, {
      onSuccess: (_, ids) => onDeleted(ids),
      onSettled: () => setOpen(false),
    });
  // A batch is all or nothing: a refusal (of one row or all) says why, nothing is deleted.
  const refused = remove.error ? refusalText(remove.error) : null;
  return (
    <Space>
      {refused && (
        <span role="alert" data-testid="delete-refused" style={{ color: RED }}>
          {refused}
        </span>
      )}
      <Button
        danger
        disabled={!selected.length}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        Delete{selected.length ? ` (${selected.length})` : ''}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <DeleteDialog open={open} kind={kind} confirming={remove.isPending} onCancel={() => setOpen(false)} onConfirm={confirm} />
        </Suspense>
      )}
    </Space>
  );
}
