import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SheetError } from '../sheet-error.js';
import { makeTempOutputName } from './temp-output-name.js';

/** A file being written under a temporary name beside its path: the path holds it only once complete. */
export interface Output {
  readonly stream: WriteStream;
  /** Rejects, as a SheetError, once the stream fails; the temporary file is then removed. */
  readonly failed: Promise<never>;
  /** After the stream ended: moves the file to its path. */
  commit(): Promise<void>;
  /** Stops writing and removes the temporary file. */
  discard(): Promise<void>;
}

const FULL_DISK_CODES: ReadonlySet<unknown> = new Set(['ENOSPC', 'EDQUOT']);
/** A file of client data (reports, an export's saved pages): readable by its owner only. */
export const OWNER_ONLY = 0o600;

/** Creates a folder for client data, with the folders of its path, readable by its owner only: the outputs written there are too (openOutput). */
export async function createOwnerOnlyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
}

/**
 * Opens a temporary file beside `path`, failing early when the folder is missing or not writable.
 * A file written into a folder only its owner may enter (a report folder: client data) is made
 * readable by its owner only as well. A process killed while writing leaves the temporary file,
 * hidden: an undo file cut short still holds its rows.
 */
export async function openOutput(path: string): Promise<Output> {
  const mode = await chooseMode(path);
  const temp = join(dirname(path), makeTempOutputName(basename(path)));
  const stream = createWriteStream(temp, { flags: 'wx', mode });
  let discarding: Promise<void> | undefined;
  let committing: Promise<void> | undefined;
  const discard = (): Promise<void> =>
    (discarding ??= (async () => {
      // Writes still on their way fail once the stream is destroyed: only its closing is waited for.
      if (!stream.closed) await new Promise<void>((resolve) => stream.destroy().once('close', () => { resolve(); }));
      // A path through a file holds no temporary file to remove.
      await rm(temp, { force: true }).catch((error: unknown) => {
        if (!isPathThroughFile(error)) throw error;
      });
    })());
  const failed = new Promise<never>((_resolve, reject) => {
    stream.once('error', (error) => {
      reject(toWriteError(error, path));
      void discard();
    });
  });
  failed.catch(() => undefined);
  await once(stream, 'open').catch(async (error: unknown) => {
    await discard();
    throw toWriteError(error, path);
  });
  return {
    stream,
    failed,
    discard,
    commit: () =>
      (committing ??= (async () => {
        try {
          if (!stream.closed) await Promise.race([once(stream, 'close'), failed]);
          await rename(temp, path);
        } catch (error) {
          await discard();
          throw toWriteError(error, path);
        }
      })()),
  };
}

/** A path through a file: ENOTDIR, or EEXIST from creating its folders. */
export function isPathThroughFile(error: unknown): boolean {
  if (!(error instanceof Error && 'code' in error)) return false;
  return error.code === 'ENOTDIR' || (error.code === 'EEXIST' && 'syscall' in error && error.syscall === 'mkdir');
}

/** ENOSPC, or EDQUOT: the user's quota. */
export function isFullDisk(error: unknown): boolean {
  return error instanceof Error && 'code' in error && FULL_DISK_CODES.has(error.code);
}

export function toWriteError(error: unknown, path: string): SheetError {
  if (error instanceof SheetError) return error;
  if (isFullDisk(error)) {
    return new SheetError(`write ${path}`, 'the disk is full', 'Free space, then run the same command again to resume.', { cause: error });
  }
  if (isPathThroughFile(error)) {
    return new SheetError(`write ${path}`, 'a folder of its path is a file', 'Name a path whose folders are folders, or move that file.', { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new SheetError(`write ${path}`, reason, 'Check that the folder exists, that you may write there and that the file is not open in another program.', {
    cause: error,
  });
}

async function chooseMode(path: string): Promise<number | undefined> {
  const [folder, target] = await Promise.all([stat(dirname(path)).catch(() => undefined), stat(path).catch(() => undefined)]);
  if (target?.isDirectory() === true) throw new SheetError(`write ${path}`, 'it is a folder', 'Name a file, e.g. a .csv or .xlsx inside that folder.');
  // Written under a temporary name and renamed, the file would take the pipe's place, and its reader would wait on.
  if (target?.isFIFO() === true) throw new SheetError(`write ${path}`, 'it is a pipe, which the file written would replace', 'Name a file; an export writes to standard output with --out -, to pipe from there.');
  return folder !== undefined && (folder.mode & 0o077) === 0 ? OWNER_ONLY : undefined;
}
