import damerauLevenshtein from 'damerau-levenshtein';

/**
 * The name closest to `typed` by edit distance, in any case, when it is close enough to be a typo
 * of it; two letters swapped count as one edit (`nmae` is `name`).
 */
export function findClosestName(typed: string, names: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  // A typo changes a few characters, never most of the word.
  const most = Math.min(3, Math.floor(wanted.length / 3));
  let closest: { name: string; distance: number } | undefined;
  for (const name of names) {
    const edits = damerauLevenshtein(wanted, name.toLowerCase()).steps;
    if (edits <= most && (closest === undefined || edits < closest.distance)) closest = { name, distance: edits };
  }
  return closest?.name;
}
