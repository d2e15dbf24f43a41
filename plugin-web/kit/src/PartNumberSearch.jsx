// Part-number type-ahead. The data source is the caller's: `source = { key, fetch(term,
// { limit, signal }) }` answering [{ _id, partNumber }] (swp passes its deployed parts, or
// the catalogue for its Upload form).
// Only non-blank (trimmed) input asks, 300 ms after the last keystroke, for 10 parts; at
// most 5 prefix matches are offered. A failed call offers nothing. Answers are kept per
// term, so an older answer never replaces a newer one.
import { useEffect, useId, useState } from 'react';
import { AutoComplete } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from './i18n';

export const SEARCH_DEBOUNCE_MS = 300;
export const SERVER_LIMIT = 10;
export const MAX_SUGGESTIONS = 5;

/** Prefix matches (case-insensitive), at most 5. */
export function pickSuggestions(list, term) {
  const t = term.trim().toLowerCase();
  return (Array.isArray(list) ? list : [])
    .filter((p) => p && typeof p.partNumber === 'string' && p.partNumber.toLowerCase().startsWith(t))
    .slice(0, MAX_SUGGESTIONS);
}

/** The input, trimmed, once it has stayed the same for 300 ms ('' at once when blank). */
function useDebouncedTerm(input) {
  const trimmed = (input || '').trim();
  const [term, setTerm] = useState('');
  useEffect(() => {
    if (!trimmed) {
      setTerm('');
      return undefined;
    }
    const timer = setTimeout(() => setTerm(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed]);
  return trimmed ? term : '';
}

function useSuggestionQuery(input, source) {
  const term = useDebouncedTerm(input);
  const query = useQuery({
    queryKey: ['part-suggestions', source?.key, term],
    queryFn: ({ signal }) => source.fetch(term, { limit: SERVER_LIMIT, signal }),
    enabled: Boolean(term && source),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const suggestions = !term || query.isError ? [] : pickSuggestions(query.data, term);
  return { term, query, suggestions };
}

export function usePartNumberSuggestions(input, source) {
  return useSuggestionQuery(input, source).suggestions;
}

/**
 * The suggestions, and whether the typed number itself is in the source (`known`: true
 * or false; null while typing, loading, failed or blank): a form says 'new part' with it.
 */
export function usePartNumberLookup(input, source) {
  const { term, query, suggestions } = useSuggestionQuery(input, source);
  const settled = term && term === (input || '').trim() && query.isSuccess && !query.isPlaceholderData;
  const known = settled ? (Array.isArray(query.data) ? query.data : []).some((p) => p?.partNumber?.toLowerCase() === term.toLowerCase()) : null;
  return { suggestions, known };
}

/** onSelect receives the chosen { _id, partNumber }. */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/** `initialValue`: the part number shown first (a part kept in the address). */
export function PartNumberSearch({ source, onSelect, placeholder: given, style, initialValue = '', ...rest }) {
  const t = useT('kit');
  const placeholder = given ?? t('Search Part Number');
  const [input, setInput] = useState(initialValue);
  const suggestions = usePartNumberSuggestions(input, source);
  // The field is named for assistive technology: a visually hidden label (its placeholder).
  const ownId = useId();
  const id = rest.id || ownId;
  return (
    <>
      <label htmlFor={id} style={HIDDEN}>
        {rest['aria-label'] || placeholder}
      </label>
      <AutoComplete
        id={id}
        value={input}
        // An option's value is the part's id: the box shows its number.
        onChange={(v) => setInput(suggestions.find((p) => p._id === v)?.partNumber ?? v)}
        placeholder={placeholder}
        style={{ width: 300, ...style }}
        options={suggestions.map((p) => ({ value: p._id, label: p.partNumber }))}
        onSelect={(id) => {
          const part = suggestions.find((p) => p._id === id);
          if (part) {
            setInput(part.partNumber);
            onSelect?.(part);
          }
        }}
        {...rest}
      />
    </>
  );
}

/**
 * An upload form's part number field: upper-cased as typed, suggesting parts of `source`;
 * with `sayKnown`, says whether the typed number is in the source or new to it.
 */
export function PartNumberField({ value, onChange, source, sayKnown = false }) {
  const { suggestions, known } = usePartNumberLookup(value, source);
  const t = useT('kit');
  return (
    <>
      <AutoComplete
        id="partNumber"
        value={value}
        onChange={(v) => onChange((v || '').toUpperCase())}
        options={suggestions.map((p) => ({ value: p.partNumber, label: p.partNumber }))}
        placeholder={t('Part Number')}
        style={{ width: 300 }}
      />
      {sayKnown && known !== null && (
        <div data-testid="part-status" aria-live="polite" style={{ marginTop: 4 }}>
          {known ? t('Known part (in the catalogue)') : t('New part: it will be added to the catalogue')}
        </div>
      )}
    </>
  );
}
