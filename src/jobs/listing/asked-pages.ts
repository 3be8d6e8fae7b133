import type { ListingAnswer, ListingSource } from './listing-source.js';

/** A page's answer or its failure: it never rejects, so that a page asked ahead and then dropped cannot fail the process unseen. */
export type SettledPage<Answer> = { answer: Answer } | { error: unknown };

/** The pages of a listing asked and not yet answered, each cancelled once no longer wanted: no request outlives the listing. */
export class AskedPages<Item, Answer extends ListingAnswer<Item>> {
  private readonly asked = new Map<number, { settled: Promise<SettledPage<Answer>>; controller: AbortController }>();

  constructor(
    private readonly source: ListingSource<Item, Answer>,
    /** The page size pages are asked with from now on. */
    public perPage: number | undefined,
  ) {}

  ask(page: number): Promise<SettledPage<Answer>> {
    const asked = this.asked.get(page);
    if (asked !== undefined) return asked.settled;
    const controller = new AbortController();
    const settled = this.source.fetch(page, this.perPage, controller.signal).then((answer) => ({ answer }), (error: unknown) => ({ error }));
    this.asked.set(page, { settled, controller });
    return settled;
  }

  async take(page: number): Promise<SettledPage<Answer>> {
    const settled = await this.ask(page);
    this.asked.delete(page);
    return settled;
  }

  cancel(unwanted: (page: number) => boolean = () => true): void {
    for (const [page, { controller }] of this.asked) {
      if (!unwanted(page)) continue;
      controller.abort();
      this.asked.delete(page);
    }
  }
}
