/** Text held at most without a place to cut it: a longer run (a broken or hostile part) is passed on as it comes. */
const MAX_HELD_CHARS = 1 << 24;

/** A mend of XML text given in pieces, in order; it may keep what it learns from one piece for the next. */
export type PieceMap = (xml: string) => string;

/** Where the next piece of `pending` ends, its characters from `from` on being new; 0 or less to wait for more. */
export type FindCut = (pending: string, from: number) => number;

/**
 * XML text as it streams, passed through `map` in pieces that end where `findCut` says. Only the
 * new text of each chunk need be searched, so that a long run without a cut costs no more.
 */
export async function* mapPieces(chunks: AsyncIterable<string>, findCut: FindCut, map: PieceMap): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of chunks) {
    const from = pending.length;
    pending += chunk;
    const found = findCut(pending, from);
    const cut = found > 0 ? found : pending.length > MAX_HELD_CHARS ? pending.length : 0;
    if (cut === 0) continue;
    yield map(pending.slice(0, cut));
    pending = pending.slice(cut);
  }
  yield map(pending);
}

/**
 * XML text as it streams, passed through `maps` in turn in pieces that each end right before a
 * `<`: no tag, and no run of text between two tags, is ever cut in two.
 */
export function mapWholeTags(chunks: AsyncIterable<string>, ...maps: PieceMap[]): AsyncGenerator<string> {
  const lastTagStart: FindCut = (pending, from) => {
    const last = pending.slice(from).lastIndexOf('<');
    return last === -1 ? 0 : from + last;
  };
  return mapPieces(chunks, lastTagStart, (xml) => maps.reduce((text, mend) => mend(text), xml));
}
