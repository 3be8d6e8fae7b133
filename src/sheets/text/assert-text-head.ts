import { SheetError } from '../sheet-error.js';

/** Text has almost no control characters; binary data has one byte in nine or so. */
const MAX_CONTROL_SHARE = 0.05;
/** A few stray NULs in a small text file make a cell invalid, not the whole file binary. */
const MIN_CONTROL_BYTES = 8;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * Refuses a file named like a CSV whose start is not text: a renamed workbook, an image, random
 * bytes. UTF-16 text (with its byte order mark) is text.
 */
export function assertTextHead(head: Uint8Array, path: string): void {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return;
  if (ZIP_MAGIC.every((byte, index) => head[index] === byte)) {
    throw new SheetError(`read ${path}`, 'it is a zip archive (a workbook?), not CSV text', 'Give an .xlsx workbook its .xlsx name, or export the sheet as CSV.');
  }
  const controls = head.reduce((count, byte) => count + (isControl(byte) ? 1 : 0), 0);
  if (controls >= MIN_CONTROL_BYTES && controls > head.length * MAX_CONTROL_SHARE) {
    throw new SheetError(`read ${path}`, `it holds binary data, not text (${controls} control bytes in its first ${head.length})`, 'Check that it is the right file, saved as CSV.');
  }
}

// Tab, line feed, form feed and carriage return are the control characters text files hold.
function isControl(byte: number): boolean {
  return (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f;
}
