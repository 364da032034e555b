import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../../ui/icons';
import { searchWaits, ShortSearchHint } from './search-length';

export interface TableSearchProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly label: string;
  readonly placeholder?: string;
  /** Quiet time after the last key before onChange runs; Enter applies at once. */
  readonly debounceMs?: number;
  /** Whether a text of one or two characters waits for a third before it is applied (`searchWaits`). */
  readonly waitsForThird?: boolean;
}

/** A search box that keeps what is typed and reports it once the user pauses. */
export function TableSearch({ value, onChange, label, placeholder, debounceMs = 300, waitsForThird = false }: TableSearchProps) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  if (value !== applied) {
    setApplied(value);
    setText(value);
  }

  const waiting = waitsForThird && searchWaits(text);

  useEffect(() => {
    if (text === applied || waiting) return;
    const timer = window.setTimeout(() => {
      setApplied(text);
      latest.current(text);
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [text, applied, debounceMs, waiting]);

  return (
    <div className="data-table-search" data-slot="data-table-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="data-table-search-field">
        <SearchIcon className="data-table-search-icon" />
        <input
          id={id}
          type="search"
          className="input data-table-search-input"
          value={text}
          placeholder={placeholder ?? label}
          aria-describedby={waiting ? hintId : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || text === applied || waiting) return;
            setApplied(text);
            onChange(text);
          }}
        />
      </div>
      {waitsForThird ? <ShortSearchHint id={hintId} className="data-table-search-hint" shown={waiting} /> : null}
    </div>
  );
}
