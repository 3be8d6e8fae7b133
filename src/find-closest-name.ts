import damerauLevenshtein from 'damerau-levenshtein';

/**
 * A name or a choice as people type it: any case, spaces and hyphens between words for underscores
 * (`Opening Date` is `opening_date`), accents composed or not (a Mac's text may write `é` as `e` and
 * its accent).
 */
export const toComparableName = (name: string): string => name.trim().normalize('NFC').toLowerCase().replace(/[\s-]+/g, '_');

/** Two names that differ only in case and in the spaces, hyphens or underscores between words. */
export function isSameName(a: string, b: string): boolean {
  return toComparableName(a) === toComparableName(b);
}

/**
 * The name closest to `typed` by edit distance, in any case, when it is close enough to be a typo
 * of it; two letters swapped count as one edit (`nmae` is `name`).
 */
export function findClosestName(typed: string, names: readonly string[]): string | undefined {
  const wanted = toComparableName(typed);
  // A typo changes a few characters, never most of the word.
  const most = Math.min(3, Math.floor(wanted.length / 3));
  let closest: { name: string; distance: number } | undefined;
  for (const name of names) {
    const edits = damerauLevenshtein(wanted, toComparableName(name)).steps;
    if (edits <= most && (closest === undefined || edits < closest.distance)) closest = { name, distance: edits };
  }
  return closest?.name;
}
