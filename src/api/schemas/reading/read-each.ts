import { z } from 'zod';
import { readField } from '../../checks/read-field.js';
import { describeUnreadable, REPORT_INPUT } from './describe-issues.js';

/** An item of a list that does not fit what the client reads: reported, and the rest of the list goes on. */
export interface UnreadableItem {
  /** The item's `id` (or the key its list names it by), when it has one. */
  id: string | undefined;
  /** `contacts.0.phone_numbers is null (expected a list)`; several joined by `; `. */
  problem: string;
  /** The item as the service sent it: a job may still find it by a field that reads (a store code). */
  raw: unknown;
}

export interface ReadItems<T> {
  items: T[];
  unreadable: UnreadableItem[];
}

/** Each item read on its own: one that does not fit `schema` is set aside, named by its id (`idKey`: an attribute's is `geo_id`). */
export function readEach<T>(items: readonly unknown[], schema: z.ZodType<T>, idKey = 'id'): ReadItems<T> {
  const read: ReadItems<T> = { items: [], unreadable: [] };
  for (const item of items) {
    const parsed = schema.safeParse(item, REPORT_INPUT);
    if (parsed.success) read.items.push(parsed.data);
    else read.unreadable.push({ id: readId(item, idKey), problem: describeUnreadable(parsed.error.issues), raw: item });
  }
  return read;
}

/** A list in an answer whose items are read one by one (see readEach): the list itself must still be a list. */
export function eachItem<T>(schema: z.ZodType<T>, idKey?: string) {
  return z.array(z.unknown()).transform((items) => readEach(items, schema, idKey));
}

/** Every item of a list as the service sent it, those the client reads and those it set aside: checks of answers read them all. */
export function rawItems(read: readonly unknown[], unreadable: readonly UnreadableItem[]): unknown[] {
  return [...read, ...unreadable.map((item) => item.raw)];
}

const IdSchema = z.union([z.string(), z.number()]);

function readId(item: unknown, idKey: string): string | undefined {
  const parsed = IdSchema.safeParse(readField(item, idKey));
  return parsed.success ? String(parsed.data) : undefined;
}
