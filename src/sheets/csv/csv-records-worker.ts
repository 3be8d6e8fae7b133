import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import type { CsvReaderMessage, CsvWorkerData } from './csv-worker-protocol.js';
import { parseCsvBatches } from './parse-csv-records.js';
import { readUtf8Bytes } from '../text/read-utf8-bytes.js';
import { sendCsvRecords } from './send-csv-records.js';

// The worker thread of readInWorker: parses a CSV file off the main thread, once told how to read it.
if (parentPort === null) throw new Error('Could not read CSV records: this module runs as a worker thread. Import read-csv-records instead.');
const file = workerData as CsvWorkerData;
const [message] = (await once(parentPort, 'message')) as [CsvReaderMessage];
if (typeof message === 'string') throw new Error('Could not read CSV records: a batch was taken before the reader said how to read the file.');
await sendCsvRecords(parentPort, parseCsvBatches(readUtf8Bytes({ ...file, ...message.start }), message.start.delimiter));
parentPort.close();
