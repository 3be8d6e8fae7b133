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

/** What no URI holds (RFC 3986), though an address bar shows it so: a space, a character beyond ASCII (`/été`, `mairie-évry.fr`). */
const NOT_IN_URI = /[^\x21-\x7e]/u;

/**
 * An http(s) URL, read by readUrl: one without its scheme is refused with the URL it stands for
 * (`did you mean https://www.example.com?`). A field of format URI (the published description's
 * `website_url` and social URLs) refuses what no URI holds too, with the URI meant (spaces and
 * letters encoded, an accented host in its ASCII form).
 */
export function urlColumn(spec: FactorySpec<string | null> & { uri?: boolean }): Column<string | null> {
  const { uri = false, ...rest } = spec;
  return defineColumn<string | null>({
    grammar: 'an http(s) URL',
    singleLine: 'link',
    ...rest,
    parse: (cell) => {
      const read = readUrl(String(cell));
      if (!uri || !('value' in read) || !/^https?:\/\//i.test(read.value) || !NOT_IN_URI.test(read.value) || !URL.canParse(read.value)) return read;
      return { error: `must be an http(s) URL without spaces nor characters beyond ASCII, which no URI holds (did you mean ${new URL(read.value).href}?)` };
    },
    format: (value) => value ?? '',
  });
}
