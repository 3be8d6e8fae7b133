/** A figure measured several times: the median, and the range it moved in. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
  return { median, min: sorted[0] ?? Number.NaN, max: sorted[sorted.length - 1] ?? Number.NaN };
}

/** Runs `run` the given number of times, one after the other (the figures are timed: never side by side). */
export async function repeatRuns<T>(times: number, run: () => Promise<T>): Promise<T[]> {
  const runs: T[] = [];
  for (let index = 0; index < times; index++) runs.push(await run());
  return runs;
}
