import { Link } from 'react-router-dom';
import type { Employee } from '../../domain/company';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { clientText } from './strings';

export interface ClientPeopleProps {
  readonly id: string;
  readonly title: string;
  readonly people: readonly Employee[];
  /** employees/{employeeId} under the client. */
  readonly linkTo: (employee: Employee) => string;
}

/** Spec §2: the client's admins or site supervisors, each linking to their details. */
export function ClientPeople({ id, title, people, linkTo }: ClientPeopleProps) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {people.length === 0 ? (
          <p className="muted">{clientText.noneYet}</p>
        ) : (
          <ul className="people-list">
            {people.map((person) => (
              <li key={person.userRole._id}>
                <Link to={linkTo(person)} className="people-name">{person.fullName}</Link>
                <span className="people-contact">{person.contactEmail}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
