// Confirmation before deleting documents. `kind` picks the text: 'pending' documents
// leave the review process, 'deployed' ones leave the plant floor.
import { Button, Modal } from 'antd';
import { k, useT } from './i18n';

export const DELETE_TITLE = k('Delete documents?');
export const DELETE_TEXT = {
  pending: k('Are you sure you want to delete the selected documents and remove them from the review process? This action cannot be undone.'),
  deployed: k('Are you sure you want to delete the selected documents and remove them from the plant floor? This action cannot be undone.'),
};

/**
 * `text` replaces the documents' text (other things than documents, e.g. users); `children`:
 * more to read before confirming; `confirmDisabled`: Yes waits (e.g. for an acknowledgement).
 */
export function DeleteDialog({ open, kind = 'pending', text, onCancel, onConfirm, confirming = false, confirmDisabled = false, children = null }) {
  const t = useT('kit');
  return (
    <Modal
      open={open}
      title={t(DELETE_TITLE)}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('Cancel')}
        </Button>,
        <Button key="yes" type="primary" danger loading={confirming} disabled={confirmDisabled} onClick={onConfirm}>
          {t('Yes')}
        </Button>,
      ]}
    >
      <p>{text || t(DELETE_TEXT[kind] || DELETE_TEXT.pending)}</p>
      {children}
    </Modal>
  );
}
