import type { CsvDelimiter } from './detect-delimiter.js';
import type { CsvRecord } from './parse-csv-records.js';
import type { TextEncoding } from '../text/detect-encoding.js';

/** How the scan of a CSV file says to read it. */
export interface CsvText {
  encoding: TextEncoding;
  delimiter: CsvDelimiter;
  /** Its first bytes, when the scan read them already: they are not read again. */
  head?: Uint8Array;
}

/** The file the CSV worker reads, given as it starts, before the scan says how to read it. */
export interface CsvWorkerData {
  path: string;
  fd: number;
}

/** Worker to reader: the next records of the file, in order, or the end of the file. */
export type CsvWorkerMessage = { records: CsvRecord[] } | { done: true };

/** Reader to worker: first how to read the file, then each batch taken, so that one more may be sent. */
export type CsvReaderMessage = { start: CsvText } | 'taken';

/** Batches on their way at once: bounds the memory of a reader that reads slowly (an import paced by the API). */
export const BATCHES_AHEAD = 4;
export const BATCH_RECORDS = 64;
