import { parentPort, workerData } from 'node:worker_threads';
import type { CsvWorkerData } from './csv-worker-protocol.js';
import { parseCsvBatches } from './parse-csv-records.js';
import { readUtf8Bytes } from '../text/read-utf8-bytes.js';
import { sendCsvRecords } from './send-csv-records.js';

// The worker thread of readInWorker: parses a CSV file off the main thread.
if (parentPort === null) throw new Error('Could not read CSV records: this module runs as a worker thread. Import read-csv-records instead.');
const data = workerData as CsvWorkerData;
await sendCsvRecords(parentPort, parseCsvBatches(readUtf8Bytes(data), data.delimiter));
parentPort.close();
