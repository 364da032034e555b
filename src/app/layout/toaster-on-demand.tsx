import { useEffect, useState, type ComponentType } from 'react';
import { useToastMessages } from '../../ui/toast-store';

/** Radix's toast code is not part of the login page (issue 11); the signed-in layout fetches it as it opens. */
export const loadToaster = () => import('../../ui/toaster');

/**
 * The app's toasts: mounted with the first message and kept mounted from then on. A toaster that
 * cannot be fetched (offline on a screen that did not fetch it) is logged and tried with the next message.
 */
export function ToasterOnDemand() {
  const hasMessages = useToastMessages().length > 0;
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hasMessages || Toaster) return;
    let current = true;
    loadToaster().then(
      (module) => current && setToaster(() => module.Toaster),
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [hasMessages, Toaster]);
  return Toaster ? <Toaster /> : null;
}
