// The idle sign-out's warning (IdleSignOut.jsx): its own chunk, so the start screen does
// not download the dialog.
import { Button, Modal, Typography } from 'antd';

export function IdleWarning({ name, left, onStay }) {
  return (
    <Modal
      open
      title="Are you still there?"
      closable={false}
      maskClosable={false}
      footer={
        <Button type="primary" size="large" onClick={onStay}>
          I am still here
        </Button>
      }
    >
      <Typography.Paragraph data-testid="idle-warning">
        {name} will be signed out in {left} seconds.
      </Typography.Paragraph>
    </Modal>
  );
}
