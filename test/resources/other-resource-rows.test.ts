import { describe, expect, it } from 'vitest';
import { buildAttributeCatalog } from '../../src/resources/attributes/attribute-catalog.js';
import { DOT_CONTEXT } from '../../src/resources/cells/cell-context.js';
import { buildCustomFieldOrderCatalog } from '../../src/resources/custom-field-order/custom-field-order-catalog.js';
import { formatCell } from '../../src/resources/cells/format-cell.js';
import type { ImportCatalog } from '../../src/resources/resource-catalog.js';
import { buildServiceCatalog } from '../../src/resources/services/service-catalog.js';
import type { CellValue } from '../../src/sheets/index.js';

function createReader<T, U>(catalog: ImportCatalog<T, U>) {
  const readRow = catalog.createRowReader(
    catalog.columns.map((column) => column.header),
    DOT_CONTEXT,
  );
  return (values: Record<string, CellValue>) => readRow({ kind: 'row', line: 3, values });
}

describe('a services row', () => {
  const read = createReader(buildServiceCatalog());

  it('sets one service of one business', () => {
    expect(read({ code: '000042', service_id: '101', price: '35.5', description: 'On order', name: ' Custom cakes ' })).toEqual({
      line: 3,
      target: { code: '000042' },
      // The name is not sent: the plan compares it with the service's own.
      update: { setting: { service_id: 101, price: 35.5, description: 'On order' }, name: 'Custom cakes' },
      errors: [],
    });
    expect(read({ business_id: 'b1', service_id: '101', description: '#clear' }).update).toEqual({ setting: { service_id: 101, description: '' } });
    expect(read({ business_id: 'b1', service_id: '101', price: '#clear' }).errors).toEqual(['price: cannot be cleared; leave the cell empty to keep the current value']);
  });

  it('reports every problem of the row', () => {
    expect(read({ price: 'free', description: 'd'.repeat(301) })).toEqual({
      line: 3,
      target: undefined,
      update: undefined,
      errors: [
        'business_id: missing; give business_id or code to find the business',
        "price: must be a number of at least 0, got 'free'",
        'description: must be at most 300 characters, got 301 characters',
        'service_id: missing; give the id of the service to set',
      ],
    });
    expect(read({ code: 'X', service_id: '1.5' }).errors).toEqual(["service_id: must be a whole number, got '1.5'"]);
    expect(read({ code: 'X', service_id: '1', price: '-35' }).errors).toEqual(["price: must not be negative, got '-35'"]);
  });
});

describe('an attributes row', () => {
  const catalog = buildAttributeCatalog();
  const read = createReader(catalog);

  it('reads the value by the type of the row', () => {
    expect(read({ code: 'X', geo_id: 'has_wifi', type: 'bool', value: 'Oui' }).update).toEqual({ type: 'BOOL', geo_id: 'has_wifi', value: true });
    expect(read({ code: 'X', geo_id: 'wi_fi', type: 'ENUM', value: 'free_wi_fi' }).update).toEqual({ type: 'ENUM', geo_id: 'wi_fi', value: 'free_wi_fi' });
    expect(read({ code: 'X', geo_id: 'url_menu', type: 'URL', value: 'https://menu.example.com' }).update).toEqual({
      type: 'URL',
      geo_id: 'url_menu',
      value: 'https://menu.example.com',
    });
    expect(read({ code: 'X', geo_id: 'pay', type: 'REPEATABLE_ENUM', 'value.set_values': 'visa|jcb' }).update).toEqual({
      type: 'REPEATABLE_ENUM',
      geo_id: 'pay',
      value: { set_values: ['visa', 'jcb'], unset_values: [] },
    });
  });

  it('round-trips a BOOL value through its cell', () => {
    const valueColumn = catalog.columns.find((column) => column.header === 'value');
    if (valueColumn === undefined) throw new Error('no value column');
    for (const value of [true, false]) {
      expect(read({ code: 'X', geo_id: 'has_wifi', type: 'BOOL', value: formatCell(valueColumn, value, DOT_CONTEXT) }).update).toEqual({ type: 'BOOL', geo_id: 'has_wifi', value });
    }
  });

  it('reports wrong values, misplaced cells and refused types', () => {
    expect(read({ code: 'X', geo_id: 'has_wifi', type: 'BOOL', value: 'maybe', 'value.set_values': 'a' }).errors).toEqual([
      'value.set_values: not used by a BOOL attribute; leave it empty',
      "value: must be true or false for a BOOL attribute, got 'maybe'",
    ]);
    expect(read({ code: 'X', geo_id: 'url_menu', type: 'URL', value: 'menu' }).errors).toEqual(["value: must be a valid url, got 'menu'"]);
    expect(read({ code: 'X', geo_id: 'url_appointment', type: 'REPEATABLE_URL', value: 'https://x.example.com' }).errors).toEqual([
      'type: REPEATABLE_URL is no longer supported, use place action links',
    ]);
    expect(read({ code: 'X', geo_id: 'pay', type: 'REPEATABLE_ENUM', value: 'visa' }).errors).toEqual([
      'value: not used by a REPEATABLE_ENUM attribute; leave it empty',
      'value.set_values: missing; give values to select or unselect',
    ]);
    expect(read({ code: 'X', type: 'LIST' }).errors).toEqual([
      "type: must be one of BOOL, ENUM, REPEATABLE_ENUM, URL, got 'LIST'",
      'geo_id: missing; give the id of the attribute',
    ]);
    expect(read({ code: 'X', geo_id: 'has_wifi', type: 'BOOL' }).errors).toEqual(['value: missing; give the value of the BOOL attribute']);
  });

  it("leaves a row without a type to its business's attribute, unless nothing is read to learn it from (a patch)", () => {
    expect(read({ code: 'X', geo_id: 'has_wifi', value: 'Oui' })).toMatchObject({ update: { type: undefined, geo_id: 'has_wifi', cells: { value: 'Oui' } }, errors: [] });
    expect(createReader(buildAttributeCatalog({ typeRequired: true }))({ code: 'X', geo_id: 'has_wifi', value: 'Oui' }).errors).toEqual([
      'type: missing; give one of BOOL, ENUM, REPEATABLE_ENUM, URL (a patch reads no attributes to learn it from)',
    ]);
  });
});

describe('a custom-field-order row', () => {
  const read = createReader(buildCustomFieldOrderCatalog());

  it('places one custom field; the import completes what the row leaves out, and compares the name it shows', () => {
    expect(read({ id: '12', order: '3', section_order: '1', name: ' seats ' })).toEqual({
      line: 3,
      target: { id: 12 },
      update: { order: 3, section_order: 1, shown: { name: 'seats' } },
      errors: [],
    });
  });

  it('needs the id of the field', () => {
    expect(read({ order: 'first' }).errors).toEqual(['id: missing; give the id of the custom field', "order: must be a whole number, got 'first'"]);
  });
});
