import { close, open } from 'node:fs';
import { promisify } from 'node:util';
import { assertReadableFile } from './assert-readable-file.js';
import { findSheetFormat } from '../detect-sheet-format.js';
import { FileHash } from './file-hash.js';
import { findFileChange, readFileVersion, type FileVersion } from './file-version.js';
import type { FileRef } from './read-file-chunks.js';
import { scanTextFile, type TextFileScan } from './scan-text-file.js';
import { SheetError } from '../sheet-error.js';

/**
 * A sheet file opened once for a command or a job step: its header, scan, estimate, plan and run
 * all read through this one descriptor, and what a pass over all of its bytes learns (the
 * encoding, the line count, the SHA-256) is computed once however many readers ask.
 */
export class SourceFile implements FileRef {
  private textScan: Promise<TextFileScan> | undefined;
  /** Taken from what the file's readers read: a CSV's scan, a workbook's first read. */
  private readonly hash = new FileHash();
  private closed: Promise<void> | undefined;

  private constructor(
    readonly path: string,
    readonly fd: number,
    readonly opened: FileVersion,
  ) {}

  static async open(path: string): Promise<SourceFile> {
    await assertReadableFile(path);
    const fd = await promisify(open)(path, 'r').catch((error: unknown) => {
      throw new SheetError(`read ${path}`, `the file cannot be opened (${String(error)})`, 'Check the path and the file permissions.', { cause: error });
    });
    return new SourceFile(path, fd, readFileVersion(fd));
  }

  get size(): number {
    return this.opened.size;
  }

  /** A text file's head, encoding, line count and SHA-256, from one pass. */
  scanText(): Promise<TextFileScan> {
    return (this.textScan ??= scanTextFile(this));
  }

  /** The SHA-256 a resumed import compares, from what readers read so far and the rest: a CSV is scanned first, which reads it whole. */
  async sha256(): Promise<string> {
    if (findSheetFormat(this.path) === 'csv') await this.scanText();
    return this.hash.finish(this);
  }

  /** Whether the file was written to since it was opened: once its rows are read, a run that took little time to read them asks again at its end. */
  findChange(): SheetError | undefined {
    return findFileChange(this, this.opened);
  }

  noteRead(position: number, bytes: Buffer): void {
    this.hash.note(position, bytes);
  }

  close(): Promise<void> {
    return (this.closed ??= promisify(close)(this.fd));
  }
}

/** The files of a job, each opened once for every step and estimate that reads it, all closed with the job. */
export class SourceFiles {
  private readonly opened = new Map<string, Promise<SourceFile>>();

  open(path: string): Promise<SourceFile> {
    const file = this.opened.get(path) ?? SourceFile.open(path);
    this.opened.set(path, file);
    return file;
  }

  async close(): Promise<void> {
    const files = await Promise.allSettled(this.opened.values());
    await Promise.all(files.flatMap((file) => (file.status === 'fulfilled' ? [file.value.close()] : [])));
  }
}

/** Runs `use` on the file opened once, and closes it however `use` ends. */
export async function withSourceFile<T>(path: string, use: (file: SourceFile) => Promise<T>): Promise<T> {
  const file = await SourceFile.open(path);
  try {
    return await use(file);
  } finally {
    await file.close();
  }
}
