// Part-number type-ahead. Only non-blank (trimmed) input asks the server, 300 ms after the
// last keystroke, for 10 deployed part numbers; at most 5 prefix matches are offered. A
// failed call offers nothing. Older answers never replace newer ones.
import { useEffect, useRef, useState } from 'react';
import { AutoComplete } from 'antd';
import { api } from './api';

export const SEARCH_DEBOUNCE_MS = 300;
export const SERVER_LIMIT = 10;
export const MAX_SUGGESTIONS = 5;

export function partSearchPath(term) {
  return `/api/swps/deployed-swp-part-numbers?searchTerm=${encodeURIComponent(term)}&limit=${SERVER_LIMIT}`;
}

/** Prefix matches (case-insensitive), at most 5. */
export function pickSuggestions(list, term) {
  const t = term.trim().toLowerCase();
  return (Array.isArray(list) ? list : [])
    .filter((p) => p && typeof p.partNumber === 'string' && p.partNumber.toLowerCase().startsWith(t))
    .slice(0, MAX_SUGGESTIONS);
}

export function usePartNumberSuggestions(input) {
  const [suggestions, setSuggestions] = useState([]);
  const seq = useRef(0);
  useEffect(() => {
    const term = (input || '').trim();
    const mine = ++seq.current;
    if (!term) {
      setSuggestions([]);
      return undefined;
    }
    const timer = setTimeout(() => {
      api
        .get(partSearchPath(term))
        .then((body) => mine === seq.current && setSuggestions(pickSuggestions(body?.swpList, term)))
        .catch(() => mine === seq.current && setSuggestions([]));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  return suggestions;
}

/** onSelect receives the chosen { _id, partNumber }. */
export function PartNumberSearch({ onSelect, placeholder = 'Search Part Number', style, ...rest }) {
  const [input, setInput] = useState('');
  const suggestions = usePartNumberSuggestions(input);
  return (
    <AutoComplete
      value={input}
      onChange={setInput}
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
  );
}
