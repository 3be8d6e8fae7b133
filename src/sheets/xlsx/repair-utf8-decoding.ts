/*
 * exceljs 4.4's streaming reader decodes each chunk of a zip entry on its own, so a character whose
 * UTF-8 bytes straddle two chunks becomes U+FFFD (exceljs issues #2063, #2084, #2316): accented text
 * gets corrupted here and there in large files. Its XML parser takes strings as they are, so the
 * entries are decoded first with a streaming decoder. This wraps private methods of one reader
 * instance, and throws if a new exceljs no longer has them, rather than corrupt text silently.
 */
const ENTRY_PARSERS = ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles'];
const SHEET_PARSERS = ['_parseWorksheet', '_parseHyperlinks'];

export function repairUtf8Decoding(reader: object): void {
  for (const name of ENTRY_PARSERS) {
    wrapMethod(reader, name, ([entry, ...rest]) => {
      if (hasSetEncoding(entry)) entry.setEncoding('utf8');
      return [entry, ...rest];
    });
  }
  for (const name of SHEET_PARSERS) {
    wrapMethod(reader, name, ([chunks, ...rest]) => [isAsyncIterable(chunks) ? decodeUtf8(chunks) : chunks, ...rest]);
  }
}

function wrapMethod(target: object, name: string, mapArguments: (args: unknown[]) => unknown[]): void {
  const original: unknown = Reflect.get(target, name);
  if (typeof original !== 'function') throw new Error(`exceljs has no ${name} any more: check repairUtf8Decoding`);
  Reflect.set(target, name, function (this: unknown, ...args: unknown[]): unknown {
    const result: unknown = Reflect.apply(original, this, mapArguments(args));
    return result;
  });
}

async function* decodeUtf8(chunks: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    yield chunk instanceof Uint8Array ? decoder.decode(chunk, { stream: true }) : String(chunk);
  }
  yield decoder.decode();
}

function hasSetEncoding(value: unknown): value is { setEncoding(encoding: BufferEncoding): unknown } {
  return typeof value === 'object' && value !== null && 'setEncoding' in value && typeof value.setEncoding === 'function';
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
