import { Outlet } from 'react-router-dom';
import { ThemeToggle } from '../theme/theme-toggle';

/** The gateway screens (/, /accept_invitation, /unauthorised_role): no header bar, no side navigation. */
export function BareLayout() {
  return (
    <div className="bare-layout">
      <Outlet />
      <div className="bare-layout-actions">
        <ThemeToggle />
      </div>
    </div>
  );
}
