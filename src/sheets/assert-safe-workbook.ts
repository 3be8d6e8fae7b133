import { stat } from 'node:fs/promises';
import { readFileBytes } from './read-file-bytes.js';
import { SheetError } from './sheet-error.js';

/** Workbooks whose parts unpack to more than this are refused: exceljs inflates every part, and keeps shared strings in memory. */
export const MAX_WORKBOOK_UNPACKED_BYTES = 1024 ** 3;

const END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const END_SIZE = 22;
const MAX_COMMENT = 65_535;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_SIZE = 46;
/** Zip64 puts this in a 32-bit field whose real value is larger. */
const ZIP64_MARK = 0xffffffff;
const MACRO_PART = /^xl\/vbaProject\.bin$/i;

/**
 * Reads the zip directory of an .xlsx before exceljs opens it: a file cut short has none, a
 * workbook with macros lists `xl/vbaProject.bin`, and a zip bomb declares more unpacked bytes
 * than `limit`. The sizes are the ones the directory declares: the reader counts the real ones.
 */
export async function assertSafeWorkbook(path: string, limit = MAX_WORKBOOK_UNPACKED_BYTES): Promise<void> {
  const doing = `read ${path}`;
  const size = (await stat(path)).size;
  const tailStart = Math.max(0, size - END_SIZE - MAX_COMMENT);
  const tail = Buffer.from(await readFileBytes(path, tailStart, size - tailStart));
  const end = tail.lastIndexOf(END_SIGNATURE);
  if (end < 0 || end + END_SIZE > tail.length) {
    throw new SheetError(doing, 'it is not a readable XLSX workbook: its zip directory is missing (the file was cut short, or is no workbook)', 'Copy or download it again, or open it in Excel and save it as .xlsx.');
  }
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize === ZIP64_MARK || directoryOffset === ZIP64_MARK) throw refuseUnpackedSize(path, limit, 2 ** 32);
  if (directoryOffset + directorySize > tailStart + end) {
    throw new SheetError(doing, 'it is not a readable XLSX workbook: its zip directory points past its end (the file was cut short)', 'Copy or download it again, or open it in Excel and save it as .xlsx.');
  }
  const directory = Buffer.from(await readFileBytes(path, directoryOffset, directorySize));
  let unpacked = 0;
  for (let at = 0; at + ENTRY_SIZE <= directory.length; ) {
    if (directory.readUInt32LE(at) !== ENTRY_SIGNATURE) {
      throw new SheetError(doing, 'it is not a readable XLSX workbook: its zip directory is damaged', 'Open it in Excel or LibreOffice and save it again as .xlsx.');
    }
    const entrySize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const name = directory.toString('utf8', at + ENTRY_SIZE, at + ENTRY_SIZE + nameLength);
    if (MACRO_PART.test(name)) {
      throw new SheetError(doing, `it holds macros (${name}), which are not run nor kept`, 'Save it as an Excel workbook (.xlsx) without macros.');
    }
    unpacked += entrySize === ZIP64_MARK ? 2 ** 32 : entrySize;
    at += ENTRY_SIZE + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  if (unpacked > limit) throw refuseUnpackedSize(path, limit, unpacked);
}

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
