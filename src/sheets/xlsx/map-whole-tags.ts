/**
 * XML text as it streams, passed through `map` in pieces that each end right before a `<`: no
 * tag, and no run of text between two tags, is ever cut in two.
 */
export async function* mapWholeTags(chunks: AsyncIterable<string>, map: (xml: string) => string): AsyncGenerator<string> {
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    const cut = Math.max(pending.lastIndexOf('<'), 0);
    if (cut === 0) continue;
    yield map(pending.slice(0, cut));
    pending = pending.slice(cut);
  }
  yield map(pending);
}
