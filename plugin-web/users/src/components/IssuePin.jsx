// Edit User: 'Issue PIN' gives the person a one-time signature PIN (decision 63; it also
// ends a lock after wrong tries). After a confirmation the PIN is shown once, printable;
// the person replaces it with their own at its first use at the kiosk.
import { useState } from 'react';
import { Alert, Button, Popconfirm } from 'antd';
import { k, useT } from '@plantdoc/kit';
import { useIssuePin } from '../api';
import { PinSheet } from './PinSheet';

export const ISSUE_PIN_CONFIRM = k('Issue a one-time PIN to {{name}}? Their current PIN stops working.');

/** `user`: the edited user ({ email, fullName, opNo }). */
export function IssuePin({ user }) {
  const t = useT('users');
  const issue = useIssuePin();
  const [pin, setPin] = useState(null);
  const [error, setError] = useState(null);
  const run = () => {
    setError(null);
    issue.mutate(user.email, {
      onSuccess: (res) => {
        issue.reset();
        setPin(res?.pin || null);
      },
      onError: (err) => setError(err?.fields?.email || err?.message),
    });
  };
  if (pin)
    return (
      <div style={{ marginTop: 24 }}>
        <PinSheet
          title={t('One-time PIN for {{name}}', { name: user.fullName })}
          lines={[{ name: user.fullName, opNo: user.opNo, pin }]}
          onDone={() => setPin(null)}
        />
      </div>
    );
  return (
    <div style={{ marginTop: 24 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Popconfirm title={t(ISSUE_PIN_CONFIRM, { name: user.fullName })} okText={t('Issue PIN')} cancelText={t('Cancel')} onConfirm={run}>
        <Button loading={issue.isPending}>{t('Issue PIN')}</Button>
      </Popconfirm>
    </div>
  );
}
