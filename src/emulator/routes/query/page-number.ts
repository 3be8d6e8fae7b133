/** The `page` query value: 1 when absent, values below 1 treated as 1, undefined when not an integer. */
export function readPageNumber(raw: string | null): number | undefined {
  if (raw === null) return 1;
  return /^-?\d+$/.test(raw) ? Math.max(1, Number(raw)) : undefined;
}
