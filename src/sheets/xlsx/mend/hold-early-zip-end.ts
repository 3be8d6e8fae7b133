import type { Readable } from 'node:stream';
import { tapZipParser } from './tap-zip-parser.js';

/*
 * unzipper 0.10, which exceljs 4.4 reads zips with, emits 'end' as soon as it reaches the end of the
 * archive, even while entries still wait in its buffer, and exceljs then never reads them. In files
 * written by exceljs the workbook part comes last, so its sheet names get lost now and then (exceljs
 * issue #3064). This holds back that early 'end' on the zip parser our input gets piped into: the
 * parser still ends normally once its buffered entries are read.
 */
export function holdEarlyZipEnd(input: Readable): void {
  tapZipParser(input, (parser) => {
    const emit = parser.emit.bind(parser);
    parser.emit = (event: string | symbol, ...args: unknown[]): boolean => (event === 'end' && parser.readableLength > 0 ? false : emit(event, ...args));
  });
}
