import type { Logger } from 'pino';
import type { ApiClient } from '../../api/api-client.js';
import { createCounters, subtractCounters } from '../../api/pacing/request-counters.js';
import type { JobProgress, ProgressListener } from '../../jobs/job-progress.js';
import { formatProgress } from './format-progress.js';
import type { StatusLine } from './status-line.js';

const REDRAW_MS = 250;
/** A scheduled run's log shows it is alive, and how far, without a line every few rows. */
const LOG_MS = 60_000;

export interface ProgressDisplay {
  /** The rows the input holds, about: the line then says how far along and the time left. */
  expectRows: (rows: number) => void;
  /** Give it to the job: it keeps the latest report. */
  update: ProgressListener;
  /** Stops redrawing and clears the line; the summary follows. */
  stop(): void;
}

/**
 * On a terminal, a line on stderr redrawn every 250 ms from the job's reports and the client's
 * counters. Elsewhere (a container's or cron's log) the same line logged every minute, with its
 * counts as fields. The rates and the time left are a step's own: a job file's next step starts
 * them again.
 */
export function showProgress(client: ApiClient, ratePerMinute: number, line: StatusLine, logger: Logger): ProgressDisplay {
  let started = performance.now();
  let before = client.readCounters();
  let progress: JobProgress | undefined;
  let expectedRows: number | undefined;
  const redraw = (): void => {
    const now = client.readCounters();
    const requests = subtractCounters(now.total, before.total);
    const organizations = Object.fromEntries(
      Object.entries(now.organizations).map(([key, counters]) => [key, subtractCounters(counters, before.organizations[key] ?? createCounters())]),
    );
    const text = formatProgress({ progress, requests, organizations, elapsedMs: performance.now() - started, ratePerMinute, expectedRows });
    if (line.isTerminal) line.draw(text);
    else logger.info({ progress: { step: progress?.step, rows: progress?.rows ?? 0, expectedRows, pages: progress?.pages, requests: requests.sent } }, text);
  };
  const timer = setInterval(redraw, line.isTerminal ? REDRAW_MS : LOG_MS);
  // The line must never keep a finished command alive.
  timer.unref();
  return {
    expectRows: (rows) => {
      expectedRows = rows;
    },
    update: (next) => {
      if (next.step !== progress?.step) {
        started = performance.now();
        before = client.readCounters();
        expectedRows = undefined;
      }
      progress = next;
    },
    stop: () => {
      clearInterval(timer);
      line.clear();
    },
  };
}
