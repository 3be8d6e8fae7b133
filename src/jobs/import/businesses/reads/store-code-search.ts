import type { Logger } from 'pino';
import { PER_PAGE_MAX } from '../../../../api/facts/service-facts.js';

/** One search by `code=`: the asked codes whose businesses came back, readable or not. */
export type SearchCodes = (codes: string[]) => Promise<ReadonlySet<string>>;

type CodeLists = 'unknown' | 'honoured' | 'not-honoured';

/** `code=` takes a comma-separated list, with no way to escape a comma: a code holding one would be searched as several codes. */
export function isSearchableCode(code: string): boolean {
  return !code.includes(',');
}

/**
 * How store codes are searched for a whole run, every batch and organization alike. The public
 * facts say `code=` takes a comma-separated list; the service's 2021 description takes one code,
 * and a service that reads `A,B` as one code finds nothing. So a list is trusted once an answer
 * proves it (businesses of two asked codes); until then each asked code that did not come back is
 * searched alone, and one found alone means lists are not honoured: one code per request from then on.
 */
export class StoreCodeSearch {
  private lists: CodeLists = 'unknown';
  /** Rows searched so far, and those by store code: what a row costs to read once codes go one per request. */
  private rows = 0;
  private codeRows = 0;

  constructor(private readonly logger: Logger) {}

  /** Searches `codes`, the store codes of a batch of `rows` rows (the others are addressed by id); `searchCodes` keeps what comes back. */
  async search(rows: number, codes: readonly string[], searchCodes: SearchCodes): Promise<void> {
    this.rows += rows;
    this.codeRows += codes.length;
    for (let start = 0; start < codes.length; start += PER_PAGE_MAX) await this.searchChunk(codes.slice(start, start + PER_PAGE_MAX), searchCodes);
  }

  /** Reads each row still to come costs, once codes are searched one per request (an id still shares a request with 99 others); else undefined. */
  readsPerRowLeft(): number | undefined {
    if (this.lists !== 'not-honoured' || this.rows === 0) return undefined;
    return (this.codeRows + (this.rows - this.codeRows) / PER_PAGE_MAX) / this.rows;
  }

  private async searchChunk(codes: string[], searchCodes: SearchCodes): Promise<void> {
    if (this.lists === 'not-honoured') {
      for (const code of codes) await searchCodes([code]);
      return;
    }
    const found = await searchCodes(codes);
    // Proven lists: a code one missed has no business. One code: it was searched alone, and proves nothing of lists.
    if (this.lists === 'honoured' || codes.length < 2) return;
    if (found.size >= 2) {
      this.lists = 'honoured';
      return;
    }
    let foundAlone = false;
    for (const code of codes) {
      if (!found.has(code) && (await searchCodes([code])).size > 0) foundAlone = true;
    }
    if (foundAlone) this.fallBack();
  }

  private fallBack(): void {
    this.lists = 'not-honoured';
    this.logger.warn(
      'the service reads code= as one store code (its 2021 description takes one; the public facts say a list is accepted): store codes are now searched one per request, a request per row instead of one per 100 rows',
    );
  }
}
