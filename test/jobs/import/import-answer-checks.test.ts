import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { IgnoredRequestError } from '../../../src/api/errors/ignored-request-error.js';
import { importSheet, type ImportResource } from '../../../src/jobs/import/import-sheet.js';
import type { ImportSummary } from '../../../src/jobs/import/import-options.js';
import { DRIFT_BASE, useDriftingEmulator } from '../../api/drifting-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { editItems } from '../export/edit-items.js';
import { readResults } from './start-import-harness.js';

const logger = pino({ level: 'silent' });

describe('an import checks the businesses it reads against its request', () => {
  const service = useDriftingEmulator({ businesses: 60, feedback: 0 });
  const { state } = service.emulator;
  const writes: string[] = [];

  async function runImport(resource: ImportResource, csv: string): Promise<{ summary: Promise<ImportSummary>; reportDir: string }> {
    const dir = await makeTempDir();
    const file = join(dir, 'input.csv');
    await writeFile(file, csv);
    const reportDir = join(dir, 'report');
    const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    writes.length = 0;
    const summary = importSheet(client, resource, { file, reportDir, mode: 'diff', dryRun: false }, logger).finally(() => client.close());
    return { summary, reportDir };
  }

  function recordWrites(): void {
    service.reroute = (request) => {
      if (request.method === 'POST') writes.push(request.path);
      return request;
    };
  }

  it('refuses only a row that would send a value the business gave in no readable shape, naming it, and sends the others', async () => {
    recordWrites();
    const [odd, coded, nulls] = state.orgBusinesses(1);
    service.drift = (request, body) =>
      request.path !== '/business/search'
        ? body
        : editItems(body, 'businesses', (business) => {
            if (business.id === odd?.id || business.id === coded?.id) return { ...business, contacts: { name: 'Claire' } };
            if (business.id === nulls?.id) return { ...business, contacts: [{ name: 'Claire', phone_numbers: null }] };
            return business;
          });
    const csv = [
      'business_id,code,description_short,contacts.0.email',
      `${odd?.id ?? ''},,One,`,
      `,${coded?.code ?? ''},,claire@example.com`,
      `${nulls?.id ?? ''},,,claire@example.com`,
    ].join('\n');
    const { summary, reportDir } = await runImport('businesses', csv);
    expect((await summary).rows).toMatchObject({ updated: 2, failed: 1 });
    const results = await readResults(reportDir);
    expect(results.map((row) => [row._status, row._errors])).toEqual([
      ['updated', ''],
      ['failed', "contacts is an object (expected a list): the service's value does not read, so this row cannot change contacts"],
      ['updated', ''],
    ]);
    expect(writes).toEqual([`/business/${odd?.id ?? ''}`, `/business/${nulls?.id ?? ''}`]);
    expect(state.businesses.get(nulls?.id ?? '')?.contacts[0]).toMatchObject({ name: 'Claire', email: 'claire@example.com' });
  });

  it('reads every page of a search, in the page size the service gives', async () => {
    recordWrites();
    // 100 ids asked, 30 answered per page.
    service.reroute = (request) => {
      const query = new URLSearchParams(request.query);
      if (Number(query.get('per_page')) > 30) query.set('per_page', '30');
      return { ...request, query };
    };
    const businesses = state.orgBusinesses(1).slice(0, 45);
    const csv = `business_id,description_short\n${businesses.map((business) => `${business.id},Fresh every morning`).join('\n')}\n`;
    const { summary } = await runImport('businesses', csv);
    expect((await summary).rows).toMatchObject({ failed: 0, total: 45 });
  });

  it('stops when the service ignored the business__in filter, rather than report rows not found', async () => {
    recordWrites();
    service.reroute = (request) => {
      const query = new URLSearchParams(request.query);
      query.delete('business__in');
      return { ...request, query };
    };
    const [wanted] = state.orgBusinesses(1).slice(-1);
    const { summary, reportDir } = await runImport('businesses', `business_id,description_short\n${wanted?.id ?? ''},Hello\n`);
    const error = await summary.then(() => undefined, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(IgnoredRequestError);
    expect((error as Error).message).toMatch(/^Could not GET \/business\/search: the service ignored the filter business__in=\S+: it answered business \S+ with id "\S+"\. /);
    expect((await readResults(reportDir))[0]?._status).toBe('failed');
    expect(writes).toEqual([]);
  });

  it('stops when the service ignored the code filter of a services import', async () => {
    service.reroute = (request) => {
      const query = new URLSearchParams(request.query);
      query.delete('code');
      return { ...request, query };
    };
    const [wanted] = state.orgBusinesses(1).slice(-1);
    const { summary } = await runImport('services', `code,service_id,price\n${wanted?.code ?? ''},1,10\n`);
    await expect(summary).rejects.toThrow(/the service ignored the filter code=/);
  });

  it('fails a custom-field-order row whose field the service gave in no readable shape, saying so, rather than as not found', async () => {
    const [placed] = state.customFields.filter((field) => field.org_id === 1);
    service.drift = (request, body) =>
      request.path !== '/custom_fields' ? body : editItems(body, 'custom_fields', (field) => (field.id === placed?.id ? { ...field, name: ['x'] } : field));
    const { summary, reportDir } = await runImport('custom-field-order', `id,order\n${placed?.id ?? ''},${(placed?.order ?? 0) + 1}\n`);
    expect((await summary).rows).toMatchObject({ failed: 1 });
    expect((await readResults(reportDir))[0]?._errors).toBe(`id: the service's custom field ${placed?.id ?? ''} does not read (name is a list (expected a text)), so its place is not changed`);
  });

  it('writes a row whose business gives its organization and groups as text, the groups changed', async () => {
    const [business] = state.orgBusinesses(1);
    const groups = [...state.groups.values()].filter((group) => group.org_id === 1).map((group) => group.id);
    const wanted = groups.filter((id) => !(business?.groups ?? []).includes(id)).slice(0, 1);
    service.drift = (request, body) =>
      request.path !== '/business/search' ? body : editItems(body, 'businesses', (item) => ({ ...item, org_id: String(item.org_id), groups: (item.groups as number[]).map(String) }));
    const { summary, reportDir } = await runImport('businesses', `business_id,name,groups\n${business?.id ?? ''},Renamed by id,${wanted.join('|')}\n`);
    expect((await summary).rows).toMatchObject({ updated: 1, failed: 0 });
    expect((await readResults(reportDir))[0]?._changes).toContain("-> 'Renamed by id'");
    expect(state.businesses.get(business?.id ?? '')).toMatchObject({ name: 'Renamed by id', groups: wanted });
  });

  it('counts a service row whose answer lists the service set by its id said as text', async () => {
    const business = state.orgBusinesses(1).find((candidate) => (state.businessServices.get(candidate.id) ?? []).length > 0);
    const [stored] = business === undefined ? [] : (state.businessServices.get(business.id) ?? []);
    if (business === undefined || stored === undefined) throw new Error('the seed has a business with services');
    service.drift = (request, body) => (request.method === 'POST' ? editItems(body, 'services', (item) => ({ ...item, service_id: String(item.service_id) })) : body);
    const { summary } = await runImport('services', `business_id,service_id,price\n${business.id},${stored.service_id},${(stored.price ?? 0) + 1}\n`);
    expect((await summary).rows).toMatchObject({ updated: 1, failed: 0 });
  });

  it('plans and writes service rows against prices said as decimal text ("52.00")', async () => {
    const priced = state.orgBusinesses(1).flatMap((business) => (state.businessServices.get(business.id) ?? []).filter((item) => item.price !== null).map((item) => ({ business, item })));
    const [changed, kept] = priced;
    if (changed?.item.price == null || kept?.item.price == null) throw new Error('the seed has two priced services');
    const asText = (body: unknown): unknown => editItems(body, 'services', (item) => (typeof item.price === 'number' ? { ...item, price: item.price.toFixed(2) } : item));
    service.drift = (request, body) => (request.path.endsWith('services') ? asText(body) : body);
    const csv = ['business_id,service_id,price', `${changed.business.id},${changed.item.service_id},${changed.item.price + 1}`, `${kept.business.id},${kept.item.service_id},${kept.item.price}`].join('\n');
    const { summary, reportDir } = await runImport('services', csv);
    expect((await summary).rows).toMatchObject({ updated: 1, unchanged: 1, failed: 0 });
    expect((await readResults(reportDir)).map((row) => row._errors)).toEqual(['', '']);
  });

  it('fails a service row whose answer does not list the service set: it answers another request', async () => {
    const business = state.orgBusinesses(1).find((candidate) => (state.businessServices.get(candidate.id) ?? []).length > 0);
    const [stored] = business === undefined ? [] : (state.businessServices.get(business.id) ?? []);
    if (business === undefined || stored === undefined) throw new Error('the seed has a business with services');
    service.drift = (request, body) => (request.method === 'POST' ? { services: [] } : body);
    const { summary, reportDir } = await runImport('services', `business_id,service_id,price\n${business.id},${stored.service_id},${(stored.price ?? 0) + 1}\n`);
    expect((await summary).rows).toMatchObject({ updated: 0, failed: 1 });
    expect((await readResults(reportDir))[0]?._errors).toContain(`unexpected answer: services: does not list the service set (${stored.service_id})`);
  });

  it('fails a service row whose answer lists the service with a price other than the one sent', async () => {
    const business = state.orgBusinesses(1).find((candidate) => (state.businessServices.get(candidate.id) ?? []).some((item) => item.price !== null));
    const stored = (state.businessServices.get(business?.id ?? '') ?? []).find((item) => item.price !== null);
    if (business === undefined || stored?.price == null) throw new Error('the seed has a business with a priced service');
    const old = stored.price;
    // An answer as it stood before the write: a cached or another request's.
    service.drift = (request, body) =>
      request.method === 'POST' ? { services: [...(body as { services: unknown[] }).services.filter((item) => (item as { service_id: number }).service_id !== stored.service_id), { ...stored, price: old }] } : body;
    const { summary, reportDir } = await runImport('services', `business_id,service_id,price\n${business.id},${stored.service_id},${old + 1}\n`);
    expect((await summary).rows).toMatchObject({ updated: 0, failed: 1 });
    expect((await readResults(reportDir))[0]?._errors).toContain(`unexpected answer: services: lists service ${stored.service_id} with price ${old}, not the ${old + 1} sent`);
  });
});
