import type { MessagePort } from 'node:worker_threads';
import { BATCH_RECORDS, BATCHES_AHEAD, type CsvWorkerMessage } from './csv-worker-protocol.js';
import type { CsvRecord } from './parse-csv-records.js';

/**
 * Sends the parser's batches of records joined into batches of at least BATCH_RECORDS, at most
 * BATCHES_AHEAD untaken, then the end; every message from the reader is a batch taken.
 */
export async function sendCsvRecords(port: MessagePort, parsed: AsyncIterable<CsvRecord[]> | Iterable<CsvRecord[]>): Promise<void> {
  let credits = BATCHES_AHEAD;
  let wake = (): void => undefined;
  const take = (): void => {
    credits += 1;
    wake();
  };
  port.on('message', take);
  const send = async (batch: CsvRecord[]): Promise<void> => {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    port.postMessage({ records: batch } satisfies CsvWorkerMessage);
  };
  try {
    let batch: CsvRecord[] = [];
    for await (const records of parsed) {
      batch = batch.length === 0 ? records : batch.concat(records);
      if (batch.length < BATCH_RECORDS) continue;
      await send(batch);
      batch = [];
    }
    if (batch.length > 0) await send(batch);
    port.postMessage({ done: true } satisfies CsvWorkerMessage);
  } finally {
    port.off('message', take);
  }
}
