import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('cells read with the row country', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());

  it('sends a national phone number in E.164 and pads a zip code Excel typed as a number, saying so in _changes', async () => {
    const [business] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('no business');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('businesses');
    sheet.addRow(['business_id', 'country', 'zipcode', 'contacts.0.phone_numbers']);
    // What Excel keeps of 06000 typed in a General cell: the number 6000.
    sheet.addRow([business.id, 'FR', 6000, '06 12 34 56 78']);
    const file = join(harness.dir, 'smart.xlsx');
    await workbook.xlsx.writeFile(file);

    const { summary, results } = await harness.importFile('businesses', file);

    expect(summary.rows.updated).toBe(1);
    expect(business.zipcode).toBe('06000');
    expect(business.contacts[0]?.phone_numbers).toEqual(['+33612345678']);
    const changes = results[0]?._changes ?? '';
    expect(changes).toContain("contacts.0.phone_numbers: '06 12 34 56 78' read as +33612345678 (a national number in FR)");
    expect(changes).toContain("zipcode: '6000' read as '06000' (zip codes in FR have 5 digits");
  });

  it("reads a national number of a row without a country with its business's country, once the business is read", async () => {
    const [, business, other] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined || other === undefined) throw new Error('no business');
    expect([business.country, other.country]).toEqual(['FR', 'FR']);
    const csv = `business_id;contacts.0.phone_numbers\n${business.id};06 12 34 56 78|+33 (0)4 95 21 00 02\n${other.id};06 12 34\n`;
    const { summary, results } = await harness.runImport('businesses', csv);
    expect(summary.rows).toMatchObject({ updated: 1, invalid: 1 });
    expect(business.contacts[0]?.phone_numbers).toEqual(['+33612345678', '+33495210002']);
    expect(results[0]?._changes).toContain("contacts.0.phone_numbers: '06 12 34 56 78' read as +33612345678 (a national number in FR, the business's country)");
    expect(results[1]?._errors).toBe(
      "contacts.0.phone_numbers: '06 12 34' is not a phone number of FR, the business's country; write it in E.164 format (+33302060628), or give the row its country column",
    );
  });

  it("reads a zip code typed as a number in a row without a country with its business's country", async () => {
    const [, , , , , , business] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('no business');
    expect(business.country).toBe('FR');
    const { results } = await harness.runImport('businesses', `business_id,zipcode,city\n${business.id},6000,Nice\n`);
    expect(results[0]?._status).toBe('updated');
    expect(business.zipcode).toBe('06000');
    expect(results[0]?._changes).toContain("zipcode: '6000' read as '06000' (zip codes in FR, the business's country, have 5 digits; the spreadsheet had dropped the leading zeros)");
  });

  it("leaves a number with an extension, waiting for its business's country, to its column's refusal", async () => {
    const [, , , business] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('no business');
    const csv = `business_id;contacts.0.phone_numbers\n${business.id};06 12 34 56 78|04 95 21 00 02 poste 12\n`;
    const { results } = await harness.runImport('businesses', csv);
    expect(results[0]?._errors).toBe(
      "contacts.0.phone_numbers: must be a phone number without an extension (E.164 has none); write the number alone, and the extension elsewhere, got '04 95 21 00 02 poste 12'",
    );
  });

  it("reads the business's country as liberally as a cell (fr)", async () => {
    const [, , , , business] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('no business');
    business.country = 'fr';
    const { summary } = await harness.runImport('businesses', `business_id,contacts.0.phone_numbers\n${business.id},06 12 34 56 78\n`);
    expect(summary.rows.updated).toBe(1);
    expect(business.contacts[0]?.phone_numbers).toEqual(['+33612345678']);
  });

  it('refuses a national number when neither the row nor its business gives a country', async () => {
    const [, , , business] = harness.api.emulator.state.orgBusinesses(1);
    if (business === undefined) throw new Error('no business');
    business.country = '';
    const { summary, results } = await harness.runImport('businesses', `business_id,contacts.0.phone_numbers\n${business.id},06 12 34 56 78\n`);
    expect(summary.rows.invalid).toBe(1);
    expect(results[0]?._errors).toBe(
      "contacts.0.phone_numbers: '06 12 34 56 78' is a national number, and neither the row nor its business gives a country; write it in E.164 format (+33302060628), or give the row its country column",
    );
  });
});
