import type { Logger } from 'pino';
import type { CustomFieldReading } from '../../api/schemas/custom-fields/custom-field-reading.js';
import { buildImportCatalog } from '../../resources/build-import-catalog.js';
import { DOT_CONTEXT } from '../../resources/cells/cell-context.js';
import { formatExampleRow } from '../../resources/cells/format-example-row.js';
import type { ImportResourceName } from '../../resources/resource-names.js';
import { detectSheetFormat, type CsvDialectName } from '../../sheets/index.js';
import { openExportFile } from '../export/file/open-export-file.js';
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
    // A CSV file in the dialects of an export's, its numbers formatted as that dialect writes them.
    const file = await openExportFile(options, { name: catalog.resource, columns });
    await file.rows.writeRow(formatExampleRow(columns, file.context));
    await file.close();
  }
  logger.info({ path: options.out, resource: options.resource, columns: columns.length }, 'wrote the template');
  return { path: options.out, columns: columns.length };
}
