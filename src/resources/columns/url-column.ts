import type { Column, Parsed } from '../column.js';
import { defineColumn, type FactorySpec } from '../define-column.js';

/** A web address written without its scheme, as CRMs and people write them: `www.example.com/page`, `example.fr`. */
const WITHOUT_SCHEME = /^(?:www\.)?[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}(?:[/?#:]\S*)?$/u;

/** A second address after the first, past a space, a comma or a semicolon (a URL's own query may hold one, right after `=`). */
const SEVERAL = /[\s,;]\s*(?:https?:\/\/|www\.)/i;

/**
 * A URL as typed, trimmed; refused, with what to write, when it has no scheme or holds several.
 * Whether the site answers in https is not the import's to guess.
 */
export function readUrl(cell: string): Parsed<string> {
  const text = cell.trim();
  if (WITHOUT_SCHEME.test(text)) return { error: `must be an http(s) URL (did you mean https://${text}?)` };
  return SEVERAL.test(text) ? { error: 'must be one http(s) URL, not several' } : { value: text };
}

/**
 * An http(s) URL, read by readUrl: one without its scheme is refused with the URL it stands for
 * (`did you mean https://www.example.com?`). A field of format URI (the published description's
 * `website_url` and social URLs) refuses a space too, which no URI holds, with it encoded.
 */
export function urlColumn(spec: FactorySpec<string | null> & { uri?: boolean }): Column<string | null> {
  const { uri = false, ...rest } = spec;
  return defineColumn<string | null>({
    grammar: 'an http(s) URL',
    ...rest,
    parse: (cell) => {
      const read = readUrl(String(cell));
      return uri && 'value' in read && /^https?:\/\/\S+\s/i.test(read.value)
        ? { error: `must be an http(s) URL without spaces (did you mean ${read.value.replace(/\s/g, encodeURIComponent)}?)` }
        : read;
    },
    format: (value) => value ?? '',
  });
}
