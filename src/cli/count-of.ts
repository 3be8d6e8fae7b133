/** `1 request`, `2 requests`, `1,000 rows`: a count and its noun, in the plural unless the count is one. */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
