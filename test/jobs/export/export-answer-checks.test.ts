import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { exportFeedback } from '../../../src/jobs/export/resources/export-feedback.js';
import { exportMessageTemplates } from '../../../src/jobs/export/resources/export-message-templates.js';
import type { ExportOptions, ExportSummary } from '../../../src/jobs/export/export-options.js';
import type { EmulatorRequest } from '../../../src/emulator/pipeline/http-types.js';
import { DRIFT_BASE, useDriftingEmulator } from '../../api/drifting-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { editItems } from './edit-items.js';

const logger = pino({ level: 'silent' });

async function readColumn(path: string, column: string): Promise<string[]> {
  return parse<Record<string, string>>(await readFile(path, 'utf8'), { bom: true, columns: true }).map((row) => row[column] ?? '');
}

/** The request with its query changed. */
function withQuery(request: EmulatorRequest, change: (query: URLSearchParams) => void): EmulatorRequest {
  const query = new URLSearchParams(request.query);
  change(query);
  return { ...request, query };
}

describe('an export checks each answer against its request', () => {
  // Four in five businesses go to organization 1: 312 gives it 250, three pages of 100.
  const service = useDriftingEmulator({ businesses: 312, feedback: 120 });
  const { state } = service.emulator;
  const orgIds = () => state.orgBusinesses(1).map((business) => business.id);

  async function runExport(exporter: typeof exportBusinesses, options: Omit<ExportOptions, 'out'>, role: Role = 'ORG_ADMIN'): Promise<{ out: string; summary: Promise<ExportSummary> }> {
    const out = join(await makeTempDir(), 'export.csv');
    const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys[role], ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    return { out, summary: exporter(client, { ...options, out }, logger).finally(() => client.close()) };
  }

  it('reads every business from a service that gives fewer per page than asked, and tells max_page for the size asked', async () => {
    service.reroute = (request) => withQuery(request, (query) => {
      if (Number(query.get('per_page')) > 40) query.set('per_page', '40');
    });
    // max_page as if the 100 asked were given: read as it says, 120 of the 250 would be exported.
    service.drift = (request, body) => {
      const asked = Number(new URLSearchParams(request.query).get('per_page'));
      const page = body as { count: number };
      return request.path === '/business/search' ? { ...page, max_page: Math.ceil(page.count / asked) } : body;
    };
    const { out, summary } = await runExport(exportBusinesses, { filters: {} });
    expect(await summary).toMatchObject({ rows: 250, failures: 0 });
    expect(await readColumn(out, 'business_id')).toEqual(orgIds());
  });

  it('stops when the answer is not the page asked, and writes no page twice', async () => {
    service.reroute = (request) => withQuery(request, (query) => { query.set('page', '1'); });
    const { out, summary } = await runExport(exportBusinesses, { filters: {} });
    await expect(summary).rejects.toThrow(/^Could not GET \/business\/search: page [23] was asked, and the service answered page 1\. /);
    // A stopped export leaves the path as it was: no file that holds part of the list.
    await expect(access(out)).rejects.toThrow();
    await expect(access(`${out}.parts`)).rejects.toThrow();
  });

  it('stops when a page holds the items of an earlier one: the service ignored the page number', async () => {
    service.reroute = (request) => withQuery(request, (query) => { query.set('page', '1'); });
    service.drift = (request, body) => ({ ...(body as object), page: Number(request.query.get('page') ?? 1) });
    const { out, summary } = await runExport(exportBusinesses, { filters: {} });
    await expect(summary).rejects.toThrow('Could not GET /business/search: page 2 holds the same items as page 1: the service ignored the page number.');
    await expect(access(out)).rejects.toThrow();
  });

  it('warns when the list changes during the export, and writes a business listed twice once', async () => {
    const [firstId] = orgIds();
    service.drift = (request, body) => {
      if (request.path !== '/business/search' || request.query.get('page') !== '2') return body;
      const again = state.businesses.get(firstId ?? '');
      const changed = { ...(body as { count: number }), count: (body as { count: number }).count + 1 };
      return editItems(changed, 'businesses', (business, index) => (index === 0 ? structuredClone(again) : business));
    };
    const { out, summary } = await runExport(exportBusinesses, { filters: {} });
    const done = await summary;
    expect(done.warnings).toEqual([
      'GET /business/search changed during the export (count 250 then 251, max_page 3 then 3): each item is written once, but some may be missing; run the export again for a complete list',
      'GET /business/search page 2 listed 1 item(s) of an earlier page again: each is written once',
    ]);
    const ids = await readColumn(out, 'business_id');
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(249);
  });

  it('stops when the service ignored a search filter, rather than export the wrong businesses', async () => {
    service.reroute = (request) => withQuery(request, (query) => { query.delete('status'); });
    const { summary } = await runExport(exportBusinesses, { filters: { status: ['open'] } });
    await expect(summary).rejects.toThrow(/^Could not GET \/business\/search: the service ignored the filter status=open: it answered business \S+ with status "(closed|opening_soon|temporarily_closed)"\. /);
  });

  it('reads on past an item whose filtered field is empty (null or ""): it cannot tell whether the filter was honoured', async () => {
    const [blank] = state.orgBusinesses(1).filter((business) => business.status === 'open');
    service.drift = (request, body) => {
      if (request.path === '/business/search') return editItems(body, 'businesses', (business) => (business.id === blank?.id ? { ...business, status: null } : business));
      return request.path === '/feedback/feedback_result' ? editItems(body, 'items', (result, index) => (index === 0 ? { ...result, state: '' } : result)) : body;
    };
    const open = state.orgBusinesses(1).filter((business) => business.status === 'open');
    expect(await (await runExport(exportBusinesses, { filters: { status: ['open'] } })).summary).toMatchObject({ rows: open.length, failures: 0 });
    expect(await (await runExport(exportFeedback, { filters: { state: ['treated'] } })).summary).toMatchObject({ failures: 0 });
  });

  it('stops when the service ignored a feedback filter', async () => {
    service.reroute = (request) => withQuery(request, (query) => { query.delete('state__in'); });
    const { summary } = await runExport(exportFeedback, { filters: { state: ['treated'] } });
    await expect(summary).rejects.toThrow(/the service ignored the filter state__in=treated: it answered result \d+ with state "not_treated"/);
  });

  it('names a value outside the filter that did not read as the service sent it', async () => {
    service.drift = (request, body) =>
      request.path === '/messaging/templates' ? (body as Record<string, unknown>[]).map((template, index) => (index === 0 ? { ...template, org_id: 'two' } : template)) : body;
    const { summary } = await runExport(exportMessageTemplates, { filters: {}, orgId: 1 });
    await expect(summary).rejects.toThrow(/the service ignored the filter org_id=1: it answered template \S+ with org_id "two"\. /);
  });

  it('takes an organization said as text as the one asked, in a business that does not read for another reason', async () => {
    const [odd] = state.orgBusinesses(1);
    service.drift = (request, body) =>
      request.path === '/business/search' ? editItems(body, 'businesses', (business) => (business.id === odd?.id ? { ...business, id: null, org_id: '1' } : business)) : body;
    const { summary } = await runExport(exportBusinesses, { filters: {}, orgId: 1 });
    expect(await summary).toMatchObject({ rows: state.orgBusinesses(1).length - 1, failures: 1 });
    service.drift = (request, body) =>
      request.path === '/messaging/templates' ? (body as Record<string, unknown>[]).map((template, index) => (index === 0 ? { ...template, id: null, org_id: '1' } : template)) : body;
    const templates = await runExport(exportMessageTemplates, { filters: {}, orgId: 1 });
    expect(await templates.summary).toMatchObject({ rows: 2, failures: 1 });
  });

  it('takes a score said as text as one of those asked', async () => {
    service.drift = (request, body) => (request.path === '/feedback/feedback_result' ? editItems(body, 'items', (result) => ({ ...result, nps: String(result.nps) })) : body);
    const { summary } = await runExport(exportFeedback, { filters: { nps: [9, 10] } });
    expect(await summary).toMatchObject({ failures: 0 });
  });

  it("holds only the organization's feedback for a PROVIDER key with --org", async () => {
    const { out, summary } = await runExport(exportFeedback, { filters: {}, orgId: 2 }, 'PROVIDER');
    const orgTwo = new Set(state.orgBusinesses(2).map((business) => business.id));
    const expected = state.feedbackResults.filter((result) => orgTwo.has(result.business_id)).map((result) => String(result.id));
    expect(expected.length).toBeGreaterThan(0);
    expect((await summary).failures).toBe(0);
    expect((await readColumn(out, 'id')).sort()).toEqual(expected.sort());
  });
});
