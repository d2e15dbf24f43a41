// The link to a part's auditor's file (decisions 63 and 84): every revision, review and
// signature with the audit chain's check, as PDF (and CSV for a spreadsheet).
import { Space, Typography } from 'antd';
import { useT } from '@plantdoc/kit';
import { auditFileUrl } from '../lib';

export function AuditorsFile({ partNumber }) {
  const t = useT('swp');
  if (!partNumber) return null;
  return (
    <Space style={{ marginTop: 8 }}>
      <Typography.Link href={auditFileUrl(partNumber, 'pdf')} target="_blank" rel="noopener">
        {t("Auditor's file")}
      </Typography.Link>
      <Typography.Link href={auditFileUrl(partNumber, 'csv')} aria-label={t("Auditor's file as CSV")}>
        CSV
      </Typography.Link>
    </Space>
  );
}
