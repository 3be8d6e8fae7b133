import type { UnreadableItem } from '../../api/schemas/reading/read-each.js';

/** Every item of a page as the service sent it, those the client reads and those it set aside. */
export function rawItems(read: readonly unknown[], unreadable: readonly UnreadableItem[]): unknown[] {
  return [...read, ...unreadable.map((item) => item.raw)];
}
