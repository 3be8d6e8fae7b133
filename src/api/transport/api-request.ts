export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;
export type QueryParams = Record<string, QueryValue>;

/** One call of the API, before the base URL and the key are added. */
export interface ApiRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, for instance `/business/123`. */
  path: string;
  query?: QueryParams;
  body?: unknown;
  /** False where the endpoint documents no 404: one to the run's first request means the base URL is wrong. */
  answersNotFound?: false;
  /** Cancels the call once its answer is no longer wanted (a page read ahead): not sent, or dropped if a GET is in flight. */
  signal?: AbortSignal;
}

/** The URL of a request: lists are sent comma-separated, as the service takes them; undefined values are left out. */
export function buildUrl(baseUrl: string, { path, query = {} }: ApiRequest): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return `${baseUrl}${path}${text === '' ? '' : `?${text}`}`;
}

/** A business or user id as the service gives them: letters, digits, `_` and `-`, never a dot. */
const ID = /^[A-Za-z0-9_-]+$/;
/** `c-` and a store code: the code is escaped, so whatever it holds stays in its segment. */
const STORE_CODE = /^c-.+$/s;

/** A path parameter that is neither an id nor a `c-<code>`: nothing is sent. */
export class InvalidIdError extends Error {
  override name = 'InvalidIdError';

  constructor(readonly value: string) {
    super(`'${value}' is neither an id nor c-<store code>: nothing was sent`);
  }
}

/** Whether `text` may address something in a path: an id or a `c-<code>`, never a dot segment. Sheets check their id cells with it. */
export function isPathId(text: string): boolean {
  return ID.test(text) || STORE_CODE.test(text);
}

/**
 * Every path parameter of every request goes through here. `encodeURIComponent` leaves dots as
 * they are, and `..` or `.` would move the request to another endpoint (`/business/../services`
 * is `/services`): only an id or a `c-<code>` is taken, escaped.
 */
export function pathSegment(value: string | number): string {
  const text = String(value);
  if (!isPathId(text)) throw new InvalidIdError(text);
  return encodeURIComponent(text);
}

/** Renames the fields of `params` to the query names of `names` (the service-facts tables). */
export function renameParams<K extends string>(params: Partial<Record<K, QueryValue>>, names: Record<K, string>): QueryParams {
  return Object.fromEntries(
    (Object.entries(params) as [K, QueryValue][]).map(([field, value]) => [names[field], value]),
  );
}
