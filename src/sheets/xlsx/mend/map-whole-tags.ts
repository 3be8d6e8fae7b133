/** Text without a tag held at most: a longer one (a broken or hostile part) is passed on as it comes. */
const MAX_HELD_CHARS = 1 << 20;

/** A mend of XML text given in pieces that each end right before a `<`, in order; it may keep what it learns from one piece for the next. */
export type PieceMap = (xml: string) => string;

/**
 * XML text as it streams, passed through `maps` in turn in pieces that each end right before a
 * `<`: no tag, and no run of text between two tags, is ever cut in two. Only each new chunk is searched.
 */
export async function* mapWholeTags(chunks: AsyncIterable<string>, ...maps: PieceMap[]): AsyncGenerator<string> {
  const map = (xml: string): string => maps.reduce((text, mend) => mend(text), xml);
  let pending = '';
  for await (const chunk of chunks) {
    const last = chunk.lastIndexOf('<');
    const cut = last === -1 ? (pending.length + chunk.length > MAX_HELD_CHARS ? pending.length + chunk.length : 0) : pending.length + last;
    pending += chunk;
    if (cut === 0) continue;
    yield map(pending.slice(0, cut));
    pending = pending.slice(cut);
  }
  yield map(pending);
}
