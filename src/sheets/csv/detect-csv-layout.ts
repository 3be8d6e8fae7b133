import type { LineEnding } from './csv-dialect.js';
import { createTextDecoder } from '../text/decode-text.js';
import { CSV_DELIMITERS, detectDelimiter, type CsvDelimiter } from './detect-delimiter.js';
import type { TextEncoding } from '../text/detect-encoding.js';
import { detectLineEnding } from './detect-line-ending.js';
import { HEAD_BYTES } from '../file/scan-text-file.js';

export interface CsvLayout {
  delimiter: CsvDelimiter;
  lineEnding: LineEnding;
  /** The file starts with Excel's `sep=;` line, which names the delimiter and is no record. */
  sepLine: boolean;
}

const SEP_LINE = /^sep=(.)(?:\r\n|\n|\r)/i;

/** The delimiter and line ending of a CSV file, from its head: a character cut at its end is left out. */
export function detectCsvLayout(head: Buffer, encoding: TextEncoding): CsvLayout {
  const sample = createTextDecoder(encoding).write(head);
  const named = SEP_LINE.exec(sample);
  const delimiter = CSV_DELIMITERS.find((candidate) => candidate === named?.[1]);
  const lineEnding = detectLineEnding(sample);
  if (named !== null && delimiter !== undefined) return { delimiter, lineEnding, sepLine: true };
  return { delimiter: detectDelimiter(sample, head.length < HEAD_BYTES), lineEnding, sepLine: false };
}
