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

const inset = 4;
const gap = 16;
const widest = 420;
/** Narrower than this, a toast's message wraps to lines too many for the header bar. */
const narrowestInHeader = 320;

type Placement =
  | { readonly mode: 'page' }
  | { readonly mode: 'header'; readonly top: number; readonly left: number; readonly width: number }
  | { readonly mode: 'belowHeadingRow'; readonly top: number; readonly clearance: number };

/**
 * Where toasts go (issue 55 §2): in the header bar, in the room between the page heading and the header's
 * actions, centred on the screen when that room allows; where the room is too narrow or the toasts too tall
 * for it (a phone, a long heading), the header bar grows by their height and holds them under its row, so
 * the content moves down and nothing is covered. Pages without the header bar show them top-centre (CSS).
 * `grown` keeps a stack that once outgrew the header's row in the grown header, so the two never alternate.
 */
function placement(stack: HTMLElement, grown: boolean): Placement {
  const header = document.querySelector<HTMLElement>('[data-slot="app-header"]');
  const row = header?.querySelector<HTMLElement>('[data-slot="app-header-row"]');
  if (!header || !row) return { mode: 'page' };
  const rowBox = row.getBoundingClientRect();
  const heading = header.querySelector('[data-slot="page-title"]')?.getBoundingClientRect();
  const actions = header.querySelector('[data-slot="app-header-actions"]')?.getBoundingClientRect();
  const from = (heading && heading.width > 0 ? heading.right : rowBox.left) + gap;
  const to = (actions ? actions.left : rowBox.right) - gap;
  const width = Math.min(widest, to - from);
  const height = stack.getBoundingClientRect().height;
  if (!grown && width >= narrowestInHeader && height <= rowBox.height - 2 * inset) {
    const centred = window.innerWidth / 2 - width / 2;
    return { mode: 'header', top: rowBox.top + (rowBox.height - height) / 2, left: Math.min(Math.max(centred, from), to - width), width };
  }
  return { mode: 'belowHeadingRow', top: rowBox.bottom, clearance: height + inset };
}

function apply(stack: HTMLElement, where: Placement): void {
  stack.dataset.placement = where.mode;
  const root = document.documentElement.style;
  if (where.mode === 'belowHeadingRow') root.setProperty('--toast-header-clearance', `${where.clearance}px`);
  else root.removeProperty('--toast-header-clearance');
  stack.style.setProperty('--toast-top', `${where.mode === 'page' ? 0 : where.top}px`);
  if (where.mode === 'header') {
    stack.style.setProperty('--toast-left', `${where.left}px`);
    stack.style.setProperty('--toast-width', `${where.width}px`);
  }
}

/** Keeps the toasts (`shown`: their ids) placed as the screen, the heading or the stack changes size. */
function useHeaderPlacement(shown: string) {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const stack = viewport.current;
    if (shown === '' || !stack) return;
    let grown = false;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const where = placement(stack, grown);
      grown = where.mode === 'belowHeadingRow';
      apply(stack, where);
    };
    const soon = () => {
      frame ||= window.requestAnimationFrame(measure);
    };
    measure();
    const resized = new ResizeObserver(soon);
    resized.observe(stack);
    const header = document.querySelector('[data-slot="app-header"]');
    const changed = new MutationObserver(soon);
    if (header) changed.observe(header, { childList: true, subtree: true, characterData: true });
    window.addEventListener('resize', soon);
    return () => {
      window.cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
      window.removeEventListener('resize', soon);
      document.documentElement.style.removeProperty('--toast-header-clearance');
    };
  }, [shown]);
  return viewport;
}

/** Spec §1: toasts top-centre, over the header bar, never over the page's heading, its actions or a bar pinned at the bottom. */
export function Toaster() {
  const messages = useToastMessages();
  const announcerContainer = useAnnouncerContainer();
  const viewport = useHeaderPlacement(messages.map((item) => item.id).join(' '));
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
