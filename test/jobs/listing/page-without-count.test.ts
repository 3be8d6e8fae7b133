import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { checkConnection } from '../../../src/jobs/check-connection.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { DRIFT_BASE, useDriftingEmulator } from '../../api/drifting-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

/** The answer without its `count`, or with it said as null or as no number: every list's pages, the search's included. */
function withoutCount(body: unknown, as: 'null' | 'missing' | 'text'): unknown {
  if (typeof body !== 'object' || body === null || !('count' in body)) return body;
  const { count: _count, ...rest } = body as Record<string, unknown>;
  return as === 'null' ? { ...rest, count: null } : as === 'text' ? { ...rest, count: 'many' } : rest;
}

/** The answer with its page numbers and count said as text (`"2"`). */
function numbersAsText(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('count' in body)) return body;
  const { page, max_page: maxPage, count } = body as Record<string, unknown>;
  return { ...body, page: String(page), max_page: String(maxPage), count: String(count) };
}

describe('a page that does not count its list', () => {
  const service = useDriftingEmulator({ businesses: 300 });
  // More than one page of 100: the export reads page 2 by max_page alone.
  const readable = (): number => service.emulator.state.orgBusinesses(1).length;
  const client = () => createApiClient({ baseUrl: DRIFT_BASE, apiKey: service.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });

  it.each(['null', 'missing', 'text'] as const)('is read to max_page all the same (count %s): an export needs no count', async (as) => {
    expect(readable()).toBeGreaterThan(100);
    service.drift = (_request, body) => withoutCount(body, as);
    const out = join(await makeTempDir(), 'businesses.csv');
    const api = client();
    try {
      const summary = await exportBusinesses(api, { out, filters: {} }, logger);
      expect(summary).toMatchObject({ rows: readable(), failures: 0 });
    } finally {
      await api.close();
    }
    expect((await readFile(out, 'utf8')).trim().split('\n')).toHaveLength(readable() + 1);
  });

  it('reads page numbers and a count said as text: check counts, an export reads every page', async () => {
    service.drift = (_request, body) => numbersAsText(body);
    const out = join(await makeTempDir(), 'businesses.csv');
    const api = client();
    try {
      expect(await checkConnection(api, logger)).toEqual({ businesses: readable() });
      expect(await exportBusinesses(api, { out, filters: {} }, logger)).toMatchObject({ rows: readable(), failures: 0 });
    } finally {
      await api.close();
    }
  });

  it('is counted by its pages at one per page: check tells the businesses the key reads', async () => {
    service.drift = (_request, body) => withoutCount(body, 'null');
    const api = client();
    try {
      expect(await checkConnection(api, logger)).toEqual({ businesses: readable() });
      // An empty list has one empty page: it counts none.
      service.drift = (_request, body) => ({ ...(withoutCount(body, 'missing') as object), businesses: [], max_page: 1 });
      expect(await checkConnection(api, logger)).toEqual({ businesses: 0 });
    } finally {
      await api.close();
    }
  });
});
