import { basename, dirname, join } from 'node:path';
import { MAX_WORKBOOK_UNPACKED_BYTES, refuseUnpackedSize } from './refuse-unpacked-size.js';
import { readFileBytes } from '../../file/read-file-chunks.js';
import { SheetError } from '../../sheet-error.js';
import type { SourceFile } from '../../file/source-file.js';

/** One file of a zip archive, as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** Unpacked, as declared: 2^32 for a Zip64 entry. */
  size: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
}

const END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const END_SIZE = 22;
const MAX_COMMENT = 65_535;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_SIZE = 46;
/** Zip64 puts this in a 32-bit field whose real value is larger. */
const ZIP64_MARK = 0xffffffff;
const RESAVE = 'Open it in Excel or LibreOffice and save it again as .xlsx.';
const COPY_AGAIN = 'Copy or download it again, or open it in Excel and save it as .xlsx.';

/** The start of an OLE compound file: an Excel 97-2003 workbook, or an encrypted one of any version. */
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const HEAD_BYTES = 512;

/** Why a file named .xlsx has no zip directory, from its first bytes: a workbook cut short, or another kind of file. */
function describeNoZip(doing: string, path: string, head: Buffer): SheetError {
  if (head.length === 0) return new SheetError(doing, 'the file is empty', COPY_AGAIN);
  // Excel's owner file beside a workbook it has open: `~$stores.xlsx` for stores.xlsx, the name of who opened it inside.
  const owned = /^~\$(.+)$/.exec(basename(path))?.[1];
  if (owned !== undefined) {
    return new SheetError(doing, 'it is the small file Excel keeps beside a workbook while someone has it open, not a workbook', `Import the workbook itself, ${join(dirname(path), owned)}, saved and closed in Excel.`);
  }
  if (head.subarray(0, COMPOUND_FILE.length).equals(COMPOUND_FILE)) {
    return new SheetError(
      doing,
      'it is a workbook protected by a password, or an Excel 97-2003 workbook (.xls) named .xlsx',
      'Open it in Excel and save it as .xlsx without a password (File > Info > Protect Workbook > Encrypt with Password, left empty).',
    );
  }
  const text = head.toString('utf8').replace(/^\uFEFF?\s*/, '');
  if (!head.subarray(0, ZIP_START.length).equals(ZIP_START) && !head.includes(0) && !text.slice(0, -3).includes('\uFFFD')) {
    return text.startsWith('<')
      ? new SheetError(doing, 'it is a web page or XML file, as some programs name the tables they export .xlsx', 'Open it in Excel and save it as .xlsx, or export the table as CSV.')
      : new SheetError(doing, 'it is a text file, not a workbook: perhaps a CSV named .xlsx', 'If it is CSV, name it .csv; else open it in Excel and save it as .xlsx.');
  }
  return new SheetError(doing, 'it is not a readable XLSX workbook: its zip directory is missing (the file was cut short, or is no workbook)', COPY_AGAIN);
}

/**
 * The central directory of a workbook's zip, read from its end without inflating anything. A file
 * cut short has none; a Zip64 archive (over 4 GiB) is refused as too large for a workbook.
 */
export async function readZipDirectory(file: SourceFile, limit = MAX_WORKBOOK_UNPACKED_BYTES): Promise<ZipEntry[]> {
  const { path, size } = file;
  const doing = `read ${path}`;
  const tailStart = Math.max(0, size - END_SIZE - MAX_COMMENT);
  const tail = await readFileBytes(file, tailStart, size - tailStart);
  const end = tail.lastIndexOf(END_SIGNATURE);
  if (end < 0 || end + END_SIZE > tail.length) throw describeNoZip(doing, path, await readFileBytes(file, 0, Math.min(size, HEAD_BYTES)));
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (directorySize === ZIP64_MARK || directoryOffset === ZIP64_MARK) throw refuseUnpackedSize(path, limit, 2 ** 32);
  if (directoryOffset + directorySize > tailStart + end) {
    throw new SheetError(doing, 'it is not a readable XLSX workbook: its zip directory points past its end (the file was cut short)', COPY_AGAIN);
  }
  const directory = await readFileBytes(file, directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  for (let at = 0; at + ENTRY_SIZE <= directory.length; ) {
    if (directory.readUInt32LE(at) !== ENTRY_SIGNATURE) throw new SheetError(doing, 'it is not a readable XLSX workbook: its zip directory is damaged', RESAVE);
    const entrySize = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    entries.push({
      name: directory.toString('utf8', at + ENTRY_SIZE, at + ENTRY_SIZE + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: entrySize === ZIP64_MARK ? 2 ** 32 : entrySize,
      headerOffset: directory.readUInt32LE(at + 42),
    });
    at += ENTRY_SIZE + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  return entries;
}
