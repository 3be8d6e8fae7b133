import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { readFileBytes, streamFileBytes } from '../../file/read-file-chunks.js';
import type { ZipEntry } from './read-zip-directory.js';
import { SheetError } from '../../sheet-error.js';
import type { FileRef } from '../../file/read-file-chunks.js';

const LOCAL_HEADER_SIZE = 30;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const INFLATE_CHUNK = 256 * 1024;

/** The unpacked bytes of one entry, streamed: its local header gives where the data starts (its name and extra field may differ from the directory's). */
export async function openZipEntry(file: FileRef, entry: ZipEntry): Promise<Readable> {
  const header = await readFileBytes(file, entry.headerOffset, LOCAL_HEADER_SIZE);
  if (header.length < LOCAL_HEADER_SIZE || header.readUInt32LE(0) !== LOCAL_SIGNATURE || (entry.method !== STORED && entry.method !== DEFLATED)) {
    throw new SheetError(`read ${file.path}`, `it is not a readable XLSX workbook: its part ${entry.name} is damaged`, 'Open it in Excel or LibreOffice and save it again as .xlsx.');
  }
  const start = entry.headerOffset + LOCAL_HEADER_SIZE + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (entry.compressedSize === 0) return Readable.from([]);
  const packed = streamFileBytes(file, { start, end: start + entry.compressedSize - 1 });
  if (entry.method === STORED) return packed;
  // Large chunks: a sheet of 100,000 rows inflates to hundreds of MiB, and each chunk has a cost of its own.
  const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  packed.on('error', (error) => inflater.destroy(error));
  inflater.on('close', () => packed.destroy());
  return packed.pipe(inflater);
}
