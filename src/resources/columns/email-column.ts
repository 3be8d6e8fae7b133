import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { splitOtherwise } from './list-column.js';

const MAILTO = /^mailto:/i;

/**
 * One email address, trimmed. A cell of several (`a@x.fr; b@x.fr`), or a `mailto:` link as a
 * spreadsheet's hyperlink gives it, is refused with what to write: the field holds one address.
 */
export function emailColumn(spec: FactorySpec<string | null>): Column<string | null> {
  return defineColumn<string | null>({
    grammar: 'one email address',
    ...spec,
    parse: (cell) => {
      const text = String(cell).trim();
      if (MAILTO.test(text)) return { error: `must be an email address (did you mean ${text.replace(MAILTO, '')}?)` };
      const several = splitOtherwise(text);
      return several !== undefined && several.every((part) => spec.schema.safeParse(part).success) ? { error: 'must be one email address, not several' } : { value: text };
    },
    format: (value) => value ?? '',
  });
}
