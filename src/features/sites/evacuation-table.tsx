import { personName } from '../../../machines/on-site.machine';
import type { OnSitePerson } from '../../domain/site-visit';
import { Checkbox } from '../../ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../ui/table';
import { formatTime } from '../../domain/dates';
import { evacuationText } from './strings';

export interface EvacuationTableProps {
  readonly people: readonly OnSitePerson[];
  readonly timeZone: string;
  readonly ticked: ReadonlySet<string>;
  readonly onTick: (checkInId: string, on: boolean) => void;
}

const orNone = (text: string) => text.trim() || evacuationText.none;

/** One row per person on site, with a muster tick box; on a phone each row reads as a card. */
export function EvacuationTable({ people, timeZone, ticked, onTick }: EvacuationTableProps) {
  return (
    <Table className="evacuation-table" aria-label={evacuationText.tableLabel}>
      <TableHeader>
        <TableRow>
          <TableHead className="evacuation-tick">{evacuationText.mustered}</TableHead>
          <TableHead>{evacuationText.name}</TableHead>
          <TableHead>{evacuationText.trade}</TableHead>
          <TableHead>{evacuationText.phone}</TableHead>
          <TableHead>{evacuationText.emergencyContact}</TableHead>
          <TableHead>{evacuationText.emergencyPhone}</TableHead>
          <TableHead>{evacuationText.timeIn}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {people.map((person) => {
          const name = personName(person);
          return (
            <TableRow key={person.checkInId} data-ticked={ticked.has(person.checkInId) || undefined}>
              <TableCell className="evacuation-tick">
                <Checkbox
                  checked={ticked.has(person.checkInId)}
                  onCheckedChange={(checked) => onTick(person.checkInId, checked === true)}
                  aria-label={evacuationText.musteredLabel(name)}
                />
              </TableCell>
              <TableCell className="evacuation-name">{name}</TableCell>
              <TableCell data-label={evacuationText.trade}>{orNone(person.trade)}</TableCell>
              <TableCell data-label={evacuationText.phone}>
                {person.phone ? (
                  <a className="site-link" href={`tel:${person.phone}`}>
                    {person.phone}
                  </a>
                ) : (
                  evacuationText.none
                )}
              </TableCell>
              <TableCell data-label={evacuationText.emergencyContact}>{orNone(person.emergencyContactName)}</TableCell>
              <TableCell data-label={evacuationText.emergencyPhone}>
                {person.emergencyContactPhone ? (
                  <a className="site-link" href={`tel:${person.emergencyContactPhone}`}>
                    {person.emergencyContactPhone}
                  </a>
                ) : (
                  evacuationText.none
                )}
              </TableCell>
              <TableCell data-label={evacuationText.timeIn}>
                <time dateTime={person.checkedInAt}>{formatTime(person.checkedInAt, timeZone)}</time>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
