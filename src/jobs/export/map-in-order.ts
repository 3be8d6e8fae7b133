/**
 * Runs `work` on up to `window` inputs ahead of the result being consumed and yields the results
 * in input order: requests overlap, and at most `window` results wait in memory.
 */
export async function* mapInOrder<T, R>(inputs: Iterable<T> | AsyncIterable<T>, window: number, work: (input: T) => Promise<R>): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  for await (const input of inputs) {
    const started = work(input);
    // A rejection is rethrown when its turn comes; until then it must not count as unhandled.
    started.catch(() => undefined);
    pending.push(started);
    if (pending.length < window) continue;
    const head = pending.shift();
    if (head !== undefined) yield await head;
  }
  for (let head = pending.shift(); head !== undefined; head = pending.shift()) yield await head;
}
