import type { Column } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

/** A web address written without its scheme, as CRMs and people write them: `www.example.com/page`, `example.fr`. */
const WITHOUT_SCHEME = /^(?:www\.)?[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}(?:[/?#:]\S*)?$/u;

/**
 * An http(s) URL, spaces around it trimmed. One written without its scheme is refused with the
 * URL it stands for (`did you mean https://www.example.com?`): whether the site answers in https
 * is not the import's to guess.
 */
export function urlColumn(spec: FactorySpec<string | null>): Column<string | null> {
  return defineColumn<string | null>({
    grammar: 'an http(s) URL',
    ...spec,
    parse: (cell) => {
      const text = String(cell).trim();
      return WITHOUT_SCHEME.test(text) ? { error: `must be an http(s) URL (did you mean https://${text}?)` } : { value: text };
    },
    format: (value) => value ?? '',
  });
}
