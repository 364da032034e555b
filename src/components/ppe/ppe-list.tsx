/**
 * PpeList: read-only PPE icons with labels (site details, SWMS submission).
 * Props: `ppe` (Ppe values, shown in the spec's order), `emptyText` (shown when none; default
 * 'No PPE listed'), `label?` (accessible name of the list).
 */
import { ppeLabels, ppeValues, type Ppe } from '../../domain/ppe';
import { PpeIcon } from './ppe-icons';
import './ppe.css';

const ppeText = { none: 'No PPE listed', list: 'PPE Required' } as const;

export interface PpeListProps {
  readonly ppe: readonly Ppe[];
  readonly emptyText?: string;
  readonly label?: string;
}

export function PpeList({ ppe, emptyText = ppeText.none, label = ppeText.list }: PpeListProps) {
  const shown = ppeValues.filter((value) => ppe.includes(value));
  if (shown.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ul className="ppe-list" aria-label={label} data-slot="ppe-list">
      {shown.map((value) => (
        <li key={value} className="ppe-item" data-ppe={value}>
          <span className="ppe-item-icon">
            <PpeIcon value={value} />
          </span>
          <span className="ppe-label">{ppeLabels[value]}</span>
        </li>
      ))}
    </ul>
  );
}
