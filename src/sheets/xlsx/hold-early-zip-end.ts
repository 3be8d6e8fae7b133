import { Duplex, type Readable } from 'node:stream';

/*
 * unzipper 0.10, which exceljs 4.4 reads zips with, emits 'end' as soon as it reaches the end of the
 * archive, even while entries still wait in its buffer, and exceljs then never reads them. In files
 * written by exceljs the workbook part comes last, so its sheet names get lost now and then (exceljs
 * issue #3064). This holds back that early 'end' on the zip parser our input gets piped into: the
 * parser still ends normally once its buffered entries are read.
 */
export function holdEarlyZipEnd(input: Readable): void {
  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    if (destination instanceof Duplex) {
      const emit = destination.emit.bind(destination);
      destination.emit = (event: string | symbol, ...args: unknown[]): boolean =>
        event === 'end' && destination.readableLength > 0 ? false : emit(event, ...args);
    }
    return pipe(destination, options);
  };
}
