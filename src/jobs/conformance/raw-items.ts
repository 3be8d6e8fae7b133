import type { UnreadableItem } from '../../api/schemas/read-each.js';

/** Every item of a page as the service sent it, those the client reads and those it set aside. */
export function rawItems(read: readonly unknown[], unreadable: readonly UnreadableItem[]): unknown[] {
  return [...read, ...unreadable.map((item) => item.raw)];
}

/** A field of an item as sent, whatever the item is. */
export function fieldOf(item: unknown, field: string): unknown {
  return typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[field] : undefined;
}

export function idsOf(items: readonly unknown[]): string[] {
  return items.map((item) => String(fieldOf(item, 'id')));
}
