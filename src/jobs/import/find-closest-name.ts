/** The name closest to `typed` by edit distance, in any case, when it is close enough to be a typo of it. */
export function findClosestName(typed: string, names: readonly string[]): string | undefined {
  const wanted = typed.toLowerCase();
  // A typo changes a few characters, never most of the word.
  const most = Math.min(3, Math.floor(wanted.length / 3));
  let closest: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = measureEditDistance(wanted, name.toLowerCase());
    if (distance <= most && (closest === undefined || distance < closest.distance)) closest = { name, distance };
  }
  return closest?.name;
}

/** Levenshtein distance: the fewest characters to insert, delete or replace to make one text the other. */
function measureEditDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
