// A deployed alert's translations (issue 29 item 4): one file per language, the kit's
// panel without sections, sent to POST /api/alerts/{id}/translations and removed with
// DELETE /api/alerts/{id}/translations/{lang}; the answers carry the list.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, keepAnswer, TranslationsPanel, useTranslationUpload } from '@plantdoc/kit';

const enc = encodeURIComponent;
const key = (id) => ['alerts', 'translations', id];

export default function AlertTranslations({ id }) {
  const client = useQueryClient();
  const [removeError, setRemoveError] = useState('');
  // The file answer names the translations (languages); the writes answer them whole.
  const list = useQuery({
    queryKey: key(id),
    queryFn: () => api.get(`/api/alerts/file/${enc(id)}`).then((b) => (b?.translations || []).map((t) => (typeof t === 'string' ? { lang: t } : t))),
  });
  const keep = (body) => body?.translations && keepAnswer(client, key(id), body.translations);
  const upload = useTranslationUpload(`/api/alerts/${enc(id)}/translations`, keep);
  const remove = useMutation({
    mutationFn: (t) => api.delete(`/api/alerts/${enc(id)}/translations/${enc(t.lang)}`),
    onMutate: () => setRemoveError(''),
    onSuccess: keep,
    onError: (err) => setRemoveError(err?.message || ''),
  });
  return (
    <TranslationsPanel
      items={list.isError ? [] : list.data}
      upload={upload}
      onRemove={(t) => remove.mutate(t)}
      removing={remove.isPending ? remove.variables : null}
      error={removeError || list.error?.message || ''}
    />
  );
}
