/** The first element of a part, past its XML declaration and any comment: `<x:worksheet`. */
const ROOT = /<(?![?!])(?:([\w.-]+):)?[\w.-]+[\s/>]/;
/** Comments and declarations are short: a part whose first element is further off has none a reader would find. */
const MAX_HEAD_CHARS = 1 << 16;

/**
 * The namespace prefix of a part's root element (`x` for `<x:worksheet xmlns:x="…">`, as the Open
 * XML SDK writes parts), '' for none, or undefined when `head` does not reach the root yet.
 */
export function rootPrefix(head: string): string | undefined {
  const uncommented = head.replace(/<!--[\s\S]*?-->/g, '');
  const match = uncommented.includes('<!--') ? null : ROOT.exec(uncommented);
  if (match === null) return head.length > MAX_HEAD_CHARS ? '' : undefined;
  return match[1] ?? '';
}

/**
 * XML text as it streams, with the prefix of its root element dropped from every element written
 * with it: exceljs knows elements by their literal names, and reads `<x:row>` as no row at all.
 * Elements of other namespaces (`<mc:AlternateContent>`) keep theirs.
 */
export async function* dropRootPrefix(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let pending = '';
  let prefixed: RegExp | undefined;
  let found = false;
  for await (const chunk of chunks) {
    pending += chunk;
    if (!found) {
      const prefix = rootPrefix(pending);
      if (prefix === undefined) continue;
      found = true;
      prefixed = prefix === '' ? undefined : new RegExp(`<(/?)${prefix.replaceAll('.', '\\.')}:`, 'g');
    }
    if (prefixed === undefined) {
      yield pending;
      pending = '';
      continue;
    }
    // A tag begun in the last characters may have its prefix cut: it waits for the next chunk.
    const last = pending.lastIndexOf('<');
    const cut = last >= pending.length - prefixed.source.length ? last : pending.length;
    yield pending.slice(0, cut).replace(prefixed, '<$1');
    pending = pending.slice(cut);
  }
  yield prefixed === undefined ? pending : pending.replace(prefixed, '<$1');
}
