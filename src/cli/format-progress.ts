import type { RequestCounters } from '../api/request-counters.js';
import type { JobProgress } from '../jobs/job-progress.js';
import { countOf } from './count-of.js';

export interface ProgressSnapshot {
  /** What the job reported last; undefined before its first report. */
  progress: JobProgress | undefined;
  /** The client's counters, all organizations together. */
  requests: RequestCounters;
  elapsedMs: number;
  /** The request budget per organization. */
  ratePerMinute: number;
}

/**
 * The progress line: the job file's step, rows and their rate, pages of total for exports, requests and their rate
 * against the budget, retries and 429s when there are some, and, once the total is known, the
 * time left: the requests still to send (at the rate per page so far) at the budget's pace, or
 * at the pace achieved when that is slower.
 */
export function formatProgress({ progress, requests, elapsedMs, ratePerMinute }: ProgressSnapshot): string {
  const seconds = elapsedMs / 1000;
  const rows = progress?.rows ?? 0;
  const parts = progress?.step === undefined ? [] : [progress.step];
  parts.push(`${countOf(rows, 'row')}${seconds > 0 ? ` (${formatRate(rows / seconds)}/s)` : ''}`);
  const pages = progress?.pages;
  if (pages !== undefined) parts.push(`${formatCount(pages.done)}/${formatCount(pages.total)} pages`);
  const budget = ratePerMinute / 60;
  const achieved = seconds > 0 ? requests.sent / seconds : 0;
  parts.push(`${countOf(requests.sent, 'request')} (${formatRate(achieved)}/s of ${formatRate(budget)}/s)`);
  if (requests.retried > 0) parts.push(`${formatCount(requests.retried)} retried`);
  if (requests.rateLimited > 0) parts.push(`${formatCount(requests.rateLimited)} rate-limited`);
  if (pages !== undefined && pages.done > 0 && pages.done < pages.total) {
    const left = (pages.total - pages.done) * (requests.sent / pages.done);
    const pace = achieved > 0 ? Math.min(budget, achieved) : budget;
    parts.push(`ETA ${formatDuration(left / pace)}`);
  }
  return parts.join(' · ');
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

function formatRate(rate: number): string {
  return rate >= 100 ? String(Math.round(rate)) : rate.toFixed(1);
}

function formatDuration(seconds: number): string {
  const whole = Math.ceil(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}
