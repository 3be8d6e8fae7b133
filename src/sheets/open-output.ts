import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { SheetError } from './sheet-error.js';

/** A file stream opened for writing, failing early when the folder is missing or not writable. */
export async function openOutput(path: string): Promise<WriteStream> {
  const output = createWriteStream(path);
  try {
    await once(output, 'open');
    return output;
  } catch (error) {
    throw toWriteError(error, path);
  }
}

export function toWriteError(error: unknown, path: string): SheetError {
  if (error instanceof SheetError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new SheetError(`write ${path}`, reason, 'Check that the folder exists, that you may write there and that the file is not open in another program.', {
    cause: error,
  });
}
