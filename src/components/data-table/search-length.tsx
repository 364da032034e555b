/**
 * A search of one or two characters matches most of a list and costs the database most: the SWMS, project-site and
 * client lists wait for a third character, and their search box says so while it waits.
 */
export const shortestSearch = 3;

export const shortSearchHint = `Type at least ${shortestSearch} characters to search.`;

/** Whether the typed text is too short to search yet (an empty box is no search: it applies at once). */
export function searchWaits(text: string): boolean {
  const length = text.trim().length;
  return length > 0 && length < shortestSearch;
}

/** The search box's hint, worded while its text is too short to search; kept in place so a screen reader hears it come. */
export function ShortSearchHint({ id, className, shown }: { readonly id: string; readonly className: string; readonly shown: boolean }) {
  return (
    <p id={id} className={className} role="status">
      {shown ? shortSearchHint : null}
    </p>
  );
}
