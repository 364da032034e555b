import { createContext, useContext, useEffect, type ComponentProps, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';

export const productName = 'SiteSafe Portal';

/** What the browser tab reads for a screen. */
export const documentTitle = (screen: string) => `${screen} · ${productName}`;

const PageTitleSlotContext = createContext<HTMLElement | null>(null);

export function PageTitleSlotProvider({ slot, children }: { readonly slot: HTMLElement | null; readonly children: ReactNode }) {
  return <PageTitleSlotContext.Provider value={slot}>{children}</PageTitleSlotContext.Provider>;
}

/** Names the screen: the header bar shows it as the page heading and the browser tab reads it. */
export function PageTitle({ children }: { readonly children: string }) {
  const slot = useContext(PageTitleSlotContext);
  useEffect(() => {
    document.title = documentTitle(children);
  }, [children]);
  if (!slot) return null;
  return createPortal(
    <h1 data-slot="page-title" className="page-title">
      {children}
    </h1>,
    slot,
  );
}

export function Page({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="page" className={cx('page', className)} {...props} />;
}

export function PageToolbar({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="page-toolbar" className={cx('page-toolbar', className)} {...props} />;
}

export function PageActions({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="page-actions" className={cx('page-actions', className)} {...props} />;
}
