/** A segment of an address's path as written (`a%20b`) decoded (`a b`), or undefined when it is not valid percent-encoding. */
export function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
