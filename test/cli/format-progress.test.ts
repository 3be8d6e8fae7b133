import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCounters, type RequestCounters } from '../../src/api/pacing/request-counters.js';
import { formatProgress, type ProgressSnapshot } from '../../src/cli/progress/format-progress.js';
import { showProgress } from '../../src/cli/progress/show-progress.js';
import { StatusLine } from '../../src/cli/progress/status-line.js';
import type { OutputStream } from '../../src/cli/output-stream.js';
import type { ApiClient } from '../../src/api/api-client.js';

function snapshot(overrides: Partial<Omit<ProgressSnapshot, 'requests'>> & { requests?: Partial<RequestCounters> }): ProgressSnapshot {
  return { progress: undefined, elapsedMs: 10_000, ratePerMinute: 300, ...overrides, requests: { ...createCounters(), ...overrides.requests } };
}

describe('the progress line', () => {
  it('shows an import: rows and their rate, requests against the budget, no time left without a total', () => {
    expect(formatProgress(snapshot({ progress: { rows: 1234 }, requests: { sent: 45 } }))).toMatchInlineSnapshot(
      `"1,234 rows (123/s) · 45 requests (4.5/s of 5.0/s)"`,
    );
  });

  it('shows an import of a sheet of known size: rows of the total, the share, and the time left from the requests per row so far', () => {
    // 300 requests for 1,000 rows: 0.3 a row, 9,000 rows left at 5/s.
    const line = formatProgress(snapshot({ progress: { rows: 1000 }, requests: { sent: 300 }, elapsedMs: 60_000, expectedRows: 10_000 }));
    expect(line).toMatchInlineSnapshot(`"1,000/10,000 rows (10%, 16.7/s) · 300 requests (5.0/s of 5.0/s) · ETA 9m 00s"`);
  });

  it("leaves the rows a resumed import took from its journal out of this run's rates", () => {
    const line = formatProgress(snapshot({ progress: { rows: 600, resumed: 500 }, requests: { sent: 50 }, elapsedMs: 10_000, expectedRows: 1000 }));
    // 100 rows worked in 10 s, not 600; 400 rows left at half a request each, at 5/s.
    expect(line).toMatchInlineSnapshot(`"600/1,000 rows (60%, 10.0/s) · 50 requests (5.0/s of 5.0/s) · ETA 40s"`);
  });

  it('counts a read per row still to come once store codes are searched one per request, not the reads per row so far', () => {
    // 1,000 rows: 10 reads (100 codes a request) and 1,000 writes. Each of the 9,000 rows left: a write and a read, at 5/s.
    const progress = { rows: 1000, reads: { done: 10, perRowLeft: 1 } };
    const line = formatProgress(snapshot({ progress, requests: { sent: 1010 }, elapsedMs: 60_000, expectedRows: 10_000 }));
    expect(line).toContain('ETA 1h 00m');
    // Without the change of reads: 1.01 requests a row, half the time.
    expect(formatProgress(snapshot({ progress: { rows: 1000 }, requests: { sent: 1010 }, elapsedMs: 60_000, expectedRows: 10_000 }))).toContain('ETA 30m 18s');
  });

  it("starts with the job file's step", () => {
    expect(formatProgress(snapshot({ progress: { rows: 30, step: '1. import businesses' }, requests: { sent: 3 } }))).toMatchInlineSnapshot(
      `"1. import businesses · 30 rows (3.0/s) · 3 requests (0.3/s of 5.0/s)"`,
    );
  });

  it('shows an export: pages of total, and the time left at the budget pace', () => {
    // 20 requests for 10 pages: 2 a page, 90 pages left at 5/s.
    const line = formatProgress(snapshot({ progress: { rows: 1000, pages: { done: 10, total: 100 } }, requests: { sent: 20 } }));
    expect(line).toMatchInlineSnapshot(`"1,000 rows (100/s) · 10/100 pages · 20 requests (2.0/s of 5.0/s) · ETA 1m 30s"`);
  });

  it('counts the time left at the pace achieved when it is below the budget', () => {
    const line = formatProgress(snapshot({ progress: { rows: 0, pages: { done: 1, total: 3601 } }, requests: { sent: 10 }, elapsedMs: 10_000 }));
    expect(line).toContain('ETA 10h 00m');
  });

  it('names retries and 429 answers only when there are some', () => {
    const line = formatProgress(snapshot({ progress: { rows: 5 }, requests: { sent: 12, retried: 2, rateLimited: 1 } }));
    expect(line).toMatchInlineSnapshot(`"5 rows (0.5/s) · 12 requests (1.2/s of 5.0/s) · 2 retried · 1 rate-limited"`);
  });

  it('shows a start before any report', () => {
    expect(formatProgress(snapshot({ elapsedMs: 0 }))).toMatchInlineSnapshot(`"0 rows · 0 requests (0.0/s of 5.0/s)"`);
  });

  it('measures the requests against the budgets of every organization they went to, and names the throttled ones first', () => {
    const organizations = {
      own: { ...createCounters(), sent: 2 },
      'org:1': { ...createCounters(), sent: 40, rateLimited: 3 },
      'org:2': { ...createCounters(), sent: 48 },
      'org:3': { ...createCounters(), sent: 50 },
      'org:4': { ...createCounters(), sent: 50 },
      'org:5': { ...createCounters() },
    };
    const line = formatProgress(snapshot({ progress: { rows: 190 }, requests: { sent: 190, rateLimited: 3 }, organizations }));
    expect(line).toMatchInlineSnapshot(
      `"190 rows (19.0/s) · 190 requests (19.0/s of 25.0/s) · 3 rate-limited · 5 organizations: org 1 40, 3 rate-limited; own 2; org 2 48; +2 more"`,
    );
  });

  it('gives the time left of an import over several organizations by its slowest one, each at its own budget', () => {
    // 900 rows left of 1,000, 9 times the requests so far: org 1 has 810 to send at its 5/s, org 2 90 at the 1/s it achieves.
    const organizations = { 'org:1': { ...createCounters(), sent: 90 }, 'org:2': { ...createCounters(), sent: 10 } };
    const line = formatProgress(snapshot({ progress: { rows: 100 }, requests: { sent: 100 }, organizations, elapsedMs: 10_000, expectedRows: 1000 }));
    // Both budgets together (900 requests at 10/s) would say 1m 30s: org 1 alone needs 2m 42s.
    expect(line).toContain('ETA 2m 42s');
  });

  it('says nothing of organizations when the requests go to one', () => {
    const line = formatProgress(snapshot({ progress: { rows: 5 }, requests: { sent: 5 }, organizations: { own: { ...createCounters(), sent: 5 } } }));
    expect(line).toMatchInlineSnapshot(`"5 rows (0.5/s) · 5 requests (0.5/s of 5.0/s)"`);
  });

  it('says nothing of the time left once every page is read', () => {
    expect(formatProgress(snapshot({ progress: { rows: 10, pages: { done: 3, total: 3 } }, requests: { sent: 3 } }))).not.toContain('ETA');
  });
});

describe('showing progress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const client = { readCounters: () => ({ total: createCounters(), organizations: {} }) } as unknown as ApiClient;

  const logged: string[] = [];
  const logger = pino({ base: null, timestamp: false }, { write: (line: string) => logged.push(line) });

  function createStream(isTTY: boolean): { stream: OutputStream; written: string[] } {
    const written: string[] = [];
    const stream = { isTTY, columns: 40, write: (text: string) => written.push(text) };
    return { stream, written };
  }

  it('draws no line when stderr is no terminal, but logs the progress every minute, its counts as fields', () => {
    logged.length = 0;
    const counters = createCounters();
    const counting = { readCounters: () => ({ total: { ...counters }, organizations: {} }) } as unknown as ApiClient;
    const { stream, written } = createStream(false);
    const display = showProgress(counting, 300, new StatusLine(stream), logger);
    display.update({ rows: 30, step: 'import' });
    display.expectRows(100);
    counters.sent = 60;
    vi.advanceTimersByTime(59_000);
    expect(logged).toEqual([]);
    vi.advanceTimersByTime(1000);
    display.update({ rows: 50, step: 'import' });
    counters.sent = 100;
    vi.advanceTimersByTime(60_000);
    display.stop();
    vi.advanceTimersByTime(60_000);
    expect(written).toEqual([]);
    expect(logged.map((line) => JSON.parse(line) as unknown)).toEqual([
      { level: 30, progress: { step: 'import', rows: 30, expectedRows: 100, requests: 60 }, msg: 'import · 30/100 rows (30%, 0.5/s) · 60 requests (1.0/s of 5.0/s) · ETA 2m 20s' },
      { level: 30, progress: { step: 'import', rows: 50, expectedRows: 100, requests: 100 }, msg: 'import · 50/100 rows (50%, 0.4/s) · 100 requests (0.8/s of 5.0/s) · ETA 2m 00s' },
    ]);
  });

  it('redraws one line in place every 250 ms, cut to the width, and clears it at the end', () => {
    const { stream, written } = createStream(true);
    const display = showProgress(client, 300, new StatusLine(stream), logger);
    display.update({ rows: 3 });
    vi.advanceTimersByTime(600);
    display.stop();
    expect(written).toHaveLength(3);
    expect(written.at(-1)).toBe('\r\u001b[2K');
    for (const text of written.slice(0, -1)) {
      expect(text.startsWith('\r\u001b[2K3 rows')).toBe(true);
      expect(text.length).toBeLessThanOrEqual('\r\u001b[2K'.length + 39);
    }
  });

  it("counts each organization's requests from the step's start", () => {
    const organizations = { 'org:1': { ...createCounters(), sent: 30 }, 'org:2': { ...createCounters(), sent: 10 } };
    const counting = {
      readCounters: () => ({ total: createCounters(), organizations: { 'org:1': { ...organizations['org:1'] }, 'org:2': { ...organizations['org:2'] } } }),
    } as unknown as ApiClient;
    const { stream, written } = createStream(true);
    stream.columns = 200;
    const display = showProgress(counting, 300, new StatusLine(stream), logger);
    display.update({ rows: 0, step: 'import' });
    organizations['org:1'].sent = 34;
    organizations['org:2'].sent = 16;
    organizations['org:2'].rateLimited = 1;
    vi.advanceTimersByTime(250);
    display.stop();
    expect(written.at(-2)).toContain('2 organizations: org 2 6, 1 rate-limited; org 1 4');
  });

  it("starts the rates and the rows to expect again at each step of a job file, from the step's own requests", () => {
    const counters = createCounters();
    const counting = { readCounters: () => ({ total: { ...counters }, organizations: {} }) } as unknown as ApiClient;
    const { stream, written } = createStream(true);
    stream.columns = 200;
    const display = showProgress(counting, 300, new StatusLine(stream), logger);
    display.update({ rows: 0, step: 'import' });
    display.expectRows(1000);
    counters.sent = 50;
    vi.advanceTimersByTime(10_000);
    display.update({ rows: 0, step: 'export', pages: { done: 0, total: 10 } });
    counters.sent = 52;
    display.update({ rows: 100, step: 'export', pages: { done: 2, total: 10 } });
    vi.advanceTimersByTime(1000);
    display.stop();
    expect(written.at(-2)).toBe('\r\u001b[2Kexport · 100 rows (100/s) · 2/10 pages · 2 requests (2.0/s of 5.0/s) · ETA 4s');
  });
});

