import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Button } from '../../ui/button';
import { OnDemandDialog } from '../../ui/dialog-on-demand';
import { MenuIcon } from '../../ui/icons';
import { PageTitleSlotProvider } from '../../ui/page';
import { whenIdle } from '../../ui/when-idle';
import { ThemeToggle } from '../theme/theme-toggle';
import { Brand } from '../../ui/brand';
import { SideNav } from './side-nav';
import { loadToaster } from './toaster-on-demand';

/** Header bar (logo and page title) and side navigation: every signed-in screen but the gateway ones (spec §2). */
export function AppLayout() {
  const [titleSlot, setTitleSlot] = useState<HTMLDivElement | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  // Fetched once the screen shows, while it is known to be online, so that a toast shown offline still appears.
  useEffect(() => whenIdle(() => void loadToaster()), []);

  return (
    <PageTitleSlotProvider slot={titleSlot}>
      <div className="app-shell">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <header data-slot="app-header" className="app-header">
          <div data-slot="app-header-row" className="app-header-row">
            <OnDemandDialog
              open={menuOpen}
              onOpenChange={setMenuOpen}
              trigger={(props) => (
                <Button {...props} variant="ghost" size="icon" className="app-menu-button" aria-label="Open menu">
                  <MenuIcon />
                </Button>
              )}
            >
              {({ DialogContent, DialogTitle }) => (
                <DialogContent variant="drawer" aria-describedby={undefined} closeLabel="Close menu">
                  <DialogTitle className="drawer-title">
                    <Brand />
                  </DialogTitle>
                  <SideNav onNavigate={() => setMenuOpen(false)} />
                </DialogContent>
              )}
            </OnDemandDialog>
            <div className="app-header-brand">
              <Brand />
            </div>
            <div ref={setTitleSlot} className="app-header-title" />
            <div data-slot="app-header-actions" className="app-header-actions">
              <ThemeToggle />
            </div>
          </div>
        </header>
        <aside className="app-sidebar">
          <SideNav />
        </aside>
        <main id="main" className="app-main" tabIndex={-1}>
          <div className="app-content">
            <Outlet />
          </div>
        </main>
      </div>
    </PageTitleSlotProvider>
  );
}
