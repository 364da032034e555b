import { useEffect, useState } from 'react';
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

export function Toaster() {
  const messages = useToastMessages();
  const announcerContainer = useAnnouncerContainer();
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
      <ToastViewport />
    </ToastProvider>
  );
}
