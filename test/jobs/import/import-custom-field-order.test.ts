import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import type { CustomField, CustomFieldSection } from '../../../src/emulator/state-types.js';
import { exportResource } from '../../../src/jobs/export/export-resource.js';
import { startImportHarness, type ImportHarness } from './start-import-harness.js';

describe('import custom-field order', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness();
  });
  afterAll(() => harness.close());

  function field(orgId: number, name: string): CustomField {
    const found = harness.api.emulator.state.customFields.find((candidate) => candidate.org_id === orgId && candidate.name === name);
    if (found === undefined) throw new Error(`no custom field ${name} in organization ${orgId}`);
    return found;
  }

  function section(orgId: number, name: string): CustomFieldSection {
    const found = harness.api.emulator.state.customFieldSections.find((candidate) => candidate.org_id === orgId && candidate.name === name);
    if (found === undefined) throw new Error(`no section ${name} in organization ${orgId}`);
    return found;
  }

  it('sends field rows and section rows in one request, only what changes', async () => {
    const [parking, seats, format] = [field(1, 'has_parking'), field(1, 'seats'), field(1, 'store_format')];
    const [details, offer] = [section(1, 'Store details'), section(1, 'Offer')];
    const csv = [
      'id,order,section_id,section_order',
      `${parking.id},9,,`,
      `${seats.id},${seats.order},,`,
      `${format.id},1,${details.id},`,
      '99999,1,,',
      `,,${offer.id},0`,
      'first,,,',
      `${parking.id},2,,`,
      `,,${details.id},`,
    ].join('\n');
    const { summary, results } = await harness.runImport('custom-field-order', csv);

    expect(results.map((row) => [row._status, row._changes, row._errors])).toEqual([
      ['updated', "order: '1' -> '9'", ''],
      ['unchanged', '', ''],
      ['updated', `order: '5' -> '1' | section_id: '${offer.id}' -> '${details.id}'`, ''],
      ['failed', '', 'id: no custom field 99999 in this organization'],
      ['updated', "section_order: '2' -> '0'", ''],
      ['invalid', '', "id: must be a whole number, got 'first'"],
      ['invalid', '', 'id: placed already by row 2; give each custom field one row'],
      ['invalid', '', 'section_order: missing; give the position of the section (a row without id places a section)'],
    ]);
    expect(harness.writes).toEqual(['POST /custom_fields/order']);
    expect([parking.order, format.order, format.section_id, offer.order]).toEqual([9, 1, details.id, 0]);
    expect(summary.rows).toEqual({ total: 8, updated: 3, unchanged: 1, would_update: 0, conflict: 0, invalid: 3, failed: 1, skipped: 0 });
    expect(summary.requests).toMatchObject({ reads: 1, writes: 1 });

    const again = await harness.runImport('custom-field-order', csv);
    expect(again.results.slice(0, 5).map((row) => row._status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'failed', 'unchanged']);
    expect(harness.writes).toEqual([]);
  });

  it('sends orders, empty, when only sections move: the published description requires it', async () => {
    const offer = section(1, 'Offer');
    const order = offer.order + 1;
    const bodies: unknown[] = [];
    const { script } = harness.api.emulator.faults;
    harness.api.emulator.faults.script = (n, req) => {
      if (req.method === 'POST') bodies.push(JSON.parse(req.bodyText));
      return script?.(n, req);
    };
    try {
      const { results } = await harness.runImport('custom-field-order', ['section_id,section_order', `${offer.id},${order}`].join('\n'));
      expect(results[0]).toMatchObject({ _status: 'updated' });
    } finally {
      harness.api.emulator.faults.script = script;
    }
    expect(bodies).toEqual([{ orders: [], section_orders: [{ id: offer.id, order }] }]);
    expect(offer.order).toBe(order);
  });

  it('lets a PROVIDER key order another organization with --org', async () => {
    const [labels, nordicOffer] = [field(2, 'labels'), section(2, 'Offer')];
    const csv = ['id,order,section_id,section_order', `${labels.id},1,${nordicOffer.id},1`].join('\n');
    const withoutOrg = await harness.runImport('custom-field-order', csv, {}, 'PROVIDER');
    expect(withoutOrg.results[0]).toMatchObject({ _status: 'failed', _http_status: '400', _errors: 'org_id: Required for PROVIDER users.' });

    const { results } = await harness.runImport('custom-field-order', csv, { orgId: 2 }, 'PROVIDER');
    expect(results[0]).toMatchObject({ _status: 'updated', _changes: "order: '7' -> '1' | section_order: '2' -> '1'" });
    expect(harness.writes).toEqual(['POST /custom_fields/order?org_id=2']);
    expect([labels.order, nordicOffer.order]).toEqual([1, 1]);
    expect(field(1, 'labels').order).toBe(7);
  });

  it('in patch mode sends complete rows without reading; a dry run sends nothing', async () => {
    const [note, details] = [field(1, 'manager_note'), section(1, 'Store details')];
    const csv = ['id,order,section_id', `${note.id},4,${details.id}`].join('\n');
    const dry = await harness.runImport('custom-field-order', csv, { dryRun: true });
    expect(dry.results[0]).toMatchObject({ _status: 'would_update', _changes: "order: '2' -> '4'" });
    expect(harness.writes).toEqual([]);

    const patch = await harness.runImport('custom-field-order', csv, { mode: 'patch' });
    expect(patch.results[0]).toMatchObject({ _status: 'updated', _changes: `order: -> '4' | section_id: -> '${details.id}'` });
    expect(patch.summary.requests).toMatchObject({ reads: 0, writes: 1 });
    expect(note.order).toBe(4);
  });
});

// The audit's cases: an exported sheet where only a field's section_id is edited still holds its old section's section_order.
describe('import custom-field order: a field moved by its section_id in an exported sheet', () => {
  let harness: ImportHarness;
  let bodies: unknown[];
  beforeEach(async () => {
    harness = await startImportHarness();
    bodies = [];
    const { script } = harness.api.emulator.faults;
    harness.api.emulator.faults.script = (n, req) => {
      if (req.method === 'POST') bodies.push(JSON.parse(req.bodyText));
      return script?.(n, req);
    };
  });
  afterEach(() => harness.close());

  /** The seats field and organization 1's two sections, where the seed puts them: seats in the first section. */
  function seatsAndSections(): [CustomField, CustomFieldSection, CustomFieldSection] {
    const { customFields, customFieldSections } = harness.api.emulator.state;
    const seats = customFields.find((field) => field.org_id === 1 && field.name === 'seats');
    const [details, offer] = customFieldSections.filter((section) => section.org_id === 1);
    if (seats === undefined || details === undefined || offer === undefined) throw new Error('organization 1 is not seeded as expected');
    expect([seats.section_id, details.order, offer.order]).toEqual([details.id, 1, 2]);
    return [seats, details, offer];
  }

  /** The custom-fields export of organization 1 as CSV text, each line passed through `edit` with the field it describes. */
  async function exportEdited(edit: (cells: string[], field: CustomField | undefined) => string[]): Promise<string> {
    const out = join(harness.dir, 'custom-fields.csv');
    const client = createApiClient({ baseUrl: harness.api.url, apiKey: harness.api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      await exportResource(client, 'custom-fields', { out, filters: {} }, pino({ level: 'silent' }));
    } finally {
      await client.close();
    }
    const lines = (await readFile(out, 'utf8')).replace(/^\uFEFF/, '').trimEnd().split(/\r?\n/);
    return lines
      .map((line) => line.split(','))
      .map((cells) => edit(cells, harness.api.emulator.state.customFields.find((field) => String(field.id) === cells[0])).join(','))
      .join('\n');
  }

  it('moves the field and places no section: the whole sheet', async () => {
    const [seats, details, offer] = seatsAndSections();
    const csv = await exportEdited((cells, field) => (field === seats ? [cells[0] ?? '', cells[1] ?? '', String(offer.id), ...cells.slice(3)] : cells));

    const { summary, results } = await harness.runImport('custom-field-order', csv);
    expect(summary.rows).toMatchObject({ total: 8, updated: 1, unchanged: 7, invalid: 0 });
    expect(bodies).toEqual([{ orders: [{ id: seats.id, order: seats.order, section_id: offer.id }] }]);
    // `_base` shows the file left section_order as exported: no place to give.
    expect(results.find((row) => row.id === String(seats.id))?._changes).toBe(`section_id: '${details.id}' -> '${offer.id}'`);
    expect([seats.section_id, details.order, offer.order]).toEqual([offer.id, 1, 2]);

    // Imported again, the same file changes nothing: its section_order is still the one exported, not a place for the new section.
    const again = await harness.runImport('custom-field-order', csv);
    expect(again.summary.rows).toMatchObject({ total: 8, unchanged: 8 });
    expect(bodies).toHaveLength(1);
    expect([seats.section_id, details.order, offer.order]).toEqual([offer.id, 1, 2]);
  });

  it('without _base, reads the order of the section a field leaves as no place, and says so', async () => {
    const [seats, details, offer] = seatsAndSections();
    const csv = await exportEdited((cells, field) => (field === seats ? [cells[0] ?? '', cells[1] ?? '', String(offer.id), ...cells.slice(3, 7)] : cells.slice(0, 7)));
    const { results } = await harness.runImport('custom-field-order', csv);
    expect(results.find((row) => row.id === String(seats.id))?._changes).toBe(
      `section_id: '${details.id}' -> '${offer.id}' | section_order: '1' is the place of section ${details.id}, which the field leaves; section ${offer.id} keeps its own`,
    );
    expect(bodies).toEqual([{ orders: [{ id: seats.id, order: seats.order, section_id: offer.id }] }]);
  });

  it("keeps the service's moves since the export where the file left a row as exported, and sends the file's own", async () => {
    const [seats, details, offer] = seatsAndSections();
    const others = harness.api.emulator.state.customFields.filter((field) => field.org_id === 1 && field !== seats);
    const [moved] = others;
    if (moved === undefined) throw new Error('organization 1 has too few custom fields');
    const seatsOrderAtExport = seats.order;
    const csv = await exportEdited((cells, field) => (field === seats ? [cells[0] ?? '', '7', ...cells.slice(2)] : cells));
    // Moved in the web application since the export: the file's old places are not put back.
    moved.order = 11;
    offer.order = 0;
    const { summary, results } = await harness.runImport('custom-field-order', csv);
    expect(summary.rows).toMatchObject({ total: 8, updated: 1, unchanged: 7 });
    expect(results.find((row) => row.id === String(seats.id))?._changes).toBe(`order: '${seatsOrderAtExport}' -> '7'`);
    expect(bodies).toEqual([{ orders: [{ id: seats.id, order: 7, section_id: details.id }] }]);
    expect([moved.order, offer.order]).toEqual([11, 0]);
  });

  it('reports a conflict where the file and the service both moved a field since the export, and sends nothing of its row', async () => {
    const [seats, details] = seatsAndSections();
    const exportedOrder = seats.order;
    const csv = await exportEdited((cells, field) => (field === seats ? [cells[0] ?? '', '7', ...cells.slice(2)] : cells));
    seats.order = 9;
    const skipped = await harness.runImport('custom-field-order', csv);
    expect(skipped.results.find((row) => row.id === String(seats.id))).toMatchObject({
      _status: 'conflict',
      _errors: `conflict: order changed in the platform since the export ('${exportedOrder}' -> '9')`,
      _changes: `order: base '${exportedOrder}' / file '7' / current '9'`,
    });
    expect(bodies).toEqual([]);

    const failed = await harness.runImport('custom-field-order', csv, { onConflict: 'fail' });
    expect(failed.results.find((row) => row.id === String(seats.id))?._status).toBe('failed');
    expect(bodies).toEqual([]);

    const overwritten = await harness.runImport('custom-field-order', csv, { onConflict: 'overwrite' });
    expect(overwritten.results.find((row) => row.id === String(seats.id))).toMatchObject({
      _status: 'updated',
      _changes: `order: '9' -> '7' | order: base '${exportedOrder}' / file '7' / current '9' (conflict: the file wins)`,
    });
    expect(bodies).toEqual([{ orders: [{ id: seats.id, order: 7, section_id: details.id }] }]);
  });

  it("refuses a _base moved to another field's row, or edited", async () => {
    const [seats] = seatsAndSections();
    const lines = (await exportEdited((cells) => cells)).split('\n');
    const seatsLine = lines.findIndex((line) => line.startsWith(`${seats.id},`));
    const other = lines.findIndex((line, index) => index > 0 && index !== seatsLine);
    const baseOf = (index: number) => lines[index]?.split(',').at(-1) ?? '';
    const otherId = lines[other]?.split(',')[0] ?? '';
    const swapped = lines.map((line, index) => (index === seatsLine ? line.replace(/,[^,]*$/, `,${baseOf(other)}`) : index === other ? line.replace(/,[^,]*$/, ',b1.edited') : line));
    const { results } = await harness.runImport('custom-field-order', swapped.join('\n'));
    expect(results.find((row) => row.id === String(seats.id))).toMatchObject({
      _status: 'invalid',
      _errors: `_base: was exported for custom field ${otherId}, not ${seats.id}; empty the cell to compare with the current custom field only`,
    });
    expect(results.find((row) => row.id === otherId)).toMatchObject({
      _status: 'invalid',
      _errors: '_base: is not what an export wrote (was it edited?); empty the cell to compare with the current custom field only',
    });
  });

  it('moves the field and places no section: a sheet of its row alone', async () => {
    const [seats, details, offer] = seatsAndSections();
    const csv = ['id,order,section_id,section_order', `${seats.id},${seats.order},${offer.id},${details.order}`].join('\n');
    const { results } = await harness.runImport('custom-field-order', csv);
    expect(results[0]).toMatchObject({ _status: 'updated', _errors: '' });
    expect(bodies).toEqual([{ orders: [{ id: seats.id, order: seats.order, section_id: offer.id }] }]);
    expect([seats.section_id, details.order, offer.order]).toEqual([offer.id, 1, 2]);
  });

  it('refuses a row that renames its field or its section, or changes its type, in the read-only columns, rather than report it unchanged', async () => {
    const [seats, details, offer] = seatsAndSections();
    const others = harness.api.emulator.state.customFields.filter((field) => field.org_id === 1 && field !== seats);
    const [renamed, retyped] = others;
    if (renamed === undefined || retyped === undefined) throw new Error('organization 1 has too few custom fields');
    const csv = await exportEdited((cells, field) => {
      const [id = '', order = '', , sectionOrder = '', name = '', type = ''] = cells;
      // Moved, with the name of the section it goes to: both names are the sheet's to show.
      if (field === seats) return [id, order, String(offer.id), sectionOrder, name, type, offer.name];
      if (field === renamed) return [...cells.slice(0, 4), 'Parking spaces', ...cells.slice(5)];
      if (field === retyped) return [...cells.slice(0, 5), type === 'TEXT' ? 'INTEGER' : 'TEXT', ...cells.slice(6)];
      return cells;
    });
    const renamedSection = csv.replace(`,${details.name},b1.`, ',Our store,b1.');
    const { results } = await harness.runImport('custom-field-order', renamedSection);
    const byId = new Map(results.map((row) => [row.id, row]));
    expect(byId.get(String(seats.id))).toMatchObject({ _status: 'updated', _errors: '' });
    expect(byId.get(String(renamed.id))?._status).toBe('invalid');
    expect(byId.get(String(renamed.id))?._errors).toContain(`name: read-only, so the import does not send it (Name of the custom field); put back '${renamed.name}' or empty the cell, got 'Parking spaces'`);
    expect(byId.get(String(retyped.id))?._errors).toMatch(/^type: read-only, so the import does not send it \(Type of the custom field\); put back '/);
    const sectionRenamed = `section_name: read-only, so the import does not send it (Name of the section); put back '${details.name}' or empty the cell, got 'Our store'`;
    expect(results.filter((row) => row._errors?.includes(sectionRenamed) === true)).toHaveLength(1);
    expect(results.filter((row) => row._status === 'invalid')).toHaveLength(2);
    expect(bodies).toEqual([{ orders: [{ id: seats.id, order: seats.order, section_id: offer.id }] }]);
  });

  it('still places the sections the sheet reorders, and refuses a section placed twice', async () => {
    const [seats, details, offer] = seatsAndSections();
    // Sections swapped on every row, the seats field moved along.
    const swapped = await exportEdited((cells, field) => {
      if (field === undefined) return cells;
      const sectionId = field === seats ? offer.id : field.section_id;
      return [cells[0] ?? '', cells[1] ?? '', String(sectionId), sectionId === offer.id ? '1' : '2', ...cells.slice(4)];
    });
    const { summary } = await harness.runImport('custom-field-order', swapped);
    expect(summary.rows).toMatchObject({ total: 8, invalid: 0, failed: 0 });
    expect(bodies).toEqual([
      {
        orders: [{ id: seats.id, order: seats.order, section_id: offer.id }],
        section_orders: [
          { id: details.id, order: 2 },
          { id: offer.id, order: 1 },
        ],
      },
    ]);
    expect([seats.section_id, details.order, offer.order]).toEqual([offer.id, 2, 1]);

    // A place typed on the moved row is one, and must agree with the section's other rows.
    const conflicting = ['id,order,section_id,section_order', `${seats.id},${seats.order},${details.id},3`, `,,${details.id},4`].join('\n');
    const { results } = await harness.runImport('custom-field-order', conflicting);
    expect(results.map((row) => [row._status, row._errors])).toEqual([
      ['updated', ''],
      ['invalid', `section_order: section ${details.id} is placed at 3 by row 2`],
    ]);
    expect([seats.section_id, details.order]).toEqual([details.id, 3]);
  });
});

// Public facts: `GET /custom_fields` is `{custom_fields: [...]}`; the sections the emulator adds may not come.
describe('import custom-field order: a service that does not list its sections', () => {
  let harness: ImportHarness;
  beforeAll(async () => {
    harness = await startImportHarness({ quirks: { 'real-shapes': true } });
  });
  afterAll(() => harness.close());

  it('round-trips the export, moves a field by its section_id, and places a section whose place it cannot read', async () => {
    const { customFields, customFieldSections } = harness.api.emulator.state;
    const seats = customFields.find((field) => field.org_id === 1 && field.name === 'seats');
    const [details, offer] = customFieldSections.filter((section) => section.org_id === 1);
    if (seats === undefined || details === undefined || offer === undefined) throw new Error('organization 1 is not seeded as expected');
    const out = join(harness.dir, 'custom-fields.csv');
    const client = createApiClient({ baseUrl: harness.api.url, apiKey: harness.api.emulator.keys.ORG_ADMIN, ratePerMinute: 100_000 });
    try {
      expect(await exportResource(client, 'custom-fields', { out, filters: {} }, pino({ level: 'silent' }))).toMatchObject({ rows: 8, failures: 0 });
    } finally {
      await client.close();
    }
    const exported = (await readFile(out, 'utf8')).replace(/^\uFEFF/, '').trimEnd();
    const unchanged = await harness.runImport('custom-field-order', exported);
    expect(unchanged.summary.rows).toMatchObject({ total: 8, unchanged: 8 });
    expect(harness.writes).toEqual([]);

    const moved = exported.split(/\r?\n/).map((line) => {
      const cells = line.split(',');
      return cells[0] === String(seats.id) ? [cells[0], cells[1], String(offer.id), ...cells.slice(3)].join(',') : line;
    });
    const { summary } = await harness.runImport('custom-field-order', `${[...moved, `,,${details.id},3,,,`].join('\n')}\n`);
    expect(summary.rows).toMatchObject({ total: 9, updated: 2, unchanged: 7, invalid: 0, failed: 0 });
    expect(harness.writes).toEqual(['POST /custom_fields/order']);
    expect([seats.section_id, details.order, offer.order]).toEqual([offer.id, 3, 2]);
  });
});
