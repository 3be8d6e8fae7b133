import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';
import { splitOtherwise } from './list-column.js';

const MAILTO = /^mailto:/i;
/** A name and the address in angle brackets, as a mail program copies a contact (`Jean Martin <jean@x.fr>`). */
const NAMED_ADDRESS = /^[^<>]*<([^<>]+)>$/;
/** An address in quotes, straight or as autocorrect curls them (`“jean@x.fr”`). */
const QUOTED = /^["'“”‘’«»„]\s*([^"'“”‘’«»„\s]+)\s*["'“”‘’«»„]$/;

/**
 * One email address, trimmed. A cell of several (`a@x.fr; b@x.fr`), a `mailto:` link as a
 * spreadsheet's hyperlink gives it, a named address, or one in quotes, is refused with what to write: the field
 * holds one address.
 */
export function emailColumn(spec: FactorySpec<string | null>): Column<string | null> {
  return defineColumn<string | null>({
    grammar: 'one email address',
    singleLine: 'link',
    ...spec,
    parse: (cell) => {
      const text = String(cell).trim();
      if (MAILTO.test(text)) return { error: `must be an email address (did you mean ${text.replace(MAILTO, '')}?)` };
      const quoted = QUOTED.exec(text)?.[1];
      if (quoted !== undefined && spec.schema.safeParse(quoted).success) return { error: `must be an email address without quotes (did you mean ${quoted}?)` };
      const named = NAMED_ADDRESS.exec(text)?.[1]?.trim();
      if (named !== undefined && spec.schema.safeParse(named).success) return { error: `must be an email address alone, without a name (did you mean ${named}?)` };
      const several = splitOtherwise(text);
      return several !== undefined && several.length > 1 && several.every((part) => spec.schema.safeParse(part).success) ? { error: 'must be one email address, not several' } : { value: text };
    },
    format: (value) => value ?? '',
  });
}
