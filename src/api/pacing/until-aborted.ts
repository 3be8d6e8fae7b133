/**
 * `promise`, or a rejection with the reason of `signal` once it aborts: for the waits of a library
 * that takes no signal. What `promise` ends with after that is ignored.
 */
export async function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  signal.throwIfAborted();
  let onAbort = (): void => undefined;
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
  });
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([
      promise,
      aborted.then(() => {
        signal.throwIfAborted();
        return promise;
      }),
    ]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
