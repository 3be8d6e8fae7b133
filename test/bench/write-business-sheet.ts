import { DOT_CONTEXT } from '../../src/resources/cells/cell-context.js';
import { formatExampleRow } from '../../src/resources/cells/format-example-row.js';
import type { ResourceCatalog } from '../../src/resources/resource-catalog.js';
import { toSheetColumns } from '../../src/resources/to-sheet-columns.js';
import { openSheetWriter } from '../../src/sheets/index.js';

/** Every `invalidEvery`th row has a latitude that cannot be read, so that validation has errors to find. */
export interface BusinessSheetOptions {
  rows: number;
  invalidEvery: number;
}

const CITIES = ['Lyon', 'Bourg-en-Bresse', 'Annecy', 'Grenoble', 'Valence', 'Chambéry', 'Vienne', 'Roanne'];

/**
 * A generated businesses sheet (CSV or XLSX by extension) like a chain's export: the template's
 * example row, with what differs from store to store (code, name, address, position, phone,
 * email, website, photo, company number) different on every row.
 */
export async function writeBusinessSheet(path: string, catalog: ResourceCatalog, options: BusinessSheetOptions): Promise<void> {
  const columns = catalog.columns.filter((column) => !column.readOnly);
  const example = formatExampleRow(columns, DOT_CONTEXT);
  const writer = await openSheetWriter(path, { columns: toSheetColumns(columns), sheet: catalog.resource });
  try {
    for (let index = 1; index <= options.rows; index++) {
      const code = String(index).padStart(6, '0');
      const city = CITIES[index % CITIES.length] ?? '';
      const zipcode = String(1000 + (index % 94_000)).padStart(5, '0');
      await writer.writeRow({
        ...example,
        code,
        name: `Boulangerie ${index}`,
        city,
        zipcode,
        address_full: `${index % 300} rue de la République, ${zipcode} ${city}`,
        lat: index % options.invalidEvery === 0 ? 'north' : String(43 + (index % 5000) / 1000),
        long: String(4 + (index % 3000) / 1000),
        website_url: `https://www.example.com/boulangeries/${code}`,
        national_identification_number: String(12_345_678_900_000 + index),
        'contacts.0.email': `boulangerie-${code}@example.com`,
        'contacts.0.phone_numbers': `+3347${String(index).padStart(7, '0')}`,
        'photos.primary': `https://www.example.com/images/${code}/front.jpg`,
        'open_hours.monday': index % 2 === 0 ? 'closed' : '08:00-12:00,14:00-18:00',
      });
    }
  } finally {
    await writer.close();
  }
}
