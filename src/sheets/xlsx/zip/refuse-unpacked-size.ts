import { SheetError } from '../../sheet-error.js';

/** Workbooks whose parts unpack to more than this are refused: exceljs inflates every part, and keeps shared strings in memory. */
export const MAX_WORKBOOK_UNPACKED_BYTES = 1024 ** 3;

/** A workbook that unpacks (or says it would unpack: `declared`) to more than `limit` bytes. */
export function refuseUnpackedSize(path: string, limit: number, declared?: number): SheetError {
  const size = declared === undefined ? `it unpacks to more than the ${formatSize(limit)}` : `it would unpack to ${formatSize(declared)}, more than the ${formatSize(limit)}`;
  return new SheetError(
    `read ${path}`,
    `${size} a workbook may (a zip bomb, or a sheet too large for XLSX)`,
    'Split it into smaller workbooks, or save it as CSV, which is read as a stream.',
  );
}

function formatSize(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}
