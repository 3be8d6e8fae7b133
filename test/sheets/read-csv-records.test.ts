import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, readdir, readlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageChannel } from 'node:worker_threads';
import { BATCH_RECORDS, BATCHES_AHEAD } from '../../src/sheets/csv/csv-worker-protocol.js';
import type { CsvReaderMessage, CsvText, CsvWorkerData, CsvWorkerMessage } from '../../src/sheets/csv/csv-worker-protocol.js';
import { parseCsvRecords, type CsvRecord } from '../../src/sheets/csv/parse-csv-records.js';
import { readInWorker } from '../../src/sheets/csv/read-csv-records.js';
import { readUtf8Bytes } from '../../src/sheets/text/read-utf8-bytes.js';
import { openSheetReader, SheetError } from '../../src/sheets/index.js';
import { sendCsvRecords } from '../../src/sheets/csv/send-csv-records.js';
import { SourceFile } from '../../src/sheets/file/source-file.js';
import { makeTempDir } from './make-temp-dir.js';

// More records than the worker may send ahead, with every kind of record: quoted line breaks, CRLF, unicode, malformed lines.
const RECORDS = 3 * BATCHES_AHEAD * BATCH_RECORDS;

function sheetText(): string {
  const lines = ['code,name,note'];
  for (let index = 0; index < RECORDS; index++) {
    if (index % 500 === 7) lines.push(`S${index},"never closed,x`);
    else if (index % 3 === 0) lines.push(`S${index},"Crêperie ""${index}""\r\nn°${index}",😀`);
    else lines.push(`S${index},Boulangerie ${index},`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function collect(records: AsyncIterable<CsvRecord>): Promise<CsvRecord[]> {
  const all: CsvRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

async function countOpenFiles(path: string): Promise<number> {
  const targets = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target === path).length;
}

const opened: SourceFile[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((file) => file.close()));
});

async function writeSheetFile(copies = 1): Promise<string> {
  const path = join(await makeTempDir(), 'worker.csv');
  await writeFile(path, `\uFEFF${sheetText().repeat(copies)}`);
  return path;
}

const UTF8_COMMAS: CsvText = { encoding: 'utf-8', delimiter: ',' };

async function writeSheet(copies = 1): Promise<CsvWorkerData> {
  const file = await SourceFile.open(await writeSheetFile(copies));
  opened.push(file);
  return { path: file.path, fd: file.fd };
}

describe('parsing CSV in a worker thread', () => {
  it('gives the records that parsing on the main thread gives, in order', async () => {
    const data = await writeSheet();
    const inWorker = await collect(readInWorker(data, UTF8_COMMAS));
    expect(inWorker).toEqual(await collect(parseCsvRecords(readUtf8Bytes({ ...data, ...UTF8_COMMAS }), UTF8_COMMAS.delimiter)));
    expect(inWorker.length).toBeGreaterThan(RECORDS);
    expect(inWorker.filter((record) => 'problem' in record)).toHaveLength(Math.ceil((RECORDS - 7) / 500));
  });

  it('starts before the scan has said how to read the file, and reads it once told', async () => {
    const data = await writeSheet();
    let tell: (text: CsvText) => void = () => undefined;
    const records = collect(readInWorker(data, new Promise<CsvText>((resolve) => (tell = resolve))));
    tell(UTF8_COMMAS);
    // The header and every record, the malformed ones as problems.
    expect(await records).toHaveLength(RECORDS + 1);
  });

  it('gives its reader the failure of the scan', async () => {
    const data = await writeSheet();
    const failure = new SheetError('read worker.csv', 'it looks binary', 'Export it as CSV.');
    const scan = Promise.reject(failure);
    const records = readInWorker(data, scan);
    await expect(scan).rejects.toBe(failure);
    await expect(records.next()).rejects.toBe(failure);
  });

  it('stops with a SheetError once the file is written to while it is read', async () => {
    const file = await SourceFile.open(await writeSheetFile());
    opened.push(file);
    const records = readInWorker({ path: file.path, fd: file.fd, opened: file.opened }, UTF8_COMMAS);
    await records.next();
    await appendFile(file.path, 'S-late,Boulangerie\r\n');
    const read = collect(records);
    await expect(read).rejects.toBeInstanceOf(SheetError);
    await expect(read).rejects.toThrow('the file changed since it was opened');
  });

  it.runIf(existsSync('/proc/self/fd'))('closes the file when reading stops early', async () => {
    // Far more than the worker reads ahead, and large enough to be read in a worker.
    const path = await writeSheetFile(40);
    const reader = await openSheetReader(path);
    for await (const item of reader) {
      expect(item).toMatchObject({ kind: 'row', line: 2 });
      break;
    }
    await reader.close();
    expect(await countOpenFiles(path)).toBe(0);
  });

  it('does not keep a process alive when a reader is dropped without being closed', { timeout: 30_000 }, async () => {
    const path = await writeSheetFile(40);
    const url = (name: string) => JSON.stringify(new URL(`../../src/sheets/${name}.js`, import.meta.url).href);
    const script = [
      `import { readInWorker } from ${url('csv/read-csv-records')}; import { SourceFile } from ${url('file/source-file')};`,
      `const { fd } = await SourceFile.open(${JSON.stringify(path)});`,
      `await readInWorker({ path: ${JSON.stringify(path)}, fd }, { encoding: 'utf-8', delimiter: ',' }).next(); console.log('read');`,
    ].join(' ');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { timeout: 20_000 });
    await expect(run).resolves.toMatchObject({ stdout: 'read\n' });
  });
});

describe('sending records from the worker', () => {
  it('sends at most a few batches ahead of the reader', async () => {
    const { port1, port2 } = new MessageChannel();
    const received: CsvWorkerMessage[] = [];
    port2.on('message', (message: CsvWorkerMessage) => received.push(message));
    const total = (BATCHES_AHEAD + 1) * BATCH_RECORDS;
    const sent = sendCsvRecords(port1, generateRecords(total).map((record) => [record]));
    // Records come from memory: given a few turns of the event loop, an unbounded sender would send them all.
    for (let turn = 0; turn < 20; turn++) await new Promise(setImmediate);
    expect(received).toHaveLength(BATCHES_AHEAD);
    port2.postMessage('taken' satisfies CsvReaderMessage);
    await sent;
    await expect.poll(() => received.length).toBe(BATCHES_AHEAD + 2);
    expect(received.at(-1)).toEqual({ done: true });
    expect(received.flatMap((message) => ('records' in message ? message.records : []))).toHaveLength(total);
    port1.close();
  });
});

function generateRecords(count: number): CsvRecord[] {
  return Array.from({ length: count }, (_, index) => ({ line: index + 1, cells: [`S${index}`] }));
}
