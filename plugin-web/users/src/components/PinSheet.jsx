// A sheet of one-time signature PINs (decision 100): one person's from Edit User, or every
// operator's of a zone from Manage Users. Shown once: the server keeps only hashes, and
// the PINs live in this screen's memory until Done. Print gives the sheet alone (the
// print stylesheet hides the console around it), one line per person for cutting.
import { Button, Space, Typography } from 'antd';
import { k, useT } from '@plantdoc/kit';

export const SHOWN_ONCE = k('Shown once: print it or note it now. It cannot be shown again.');
export const HOW_TO_USE = k('At the kiosk: scan your badge, type this one-time PIN, then choose your own PIN and type it twice.');

/** Only the sheet on paper: what neither holds nor is in the sheet is not laid out
 *  (antd's own rules win over a plain `visibility` here), the sheet's frames are hidden. */
export const PRINT_CSS = `@media print {
  body *:not(:has(.pd-pin-sheet)):not(.pd-pin-sheet):not(.pd-pin-sheet *) { display: none !important; }
  body * { visibility: hidden !important; }
  .pd-pin-sheet, .pd-pin-sheet * { visibility: visible !important; color: #000 !important; }
  .pd-pin-sheet { position: absolute; left: 0; top: 0; width: 100%; }
  .pd-pin-sheet .pd-no-print { display: none !important; }
  .pd-pin-sheet table { width: 100%; border-collapse: collapse; }
  .pd-pin-sheet th, .pd-pin-sheet td { border: 1px solid #000; padding: 8pt; font-size: 12pt; text-align: left; }
  .pd-pin-sheet td.pd-pin { font-family: monospace; font-size: 16pt; letter-spacing: 2pt; }
  .pd-pin-sheet tr { break-inside: avoid; }
}`;

const CELL = { border: '1px solid #d9d9d9', padding: '6px 10px', textAlign: 'left' };

/** `lines`: [{ name, opNo, pin }]. */
export function PinSheet({ title, lines, onDone }) {
  const t = useT('users');
  return (
    <div className="pd-pin-sheet" data-testid="pin-sheet">
      <style>{PRINT_CSS}</style>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph strong>{t(SHOWN_ONCE)}</Typography.Paragraph>
      <table style={{ borderCollapse: 'collapse', marginBottom: 12 }}>
        <thead>
          <tr>
            <th scope="col" style={CELL}>
              {t('Name')}
            </th>
            <th scope="col" style={CELL}>
              {t('Operator number')}
            </th>
            <th scope="col" style={CELL}>
              {t('One-time PIN')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={`${l.name}-${l.opNo}-${l.pin}`}>
              <td style={CELL}>{l.name}</td>
              <td style={CELL}>{l.opNo || '–'}</td>
              <td className="pd-pin" style={{ ...CELL, fontFamily: 'monospace', fontSize: 18, letterSpacing: 2 }}>
                {l.pin}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography.Paragraph>{t(HOW_TO_USE)}</Typography.Paragraph>
      <Space className="pd-no-print">
        <Button type="primary" onClick={() => window.print()}>
          {t('Print')}
        </Button>
        <Button onClick={onDone}>{t('Done')}</Button>
      </Space>
    </div>
  );
}
