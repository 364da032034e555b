import { NavLink } from 'react-router-dom';
import * as session from '../../../machines/session.selectors';
import { LogOutIcon } from '../../ui/icons';
import { Session } from '../../flows/session/session-context';
import { useSignOut } from '../../flows/session/use-sign-out';
import { navItemsFor } from './nav-items';
import { versionLabel } from './version-label';

export function SideNav({ onNavigate }: { readonly onNavigate?: () => void }) {
  const roles = Session.useSelector(session.roles);
  const companyId = Session.useSelector(session.companyId);
  const userId = Session.useSelector(session.userId);
  const signOut = useSignOut();
  const items = navItemsFor(roles, companyId, userId);

  return (
    <nav aria-label="Main" className="side-nav" data-slot="side-nav">
      <ul className="side-nav-list">
        {items.map(({ label, to, icon: Icon, end }) => (
          <li key={label}>
            <NavLink to={to} end={end} className="side-nav-item" onClick={onNavigate}>
              <Icon />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="side-nav-footer">
        <button type="button" className="side-nav-item" onClick={signOut}>
          <LogOutIcon />
          <span>Logout</span>
        </button>
        <p className="side-nav-version">{versionLabel}</p>
      </div>
    </nav>
  );
}
