import type { CellContext } from '../cells/cell-context.js';
import type { Column, Parsed } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

export const LIST_SEPARATOR = '|';

export interface ListItems<I> {
  parseItem: (text: string, context: CellContext) => Parsed<I>;
  formatItem: (item: I, context: CellContext) => string;
}

export const TEXT_ITEMS: ListItems<string> = { parseItem: (text) => ({ value: text }), formatItem: (item) => item };

/** Items separated by `|`, each trimmed; empty items (a trailing `|`) are dropped. */
export function listColumn<I>(spec: FactorySpec<I[] | null> & ListItems<I>): Column<I[] | null> {
  const { parseItem, formatItem, ...rest } = spec;
  return defineColumn<I[] | null>({
    grammar: `values separated by ${LIST_SEPARATOR}`,
    ...rest,
    parse(cell, context) {
      const items: I[] = [];
      for (const text of splitList(String(cell))) {
        const item = parseItem(text, context);
        if ('error' in item) return { error: item.error, got: item.got ?? text };
        items.push(item.value);
      }
      return { value: items };
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
