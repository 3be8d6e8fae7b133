import type { CsvDelimiter } from './detect-delimiter.js';
import type { CsvRecord } from './parse-csv-records.js';
import type { TextFile } from '../text/read-utf8-bytes.js';

/** What the CSV worker reads. */
export interface CsvWorkerData extends TextFile {
  delimiter: CsvDelimiter;
}

/** Worker to reader: the next records of the file, in order, or the end of the file. */
export type CsvWorkerMessage = { records: CsvRecord[] } | { done: true };

/** Reader to worker: a batch was taken, so one more may be sent. */
export type CsvReaderMessage = 'taken';

/** Batches on their way at once: bounds the memory of a reader that reads slowly (an import paced by the API). */
export const BATCHES_AHEAD = 4;
export const BATCH_RECORDS = 64;
