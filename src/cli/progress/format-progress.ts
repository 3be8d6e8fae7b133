import type { RequestCounters } from '../../api/pacing/request-counters.js';
import type { JobProgress } from '../../jobs/job-progress.js';
import { countOf } from '../count-of.js';

export interface ProgressSnapshot {
  /** What the job reported last; undefined before its first report. */
  progress: JobProgress | undefined;
  /** The client's counters, all organizations together. */
  requests: RequestCounters;
  /** The same per organization key (`org:<id>`, `own`), when the step's requests go to several. */
  organizations?: Record<string, RequestCounters>;
  elapsedMs: number;
  /** The request budget per organization. */
  ratePerMinute: number;
  /** Imports: the rows the sheet holds, about (a count of its lines, or its size for a workbook). */
  expectedRows?: number;
}

/**
 * The progress line: the job file's step, rows (of the rows expected, for an import) and their rate,
 * pages of total for exports, requests and their rate against the budgets, retries and 429s when
 * there are some, and, once the total is known, the time left: the requests still to send (at the
 * rate per page or per row so far) at the budget's pace, or at the pace achieved when that is
 * slower. An import whose reads per row changed on the way (store codes searched one per request)
 * counts per row left the requests so far that were not reads, plus what the row will read. An
 * import over several organizations ends with its slowest one: each sends its share of the
 * requests left (its share so far) at its own budget's pace. Rows a resumed import took from its
 * journal count as done, not in the rates.
 */
export function formatProgress({ progress, requests, organizations = {}, elapsedMs, ratePerMinute, expectedRows }: ProgressSnapshot): string {
  const seconds = elapsedMs / 1000;
  const rows = progress?.rows ?? 0;
  const worked = rows - (progress?.resumed ?? 0);
  const parts = progress?.step === undefined ? [] : [progress.step];
  // A count made before reading: a line break in a quoted CSV cell can put it a little off.
  const total = expectedRows === undefined ? undefined : Math.max(expectedRows, rows);
  const known = total !== undefined && total > 0;
  const rowsShown = known ? `${formatCount(rows)}/${formatCount(total)} rows` : countOf(rows, 'row');
  const notes = [...(known ? [`${Math.floor((100 * rows) / total)}%`] : []), ...(seconds > 0 ? [`${formatRate(worked / seconds)}/s`] : [])];
  parts.push(`${rowsShown}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`);
  const pages = progress?.pages;
  if (pages !== undefined) parts.push(`${formatCount(pages.done)}/${formatCount(pages.total)} pages`);
  const busy = Object.entries(organizations).filter(([, counters]) => counters.sent > 0);
  // Each organization has a budget of its own: the step may use all of theirs together.
  const budget = (ratePerMinute / 60) * Math.max(1, busy.length);
  const achieved = seconds > 0 ? requests.sent / seconds : 0;
  parts.push(`${countOf(requests.sent, 'request')} (${formatRate(achieved)}/s of ${formatRate(budget)}/s)`);
  if (requests.retried > 0) parts.push(`${formatCount(requests.retried)} retried`);
  if (requests.rateLimited > 0) parts.push(`${formatCount(requests.rateLimited)} rate-limited`);
  const pace = achieved > 0 ? Math.min(budget, achieved) : budget;
  if (pages !== undefined && pages.done > 0 && pages.done < pages.total) {
    const left = (pages.total - pages.done) * (requests.sent / pages.done);
    parts.push(`ETA ${formatDuration(left / pace)}`);
  } else if (pages === undefined && total !== undefined && worked > 0 && rows < total) {
    const rowsLeft = total - rows;
    const perRow = requests.sent / worked;
    const reads = progress?.reads;
    const perRowLeft = reads === undefined ? perRow : Math.max(0, requests.sent - reads.done) / worked + reads.perRowLeft;
    // Several organizations: each one's requests so far, scaled as the requests per row are.
    const scale = perRow > 0 ? perRowLeft / perRow : 1;
    const secondsLeft = busy.length > 1 ? estimateSlowestOrganization(busy, (rowsLeft / worked) * scale, ratePerMinute / 60, seconds) : (rowsLeft * perRowLeft) / pace;
    parts.push(`ETA ${formatDuration(secondsLeft)}`);
  }
  if (busy.length > 1) parts.push(formatOrganizations(busy));
  return parts.join(' · ');
}

/** Seconds until the last organization is done, each sending `leftPerSent` times its requests so far at the pace its budget and its 429s allow. */
function estimateSlowestOrganization(busy: readonly [string, RequestCounters][], leftPerSent: number, budget: number, seconds: number): number {
  return Math.max(
    ...busy.map(([, counters]) => {
      const achieved = seconds > 0 ? counters.sent / seconds : 0;
      return (counters.sent * leftPerSent) / (achieved > 0 ? Math.min(budget, achieved) : budget);
    }),
  );
}

/** The organizations worst off first (most 429s, then fewest requests): a throttled one shows. */
const ORGANIZATIONS_SHOWN = 3;

function formatOrganizations(busy: readonly [string, RequestCounters][]): string {
  const worst = [...busy].sort(([a, x], [b, y]) => y.rateLimited - x.rateLimited || x.sent - y.sent || a.localeCompare(b));
  const shown = worst.slice(0, ORGANIZATIONS_SHOWN).map(([key, counters]) => {
    const limited = counters.rateLimited > 0 ? `, ${formatCount(counters.rateLimited)} rate-limited` : '';
    return `${key.replace(/^org:/, 'org ')} ${formatCount(counters.sent)}${limited}`;
  });
  const more = busy.length - shown.length;
  return `${busy.length} organizations: ${shown.join('; ')}${more > 0 ? `; +${more} more` : ''}`;
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
