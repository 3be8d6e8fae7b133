import { Duplex, type Readable } from 'node:stream';

/** Calls `tap` with the zip parser exceljs pipes `input` into, before any byte reaches it. */
export function tapZipParser(input: Readable, tap: (parser: Duplex) => void): void {
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    if (destination instanceof Duplex) tap(destination);
    return pipe(destination, options);
  };
}
