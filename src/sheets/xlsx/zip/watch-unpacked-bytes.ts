import { Duplex, PassThrough, type Readable } from 'node:stream';
import { refuseUnpackedSize } from './refuse-unpacked-size.js';
import type { SheetError } from '../../sheet-error.js';

export interface UnpackedBytesWatch {
  /** Settles as `promise` does, or rejects once the workbook unpacked past the limit. */
  guard<T>(promise: Promise<T>): Promise<T>;
  /** The iterator's steps, guarded; once stopped, `return` leaves the stalled iterator alone. */
  guardIterator<T>(iterator: AsyncIterator<T>): GuardedIterator<T>;
}

export interface GuardedIterator<T> extends AsyncIterableIterator<T> {
  return(value?: unknown): Promise<IteratorResult<T>>;
}

/**
 * Counts the bytes the zip parser that `input` is piped into actually inflates, whatever sizes the
 * archive declares: past `limit`, reading stops (the file and every inflater) and every guarded
 * wait rejects, since exceljs itself would then wait forever.
 */
export function watchUnpackedBytes(input: Readable, path: string, limit: number): UnpackedBytesWatch {
  let unpacked = 0;
  let failure: SheetError | undefined;
  const waiting = new Set<(error: SheetError) => void>();
  const inflaters = new Set<Readable>();

  const stop = (): void => {
    failure = refuseUnpackedSize(path, limit);
    input.destroy();
    for (const inflater of inflaters) inflater.destroy();
    for (const reject of waiting) reject(failure);
  };
  const watchEntry = (entry: PassThrough): void => {
    entry.once('pipe', (inflater: Readable) => {
      inflaters.add(inflater);
      inflater.on('data', (chunk: Buffer) => {
        unpacked += chunk.length;
        if (unpacked > limit && failure === undefined) stop();
      });
      inflater.once('close', () => inflaters.delete(inflater));
    });
  };

  const pipe = input.pipe.bind(input);
  input.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    if (destination instanceof Duplex) {
      // unzipper hands each entry over as a stream, then pipes the entry's inflater into it.
      const push = destination.push.bind(destination);
      destination.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
        if (chunk instanceof PassThrough) watchEntry(chunk);
        return push(chunk, encoding);
      };
    }
    return pipe(destination, options);
  };

  const guard = <T>(promise: Promise<T>): Promise<T> => {
    if (failure !== undefined) return Promise.reject(failure);
    // One waiter per wait, dropped once it settles: nothing piles up over a million rows.
    return new Promise<T>((resolve, reject) => {
      waiting.add(reject);
      promise.then(resolve, reject).finally(() => waiting.delete(reject));
    });
  };
  return {
    guard,
    guardIterator<T>(iterator: AsyncIterator<T>): GuardedIterator<T> {
      return {
        next: () => guard(iterator.next()),
        return: async (value?: unknown) => (failure === undefined && iterator.return ? iterator.return(value) : { done: true, value: undefined }),
        [Symbol.asyncIterator]() {
          return this;
        },
      };
    },
  };
}
