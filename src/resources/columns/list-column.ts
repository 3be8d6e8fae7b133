import type { CellContext } from '../cells/cell-context.js';
import type { Column, Parsed } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

export const LIST_SEPARATOR = '|';

export interface ListItems<I> {
  parseItem: (text: string, context: CellContext) => Parsed<I>;
  formatItem: (item: I, context: CellContext) => string;
}

export const TEXT_ITEMS: ListItems<string> = { parseItem: (text) => ({ value: text }), formatItem: (item) => item };

/** How lists are separated elsewhere (`gcid:bakery, gcid:cafe`, `a; b`, `a / b`): never read as items, only offered. */
const OTHER_SEPARATORS = /\s*[,;]\s*|\s+\/\s+/;

/**
 * The parts of a text separated the way other lists are, when it has no `|` and two parts or more;
 * or the items of a JSON list of texts and numbers (`["gcid:bakery","gcid:cafe"]`, as a script
 * writes a list), however many.
 */
export function splitOtherwise(text: string): string[] | undefined {
  const listed = readJsonList(text);
  if (listed !== undefined) return listed;
  if (text.includes(LIST_SEPARATOR) || !OTHER_SEPARATORS.test(text)) return undefined;
  const parts = text.split(OTHER_SEPARATORS).map((part) => part.trim()).filter((part) => part !== '');
  return parts.length > 1 ? parts : undefined;
}

function readJsonList(text: string): string[] | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('[') || !trimmed.endsWith(']')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
  const items = parsed.map((item) => (typeof item === 'string' ? item.trim() : typeof item === 'number' ? String(item) : undefined));
  return items.every((item): item is string => item !== undefined && item !== '' && !item.includes(LIST_SEPARATOR)) ? items : undefined;
}

/** The refusal of items separated otherwise, with the cell they make. */
export const separateOtherwise = (parts: readonly string[]): string => `must be values separated by ${LIST_SEPARATOR} (did you mean ${parts.join(LIST_SEPARATOR)}?)`;

/**
 * Items separated by `|`, each trimmed; empty items (a trailing `|`) are dropped. A cell of one
 * item that does not read, but whose parts separated another way would, is refused with them.
 */
export function listColumn<I>(spec: FactorySpec<I[] | null> & ListItems<I>): Column<I[] | null> {
  const { parseItem, formatItem, ...rest } = spec;
  const readItems = (texts: readonly string[], context: CellContext): Parsed<I[]> => {
    const items: I[] = [];
    for (const text of texts) {
      const item = parseItem(text, context);
      if ('error' in item) return { error: item.error, got: item.got ?? text };
      items.push(item.value);
    }
    return { value: items };
  };
  return defineColumn<I[] | null>({
    grammar: `values separated by ${LIST_SEPARATOR}`,
    singleLine: 'items',
    ...rest,
    parse(cell, context) {
      const text = String(cell);
      const read = readItems(splitList(text), context);
      const parts = splitOtherwise(text);
      if (parts === undefined || ('value' in read && spec.schema.safeParse(read.value).success)) return read;
      const meant = readItems(parts, context);
      return 'value' in meant && spec.schema.safeParse(meant.value).success ? { error: separateOtherwise(parts) } : read;
    },
    format: (value, context) => (value ?? []).map((item) => formatItem(item, context)).join(LIST_SEPARATOR),
  });
}

export function splitList(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
