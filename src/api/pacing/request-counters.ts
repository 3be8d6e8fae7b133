/** Progress of the requests to one organization (or all): attempts for the first three, calls for the next two. */
export interface RequestCounters {
  /** Attempts sent, retries included. */
  sent: number;
  /** Attempts that were retries. */
  retried: number;
  /** 429 answers received. */
  rateLimited: number;
  /** Those of them without a Retry-After the client could read: it waited its own back-off. */
  rateLimitedUnpaced: number;
  /** Calls that ended in success. */
  succeeded: number;
  /** Calls that ended in an error, after any retries. */
  failed: number;
  /** Attempts waiting for their answer now. */
  inFlight: number;
}

export function createCounters(): RequestCounters {
  return { sent: 0, retried: 0, rateLimited: 0, rateLimitedUnpaced: 0, succeeded: 0, failed: 0, inFlight: 0 };
}

export function sumCounters(all: readonly RequestCounters[]): RequestCounters {
  const total = createCounters();
  for (const counters of all) {
    for (const key of Object.keys(total) as (keyof RequestCounters)[]) total[key] += counters[key];
  }
  return total;
}

/** What `later` counted since `earlier`; requests in flight are those of `later`. */
export function subtractCounters(later: RequestCounters, earlier: RequestCounters): RequestCounters {
  const difference = { ...later };
  for (const key of Object.keys(difference) as (keyof RequestCounters)[]) if (key !== 'inFlight') difference[key] -= earlier[key];
  return difference;
}
