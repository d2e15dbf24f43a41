// Deleting users (Manage Users' selection, the edit screen): the spec's confirmation, and
// when a kiosk account is among them, its name and what stops with it, acknowledged before
// Yes (decision 107: one Delete must not stop a line unawares).
import { useState } from 'react';
import { Alert, Checkbox } from 'antd';
import { DeleteDialog, k, useT } from '@plantdoc/kit';

export const DELETE_USERS_TEXT = k(
  'Are you sure you want to delete the selected users? They will no longer be able to sign in; their signatures and history are kept. This action cannot be undone.',
);

/** users: the user objects to delete ({fullName, email, kiosk}). */
export function DeleteUsersDialog({ open, users, confirming, onCancel, onConfirm }) {
  const t = useT('users');
  const [understood, setUnderstood] = useState(false);
  const kiosks = users.filter((u) => u.kiosk);
  const close = (then) => () => {
    setUnderstood(false);
    then();
  };
  return (
    <DeleteDialog
      open={open}
      text={t(DELETE_USERS_TEXT)}
      confirming={confirming}
      confirmDisabled={kiosks.length > 0 && !understood}
      onCancel={close(onCancel)}
      onConfirm={close(onConfirm)}
    >
      {kiosks.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            data-testid="delete-kiosks"
            title={t('Kiosk accounts: the kiosks signed in with them stop at once.')}
            description={kiosks.map((u) => `${u.fullName} (${u.email})`).join(', ')}
            style={{ marginBottom: 12 }}
          />
          <Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)} data-testid="delete-kiosks-understood">
            {t('I understand: those kiosks stop until they are signed in with another kiosk account.')}
          </Checkbox>
        </>
      )}
    </DeleteDialog>
  );
}
