// Bits shared by the SWP list tabs: the delete bar, the part-number link, the status tag.
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { api, DeleteDialog } from '@plantdoc/kit';
import { statusColor } from '../lib';

export function PartLink({ swp, onOpen }) {
  if (!onOpen) return swp.partNumber;
  return (
    <Typography.Link onClick={() => onOpen(swp)} data-testid="part-link">
      {swp.partNumber}
    </Typography.Link>
  );
}

export function ApprovalStatus({ status }) {
  return <span style={{ color: statusColor(status), fontWeight: 500 }}>{status}</span>;
}

/**
 * The 'Delete' button for selected rows and its confirmation. `kind` 'pending' posts to
 * delete-pending, 'deployed' to delete-deployed; `onDeleted(ids)` after the server agrees.
 * Failures are only logged (spec section 8).
 */
export function DeleteSelected({ kind, selected, onDeleted }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await api.post(`/api/swps/delete-${kind}`, selected);
      onDeleted(selected);
    } catch (err) {
      console.error('Could not delete the SWPs', err);
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <Space>
      <Button danger disabled={!selected.length} onClick={() => setOpen(true)}>
        Delete{selected.length ? ` (${selected.length})` : ''}
      </Button>
      <DeleteDialog open={open} kind={kind} confirming={busy} onCancel={() => setOpen(false)} onConfirm={confirm} />
    </Space>
  );
}
