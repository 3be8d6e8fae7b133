/** What `say` answers to drop an object's key; in a list the item keeps its place, as it was. */
export const LEFT_OUT = Symbol('left out');

/** The values a service may say another way: an empty text, a null, an empty list. */
export type EmptyValue = '' | null | [];
type Path = readonly (string | number)[];
type Say = (empty: EmptyValue, path: Path) => unknown;

/**
 * A copy of `record` where each empty value, at every depth, is what `say` answers for it
 * given where it is: the quirks that change how a business says "nothing" share this walk.
 */
export function sayEmpty(record: object, say: Say, path: Path = []): Record<string, unknown> {
  const entries = Object.entries(record).map(([key, value]): [string, unknown] => [key, sayEmptyIn(value, say, [...path, key])]);
  return Object.fromEntries(entries.filter(([, value]) => value !== LEFT_OUT));
}

function sayEmptyIn(value: unknown, say: Say, path: Path): unknown {
  if (isEmpty(value)) return say(value, path);
  if (Array.isArray(value)) {
    return value.map((item: unknown, index) => {
      const said = sayEmptyIn(item, say, [...path, index]);
      return said === LEFT_OUT ? item : said;
    });
  }
  return typeof value === 'object' ? sayEmpty(value, say, path) : value;
}

function isEmpty(value: unknown): value is EmptyValue {
  return value === '' || value === null || (Array.isArray(value) && value.length === 0);
}
