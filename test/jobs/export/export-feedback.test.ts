import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Role } from '../../../src/api/facts/service-facts.js';
import { exportFeedback } from '../../../src/jobs/export/resources/export-feedback.js';
import type { ExportFilters } from '../../../src/jobs/export/export-filters.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';
import { readXlsxWithPython } from './read-xlsx-with-python.js';

const logger = pino({ level: 'silent' });

describe('export feedback', () => {
  let api: TestEmulator;
  let requests: string[];
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 60, feedback: 95, ratePerMinute: 100_000 });
    api.emulator.faults.script = (_n, req) => {
      requests.push(req.path);
      return undefined;
    };
  });
  afterAll(() => api.close());

  async function runExport(out: string, filters: ExportFilters = {}, role: Role = 'PROVIDER') {
    requests = [];
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys[role], ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    try {
      return await exportFeedback(client, { out, filters }, logger);
    } finally {
      await client.close();
    }
  }

  it('writes 95 results read in 4 pages, with their answers and comments in sheets of their own', async () => {
    const out = join(await makeTempDir(), 'feedback.xlsx');
    const summary = await runExport(out);
    expect(summary).toMatchObject({ rows: 95, failures: 0, pages: { fetched: 4, resumed: 0 } });
    expect(requests).toEqual(Array.from({ length: 4 }, () => '/feedback/feedback_result'));

    const { sheets } = await readXlsxWithPython(out);
    expect(Object.keys(sheets)).toEqual(['feedback', 'Fields', 'Comments', 'About']);
    const [header = [], ...rows] = sheets.feedback ?? [];
    expect(rows).toHaveLength(95);
    expect(header).toEqual(expect.arrayContaining(['fields.Satisfaction.rating', 'fields.What could we improve?.content', 'fields.What did you buy?.choices', 'comments.count', 'extra.channel']));
    expect(header).not.toContain('feedback_result_fields');

    const results = api.emulator.state.feedbackResults;
    const [fieldHeader, ...fieldRows] = sheets.Fields ?? [];
    expect(fieldHeader?.slice(0, 2)).toEqual(['result_id', 'feedback_form_field.id']);
    expect(fieldRows).toHaveLength(results.reduce((sum, result) => sum + result.feedback_result_fields.length, 0));
    const [, ...commentRows] = sheets.Comments ?? [];
    const commented = results.filter((result) => result.comments.length > 0);
    expect(commentRows.map((row) => row[0])).toEqual(commented.map((result) => String(result.id)));

    const first = results[0];
    const cell = (name: string) => rows[0]?.[header.indexOf(name)];
    expect(cell('id')).toBe(String(first?.id));
    expect(cell('comments.count')).toBe(String(first?.comments.length));
    expect(cell('fields.Satisfaction.rating')).toBe(String(first?.feedback_result_fields[0]?.rating));
  });

  it('writes a text that starts with = as text, never as a formula', async () => {
    const [result] = api.emulator.state.feedbackResults;
    if (result === undefined) throw new Error('no seeded feedback');
    const content = result.content;
    result.content = '=HYPERLINK("https://evil.example","click")';
    try {
      const dir = await makeTempDir();
      await runExport(join(dir, 'formula.xlsx'), { business: [result.business_id] });
      await runExport(join(dir, 'formula.csv'), { business: [result.business_id] });
      const { sheets, formulas } = await readXlsxWithPython(join(dir, 'formula.xlsx'));
      expect(formulas).toBe(0);
      const [header = [], row = []] = sheets.feedback ?? [];
      // A string cell is never a formula: it carries the text as it is; a CSV cell needs the quote.
      expect(row[header.indexOf('content')]).toBe(result.content);
      expect(await readFile(join(dir, 'formula.csv'), 'utf8')).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    } finally {
      result.content = content;
    }
  });

  it('sends every filter under its query name', async () => {
    const out = join(await makeTempDir(), 'filtered.csv');
    const filters: ExportFilters = { state: ['treated'], 'nps-min': 7, 'nps-max': 10, since: '2025-06-01', optin: true };
    const summary = await runExport(out, filters);
    const expected = api.emulator.state.feedbackResults.filter((result) => result.state === 'treated' && result.nps >= 7 && result.optin);
    expect(summary.rows).toBe(expected.length);
    const lines = (await readFile(out, 'utf8')).trim().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected.map((result) => String(result.id)));
  });

  it('writes every result of a service that leaves its nulls out and says empty lists as null (quirk nulls), nested sheets included', async () => {
    const quirky = await startTestEmulator({ businesses: 60, feedback: 95, ratePerMinute: 100_000, quirks: { nulls: true } });
    const client = createApiClient({ baseUrl: quirky.url, apiKey: quirky.emulator.keys.PROVIDER, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    try {
      const out = join(await makeTempDir(), 'nulls.xlsx');
      expect(await exportFeedback(client, { out, filters: {} }, logger)).toMatchObject({ rows: 95, failures: 0 });
      const results = quirky.emulator.state.feedbackResults;
      const { sheets } = await readXlsxWithPython(out);
      const [header = [], ...rows] = sheets.feedback ?? [];
      const uncommented = results.findIndex((result) => result.comments.length === 0);
      expect(rows[uncommented]?.[header.indexOf('comments.count')]).toBe('0');
      expect(rows[0]?.[header.indexOf('fields.Satisfaction.rating')]).toBe(String(results[0]?.feedback_result_fields[0]?.rating));
      expect(sheets.Fields?.slice(1)).toHaveLength(results.reduce((sum, result) => sum + result.feedback_result_fields.length, 0));
    } finally {
      await client.close();
      await quirky.close();
    }
  });
});
