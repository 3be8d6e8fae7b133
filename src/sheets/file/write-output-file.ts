import { finished } from 'node:stream/promises';
import { openOutput, toWriteError } from './open-output.js';

/** Writes a whole file under a temporary name, then moves it to `path`: the path never holds a part. */
export async function writeOutputFile(path: string, data: string | Uint8Array): Promise<void> {
  const output = await openOutput(path);
  output.stream.end(data);
  try {
    await finished(output.stream);
  } catch (error) {
    await output.discard();
    throw toWriteError(error, path);
  }
  await output.commit();
}
