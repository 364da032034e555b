import { useEffect, useRef, type ReactNode } from 'react';

/** A list's last item that calls onVisible whenever it scrolls into view (inside its scroll box or the page). */
export function ScrollSentinel({ onVisible, className, children }: { readonly onVisible: () => void; readonly className?: string; readonly children: ReactNode }) {
  const ref = useRef<HTMLLIElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <li ref={ref} data-slot="scroll-sentinel" className={className}>
      {children}
    </li>
  );
}
