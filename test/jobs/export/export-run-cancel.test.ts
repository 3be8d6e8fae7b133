import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/api-client.js';
import { ExportRun, type PageSource } from '../../../src/jobs/export/run/export-run.js';
import { makeTempDir } from '../../sheets/make-temp-dir.js';

const logger = pino({ level: 'silent' });

/** A list of `maxPage` pages that answer only once released; a page whose signal aborts first rejects, as a cancelled request does. */
function cancellableList(maxPage: number) {
  let asked = 0;
  const releases = new Map<number, () => void>();
  const cancelled: number[] = [];
  const waiters: { count: number; reached: () => void }[] = [];
  const source: PageSource<number> = {
    name: 'GET /held',
    fetch: (page, _perPage, signal) => {
      asked++;
      for (const waiter of waiters) if (asked >= waiter.count) waiter.reached();
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          cancelled.push(page);
          reject(new Error(`page ${page} cancelled`));
        };
        releases.set(page, () => {
          signal.removeEventListener('abort', onAbort);
          resolve({ items: [page], maxPage });
        });
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
  /** Resolves once `count` pages have been asked for (the saved-pages folder is checked first, on disk). */
  const askedFor = (count: number) =>
    new Promise<void>((reached) => {
      if (asked >= count) reached();
      else waiters.push({ count, reached });
    });
  const answer = (page: number) => { releases.get(page)?.(); };
  return { source, askedFor, answer, cancelled: () => [...cancelled].sort((a, b) => a - b) };
}

async function openRun(): Promise<ExportRun> {
  // No request leaves: the pages come from the held list.
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9/v2', apiKey: 'unused' });
  return ExportRun.open(client, 'held', { out: join(await makeTempDir(), 'held.csv'), filters: {} }, logger);
}

describe('pages asked ahead and no longer wanted', () => {
  it('cancels the guessed pages past the last one as soon as page 1 tells how many there are', async () => {
    const run = await openRun();
    const list = cancellableList(1);
    const pages = run.readPages(list.source, { guess: 2 });
    const first = pages.next();
    await list.askedFor(3);
    list.answer(1);
    expect(await first).toMatchObject({ value: { page: 1, items: [1] } });
    expect(list.cancelled()).toEqual([2, 3]);
    expect(await pages.next()).toMatchObject({ done: true });
    expect(await run.finish('held')).toMatchObject({ failures: 0, pages: { fetched: 1 } });
  });

  it('cancels every page asked ahead when the writer stops reading', async () => {
    const run = await openRun();
    const list = cancellableList(6);
    const pages = run.readPages(list.source, { window: 3 });
    const first = pages.next();
    await list.askedFor(1);
    list.answer(1);
    await first;
    await list.askedFor(4);
    expect(list.cancelled()).toEqual([]);
    // The writer failed (a full disk): it leaves the loop.
    await pages.return(undefined);
    expect(list.cancelled()).toEqual([2, 3, 4]);
  });
});
