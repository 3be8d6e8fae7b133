import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { ApiError } from '../../../src/api/errors/api-error.js';
import { ExportRun, type FetchedPage, type PageSource } from '../../../src/jobs/export/run/export-run.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

/** A list whose pages answer only once the test releases them, and which records the order pages were asked in. */
function heldList(maxPage: number) {
  const asked: number[] = [];
  const released = new Map<number, FetchedPage<number> | Error>();
  const waiting = new Map<number, () => void>();
  const counts: { count: number; reached: () => void }[] = [];
  const source: PageSource<number> = {
    name: 'GET /held',
    fetch: async (page) => {
      asked.push(page);
      for (const { count, reached } of counts) if (asked.length >= count) reached();
      if (!released.has(page)) await new Promise<void>((resolve) => waiting.set(page, resolve));
      const answer = released.get(page);
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new Error(`page ${page} released without an answer`);
      return answer;
    },
  };
  const release = (page: number, answer: FetchedPage<number> | Error) => {
    released.set(page, answer);
    waiting.get(page)?.();
  };
  const answer = (page: number) => { release(page, { items: [page * 10], maxPage }); };
  const fail = (page: number) => { release(page, new ApiError({ kind: 'not-found', method: 'GET', path: '/held', status: 404 })); };
  /** Resolves once `count` pages have been asked for, however long the saved-pages folder, checked first on disk, takes under load. */
  const askedFor = (count: number) =>
    new Promise<void>((reached) => {
      if (asked.length >= count) reached();
      else counts.push({ count, reached });
    });
  return { source, asked, answer, fail, askedFor };
}

/** The pages asked, in page order: pages asked together reach the list in the order their saved copies are found missing on disk. */
const askedPages = (asked: readonly number[]) => [...asked].sort((a, b) => a - b);

async function openRun(out?: string): Promise<ExportRun> {
  // No request leaves: the pages come from the held list.
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/v2', apiKey: 'unused' });
  return ExportRun.open(client, 'held', { out: out ?? join(await makeTempDir(), 'held.csv'), filters: {} }, logger);
}

describe('pages read ahead of the one being written', () => {
  it('asks for the guessed pages with page 1, before it answers', async () => {
    const run = await openRun();
    const list = heldList(5);
    const pages = run.readPages(list.source, { window: 2, guess: 2 });
    const first = pages.next();
    await list.askedFor(3);
    expect(askedPages(list.asked)).toEqual([1, 2, 3]);
    list.answer(1);
    expect(await first).toMatchObject({ value: { page: 1, items: [10] } });
    for (const page of [2, 3, 4, 5]) list.answer(page);
    const rest = [];
    for await (const loaded of pages) rest.push(loaded.page);
    expect(rest).toEqual([2, 3, 4, 5]);
    expect(askedPages(list.asked)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has the next window of pages requested before page 1 is handed over', async () => {
    const run = await openRun();
    const list = heldList(10);
    const pages = run.readPages(list.source, { window: 4 });
    const first = pages.next();
    await list.askedFor(1);
    list.answer(1);
    await first;
    await list.askedFor(5);
    expect(askedPages(list.asked)).toEqual([1, 2, 3, 4, 5]);
  });

  it('drops a guessed page past the last one, even a failed one, and records nothing for it', async () => {
    const run = await openRun();
    const list = heldList(1);
    const pages = run.readPages(list.source, { guess: 2 });
    const first = pages.next();
    await list.askedFor(3);
    list.answer(1);
    list.fail(2);
    list.answer(3);
    expect(await first).toMatchObject({ value: { page: 1 } });
    expect(await pages.next()).toMatchObject({ done: true });
    const summary = await run.finish('held');
    expect(summary).toMatchObject({ failures: 0, pages: { fetched: 1 } });
  });

  it('drops a guessed page whose saved copy cannot be read, without an unhandled rejection', async () => {
    const out = join(await makeTempDir(), 'held.csv');
    const run = await openRun(out);
    // An earlier run's page 2 of this list, cut short: reading it fails.
    const key = createHash('sha256').update('GET /held').digest('hex').slice(0, 16);
    await writeFile(join(`${out}.parts`, `${key}-2.json`), '{"items": [');
    const list = heldList(1);
    const pages = run.readPages(list.source, { guess: 1 });
    const first = pages.next();
    await list.askedFor(1);
    list.answer(1);
    expect(await first).toMatchObject({ value: { page: 1 } });
    expect(await pages.next()).toMatchObject({ done: true });
    expect(await run.finish('held')).toMatchObject({ failures: 0 });
  });
});
