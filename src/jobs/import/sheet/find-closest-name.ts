import { distance } from 'fastest-levenshtein';

/** The name closest to `typed` by edit distance, in any case, when it is close enough to be a typo of it. */
export function findClosestName(typed: string, names: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  // A typo changes a few characters, never most of the word.
  const most = Math.min(3, Math.floor(wanted.length / 3));
  let closest: { name: string; distance: number } | undefined;
  for (const name of names) {
    const edits = distance(wanted, name.toLowerCase());
    if (edits <= most && (closest === undefined || edits < closest.distance)) closest = { name, distance: edits };
  }
  return closest?.name;
}
