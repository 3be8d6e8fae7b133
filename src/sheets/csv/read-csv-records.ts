import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { CsvReaderMessage, CsvText, CsvWorkerData, CsvWorkerMessage } from './csv-worker-protocol.js';
import { parseCsvRecords, type CsvRecord } from './parse-csv-records.js';
import { readUtf8Bytes } from '../text/read-utf8-bytes.js';
import { assertFileUnchanged } from '../file/file-version.js';
import type { FileRef } from '../file/read-file-chunks.js';
import { SheetError } from '../sheet-error.js';

/**
 * Below this size a file is parsed on the main thread: starting a worker costs about as much as
 * parsing a few thousand rows.
 */
const WORKER_MIN_BYTES = 4 * 1024 * 1024;

/**
 * The records of a CSV file, read as `text` says once its scan is done. A large file is parsed in
 * a worker thread, so that csv-parse (most of the cost of a read) runs beside the validation of
 * the rows, and the event loop stays free for the requests of an import; the worker starts at
 * once, and loads while the file is scanned.
 */
export function readCsvRecords(file: FileRef, size: number, text: Promise<CsvText>): AsyncGenerator<CsvRecord> {
  if (size >= WORKER_MIN_BYTES) return readInWorker(file, text);
  return (async function* () {
    const { encoding, delimiter, head } = await text;
    yield* parseCsvRecords(readUtf8Bytes({ path: file.path, fd: file.fd, opened: file.opened, encoding, head }), delimiter);
  })();
}

/**
 * The worker holds the process open only while the reader waits for it: a reader dropped without
 * being closed does not keep a command from exiting, and a scan that fails ends the worker.
 */
export function readInWorker({ path, fd, opened }: FileRef, text: Promise<CsvText> | CsvText): AsyncGenerator<CsvRecord> {
  const worker = startWorker({ path, fd });
  worker.unref();
  const messages = on(worker, 'message', { close: ['exit'] });
  // The scan's failure is told by whoever awaits the scan: here it only ends the worker.
  void Promise.resolve(text).then(
    ({ encoding, delimiter, head }) => {
      worker.postMessage({ start: { encoding, delimiter, head } } satisfies CsvReaderMessage);
    },
    () => worker.terminate(),
  );
  return (async function* () {
    try {
      await text;
      for (;;) {
        worker.ref();
        const next = await messages.next();
        worker.unref();
        if (next.done === true) throw new SheetError(`read ${path}`, 'the CSV reader thread stopped before the end of the file', 'Run the command again.');
        const [message] = next.value as [CsvWorkerMessage];
        // Checked here, not in the worker: a SheetError thrown there would reach this thread as a bare Error.
        if (opened !== undefined) assertFileUnchanged({ path, fd }, opened);
        if ('done' in message) return;
        worker.postMessage('taken' satisfies CsvReaderMessage);
        yield* message.records;
      }
    } finally {
      await worker.terminate();
      await messages.return?.();
    }
  })();
}

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./csv-records-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);

// Node 20 cannot start a worker from a TypeScript module: run from the sources (tests), tsx imports it.
function startWorker(data: CsvWorkerData): Worker {
  if (!FROM_SOURCES) return new Worker(WORKER_URL, { workerData: data });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const code = `import(${tsx}).then(({ tsImport }) => tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { eval: true, workerData: data });
}
