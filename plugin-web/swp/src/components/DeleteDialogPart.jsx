// The kit's delete confirmation (an antd Modal) in a chunk of its own: ListTools loads it
// when Delete is first pressed, so the lists do not download antd's Modal to show.
import { DeleteDialog } from '@plantdoc/kit';

export default DeleteDialog;
