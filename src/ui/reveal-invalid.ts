
/** Issue 55 §5: the first field with a message, else the form's own alert, is scrolled to the middle of the view and focused. */
export function revealFirstInvalid(form: HTMLElement | null): void {
  window.requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    if (!target.hasAttribute('tabindex') && target.getAttribute('role') === 'alert') target.tabIndex = -1;
    target.focus({ preventScroll: true });
  });
}
