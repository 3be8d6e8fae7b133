import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuirks } from '../../../src/emulator/pipeline/quirks.js';
import type { Business } from '../../../src/emulator/state-types.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

const HEADER = 'business_id,geo_id,type,value,value.set_values,value.unset_values';

describe('import attributes', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());

  /** A French bakery of the first organization with exactly these stored attributes. */
  function prepareBusiness(index: number, stored: Record<string, unknown>): Business {
    const business = harness.api.emulator.state.orgBusinesses(1)[index];
    if (business === undefined) throw new Error(`no business at index ${index}`);
    business.categories = ['gcid:bakery'];
    business.country = 'FR';
    harness.api.emulator.state.businessAttributes.set(business.id, new Map(Object.entries(stored)));
    return business;
  }

  function storedOf(business: Business): Record<string, unknown> {
    return Object.fromEntries(harness.api.emulator.state.businessAttributes.get(business.id) ?? []);
  }

  it('sets and unsets REPEATABLE_ENUM values, refuses REPEATABLE_URL before any request, and maps an error to the row of its geo_id', async () => {
    const a = prepareBusiness(20, { has_wifi: false, has_seating_outdoors: true, pay_credit_card_types_accepted: ['visa', 'american_express'] });
    const csv = [
      HEADER,
      `${a.id},has_wifi,BOOL,yes,,`,
      `${a.id},has_seating_outdoors,BOOL,true,,`,
      `${a.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,visa|mastercard,american_express|jcb`,
      `${a.id},url_appointment,REPEATABLE_URL,https://book.example.com,,`,
      `${a.id},has_bike_parking,BOOL,true,,`,
      `${a.id},wi_fi,ENUM,fast_wi_fi,,`,
      `${a.id},url_menu,URL,https://menu.example.com,,`,
      `${a.id},has_wifi,BOOL,no,,`,
    ].join('\n');
    const { summary, results } = await harness.runImport('attributes', csv);

    expect(results.map((row) => [row.geo_id, row._status])).toEqual([
      ['has_wifi', 'updated'],
      ['has_seating_outdoors', 'unchanged'],
      ['pay_credit_card_types_accepted', 'updated'],
      ['url_appointment', 'invalid'],
      ['has_bike_parking', 'failed'],
      ['wi_fi', 'failed'],
      ['url_menu', 'updated'],
      ['has_wifi', 'invalid'],
    ]);
    const [wifi, , cards, repeatableUrl, bikes, wiFi, menu, wifiAgain] = results;
    expect(wifi?._changes).toBe("value: 'false' -> 'true'");
    expect(cards?._changes).toBe("value.set_values: 'visa, american_express' -> 'visa, mastercard'");
    expect(repeatableUrl?._errors).toBe('type: REPEATABLE_URL is no longer supported, use place action links');
    expect(bikes?._errors).toBe("geo_id: 'has_bike_parking' is not offered for this business's categories and country");
    expect(wiFi).toMatchObject({ _http_status: '400', _errors: 'value: must be one of free_wi_fi, paid_wi_fi, no_wi_fi' });
    expect(menu?._changes).toBe("value: '' -> 'https://menu.example.com'");
    expect(wifiAgain?._errors).toBe('geo_id: set already by row 2 for this business; give each geo_id one row');

    expect(storedOf(a)).toEqual({
      has_wifi: true,
      has_seating_outdoors: true,
      pay_credit_card_types_accepted: ['visa', 'mastercard'],
      url_menu: 'https://menu.example.com',
    });
    // The refused request, then the same without wi_fi.
    expect(harness.writes).toEqual([`POST /business/${a.id}/attributes`, `POST /business/${a.id}/attributes`]);
    expect(summary.rows).toEqual({ total: 8, updated: 3, unchanged: 1, would_update: 0, conflict: 0, invalid: 2, failed: 2, skipped: 0 });
  });

  it('sends nothing when the same rows are imported again in diff mode', async () => {
    const b = prepareBusiness(21, {});
    const csv = [
      HEADER,
      `${b.id},has_wifi,BOOL,true,,`,
      `${b.id},wi_fi,ENUM,paid_wi_fi,,`,
      `${b.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,jcb,visa`,
    ].join('\n');
    const first = await harness.runImport('attributes', csv);
    expect(first.results.map((row) => row._status)).toEqual(['updated', 'updated', 'updated']);
    expect(first.results[2]?._changes).toBe("value.set_values: '' -> 'jcb'");
    const again = await harness.runImport('attributes', csv);
    expect(again.results.map((row) => row._status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(harness.writes).toEqual([]);
    // The search that finds the business's organization, then its attributes.
    expect(again.summary.requests).toMatchObject({ reads: 2, writes: 0 });
  });

  it('reads values typed as their labels as the ids the read gives, and offers | for a list typed with commas', async () => {
    const d = prepareBusiness(23, { wi_fi: 'free_wi_fi', pay_credit_card_types_accepted: ['visa'] });
    const csv = [
      HEADER,
      `${d.id},wi_fi,ENUM,Free Wi-Fi,,`,
      `${d.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,American Express|VISA,`,
      `${d.id},url_menu,URL,www.example.com/menu,,`,
      `${d.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,"visa, jcb",`,
    ].join('\n');
    const { results } = await harness.runImport('attributes', csv);
    expect(results.map((row) => [row._status, row._changes, row._errors])).toEqual([
      ['unchanged', '', ''],
      ['updated', "value.set_values: 'visa' -> 'visa, american_express'", ''],
      ['invalid', '', "value: must be an http(s) URL (did you mean https://www.example.com/menu?), got 'www.example.com/menu'"],
      ['invalid', '', "value.set_values: must be values separated by | (did you mean visa|jcb?), got 'visa, jcb'"],
    ]);
    expect(storedOf(d).pay_credit_card_types_accepted).toEqual(['visa', 'american_express']);
  });

  it('refuses an ENUM value typed as the label of another value, with the id it spells, in diff mode and in a patch, before any request', async () => {
    const d = prepareBusiness(26, { wi_fi: 'free_wi_fi' });
    const u = prepareBusiness(27, {});
    const v = prepareBusiness(28, {});
    const csv = [HEADER, `${d.id},wi_fi,ENUM,Paid Wi-Fi,,`, `${u.id},wi_fi,ENUM,No Wi-Fi,,`, `${v.id},wi_fi,ENUM,Wi-Fi (payant),,`].join('\n');
    const refusals = [
      ['invalid', "value: must be the id of an ENUM value, which holds no space, not its label (did you mean paid_wi_fi?), got 'Paid Wi-Fi'"],
      ['invalid', "value: must be the id of an ENUM value, which holds no space, not its label (did you mean no_wi_fi?), got 'No Wi-Fi'"],
      ['invalid', "value: must be the id of an ENUM value, which holds no space, not its label, got 'Wi-Fi (payant)'"],
    ];
    for (const mode of ['diff', 'patch'] as const) {
      const { results } = await harness.runImport('attributes', csv, { mode });
      expect(results.map((row) => [row._status, row._errors])).toEqual(refusals);
    }
    expect(harness.writes).toEqual([]);
    expect(storedOf(d)).toEqual({ wi_fi: 'free_wi_fi' });
  });

  it('names the allowed value a typo may mean', async () => {
    const g = prepareBusiness(24, { pay_credit_card_types_accepted: ['visa'] });
    const { results } = await harness.runImport('attributes', [HEADER, `${g.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,mastercrd,`].join('\n'));
    expect(results.map((row) => [row._status, row._errors])).toEqual([
      ['failed', 'value.set_values: values must be among visa, mastercard, american_express, discover, jcb, got mastercrd (did you mean mastercard?)'],
    ]);
  });

  it('refuses a value in both lists, as a row whose set_values was edited and whose exported unset_values was not, whatever the current selection', async () => {
    const e = prepareBusiness(24, { pay_credit_card_types_accepted: ['visa'] });
    const f = prepareBusiness(25, { pay_credit_card_types_accepted: ['visa', 'mastercard'] });
    const csv = [
      'business_id,geo_id,value.set_values,value.unset_values',
      `${e.id},pay_credit_card_types_accepted,visa|Mastercard,mastercard|american_express`,
      `${f.id},pay_credit_card_types_accepted,visa|Mastercard,mastercard|american_express`,
    ].join('\n');
    const { results } = await harness.runImport('attributes', csv);
    const refusal = "value.unset_values: 'mastercard' is in value.set_values too; keep each value in one list, value.set_values to select it or value.unset_values to unselect it";
    expect(results.map((row) => [row._status, row._errors])).toEqual([
      ['invalid', refusal],
      ['invalid', refusal],
    ]);
    expect(harness.writes).toEqual([]);
    expect(storedOf(e).pay_credit_card_types_accepted).toEqual(['visa']);
    expect(storedOf(f).pay_credit_card_types_accepted).toEqual(['visa', 'mastercard']);
  });

  it("reads a row without a type by the type of the business's attribute, in diff mode", async () => {
    const e = prepareBusiness(24, { has_wifi: false, wi_fi: 'free_wi_fi', pay_credit_card_types_accepted: ['visa'] });
    const csv = [
      'business_id,geo_id,value,value.set_values',
      `${e.id},has_wifi,oui,`,
      `${e.id},wi_fi,Free Wi-Fi,`,
      `${e.id},pay_credit_card_types_accepted,,jcb`,
      `${e.id},has_seating_outdoors,maybe,`,
      `${e.id},no_such_attribute,true,`,
    ].join('\n');
    const { results } = await harness.runImport('attributes', csv);
    expect(results.map((row) => [row._status, row._changes, row._errors])).toEqual([
      ['updated', "value: 'false' -> 'true'", ''],
      ['unchanged', '', ''],
      ['updated', "value.set_values: 'visa' -> 'visa, jcb'", ''],
      ['invalid', '', "value: must be true or false for a BOOL attribute, got 'maybe'"],
      ['failed', '', "geo_id: 'no_such_attribute' is not offered for this business's categories and country"],
    ]);
    expect(storedOf(e)).toEqual({ has_wifi: true, wi_fi: 'free_wi_fi', pay_credit_card_types_accepted: ['visa', 'jcb'] });

    // A patch reads no attributes to type the row with: the row is invalid before any request.
    const patched = await harness.runImport('attributes', ['business_id,geo_id,value', `${e.id},has_wifi,false`].join('\n'), { mode: 'patch' });
    expect(patched.results.map((row) => [row._status, row._errors])).toEqual([
      ['invalid', 'type: missing; give one of BOOL, ENUM, REPEATABLE_ENUM, URL (a patch reads no attributes to learn it from)'],
    ]);
    expect(patched.summary.requests).toMatchObject({ writes: 0 });
  });

  it('in patch mode sends without reading the attributes and maps each refusal to its row', async () => {
    const c = prepareBusiness(22, { pay_credit_card_types_accepted: ['visa', 'jcb'] });
    const csv = [
      HEADER,
      `${c.id},has_bike_parking,BOOL,true,,`,
      `${c.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,,jcb`,
      `${c.id},url_order_ahead,URL,https://order.example.com,,`,
    ].join('\n');
    const { summary, results } = await harness.runImport('attributes', csv, { mode: 'patch' });
    expect(results.map((row) => [row._status, row._changes, row._errors])).toEqual([
      ['failed', '', 'geo_id: does not exist in DB'],
      ['updated', "value.unset_values: -> 'jcb'", ''],
      ['updated', "value: -> 'https://order.example.com'", ''],
    ]);
    expect(storedOf(c)).toEqual({ pay_credit_card_types_accepted: ['visa'], url_order_ahead: 'https://order.example.com' });
    expect(summary.requests).toMatchObject({ reads: 1, writes: 2 });
  });
});

describe('import attributes from a service that lists a type the spec does not name', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ quirks: parseQuirks('unknown-values') });
  });
  afterAll(() => harness.close());

  it("fails the row of that attribute alone, saying how to send it anyway, and imports the business's others", async () => {
    const business = harness.api.emulator.state.orgBusinesses(1)[0];
    if (business === undefined) throw new Error('no business');
    business.categories = ['gcid:bakery'];
    harness.api.emulator.state.businessAttributes.set(business.id, new Map([['has_wifi', true]]));
    const csv = [HEADER, `${business.id},max_capacity,,50,,`, `${business.id},has_wifi,BOOL,false,,`].join('\n');
    const { results } = await harness.runImport('attributes', csv);
    expect(results.map((row) => [row._status, row._errors])).toEqual([
      [
        'failed',
        "geo_id: the business's 'max_capacity' does not read (type is \"INTEGER\" (expected one of BOOL, ENUM, REPEATABLE_ENUM, URL, REPEATABLE_URL)), so it is not compared; import this row with --mode patch to send it as it is",
      ],
      ['updated', ''],
    ]);
  });
});

describe('import attributes from a service that leaves an unset value out and says no selected values as null', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ quirks: parseQuirks('nulls') });
  });
  afterAll(() => harness.close());

  it('reads such attributes as unset and as selecting nothing, and compares with them', async () => {
    const business = harness.api.emulator.state.orgBusinesses(1)[0];
    if (business === undefined) throw new Error('no business');
    business.categories = ['gcid:bakery'];
    harness.api.emulator.state.businessAttributes.set(business.id, new Map([['pay_credit_card_types_accepted', []]]));
    const csv = [HEADER, `${business.id},has_wifi,BOOL,true,,`, `${business.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,visa,jcb`].join('\n');
    const { results } = await harness.runImport('attributes', csv);
    expect(results.map((row) => [row._status, row._changes, row._errors])).toEqual([
      ['updated', "value: '' -> 'true'", ''],
      ['updated', "value.set_values: '' -> 'visa'", ''],
    ]);
    expect(Object.fromEntries(harness.api.emulator.state.businessAttributes.get(business.id) ?? [])).toEqual({ has_wifi: true, pay_credit_card_types_accepted: ['visa'] });
  });
});

describe('import attributes into a service that reads set_values as the whole selection (replace-nested)', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ quirks: parseQuirks('replace-nested') });
  });
  afterAll(() => harness.close());

  it('keeps the values a row leaves in neither list, sending the whole selection with the others unset', async () => {
    const business = harness.api.emulator.state.orgBusinesses(1)[0];
    if (business === undefined) throw new Error('no business');
    business.categories = ['gcid:bakery'];
    harness.api.emulator.state.businessAttributes.set(business.id, new Map([['pay_credit_card_types_accepted', ['visa', 'mastercard', 'discover']]]));
    const csv = [HEADER, `${business.id},pay_credit_card_types_accepted,REPEATABLE_ENUM,,jcb,discover`].join('\n');
    const { results } = await harness.runImport('attributes', csv);
    expect(results.map((row) => [row._status, row._changes])).toEqual([['updated', "value.set_values: 'visa, mastercard, discover' -> 'visa, mastercard, jcb'"]]);
    expect(harness.api.emulator.state.businessAttributes.get(business.id)?.get('pay_credit_card_types_accepted')).toEqual(['visa', 'mastercard', 'jcb']);
  });
});
