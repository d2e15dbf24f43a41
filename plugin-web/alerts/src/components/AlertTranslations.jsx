// A deployed alert's translations (decision 95): one file per language, the kit's
// panel without sections, read from GET /api/alerts/{id}/translations (served, in review,
// last rejected: decision 95), proposed with POST /api/alerts/{id}/translations and
// removed with DELETE /api/alerts/{id}/translations/{lang}; the answers carry the list.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, keepAnswer, TranslationsPanel, useTranslationUpload } from '@plantdoc/kit';

const enc = encodeURIComponent;
const key = (id) => ['alerts', 'translations', id];

export default function AlertTranslations({ id }) {
  const client = useQueryClient();
  const [removeError, setRemoveError] = useState('');
  const list = useQuery({
    queryKey: key(id),
    queryFn: () => api.get(`/api/alerts/${enc(id)}/translations`).then((b) => b?.translations || []),
  });
  const keep = (body) => body?.translations && keepAnswer(client, key(id), body.translations);
  const upload = useTranslationUpload(`/api/alerts/${enc(id)}/translations`, keep);
  const remove = useMutation({
    // One translation by its id (one in review leaves the served one); else the language.
    mutationFn: (t) => api.delete(t.id ? `/api/alerts/translations/${enc(t.id)}` : `/api/alerts/${enc(id)}/translations/${enc(t.lang)}`),
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
      fileOf={(t) => api.get(`/api/alerts/translations/file/${enc(t.id)}`).then((b) => b.url)}
    />
  );
}
