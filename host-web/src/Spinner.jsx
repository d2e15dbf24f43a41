// The shell's loading spinner, without antd (its look: antd's large Spin, in the
// primary colour; styles `.pd-spin` in public/index.html): shown while an area, a remote
// or the module list loads, before antd itself may be on the page.
import { useT } from '@plantdoc/kit/core';

export function Spinner() {
  const t = useT('host');
  return (
    <span className="pd-spin" role="status" aria-label={t('Loading')}>
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}

export const moduleSpinner = (
  <div style={{ padding: 64, textAlign: 'center' }}>
    <Spinner />
  </div>
);
