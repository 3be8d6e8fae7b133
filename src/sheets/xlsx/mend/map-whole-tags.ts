/** Text without a tag held at most: a longer one (a broken or hostile part) is passed on as it comes. */
const MAX_HELD_CHARS = 1 << 20;

/**
 * XML text as it streams, passed through `map` in pieces that each end right before a `<`: no
 * tag, and no run of text between two tags, is ever cut in two. Only each new chunk is searched.
 */
export async function* mapWholeTags(chunks: AsyncIterable<string>, map: (xml: string) => string): AsyncGenerator<string> {
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
