/** The names a header's columns are read by (`{"Code magasin": "code"}`); undefined for none. */
export function toRenameColumns(pairs: Readonly<Record<string, string>> | undefined): ReadonlyMap<string, string> | undefined {
  const entries = Object.entries(pairs ?? {});
  return entries.length === 0 ? undefined : new Map(entries.map(([from, to]) => [from.trim(), to.trim()]));
}

/** `Code magasin=code,Téléphone=contacts.0.phone_numbers` as pairs; a pair without `=` on both sides is named. */
export function parseRenamePairs(text: string): { pairs: Record<string, string> } | { problem: string } {
  const pairs: Record<string, string> = {};
  for (const item of text.split(',').filter((part) => part.trim() !== '')) {
    // Column names hold no `=`: a header name may.
    const at = item.lastIndexOf('=');
    const [from, to] = [item.slice(0, Math.max(at, 0)).trim(), item.slice(at + 1).trim()];
    if (at < 0 || from === '' || to === '') return { problem: `--rename-columns: '${item.trim()}' is not HEADER=column` };
    pairs[from] = to;
  }
  return { pairs };
}
