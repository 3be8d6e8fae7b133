import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors/api-error.js';
import { IgnoredRequestError } from '../../../src/api/errors/ignored-request-error.js';
import type { ListingAnswer, ListingFinding, ListingSource } from '../../../src/jobs/listing/listing-source.js';
import { readListing, type ListingOptions } from '../../../src/jobs/listing/read-listing.js';

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** The items 1 to `total`, 10 a page unless the service caps it at `cap`; `edit` changes an answer as a faulty service would. */
function listOf(total: number, { cap, edit }: { cap?: number; edit?: (answer: ListingAnswer<number>) => ListingAnswer<number> } = {}) {
  const asked: { page: number; perPage: number | undefined }[] = [];
  const source: ListingSource<number> = {
    name: 'GET /things',
    perPage: 10,
    idOf: (item) => String(item),
    fetch: (page, perPage = 10) => {
      asked.push({ page, perPage });
      const size = Math.min(perPage, cap ?? perPage);
      const answer = { items: numbers(1, total).slice((page - 1) * size, page * size), page, maxPage: Math.ceil(total / size), count: total };
      return Promise.resolve(edit === undefined ? answer : edit(answer));
    },
  };
  return { source, asked };
}

async function readAll(source: ListingSource<number>, options: ListingOptions = {}) {
  const findings: ListingFinding[] = [];
  const items: number[] = [];
  for await (const page of readListing(source, { ...options, onFinding: (finding) => findings.push(finding) })) items.push(...page.items);
  return { items, findings };
}

describe('readListing', () => {
  it('throws IgnoredRequestError when the answer is not the page asked', async () => {
    const list = listOf(30, { edit: (answer) => ({ ...answer, page: 1 }) });
    const read = readAll(list.source);
    await expect(read).rejects.toBeInstanceOf(IgnoredRequestError);
    await expect(read).rejects.toMatchObject({ check: 'page-echo', page: 2, answered: 1 });
    await expect(read).rejects.toThrow(/^Could not GET \/things: page 2 was asked, and the service answered page 1\. /);
  });

  it('asks again with the page size the service caps, and reads every item', async () => {
    const list = listOf(25, { cap: 4 });
    const { items, findings } = await readAll(list.source);
    expect(items).toEqual(numbers(1, 25));
    expect(findings).toEqual([{ check: 'page-cap', perPage: 4 }]);
    expect(list.asked).toEqual([{ page: 1, perPage: 10 }, ...numbers(1, 7).map((page) => ({ page, perPage: 4 }))]);
  });

  it('drops an item listed again, with a finding naming it', async () => {
    const list = listOf(30, { edit: (answer) => (answer.page === 2 ? { ...answer, items: [1, ...answer.items.slice(1)] } : answer) });
    const { items, findings } = await readAll(list.source);
    expect(items).toEqual([...numbers(1, 10), ...numbers(12, 30)]);
    expect(findings).toEqual([{ check: 'duplicates', page: 2, ids: ['1'] }]);
  });

  it('tells a list that changed in what its pages say: no count where page 1 had none', async () => {
    const list = listOf(30, { edit: (answer) => (answer.page === 1 ? { ...answer, count: undefined } : { ...answer, maxPage: 4 }) });
    const { findings } = await readAll(list.source);
    expect(findings).toEqual([{ check: 'page-counts', page: 2, change: 'max_page 3 then 4' }]);
  });

  it('throws when a page holds the items of an earlier one', async () => {
    const list = listOf(30, { edit: (answer) => (answer.page === 3 ? { ...answer, items: numbers(11, 20).reverse() } : answer) });
    const read = readAll(list.source);
    await expect(read).rejects.toBeInstanceOf(IgnoredRequestError);
    await expect(read).rejects.toMatchObject({ check: 'repeated-page', page: 3, answered: 2 });
    await expect(read).rejects.toThrow('Could not GET /things: page 3 holds the same items as page 2: the service ignored the page number.');
  });

  it('leaves out a failed page when told what to do with it, and otherwise ends with its failure', async () => {
    const failure = new ApiError({ kind: 'server-error', method: 'GET', path: '/things', status: 500 });
    const failing = (): ListingSource<number> => {
      const { source } = listOf(30);
      return { ...source, fetch: (page, perPage, signal) => (page === 2 ? Promise.reject(failure) : source.fetch(page, perPage, signal)) };
    };
    const skipped: number[] = [];
    const { items } = await readAll(failing(), { skipFailedPage: (page) => skipped.push(page) });
    expect(items).toEqual([...numbers(1, 10), ...numbers(21, 30)]);
    expect(skipped).toEqual([2]);
    await expect(readAll(failing())).rejects.toBe(failure);
  });
});
