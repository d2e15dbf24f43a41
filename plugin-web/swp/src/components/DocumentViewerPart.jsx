// The kit's document viewer in a chunk of its own: SwpViewer loads it when an SWP is
// opened, so the lists do not download it (and antd's Result, Empty) to show.
import { DocumentViewer } from '@plantdoc/kit';

export default DocumentViewer;
