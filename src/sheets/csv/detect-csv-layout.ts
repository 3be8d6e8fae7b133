import type { LineEnding } from './csv-dialect.js';
import { createTextDecoder } from '../text/decode-text.js';
import { detectDelimiter, type CsvDelimiter } from './detect-delimiter.js';
import type { TextEncoding } from '../text/detect-encoding.js';
import { detectLineEnding } from './detect-line-ending.js';
import { HEAD_BYTES } from '../file/scan-text-file.js';

/** The delimiter and line ending of a CSV file, from its head: a character cut at its end is left out. */
export function detectCsvLayout(head: Buffer, encoding: TextEncoding): { delimiter: CsvDelimiter; lineEnding: LineEnding } {
  const sample = createTextDecoder(encoding).write(head);
  return { delimiter: detectDelimiter(sample, head.length < HEAD_BYTES), lineEnding: detectLineEnding(sample) };
}
