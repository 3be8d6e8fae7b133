import { UsageError } from '../../user-error.js';

/**
 * Behaviours of a real service that the spec allows or leaves open, which the emulator takes on
 * when asked (`emulator --quirks LIST`, `createEmulator({quirks})`), so that the client is tested
 * against them. Each is documented in the README's emulator section, and written in a list alone,
 * with a count, or with an optional URL.
 */
const QUIRK_VALUES = {
  /** POST /business/{id} replaces photos, custom_fields and contacts whole instead of merging them; a service is set whole, and set_values is a REPEATABLE_ENUM's whole selection. */
  'replace-nested': 'none',
  /** Businesses, services, attributes and feedback results come with empty values as null or left out (README). */
  nulls: 'none',
  /** Businesses in the shapes of the published description (2021): empty fields null, custom fields a list; search reads one code and one status. */
  'real-shapes': 'none',
  /** A business status outside the documented ones, a field the spec does not name, a custom field of type DATE. */
  'unknown-values': 'none',
  /** GET /business/search, the feedback results and the geo location search ignore their filters. */
  'ignore-filters': 'none',
  /** A per_page above this is served as this. */
  'cap-per-page': 'count',
  /** Every page number is served as page 1. */
  'ignore-page': 'none',
  /** Writes are answered 302 to the same path under this base URL, and not applied. */
  'redirect-writes': 'url?',
  /** 429 answers carry Retry-After: 86400. */
  'long-retry-after': 'none',
  /** Feedback dates said at UTC+02 with an hour-only offset (`+02`), as ISO 8601 allows. */
  'local-offsets': 'none',
} as const;

export type QuirkName = keyof typeof QUIRK_VALUES;
type QuirkValue = { none: boolean; count: number; 'url?': string };
export type Quirks = { [K in QuirkName]?: QuirkValue[(typeof QUIRK_VALUES)[K]] };

/** Where redirected writes are sent when `redirect-writes` names no base URL: a host that cannot exist. */
export const DEFAULT_REDIRECT_BASE = 'https://moved.invalid/v2';
export const LONG_RETRY_AFTER_S = 86_400;

export const QUIRK_USAGE = Object.entries(QUIRK_VALUES)
  .map(([name, value]) => (value === 'count' ? `${name}=N` : value === 'url?' ? `${name}[=URL]` : name))
  .join(', ');

/** `replace-nested,cap-per-page=10` as quirks; an unknown name or a bad value is a usage error naming the valid ones. */
export function parseQuirks(list: string): Quirks {
  const quirks: Quirks = {};
  for (const item of list.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const [name, value] = splitOnce(item, '=');
    if (!isQuirkName(name)) throw new UsageError(`Could not read --quirks: unknown quirk '${name}'. Valid quirks: ${QUIRK_USAGE}.`);
    Object.assign(quirks, { [name]: readValue(name, value) });
  }
  return quirks;
}

function readValue(name: QuirkName, value: string | undefined): boolean | number | string {
  switch (QUIRK_VALUES[name]) {
    case 'none':
      if (value !== undefined) throw new UsageError(`Could not read --quirks: ${name} takes no value, got '${name}=${value}'.`);
      return true;
    case 'count': {
      const count = Number(value);
      if (value === undefined || !Number.isInteger(count) || count < 1) {
        throw new UsageError(`Could not read --quirks: ${name} needs a whole number of 1 or more, as ${name}=10.`);
      }
      return count;
    }
    case 'url?':
      if (value === undefined) return DEFAULT_REDIRECT_BASE;
      if (!URL.canParse(value)) throw new UsageError(`Could not read --quirks: ${name}=${value} is not a URL.`);
      return value.replace(/\/+$/, '');
  }
}

function isQuirkName(name: string): name is QuirkName {
  return Object.hasOwn(QUIRK_VALUES, name);
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
