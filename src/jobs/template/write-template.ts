import type { Logger } from 'pino';
import type { CustomFieldReading } from '../../api/schemas/custom-fields/custom-field-reading.js';
import { buildImportCatalog } from '../../resources/build-import-catalog.js';
import { DOT_CONTEXT, readCellContext } from '../../resources/cells/cell-context.js';
import { formatExampleRow } from '../../resources/cells/format-example-row.js';
import type { ImportResourceName } from '../../resources/resource-names.js';
import { toSheetColumns } from '../../resources/to-sheet-columns.js';
import { DEFAULT_CSV_DIALECT, detectSheetFormat, nameCsvDialect, openSheetWriter, type CsvDialectName } from '../../sheets/index.js';
import { writeXlsxTemplate } from './write-xlsx-template.js';

export interface WriteTemplateOptions {
  resource: ImportResourceName;
  /** .xlsx, or .csv / .tsv / .txt */
  out: string;
  /** Definitions from `GET /custom_fields`; none gives the static columns only. */
  customFields: readonly CustomFieldReading[];
  /** A CSV file's dialect, as an export's (`excel-semicolon` for Excel in French or German). */
  csvDialect?: CsvDialectName;
}

export interface WriteTemplateResult {
  path: string;
  /** The import columns written, custom fields included. */
  columns: number;
}

/** A blank sheet of the resource's import columns with one example row; XLSX adds notes, an About sheet and dropdowns. */
export async function writeTemplate(options: WriteTemplateOptions, logger: Logger): Promise<WriteTemplateResult> {
  const catalog = buildImportCatalog(options.resource, options.customFields);
  const columns = catalog.columns.filter((column) => !column.readOnly);
  if (detectSheetFormat(options.out, 'write') === 'xlsx') {
    await writeXlsxTemplate(options.out, catalog.resource, columns, DOT_CONTEXT);
  } else {
    const csv = nameCsvDialect(options.csvDialect ?? DEFAULT_CSV_DIALECT, options.out);
    const writer = await openSheetWriter(options.out, { columns: toSheetColumns(columns), ...csv });
    await writer.writeRow(formatExampleRow(columns, readCellContext({ format: 'csv', ...csv.dialect })));
    await writer.close();
  }
  logger.info({ path: options.out, resource: options.resource, columns: columns.length }, 'wrote the template');
  return { path: options.out, columns: columns.length };
}
