import { describe, expect, it } from 'vitest';
import { openPlanFile } from '../../../src/jobs/import/businesses/round-trip/plan-file.js';
import { buildBusinessCatalog } from '../../../src/resources/businesses/business-catalog.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

describe("a dry run's plan file", () => {
  it('refuses a line reported once it is closed, instead of waiting for the file for ever', async () => {
    const plan = await openPlanFile(await makeTempDir(), { format: 'xlsx' });
    const city = buildBusinessCatalog([]).columns.find((column) => column.header === 'city');
    if (city === undefined) throw new Error('no city column');
    const business = { id: 'b1', code: '000001', name: 'Boulangerie' };
    await plan.addReported(2, business, []);
    await plan.close();
    plan.add(3, business, [{ column: city, path: ['city'], current: 'Lyon', file: 'Annecy', verdict: 'change' }]);
    await expect(plan.addReported(3, business, [])).rejects.toThrow(/was closed before row 3 was reported/);
    // A row with nothing to list writes nothing, closed or not.
    await expect(plan.addReported(4, business, [])).resolves.toBeUndefined();
  });
});
