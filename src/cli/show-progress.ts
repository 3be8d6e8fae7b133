import type { ApiClient } from '../api/api-client.js';
import { createCounters, subtractCounters } from '../api/request-counters.js';
import type { JobProgress, ProgressListener } from '../jobs/job-progress.js';
import { formatProgress } from './format-progress.js';
import { stderrStatusLine, type StatusLine } from './status-line.js';

const REDRAW_MS = 250;

export interface ProgressDisplay {
  /** Give it to the job: it keeps the latest report. */
  update: ProgressListener;
  /** Stops redrawing and clears the line; the summary follows. */
  stop(): void;
}

/**
 * On a terminal, a line on stderr redrawn every 250 ms from the job's reports and the client's
 * counters. Elsewhere nothing: the logs (JSON) and the summary say what happened. The rates and
 * the time left are a step's own: a job file's next step starts them again.
 */
export function showProgress(client: ApiClient, ratePerMinute: number, line: StatusLine = stderrStatusLine): ProgressDisplay {
  if (!line.isTerminal) return { update: () => undefined, stop: () => undefined };
  let started = performance.now();
  let before = client.readCounters();
  let progress: JobProgress | undefined;
  const redraw = (): void => {
    const now = client.readCounters();
    const requests = subtractCounters(now.total, before.total);
    const organizations = Object.fromEntries(
      Object.entries(now.organizations).map(([key, counters]) => [key, subtractCounters(counters, before.organizations[key] ?? createCounters())]),
    );
    line.draw(formatProgress({ progress, requests, organizations, elapsedMs: performance.now() - started, ratePerMinute }));
  };
  const timer = setInterval(redraw, REDRAW_MS);
  // The line must never keep a finished command alive.
  timer.unref();
  return {
    update: (next) => {
      if (next.step !== progress?.step) {
        started = performance.now();
        before = client.readCounters();
      }
      progress = next;
    },
    stop: () => {
      clearInterval(timer);
      line.clear();
    },
  };
}
