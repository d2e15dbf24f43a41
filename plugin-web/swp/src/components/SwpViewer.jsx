// The SWP viewer: the kit's DocumentViewer on the SWP's signed links (it fetches them
// afresh whenever a section is shown, and before they expire). A failed load is only
// logged (spec section 8) and shows 'No document'.
import { Typography } from 'antd';
import { DocumentViewer } from '@plantdoc/kit';
import { swpLinks } from '../api';

export function SwpViewer({ swp, onBack, lifetimeSeconds }) {
  return (
    <div data-testid="swp-viewer">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {swp.partNumber}
      </Typography.Title>
      <DocumentViewer links={swpLinks(swp._id)} lifetimeSeconds={lifetimeSeconds} onBack={onBack} title={swp.partNumber} />
    </div>
  );
}
