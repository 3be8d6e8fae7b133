import { describe, expect, it } from 'vitest';
import { ServiceItemSchema } from '../../../src/api/schemas/services.js';
import { planService } from '../../../src/jobs/import/services/plan-service.js';

const stored = ServiceItemSchema.parse({ service_id: 103, type: 'BOOKING_ITEM', name: null, price: 52, description: null, category_geo_name: 'gcid:bakery' });

describe('planService', () => {
  it('compares with a service of a type the spec does not name, or without a description, and sends it whole', () => {
    expect(planService({ setting: { service_id: 103, price: 52, description: 'Catering' } }, { items: [stored], unreadable: [] })).toEqual({
      item: { service_id: 103, price: 52, description: 'Catering' },
      changes: ["description: '' -> 'Catering'"],
    });
  });

  it('refuses to compare with a service that does not read, and says how to send the row anyway', () => {
    const unreadable = [{ id: '104', problem: 'price is "12,50" (expected a number)', raw: {} }];
    expect(planService({ setting: { service_id: 104, price: 12.5 } }, { items: [stored], unreadable })).toEqual({
      errors: [`service_id: the business's service 104 does not read (price is "12,50" (expected a number)), so it is not compared; import this row with --mode patch to send it as it is`],
    });
  });

  it('refuses a row that sets a field the service gave in no readable shape, and sends one that leaves it alone', () => {
    const odd = ServiceItemSchema.parse({ service_id: 105, price: '12,50', category_geo_name: 'gcid:bakery' });
    const current = { items: [odd], unreadable: [] };
    expect(planService({ setting: { service_id: 105, price: 12.5 } }, current)).toEqual({
      errors: [
        `price: the price of the business's service 105 does not read (price is "12,50" (expected a number)), so it is not compared; import this row with --mode patch to send it as it is`,
      ],
    });
    expect(planService({ setting: { service_id: 105, description: 'Catering' } }, current)).toEqual({ item: { service_id: 105, description: 'Catering' }, changes: ["description: '' -> 'Catering'"] });
  });

  it('sends a field the row leaves empty with the one value its categories agree on, and leaves it out where they differ', () => {
    const pastry = { ...stored, description: 'Catering', category_geo_name: 'gcid:pastry_shop' };
    expect(planService({ setting: { service_id: 103, price: 60 } }, { items: [{ ...stored, description: 'Catering' }, pastry], unreadable: [] })).toEqual({
      item: { service_id: 103, price: 60, description: 'Catering' },
      changes: ["price: '52' -> '60'"],
    });
    expect(planService({ setting: { service_id: 103, price: 60 } }, { items: [{ ...stored, description: 'Catering' }, { ...pastry, description: 'Cakes' }], unreadable: [] })).toEqual({
      item: { service_id: 103, price: 60 },
      changes: ["price: '52' -> '60'"],
    });
  });
});
