import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { exportBusinesses } from '../../../src/jobs/export/resources/export-businesses.js';
import { importSheet } from '../../../src/jobs/import/import-sheet.js';
import type { ImportOptions } from '../../../src/jobs/import/import-options.js';
import { recordWrites } from '../../emulator/record-writes.js';
import { startTestEmulator, type TestEmulator } from '../../emulator/start-test-emulator.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

type Row = Record<string, string>;

const DATE_COLUMNS = ['opening_date', 'specific_hours.close', 'specific_hours.open'];
const DECIMAL_COLUMNS = ['lat', 'long'];

/**
 * What a spreadsheet set to a French locale makes of a CSV it opens and saves: digits read as
 * numbers (leading zeros and `+` dropped, 12 digits or more rounded to `5,91474E+13`), dates and
 * decimals in its own forms, `;` between cells.
 */
function saveAsSpreadsheet(rows: Row[]): string {
  const saved = rows.map((row) => {
    const copy = Object.fromEntries(Object.entries(row).map(([header, cell]) => [header, /^\+?\d+$/.test(cell) ? asNumber(cell) : cell]));
    for (const column of DATE_COLUMNS) copy[column] = (copy[column] ?? '').replace(/(\d{4})-(\d{2})-(\d{2})/g, '$3/$2/$1');
    for (const column of DECIMAL_COLUMNS) copy[column] = (copy[column] ?? '').replace('.', ',');
    return copy;
  });
  return stringify(saved, { header: true, columns: Object.keys(rows[0] ?? {}), delimiter: ';' });
}

function asNumber(digits: string): string {
  const number = Number(digits);
  if (String(number).length < 12) return String(number);
  const [mantissa = '', exponent = ''] = number.toExponential(5).split('e+');
  return `${mantissa.replace(/\.?0+$/, '').replace('.', ',')}E+${exponent.padStart(2, '0')}`;
}

describe('files saved by a spreadsheet', () => {
  let api: TestEmulator;
  let businesses: Business[];
  let writes: string[];
  beforeAll(async () => {
    api = await startTestEmulator({ businesses: 40, feedback: 0, ratePerMinute: 100_000 });
    businesses = api.emulator.state.orgBusinesses(1);
    writes = recordWrites(api);
  });
  beforeEach(() => {
    writes.length = 0;
  });
  afterAll(() => api.close());

  async function exportRows(): Promise<Row[]> {
    const out = join(await makeTempDir(), 'businesses.csv');
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    try {
      await exportBusinesses(client, { out, filters: {} }, logger);
    } finally {
      await client.close();
    }
    return readCsv(out);
  }

  async function importText(text: string | Buffer, options: Partial<ImportOptions> = {}) {
    const dir = await makeTempDir();
    const file = join(dir, 'saved.csv');
    await writeFile(file, text);
    const reportDir = join(dir, 'report');
    const client = createApiClient({ baseUrl: api.url, apiKey: api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000, retry: { baseDelayMs: 1 } });
    writes.length = 0;
    try {
      const summary = await importSheet(client, 'businesses', { file, reportDir, mode: 'diff', dryRun: false, ...options }, logger);
      // Reports keep the input's delimiter.
      return { summary, reportDir, results: await readCsv(join(reportDir, 'results.csv'), text.toString().split('\n')[0]?.includes(';') === true ? ';' : ',') };
    } finally {
      await client.close();
    }
  }

  async function readCsv(path: string, delimiter = ','): Promise<Row[]> {
    return parse<Row>(await readFile(path, 'utf8'), { bom: true, columns: true, delimiter });
  }

  function at(index: number): Business {
    const business = businesses[index];
    if (business === undefined) throw new Error(`no business ${index}`);
    return business;
  }

  it('imports an export a spreadsheet saved (codes without zeros, rounded company numbers, phones without +, dd/mm/yyyy dates, decimal commas, `;`) with no change at all', async () => {
    // A text custom field holding digits, as ids from other systems do.
    at(1).custom_fields.manager_note = '004512345678901';
    const rows = await exportRows();
    const saved = saveAsSpreadsheet(rows);
    expect(saved).toMatch(/;4,51235E\+12;/);
    // The transformation is real: codes lost their zeros, long numbers their digits, phones their +, and dates are written day first.
    expect(saved).toMatch(/;1;/);
    expect(saved).toMatch(/;\d,\d+E\+13;/);
    expect(saved).toMatch(/;33\d{9};/);
    expect(saved).toMatch(/25\/12\/2026/);

    const { summary, results, reportDir } = await importText(saved, { dryRun: true });

    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length, would_update: 0, invalid: 0, failed: 0 });
    expect(results.filter((row) => /(^|\| )code: '/.test(row._changes ?? '') && row._changes?.includes('->'))).toEqual([]);
    const first = at(0);
    const rounded = asNumber(first.national_identification_number);
    expect(results[0]?._changes).toContain(`national_identification_number: '${rounded}' read as '${first.national_identification_number}' (the spreadsheet had rounded it to scientific notation)`);
    expect(await readCsv(join(reportDir, 'plan.csv'), ';')).toEqual([]);
    const run = await importText(saved);
    expect(run.summary.rows).toMatchObject({ unchanged: rows.length });
    expect(writes).toEqual([]);
  });

  it('imports an export a German Excel saved (dates dd.mm.yyyy, booleans WAHR and FALSCH, decimal commas, `;`) with no change at all', async () => {
    const rows = await exportRows();
    const german = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([header, cell]) => {
          if (header === '_base') return [header, cell];
          // Excel takes a cell that is a date alone for a date, and writes it in its own form; a range stays text.
          const dated = DATE_COLUMNS.includes(header) ? cell.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3.$2.$1') : cell;
          const decimal = DECIMAL_COLUMNS.includes(header) ? dated.replace('.', ',') : dated;
          return [header, ({ true: 'WAHR', false: 'FALSCH' } as Record<string, string>)[decimal] ?? decimal];
        }),
      ),
    );
    const saved = stringify(german, { header: true, columns: Object.keys(rows[0] ?? {}), delimiter: ';' });
    expect(saved).toMatch(/;(WAHR|FALSCH);/);
    expect(saved).toMatch(/;\d{2}\.\d{2}\.\d{4};/);
    const { summary } = await importText(saved, { dryRun: true });
    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length, invalid: 0 });
  });

  it('reads a code without its zeros as the business’s own when the file has no _base, saying so, and sends no code', async () => {
    const business = at(2);
    const code = business.code ?? '';
    expect(code).toMatch(/^0+\d+$/);
    const { summary, results } = await importText(`business_id;code;name\n${business.id};${Number(code)};Renamed\n`);

    expect(summary.rows).toMatchObject({ updated: 1, failed: 0 });
    expect(writes).toEqual([`/business/${business.id}`]);
    expect([business.name, business.code]).toEqual(['Renamed', code]);
    expect(results[0]?._changes).toContain(`code: '${Number(code)}' read as '${code}' (the spreadsheet had dropped the leading zeros)`);
  });

  it('reads a zip code without its zeros as the business’s own in a file with neither _base nor country, and sends the rest', async () => {
    const business = businesses.find((candidate) => candidate.zipcode?.startsWith('0') === true && candidate.country === 'FR');
    if (business === undefined) throw new Error('no business with a zip code starting with 0');
    const zip = business.zipcode ?? '';
    const { summary, results } = await importText(`business_id;zipcode;name\n${business.id};${Number(zip)};Renamed by the CRM\n`);

    expect(summary.rows).toMatchObject({ updated: 1, failed: 0, invalid: 0 });
    expect([business.name, business.zipcode]).toEqual(['Renamed by the CRM', zip]);
    expect(results[0]?._changes).toContain(`zipcode: '${Number(zip)}' read as '${zip}' (the spreadsheet had dropped the leading zeros)`);
  });

  it('says where to look when a code of digits alone finds no business: a spreadsheet may have dropped its zeros', async () => {
    const code = at(2).code ?? '';
    const { summary, results } = await importText(`code;name\n${Number(code)};Renamed\n`);

    expect(summary.rows).toMatchObject({ failed: 1 });
    expect(writes).toEqual([]);
    expect(results[0]?._errors).toBe(
      `code: no business with store code '${Number(code)}' that this key can read; if a spreadsheet dropped its leading zeros, format the column as text and type them again`,
    );
  });

  it('refuses a number a spreadsheet rounded when the file has no _base to read it back from, and sends nothing', async () => {
    const business = at(6);
    const { summary, results } = await importText(`business_id;national_identification_number;contacts.0.phone_numbers\n${business.id};5,91474E+13;4,47911E+11\n`);

    expect(summary.rows).toMatchObject({ invalid: 1, updated: 0 });
    expect(writes).toEqual([]);
    const why = 'a spreadsheet rounded this number to scientific notation and lost its digits; format the column as text and type it again';
    expect(results[0]?._errors).toBe(`national_identification_number: ${why}, got '5,91474E+13' | contacts.0.phone_numbers: ${why}, got '4,47911E+11'`);
  });

  it('reads dates a US spreadsheet wrote (m/d/yyyy, `,`) that read either way as _base has them, so only the edited phone is planned', async () => {
    const rows = await exportRows();
    const usDates = (cell: string): string => cell.replace(/(\d{4})-(\d{2})-(\d{2})/g, (_date, year: string, month: string, day: string) => `${Number(month)}/${Number(day)}/${year}`);
    const saved = rows.map((row) => ({ ...row, ...Object.fromEntries(DATE_COLUMNS.map((column) => [column, usDates(row[column] ?? '')])) }));
    const ambiguous = saved.findIndex((row) => /^([1-9]|1[0-2])\/([1-9]|1[0-2])\/\d{4}$/.test(row.opening_date ?? '') && !/^(\d+)\/\1\//.test(row.opening_date ?? ''));
    const edited = saved[ambiguous];
    if (edited === undefined) throw new Error('no date that reads either way');
    edited['contacts.0.phone_numbers'] = '+33612345678';

    const { summary, results, reportDir } = await importText(stringify(saved, { header: true, columns: Object.keys(saved[0] ?? {}) }), { dryRun: true });

    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length - 1, would_update: 1, invalid: 0 });
    const plan = await readCsv(join(reportDir, 'plan.csv'));
    expect(plan.map((line) => [line.target, line.column, line.new])).toEqual([[edited.business_id, 'contacts.0.phone_numbers', '+33612345678']]);
    expect(results[ambiguous]?._changes).toContain(
      `opening_date: '${edited.opening_date}' read as '${rows[ambiguous]?.opening_date}', as in _base (mm/dd/yyyy; such a date reads either way: give --date-format to read the file's dates as written)`,
    );
  });

  it('reads a CSV Excel for Mac saved in Mac OS Roman as such: no change, and reports in the same code page', async () => {
    const rows = await exportRows();
    const accented = rows.filter((row) => /[éèêàâç]/.test(row.name ?? '') || /[éèêàâç]/.test(row.address2 ?? ''));
    expect(accented.length).toBeGreaterThan(0);
    const saved = iconv.encode(stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) }), 'macintosh');

    const { summary, reportDir } = await importText(saved, { dryRun: true });

    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length, would_update: 0, invalid: 0 });
    const results = parse<Row>(iconv.decode(await readFile(join(reportDir, 'results.csv')), 'macintosh'), { columns: true });
    expect(results.map((row) => row.name)).toEqual(rows.map((row) => row.name));
  });

  it('reads back from _base what a file saved in Windows-1252 lost, and refuses a changed cell that lost characters', async () => {
    const [kept, edited, cleared, retyped] = [at(7), at(8), at(9), at(13)];
    kept.name = 'Piekarnia Łódź 🥐';
    edited.name = 'Piekarnia Gdańsk';
    cleared.address2 = 'Plac Łąkowy';
    const rows = await exportRows();
    for (const row of rows) if (row.business_id === edited.id) row.name = 'Piekarnia Gdańsk – Centrum';
    // Emptying a field loses nothing the file could not hold.
    for (const row of rows) if (row.business_id === cleared.id) row.address2 = '#clear';
    // A new name with a character the file cannot hold, where the exported one had none.
    for (const row of rows) if (row.business_id === retyped.id) row.name = 'Piekarnia Toruńska';
    // Excel's plain CSV: the Windows code page, a question mark for each character it lacks.
    const saved = iconv.encode(stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) }), 'windows-1252');
    expect(saved.toString('latin1')).toContain('Piekarnia ?ód? ??');

    const { summary, reportDir } = await importText(saved, { dryRun: true });
    // The report is in the input's encoding.
    const results = parse<Row>(iconv.decode(await readFile(join(reportDir, 'results.csv')), 'windows-1252'), { columns: true });

    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length - 3, invalid: 2, would_update: 1 });
    const byId = new Map(results.map((row) => [row.business_id, row]));
    expect(byId.get(cleared.id)?._changes).toBe("address2: 'Plac ??kowy' -> ''");
    expect(byId.get(retyped.id)?._errors).toBe(
      "name: holds ? before a letter, as a file in Windows-1252 writes a character it lacks; type the value again and save the file as CSV UTF-8, got 'Piekarnia Toru?ska'",
    );
    expect(byId.get(kept.id)?._changes).toBe(
      "name: 'Piekarnia ?ód? ??' read as exported, in _base (the file is in Windows-1252, which lacks 3 characters of the value exported (U+0141, U+017A, U+1F950))",
    );
    expect(byId.get(edited.id)?._errors).toBe(
      "name: the file is in Windows-1252, which lacks a character of the value exported (U+0144), which a change here would lose; put it back and save the file as CSV UTF-8, got 'Piekarnia Gda?sk – Centrum'",
    );
  });

  it('reads a name a Windows-1252 file without _base could not hold as the business’s own, and sends the rest', async () => {
    const business = at(10);
    business.name = 'Piekarnia Łódź';
    const csv = iconv.encode(`business_id,name,city\r\n${business.id},Piekarnia Łódź,Lodz\r\n`, 'windows-1252');

    const { summary, reportDir } = await importText(csv);

    expect(summary.rows).toMatchObject({ updated: 1, invalid: 0, failed: 0 });
    expect([business.name, business.city]).toEqual(['Piekarnia Łódź', 'Lodz']);
    const [result] = parse<Row>(iconv.decode(await readFile(join(reportDir, 'results.csv')), 'windows-1252'), { columns: true });
    expect(result?._changes).toContain("name: 'Piekarnia ?ód?' read as the business's own value (the file is in Windows-1252, which lacks 2 characters of it (U+0141, U+017A))");
  });

  it('refuses a new value that lost characters to Windows-1252 (? before a letter), and sends a URL with a query', async () => {
    const [renamed, linked] = [at(11), at(12)];
    const name = renamed.name;
    const csv = iconv.encode(`business_id,name,website_url\r\n${renamed.id},Piekarnia Gdańsk – Café,\r\n${linked.id},,https://www.example.com/?utm_source=crm\r\n`, 'windows-1252');

    const { summary, reportDir } = await importText(csv);

    expect(summary.rows).toMatchObject({ updated: 1, invalid: 1 });
    expect([renamed.name, linked.website_url]).toEqual([name, 'https://www.example.com/?utm_source=crm']);
    const [result] = parse<Row>(iconv.decode(await readFile(join(reportDir, 'results.csv')), 'windows-1252'), { columns: true });
    expect(result?._errors).toBe(
      "name: holds ? before a letter, as a file in Windows-1252 writes a character it lacks; type the value again and save the file as CSV UTF-8, got 'Piekarnia Gda?sk – Café'",
    );
  });

  it('reads back what a spreadsheet garbled by reading UTF-8 as Windows-1252 (CrÃªperie), with _base or from the business, and refuses a new value garbled so', async () => {
    const [kept, edited, emoji] = [at(14), at(15), at(16)];
    kept.name = 'Crêperie Hélène';
    edited.name = 'Boulangerie Côté';
    emoji.name = 'Café 🥐';
    const rows = await exportRows();
    for (const row of rows) if (row.business_id === edited.id) row.name = 'Boulangerie Côté – Gare';
    // A CSV without a byte order mark, opened as Windows-1252 and saved again as CSV UTF-8. Windows reads
    // the five bytes Windows-1252 leaves undefined (0x90 of 🥐) as the control characters of the same number.
    const garble = (text: string): string => [...Buffer.from(text)].map((byte) => iconv.decode(Buffer.from([byte]), 'windows-1252').replace('\uFFFD', String.fromCharCode(byte))).join('');
    const saved = `\uFEFF${garble(stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) }))}`;
    expect(saved).toContain('CrÃªperie HÃ©lÃ¨ne');

    const { summary, results } = await importText(saved, { dryRun: true });

    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length - 1, invalid: 1 });
    const byId = new Map(results.map((row) => [row.business_id, row]));
    expect(byId.get(kept.id)?._changes).toContain("name: 'CrÃªperie HÃ©lÃ¨ne' read as 'Crêperie Hélène', as in _base (its UTF-8 had been read as Windows-1252 and saved again)");
    expect(byId.get(emoji.id)?._changes).toContain("read as 'Café 🥐', as in _base");
    expect(byId.get(edited.id)?._errors).toBe(
      "name: holds UTF-8 read as Windows-1252 ('Boulangerie CÃ´tÃ© â€“ Gare' for 'Boulangerie Côté – Gare'), as when a spreadsheet opens a CSV without a byte order mark and saves it again; type the value again, or import the file it came from",
    );

    // Without _base, from the business read; a new name garbled so is refused there too.
    const renamedName = edited.name;
    const { summary: plain, results: [result, renamed] } = await importText(
      `business_id,name,city\r\n${kept.id},${garble('Crêperie Hélène')},Orléans\r\n${edited.id},${garble('Boulangerie Côté Gare')},Orléans\r\n`,
    );
    expect(plain.rows).toMatchObject({ updated: 1, invalid: 1 });
    expect([kept.name, kept.city]).toEqual(['Crêperie Hélène', 'Orléans']);
    expect(result?._changes).toContain("name: 'CrÃªperie HÃ©lÃ¨ne' read as the business's own value (its UTF-8 had been read as Windows-1252 and saved again)");
    expect(edited.name).toBe(renamedName);
    expect(renamed?._errors).toBe(
      "name: holds UTF-8 read as Windows-1252 ('Boulangerie CÃ´tÃ© Gare' for 'Boulangerie Côté Gare'), as when a spreadsheet opens a CSV without a byte order mark and saves it again; type the value again, or import the file it came from",
    );
  });

  it('reads back what Excel for Mac garbled by reading UTF-8 as Mac OS Roman (Cr√™perie), and refuses a new value garbled so', async () => {
    const [kept, edited] = [at(17), at(18)];
    kept.name = 'Crêperie Hélène';
    edited.name = 'Boulangerie Côté';
    const rows = await exportRows();
    for (const row of rows) if (row.business_id === edited.id) row.name = 'Boulangerie Côté Gare';
    const garble = (text: string): string => iconv.decode(Buffer.from(text), 'macintosh');
    const saved = `\uFEFF${garble(stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) }))}`;
    expect(saved).toContain('Cr√™perie H√©l√®ne');

    const { summary, results } = await importText(saved, { dryRun: true });

    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length - 1, invalid: 1 });
    const byId = new Map(results.map((row) => [row.business_id, row]));
    expect(byId.get(kept.id)?._changes).toContain("name: 'Cr√™perie H√©l√®ne' read as 'Crêperie Hélène', as in _base (its UTF-8 had been read as Mac OS Roman and saved again)");
    expect(byId.get(edited.id)?._errors).toContain("name: holds UTF-8 read as Mac OS Roman ('Boulangerie C√¥t√© Gare' for 'Boulangerie Côté Gare')");
  });

  it('reads coordinates a spreadsheet rounded to the digits it showed as _base has them, and sends a real move', async () => {
    const [rounded, moved] = [at(17), at(18)];
    [rounded.lat, rounded.long] = [37.7749295, -122.4194155];
    [moved.lat, moved.long] = [37.7749295, -122.4194155];
    const rows = await exportRows();
    for (const row of rows) if (row.business_id === rounded.id) [row.lat, row.long] = ['37.77493', '-122.419416'];
    for (const row of rows) if (row.business_id === moved.id) [row.lat, row.long] = ['37.77493', '-122.5'];

    const { summary, results } = await importText(stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) }), { dryRun: true });

    expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length - 1, would_update: 1 });
    const byId = new Map(results.map((row) => [row.business_id, row]));
    expect(byId.get(rounded.id)?._changes).toBe("lat: '37.77493' read as '37.7749295' (the spreadsheet had rounded it to 5 decimals) | long: '-122.419416' read as '-122.4194155' (the spreadsheet had rounded it to 6 decimals)");
    expect(byId.get(moved.id)?._changes).toBe("lat: '37.77493' read as '37.7749295' (the spreadsheet had rounded it to 5 decimals) | long: '-122.4194155' -> '-122.5'");
  });

  it('refuses a change of store code the file did not make on purpose, unless --allow-code-changes', async () => {
    const business = at(3);
    const code = business.code ?? '';
    const csv = `business_id,code,name\n${business.id},NEW-3,Renamed\n`;

    const refused = await importText(csv);
    expect(refused.summary.rows).toMatchObject({ failed: 1, updated: 0 });
    expect(writes).toEqual([]);
    expect(refused.results[0]?._errors).toBe(
      `code: '${code}' -> 'NEW-3' is not sent: a store code changes only from an exported file whose _base holds the current code, or with --allow-code-changes`,
    );

    const allowed = await importText(csv, { allowCodeChanges: true });
    expect(allowed.summary.rows).toMatchObject({ updated: 1 });
    expect(business.code).toBe('NEW-3');
  });

  it('sends a code edited in an exported file whose _base holds the current code, and lists code changes first in the plan', async () => {
    const [renamed, recoded] = [at(4), at(5)];
    const rows = await exportRows();
    const edited = rows.filter((row) => row.business_id === renamed.id || row.business_id === recoded.id);
    for (const row of edited) {
      if (row.business_id === renamed.id) row.name = 'Planned name';
      else row.code = 'RECODED-5';
    }
    // The renamed row comes first in the file; the code change still heads the plan.
    edited.sort((a) => (a.business_id === renamed.id ? -1 : 1));
    const csv = stringify(edited, { header: true, columns: Object.keys(edited[0] ?? {}), delimiter: ';' });

    const planned = await importText(csv, { dryRun: true });
    expect(planned.summary.rows).toMatchObject({ would_update: 2 });
    const plan = await readCsv(join(planned.reportDir, 'plan.csv'), ';');
    expect(plan.map((line) => [line.target, line.column])).toEqual([
      [recoded.id, 'code'],
      [renamed.id, 'name'],
    ]);

    const run = await importText(csv);
    expect(run.summary.rows).toMatchObject({ updated: 2, failed: 0 });
    expect(recoded.code).toBe('RECODED-5');
  });

  it('lists the rows a dry run would not send in the plan, with their errors', async () => {
    const business = at(6);
    const csv = `business_id;code;name;lat\n${business.id};NEW-6;Renamed;\n${at(7).id};;;north\n`;
    const { summary, reportDir } = await importText(csv, { dryRun: true });
    expect(summary.rows).toMatchObject({ failed: 1, invalid: 1 });
    const plan = await readCsv(join(reportDir, 'plan.csv'), ';');
    expect(plan.map(({ row, column, error }) => ({ row, column, error: error?.slice(0, 30) }))).toEqual([
      { row: '2', column: 'code', error: `code: '${business.code ?? ''}' -> 'NEW-6' is n`.slice(0, 30) },
      { row: '3', column: 'lat', error: 'lat: must be a number between ' },
    ]);
  });

  it('reads a text a spreadsheet cut at 32,767 characters as _base has it, and refuses one cut and changed, which would lose the rest', async () => {
    const [kept, edited] = [at(15), at(16)];
    const [keptNote, editedNote] = [kept.custom_fields.manager_note, edited.custom_fields.manager_note];
    try {
      // Longer than the field's max_len too: a value the service holds, which an unchanged cell leaves alone.
      const note = Array.from({ length: 1200 }, (_, visit) => `Visit ${visit}: shelves restocked. `).join('');
      kept.custom_fields.manager_note = note;
      edited.custom_fields.manager_note = note;
      const rows = await exportRows();
      const header = 'custom_fields.manager_note';
      for (const row of rows) {
        if (row.business_id === kept.id) row[header] = note.slice(0, 32_767);
        if (row.business_id === edited.id) row[header] = `Checked. ${note}`.slice(0, 32_767);
      }
      const { summary, results } = await importText(stringify(rows, { header: true, columns: Object.keys(rows[0] ?? {}) }));

      const cut = `${header}: cut to the 32,767 characters a spreadsheet cell holds, of the ${note.length.toLocaleString('en')} exported`;
      expect(summary.rows).toMatchObject({ total: rows.length, unchanged: rows.length - 1, invalid: 1 });
      const byId = new Map(results.map((row) => [row.business_id, row]));
      expect(byId.get(kept.id)).toMatchObject({ _status: 'unchanged', _changes: `${cut}: read as exported, in _base` });
      expect(byId.get(edited.id)).toMatchObject({
        _status: 'invalid',
        // A changed cell is read too, by the field's own limits.
        _errors: `${cut}, and was changed too: sent, it would lose the rest; change this field elsewhere than in a spreadsheet, or leave it as exported | ${header}: must be at most 200 characters, got 32767 characters`,
      });
      expect(writes).toEqual([]);
    } finally {
      kept.custom_fields.manager_note = keptNote ?? null;
      edited.custom_fields.manager_note = editedNote ?? null;
    }
  });

  it('refuses a row that edits a read-only cell (the street in address), naming it, rather than report it unchanged; sends the others', async () => {
    const rows = await exportRows();
    const [moved, renamed] = [rows[3], rows[4]];
    if (moved === undefined || renamed === undefined) throw new Error('too few rows');
    const street = moved.address ?? '';
    expect(street).not.toBe('');
    moved.address = '12 rue de la Paix';
    renamed.name = 'Renamed in Excel';
    const { summary, results } = await importText(saveAsSpreadsheet(rows));

    expect(summary.rows).toMatchObject({ total: rows.length, invalid: 1, updated: 1, unchanged: rows.length - 2 });
    expect(results[3]).toMatchObject({
      _status: 'invalid',
      _errors: `address: read-only, so the import does not send it (Street address (read-only: set address_full)); put back '${street}' or empty the cell, got '12 rue de la Paix'`,
    });
    expect(writes).toEqual([`/business/${renamed.business_id ?? ''}`]);
  });
});
