import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createApiClient } from '../../src/api/api-client.js';
import { budgetKeyOf } from '../../src/api/pacing/org-budget.js';
import { importSheet } from '../../src/jobs/import/import-sheet.js';

export interface AcrossOrgsRun {
  /** Requests charged to the businesses' organizations (their writes), retries included. */
  orgRequests: number;
  /** Every request sent, the key's own searches included. */
  requests: number;
  rateLimited: number;
  seconds: number;
  rows: number;
}

export interface AcrossOrgsOptions {
  url: string;
  /** A PROVIDER key: the sheet spans organizations, and no --org is given. */
  apiKey: string;
  businesses: readonly { id: string; org_id: number }[];
  ratePerMinute: number;
  concurrency?: number;
}

/**
 * A PROVIDER businesses import through the real pipeline (diff mode: read 100 per search, then a
 * write each) of one changed description per business, the organizations interleaved as a mixed
 * export lists them.
 */
export async function importAcrossOrgs(options: AcrossOrgsOptions): Promise<AcrossOrgsRun> {
  const dir = await mkdtemp(join(tmpdir(), 'listing-bulk-orgs-bench-'));
  const client = createApiClient({ baseUrl: options.url, apiKey: options.apiKey, ratePerMinute: options.ratePerMinute, ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }) });
  try {
    const file = join(dir, 'businesses.csv');
    const stamp = Date.now().toString(36);
    await writeFile(file, ['business_id,description_short', ...interleave(options.businesses).map((business, index) => `${business.id},Bench ${stamp} ${index}`)].join('\n'));
    const started = performance.now();
    const summary = await importSheet(client, 'businesses', { file, reportDir: join(dir, 'report'), mode: 'diff', dryRun: false }, pino({ level: 'silent' }));
    const seconds = (performance.now() - started) / 1000;
    const { total, organizations } = client.readCounters();
    const orgRequests = Object.entries(organizations).reduce((sum, [key, counters]) => (key === budgetKeyOf(undefined) ? sum : sum + counters.sent), 0);
    return { orgRequests, requests: total.sent, rateLimited: total.rateLimited, seconds, rows: summary.rows.total };
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One business of each organization in turn. */
function interleave<T extends { org_id: number }>(businesses: readonly T[]): T[] {
  const byOrg = new Map<number, T[]>();
  for (const business of businesses) byOrg.set(business.org_id, [...(byOrg.get(business.org_id) ?? []), business]);
  const lists = [...byOrg.values()];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, index) => lists.flatMap((list) => list.slice(index, index + 1))).flat();
}
