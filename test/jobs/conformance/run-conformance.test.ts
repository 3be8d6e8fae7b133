import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import type { EmulatorOptions } from '../../../src/emulator/emulator.js';
import type { AssumptionId, ConformanceResult } from '../../../src/jobs/conformance/conformance-check.js';
import { runConformance, type ConformanceOptions } from '../../../src/jobs/conformance/run-conformance.js';
import { startTestEmulator } from '../../emulator/start-test-emulator.js';
import { createSkippingClock } from '../../api/skipping-clock.js';
import { DRIFT_BASE, useDriftingEmulator } from '../../api/drifting-emulator.js';
import { editItems } from '../export/edit-items.js';

const logger = pino({ level: 'silent' });

/** Conformance against a fresh emulator, with `role`'s key. */
async function checkAgainst(emulator: Partial<EmulatorOptions>, options: ConformanceOptions = {}, role: Role = 'ORG_ADMIN'): Promise<ConformanceResult> {
  const api = await startTestEmulator(emulator);
  const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys[role], ratePerMinute: 100_000 });
  try {
    return await runConformance(client, options, logger);
  } finally {
    await client.close();
    await api.close();
  }
}

function statuses(result: ConformanceResult): Partial<Record<AssumptionId, string>> {
  return Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
}

function observed(result: ConformanceResult, id: AssumptionId): string {
  return result.checks.find((check) => check.id === id)?.observed ?? '';
}

describe('conformance', () => {
  it('passes against the plain emulator, and checks org_id with a PROVIDER key', async () => {
    const admin = await checkAgainst({}, { writeProbe: 'c-000003' });
    expect(admin.passed).toBe(true);
    expect(statuses(admin)).toEqual({
      'business-pages': 'ok',
      'page-counts': 'ok',
      'per-page': 'ok',
      'filter-code': 'ok',
      'filter-business-in': 'ok',
      'filter-org-id': 'not-checked',
      'filter-code-list': 'ok',
      'custom-field-types': 'ok',
      'businesses-read': 'ok',
      'feedback-pages': 'ok',
      'feedback-read': 'ok',
      'filter-feedback': 'ok',
      'write-answer': 'ok',
      'rate-limit': 'not-checked',
    });
    const provider = await checkAgainst({}, {}, 'PROVIDER');
    expect(provider.passed).toBe(true);
    expect(statuses(provider)['filter-org-id']).toBe('ok');
  });

  it("checks org_id with a PROVIDER key whose first page holds one organization's businesses and its second another's", async () => {
    // The emulator's 200 businesses by default: page 1 holds 100 of organization 1, page 2 the other 60 and organization 2's 40.
    const provider = await checkAgainst({ businesses: 200 }, {}, 'PROVIDER');
    expect(provider.checks.find((check) => check.id === 'filter-org-id')).toMatchObject({ status: 'ok', observed: expect.stringMatching(/^org_id=\d+ answered \d+ matching business\(es\)$/) as unknown });

    // Organization 1's search, ignored, would answer page 1 again: all of organization 1.
    const ignoring = await checkAgainst({ businesses: 200, quirks: { 'ignore-filters': true } }, {}, 'PROVIDER');
    expect(observed(ignoring, 'filter-org-id')).toContain('the service ignored the filter org_id=2');
  });

  it('leaves the write unchecked, blaming no one, when the probe names no business the key reads', async () => {
    const result = await checkAgainst({}, { writeProbe: 'c-NOPE' });
    expect(result.passed).toBe(true);
    expect(statuses(result)['write-answer']).toBe('not-checked');
    expect(observed(result, 'write-answer')).toBe('not checked: no business with store code NOPE and a name that this key can read; name one it can write, as c-CODE');
  });

  it('fails against a service that ignores filters, naming each filter', async () => {
    const result = await checkAgainst({ quirks: { 'ignore-filters': true } }, {}, 'PROVIDER');
    expect(result.passed).toBe(false);
    expect(statuses(result)).toMatchObject({
      'filter-code': 'blocking',
      'filter-code-list': 'blocking',
      'filter-business-in': 'blocking',
      'filter-org-id': 'blocking',
      'filter-feedback': 'blocking',
      'business-pages': 'ok',
    });
    expect(observed(result, 'filter-code')).toContain('the service ignored the filter code=');
    expect(observed(result, 'filter-org-id')).toContain('the service ignored the filter org_id=');
  });

  it('warns, without blocking, of a service that reads code=A,B as one store code (real-shapes)', async () => {
    const result = await checkAgainst({ quirks: { 'real-shapes': true } });
    const check = result.checks.find(({ id }) => id === 'filter-code-list');
    expect(check).toMatchObject({ status: 'warning', meaning: expect.stringContaining('one request per code') as unknown });
    expect(check?.observed).toMatch(/^code=000001,000002 answered the businesses of neither code: the service reads code= as one store code$/);
    expect(statuses(result)['filter-code']).toBe('ok');
  });

  it('fails against a service that ignores the page number, businesses and feedback alike', async () => {
    const result = await checkAgainst({ quirks: { 'ignore-page': true } });
    expect(result.passed).toBe(false);
    expect(statuses(result)).toMatchObject({ 'business-pages': 'blocking', 'feedback-pages': 'blocking', 'filter-code': 'ok' });
    expect(observed(result, 'business-pages')).toBe('asked pages 1 and 2, answered pages 1 and 1');
  });

  it('warns of a capped per_page and unknown custom field types, and reads nulls and unknown statuses leniently, which do not block', async () => {
    const result = await checkAgainst({ quirks: { 'cap-per-page': 10, nulls: true, 'unknown-values': true } });
    expect(result.passed).toBe(true);
    expect(statuses(result)).toMatchObject({ 'per-page': 'warning', 'businesses-read': 'ok', 'custom-field-types': 'warning', 'business-pages': 'ok' });
    expect(observed(result, 'per-page')).toContain('capped at 10');
    expect(observed(result, 'custom-field-types')).toContain('renovated_on');
    expect(observed(result, 'businesses-read')).toMatch(/read leniently: .*status "permanently_closed"/);
    expect(observed(result, 'businesses-read')).toContain('null for empty values');
  });

  it('fails a write probe that is redirected, and nothing else', async () => {
    const result = await checkAgainst({ quirks: { 'redirect-writes': 'http://127.0.0.1:9/v2' } }, { writeProbe: 'c-000003' });
    expect(result.passed).toBe(false);
    expect(result.checks.filter((check) => check.status === 'blocking').map((check) => check.id)).toEqual(['write-answer']);
    expect(observed(result, 'write-answer')).toContain('(302) to http://127.0.0.1:9/v2/business/');
  });

  it("fails a write probe whose answer does not say it was applied, without the imports' advice to send it again", async () => {
    const api = await startTestEmulator();
    // The write answered 200 with no status: success.
    api.emulator.faults.script = (_n, req) => (req.method === 'POST' ? { status: 200 } : undefined);
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const result = await runConformance(client, { writeProbe: 'c-000003' }, logger);
      expect(statuses(result)['write-answer']).toBe('blocking');
      expect(observed(result, 'write-answer')).toMatch(/^Could not POST \/business\/\S+: unexpected answer: status: .*\)\.$/);
    } finally {
      await client.close();
      await api.close();
    }
  });

  it.each([
    ['-5', 'warning'],
    ['1', 'ok'],
  ])('judges the 429 it met by its Retry-After (%s): one it cannot read is waited out by back-off, and warned of', async (retryAfter, status) => {
    const api = await startTestEmulator({});
    api.emulator.faults.script = (n) => (n === 2 ? { status: 429, headers: { 'retry-after': retryAfter } } : undefined);
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, clock: createSkippingClock() });
    try {
      const result = await runConformance(client, {}, logger);
      expect(statuses(result)['rate-limit']).toBe(status);
      expect(result.passed).toBe(true);
    } finally {
      await client.close();
      await api.close();
    }
  });

  it('stops at a Retry-After too long to wait, and says so as the rate-limit row', async () => {
    const result = await checkAgainst({ quirks: { 'long-retry-after': true }, ratePerMinute: 3 });
    expect(result.passed).toBe(false);
    expect(statuses(result)['rate-limit']).toBe('blocking');
    expect(observed(result, 'rate-limit')).toContain('the service asked to wait 86400 s');
    expect(statuses(result)['feedback-read']).toBe('not-checked');
  });
});

describe('conformance against feedback results with values that do not read', () => {
  const service = useDriftingEmulator({ businesses: 8, feedback: 40 });

  it('warns of each value that does not read in a result that does', async () => {
    service.drift = (request, body) =>
      request.path === '/feedback/feedback_result' ? editItems(body, 'items', (result, index) => (index === 0 ? { ...result, state: ['treated'] } : result)) : body;
    const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const result = await runConformance(client, {}, logger);
      expect(statuses(result)['feedback-read']).toBe('warning');
      expect(observed(result, 'feedback-read')).toMatch(/^1 value\(s\) do not read: result \d+: state is a list \(expected a text\)$/);
    } finally {
      await client.close();
    }
  });
});

describe('conformance against pages that do not count their list', () => {
  const service = useDriftingEmulator({ businesses: 300, feedback: 40 });

  it('warns that page 1 gives no count, and reads the pages all the same', async () => {
    service.drift = (_request, body) => (typeof body === 'object' && body !== null && 'count' in body ? { ...body, count: null } : body);
    const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const result = await runConformance(client, {}, logger);
      expect(statuses(result)).toMatchObject({ 'business-pages': 'ok', 'page-counts': 'warning', 'per-page': 'ok', 'feedback-pages': 'ok' });
      expect(observed(result, 'page-counts')).toBe('page 1 gives no count (max_page 3)');
      expect(observed(result, 'per-page')).toBe('per_page=100 served 100 businesses');
    } finally {
      await client.close();
    }
  });
});

describe('conformance against business pages that do not read', () => {
  const service = useDriftingEmulator({ businesses: 30, feedback: 10 });

  it('leaves the checks that need those businesses unchecked, instead of reporting a key that reads none', async () => {
    service.drift = (request, body) => (request.path === '/business/search' && typeof body === 'object' && body !== null ? { ...body, max_page: null } : body);
    const client = createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      const result = await runConformance(client, {}, logger);
      expect(statuses(result)).toMatchObject({ 'business-pages': 'blocking', 'custom-field-types': 'ok' });
      for (const id of ['filter-code', 'filter-business-in', 'filter-org-id', 'filter-code-list', 'businesses-read'] as const) {
        expect(observed(result, id)).toBe('not checked: business-pages failed');
      }
    } finally {
      await client.close();
    }
  });
});
