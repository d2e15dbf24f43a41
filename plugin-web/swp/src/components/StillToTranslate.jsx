// What an SWP revision is not yet translated into (decision 106): the kit's
// MissingTranslations over GET /api/swps/{id}/translations/missing. Its own chunk, loaded
// where a revision is shown (the viewer, the upload's success page), not with the SWPs page.
import { MissingTranslations } from '@plantdoc/kit';
import { useMissingTranslations } from '../api';
import { TRANSLATION_SECTIONS } from '../lib';

export default function StillToTranslate({ swpId }) {
  const { missing, error } = useMissingTranslations(swpId);
  return <MissingTranslations missing={missing} sections={TRANSLATION_SECTIONS} error={error} />;
}
