// Confirmation before deleting documents. `kind` picks the text: 'pending' documents
// leave the review process, 'deployed' ones leave the plant floor.
import { Button, Modal } from 'antd';

export const DELETE_TITLE = 'Delete documents?';
export const DELETE_TEXT = {
  pending: 'Are you sure you want to delete the selected documents and remove them from the review process? This action cannot be undone.',
  deployed: 'Are you sure you want to delete the selected documents and remove them from the plant floor? This action cannot be undone.',
};

/** `text` replaces the documents' text (other things than documents, e.g. users). */
export function DeleteDialog({ open, kind = 'pending', text, onCancel, onConfirm, confirming = false }) {
  return (
    <Modal
      open={open}
      title={DELETE_TITLE}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="yes" type="primary" danger loading={confirming} onClick={onConfirm}>
          Yes
        </Button>,
      ]}
    >
      <p>{text || DELETE_TEXT[kind] || DELETE_TEXT.pending}</p>
    </Modal>
  );
}
