// Sign Off (SIGNOFF_PAGE): tabs SWPs and Alerts; the review screens come later.
import { TabbedPage } from '@plantdoc/kit';

export function SignOffPage() {
  return (
    <TabbedPage
      tabs={[
        { key: 'swps', label: 'SWPs' },
        { key: 'alerts', label: 'Alerts' },
      ]}
    />
  );
}
