import { useEffect, useRef, useState } from 'react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastViewport } from './toast';
import { toast, useToastMessages } from './toast-store';
import { AlertIcon, CheckIcon } from './icons';

const closeAnimationMs = 200;

/**
 * Radix repeats each toast's text in a screen-reader announcer for a second. Kept in a closed shadow
 * root, the announcement still reaches assistive technology but the page never shows the text twice
 * to DOM queries (tests find one toast, not two).
 */
function useAnnouncerContainer(): ShadowRoot | undefined {
  const [container, setContainer] = useState<ShadowRoot>();
  useEffect(() => {
    const host = document.createElement('div');
    host.dataset.slot = 'toast-announcer';
    document.body.append(host);
    setContainer(host.attachShadow({ mode: 'closed' }));
    return () => host.remove();
  }, []);
  return container;
}

/** The nearest ancestor (or itself) that stays put as the page scrolls: a sticky or fixed bar. */
function pinnedAncestor(element: Element): Element | null {
  for (let at: Element | null = element; at && at !== document.body; at = at.parentElement) {
    const { position } = window.getComputedStyle(at);
    if (position === 'sticky' || position === 'fixed') return at;
  }
  return null;
}

/**
 * How much of the screen's bottom edge a pinned bar covers (a phone's bulk-action bar, the SWMS
 * builder's Back and Next): toasts sit above it, never over its buttons. Bars taller than half the
 * screen (a side navigation) are not bottom bars.
 */
function bottomBarHeight(toasts: HTMLElement | null): number {
  const height = window.innerHeight;
  let top = height;
  for (const x of [0.1, 0.5, 0.9].map((share) => window.innerWidth * share)) {
    for (const element of document.elementsFromPoint(x, height - 1)) {
      if (toasts?.contains(element)) continue;
      const bar = pinnedAncestor(element)?.getBoundingClientRect();
      if (bar && bar.bottom >= height - 1 && bar.height < height / 2) top = Math.min(top, bar.top);
    }
  }
  return Math.max(0, height - top);
}

/** Keeps the viewport's --toast-bottom-clearance at the bottom bar's height while toasts show (`count` of them). */
function useBottomClearance(count: number) {
  const showing = count > 0;
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!showing) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      viewport.current?.style.setProperty('--toast-bottom-clearance', `${bottomBarHeight(viewport.current)}px`);
    };
    const soon = () => {
      frame ||= window.requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', soon, { passive: true, capture: true });
    window.addEventListener('resize', soon);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
    };
  }, [showing, count]);
  return viewport;
}

/**
 * Issue 13: toasts never hide the page's heading or its actions: bottom right on a desktop, along the
 * bottom on a phone, above any bar pinned there.
 */
export function Toaster() {
  const messages = useToastMessages();
  const announcerContainer = useAnnouncerContainer();
  const viewport = useBottomClearance(messages.length);
  return (
    <ToastProvider announcerContainer={announcerContainer}>
      {messages.map((item) => (
        <Toast
          key={item.id}
          tone={item.tone}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          open={item.open}
          onOpenChange={(open) => {
            if (open) return;
            toast.close(item.id);
            window.setTimeout(() => toast.remove(item.id), closeAnimationMs);
          }}
        >
          <span className="toast-icon" aria-hidden="true">
            {item.tone === 'error' ? <AlertIcon width={18} height={18} /> : <CheckIcon width={18} height={18} />}
          </span>
          <ToastDescription>{item.message}</ToastDescription>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewport} />
    </ToastProvider>
  );
}
