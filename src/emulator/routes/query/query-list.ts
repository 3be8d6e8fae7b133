/** Comma-separated values of a query parameter, blanks dropped; undefined when the parameter is absent. */
export function readQueryList(query: URLSearchParams, name: string): string[] | undefined {
  return query.get(name)?.split(',').map((item) => item.trim()).filter((item) => item !== '');
}
