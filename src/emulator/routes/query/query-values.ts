/** Comma-separated values of a query parameter, blanks dropped; undefined when the parameter is absent. */
export function readQueryList(query: URLSearchParams, name: string): string[] | undefined {
  return query.get(name)?.split(',').map((item) => item.trim()).filter((item) => item !== '');
}

const BOOLEANS = new Map([['true', true], ['false', false]]);

/** A query parameter's `true` or `false`, in any case; undefined when it is absent, null when it is neither. */
export function readQueryBoolean(query: URLSearchParams, name: string): boolean | null | undefined {
  const raw = query.get(name);
  return raw === null ? undefined : (BOOLEANS.get(raw.toLowerCase()) ?? null);
}
