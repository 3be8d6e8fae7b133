/** How the shared budget counts: `points` requests per fixed window of `durationS` whole seconds. */
export interface SharedWindow {
  durationS: number;
  points: number;
}

/**
 * The fixed window that keeps every sliding window of the service under its budget, at the highest
 * rate. rate-limiter-flexible's Redis limiter counts in windows of whole seconds, each starting at
 * its first request once the last one ended; a sliding window of S seconds overlaps at most
 * ceil(S / W) + 1 of them, so (ceil(S / W) + 1) × p ≤ budget keeps it under the budget. For
 * 300/min over a minute that is W = 3 s, p = 14: 280/min.
 */
export function chooseSharedWindow(ratePerMinute: number, windowMs: number): SharedWindow {
  const windowS = windowMs / 1000;
  const budget = Math.floor((ratePerMinute * windowMs) / 60_000);
  // Below 2 per window no fixed window keeps the budget: one request per window comes closest.
  let best: SharedWindow = { durationS: Math.ceil(windowS), points: 1 };
  for (let durationS = 1; durationS <= Math.ceil(windowS); durationS++) {
    const points = Math.floor(budget / (Math.ceil(windowS / durationS) + 1));
    if (points >= 1 && points / durationS > best.points / best.durationS) best = { durationS, points };
  }
  return best;
}
