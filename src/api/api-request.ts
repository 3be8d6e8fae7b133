export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;
export type QueryParams = Record<string, QueryValue>;

/** One call of the API, before the base URL and the key are added. */
export interface ApiRequest {
  method: 'GET' | 'POST';
  /** Path below the base URL, for instance `/business/123`. */
  path: string;
  query?: QueryParams;
  body?: unknown;
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

/** A path parameter, escaped so an id or `c-<code>` cannot change the path. */
export function pathSegment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** Renames the fields of `params` to the query names of `names` (the service-facts tables). */
export function renameParams<K extends string>(params: Partial<Record<K, QueryValue>>, names: Record<K, string>): QueryParams {
  return Object.fromEntries(
    (Object.entries(params) as [K, QueryValue][]).map(([field, value]) => [names[field], value]),
  );
}
