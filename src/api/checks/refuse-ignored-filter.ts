import { IgnoredRequestError } from '../errors/ignored-request-error.js';
import { toRawValue } from '../schemas/reading/odd-value.js';
import { rawItems, type UnreadableItem } from '../schemas/reading/read-each.js';

/**
 * Stops a search whose answer holds an item outside the filter asked, one that did not read
 * included: an item of another organization or status is wrong however it reads.
 */
export function refuseIgnoredFilter(path: string, read: readonly unknown[], unreadable: readonly UnreadableItem[], findIgnored: (item: unknown) => string | undefined): void {
  for (const item of rawItems(read, unreadable)) {
    // A value that did not read is matched, and named, as the service sent it.
    const ignored = findIgnored(toRawValue(item));
    if (ignored !== undefined) throw new IgnoredRequestError({ method: 'GET', path }, `the service ignored the filter ${ignored}`);
  }
}
