import type { CsvDialect } from './csv-dialect.js';
import { detectCsvLayout } from './detect-csv-layout.js';
import { scanTextFile } from './scan-text-file.js';

/** A CSV file's dialect as its reader detects it, without reading its rows. */
export async function readCsvDialect(path: string): Promise<CsvDialect> {
  const { head, encoding, bom } = await scanTextFile(path, { sha256: false });
  return { ...detectCsvLayout(head, encoding), encoding, bom };
}
