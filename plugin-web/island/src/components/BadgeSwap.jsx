// A badge scanned over an operator's screens is a person walking up: the previous operator
// is signed out and the new one in, as from the start screen (part select), instead of
// the badge being ignored until the idle sign-out. On a reading screen a dialog asks
// first: what was read and not signed is lost (what was signed stays in the outbox and on
// the server). The same operator's badge does nothing; a refused badge shows the server's
// reason, a misread's wait counts down (badgeField.js). A badge field on screen (the
// verifier's badge, a PIN) takes the reader's keys instead. Its own chunk, loaded once an
// operator is signed in (routes.jsx).
import { useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { useT } from '@plantdoc/kit';
import { badgeOperator } from '../badgeApi';
import { getOperator, useOperator, useSignIn } from '../state';
import { useBadgeCapture, useBadgeField } from './badgeField';

// A reader types a badge in one burst: a key this long after the previous one starts anew.
const BURST_MS = 1000;
const FIXED = { position: 'fixed', left: '50%', bottom: 24, transform: 'translateX(-50%)', zIndex: 1000, width: 'min(560px, 90vw)' };

/** `confirm`: ask before switching (the reading screens). */
export function BadgeSwap({ confirm = false }) {
  const t = useT('island');
  const op = useOperator();
  const signIn = useSignIn();
  const [next, setNext] = useState(null);
  const [closed, setClosed] = useState('');
  const field = useBadgeField(async (badge) => {
    field.setValue('');
    setClosed('');
    const found = await badgeOperator(badge);
    if (found._id === getOperator()?._id) return;
    if (confirm) setNext(found);
    else signIn(found);
  });
  useBadgeCapture(field, { behindFields: true, restartAfterMs: BURST_MS });
  const switchTo = () => {
    const who = next;
    setNext(null);
    signIn(who);
  };
  return (
    <>
      {field.error && field.error !== closed && (
        <Alert
          data-testid="badge-swap-error"
          role="alert"
          type="error"
          showIcon
          style={FIXED}
          title={field.error}
          action={<Button onClick={() => setClosed(field.error)}>{t('Close')}</Button>}
        />
      )}
      <Modal
        open={Boolean(next)}
        title={t('Sign out {{name}}?', { name: op?.fullName })}
        closable={false}
        mask={{ closable: false }}
        onCancel={() => setNext(null)}
        footer={[
          <Button key="cancel" size="large" onClick={() => setNext(null)}>
            {t('Cancel')}
          </Button>,
          <Button key="switch" size="large" type="primary" onClick={switchTo}>
            {t('Sign out and switch')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>
          {t('{{newName}} scanned their badge. What {{name}} has read and not signed yet is lost.', {
            newName: next?.fullName,
            name: op?.fullName,
          })}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
