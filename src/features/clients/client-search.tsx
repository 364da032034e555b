import { useEffect, useState } from 'react';
import { searchWaits, ShortSearchHint } from '../../components/data-table/search-length';
import { clientText } from './strings';

const debounceMs = 300;

export interface ClientSearchProps {
  /** The search in the address. */
  readonly value: string;
  /** Called once typing pauses. */
  readonly onSearch: (search: string) => void;
}

export function ClientSearch({ value, onSearch }: ClientSearchProps) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    if (text.trim() !== value) setText(value);
  }

  const waiting = searchWaits(text);

  useEffect(() => {
    if (text.trim() === value || waiting) return;
    const timer = window.setTimeout(() => onSearch(text.trim()), debounceMs);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch, waiting]);

  return (
    <div className="client-search" role="search">
      <label htmlFor="client-search" className="visually-hidden">{clientText.search}</label>
      <div className="client-search-field">
        <svg className="client-search-icon" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          id="client-search"
          className="input client-search-input"
          type="search"
          autoComplete="off"
          placeholder={clientText.searchPlaceholder}
          value={text}
          aria-describedby={waiting ? 'client-search-hint' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <ShortSearchHint id="client-search-hint" className="client-search-hint" shown={waiting} />
    </div>
  );
}
