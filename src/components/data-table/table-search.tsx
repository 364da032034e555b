import { useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from '../../ui/icons';

export interface TableSearchProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly label: string;
  readonly placeholder?: string;
  /** Quiet time after the last key before onChange runs; Enter applies at once. */
  readonly debounceMs?: number;
}

/** A search box that keeps what is typed and reports it once the user pauses. */
export function TableSearch({ value, onChange, label, placeholder, debounceMs = 300 }: TableSearchProps) {
  const id = useId();
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

  useEffect(() => {
    if (text === applied) return;
    const timer = window.setTimeout(() => {
      setApplied(text);
      latest.current(text);
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [text, applied, debounceMs]);

  return (
    <div className="data-table-search" data-slot="data-table-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon className="data-table-search-icon" />
      <input
        id={id}
        type="search"
        className="input data-table-search-input"
        value={text}
        placeholder={placeholder ?? label}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || text === applied) return;
          setApplied(text);
          onChange(text);
        }}
      />
    </div>
  );
}
