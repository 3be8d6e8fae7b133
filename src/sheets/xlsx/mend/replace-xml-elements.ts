const MAX_ELEMENT_CHARS = 1 << 20;

/**
 * XML text as it streams, with each `<tag …>…</tag>` element (not nested in itself) that holds a
 * match of `pattern` replaced by `replace(element)`, whichever chunks it spans. Elements are looked
 * for around a match only: text without one streams through at the cost of a search.
 */
export async function* replaceXmlElements(chunks: AsyncIterable<string>, tag: string, pattern: RegExp, replace: (element: string) => string): AsyncGenerator<string> {
  const marker = new RegExp(pattern.source, 'g');
  const closing = `</${tag}>`;
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    let done = '';
    let at = 0;
    for (marker.lastIndex = 0; marker.exec(pending) !== null; ) {
      const found = marker.lastIndex;
      const start = lastOpening(pending, tag, found - 1);
      const tagEnd = pending.indexOf('>', Math.max(start, 0));
      const end = pending.indexOf(closing, tagEnd);
      // Not inside an element, in a self-closing one (which holds nothing), or in one not closed yet (kept below for the next chunk).
      if (start < at || tagEnd === -1 || pending[tagEnd - 1] === '/' || end < found) continue;
      done += pending.slice(at, start) + replace(pending.slice(start, end + closing.length));
      at = end + closing.length;
      marker.lastIndex = at;
    }
    const kept = keptFrom(pending, tag, at);
    yield done + pending.slice(at, kept);
    pending = pending.slice(kept);
  }
  yield pending;
}

/** Where the last `<tag` opening at or before `before` starts; -1 for none. */
function lastOpening(text: string, tag: string, before: number): number {
  for (let start = text.lastIndexOf(`<${tag}`, before); start !== -1; start = start === 0 ? -1 : text.lastIndexOf(`<${tag}`, start - 1)) {
    if (/[\s/>]/.test(text.charAt(start + tag.length + 1))) return start;
  }
  return -1;
}

/** What the next chunk may complete: an element opened after `at` and not closed, or `<tag` begun at the very end. */
function keptFrom(text: string, tag: string, at: number): number {
  const open = lastOpening(text, tag, text.length);
  const tagEnd = text.indexOf('>', open);
  const unclosed = open >= at && text[tagEnd - 1] !== '/' && text.indexOf(`</${tag}>`, open) === -1;
  // An element that never closes (a broken file) streams on rather than be searched again with each chunk.
  if (unclosed && text.length - open <= MAX_ELEMENT_CHARS) return open;
  const last = text.lastIndexOf('<');
  return last >= at && `<${tag}`.startsWith(text.slice(last)) ? last : text.length;
}
