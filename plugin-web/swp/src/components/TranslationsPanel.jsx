// A deployed SWP's translations in the console viewer (decision 95): the kit's panel with
// the three sections, sent to POST /api/swps/{id}/translations; the answer's SWP replaces
// the viewer's copy. The SWP is loaded when this shows: an answer without `translations`
// (the spec's, for a revision that has none) is an empty list, not one still loading.
import { useQueryClient } from '@tanstack/react-query';
import { api, keepAnswer, TranslationsPanel as Panel, useTranslationUpload } from '@plantdoc/kit';
import { useMissingTranslations, useRemoveTranslation } from '../api';
import { TRANSLATION_SECTIONS } from '../lib';

export default function TranslationsPanel({ swp }) {
  const client = useQueryClient();
  const upload = useTranslationUpload(`/api/swps/${encodeURIComponent(swp._id)}/translations`, (body) => {
    if (body?.swp) keepAnswer(client, ['swp', 'one', swp._id], body.swp);
    client.invalidateQueries({ queryKey: ['swp', 'missing-translations', swp._id] });
  });
  const remove = useRemoveTranslation(swp._id);
  const missing = useMissingTranslations(swp._id);
  return (
    <Panel
      items={swp.translations || []}
      sections={TRANSLATION_SECTIONS}
      upload={upload}
      onRemove={(t) => remove.mutate(t)}
      removing={remove.isPending ? remove.variables : null}
      error={remove.error?.message || ''}
      missing={missing}
      fileOf={(t) => api.get(`/api/swps/translations/file/${encodeURIComponent(t.id)}`).then((b) => b.url)}
    />
  );
}
