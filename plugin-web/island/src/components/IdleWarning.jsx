// The idle sign-out's warning (IdleSignOut.jsx): its own chunk, so the start screen does
// not download the dialog.
import { Button, Modal, Typography } from 'antd';
import { useT } from '@plantdoc/kit';

export function IdleWarning({ name, left, onStay }) {
  const t = useT('island');
  return (
    <Modal
      open
      title={t('Are you still there?')}
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" size="large" onClick={onStay}>
          {t('I am still here')}
        </Button>
      }
    >
      <Typography.Paragraph data-testid="idle-warning">{t('{{name}} will be signed out in {{count}} seconds.', { name, count: left })}</Typography.Paragraph>
    </Modal>
  );
}
