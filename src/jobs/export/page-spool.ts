import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { toWriteError } from '../../sheets/open-output.js';

const MANIFEST = 'manifest.json';

/**
 * Pages saved in `<out>.parts/` as they arrive: an export stopped or left with failed pages, run
 * again with the same --out and the same filters, reads the saved pages from disk and requests only
 * the others. The folder is removed once an export completes without failure.
 */
export class PageSpool {
  private constructor(
    readonly dir: string,
    /** Pages found from an earlier run of the same export. */
    readonly resumed: boolean,
  ) {}

  /** `job` tells exports apart: saved pages are reused only for the same one. */
  static async open(out: string, job: unknown): Promise<PageSpool> {
    const dir = `${out}.parts`;
    const manifest = JSON.stringify(job);
    const saved = await readFile(join(dir, MANIFEST), 'utf8').catch(() => undefined);
    if (saved === manifest) return new PageSpool(dir, true);
    await rm(dir, { recursive: true, force: true });
    // The export's folder is created like a report's, so that job files can name dated folders.
    await mkdir(dir, { recursive: true }).catch((error: unknown) => {
      throw toWriteError(error, out);
    });
    await writeFile(join(dir, MANIFEST), manifest);
    return new PageSpool(dir, false);
  }

  /** The page saved for `source`, or undefined. */
  async read<T>(source: string, page: number): Promise<T | undefined> {
    const text = await readFile(this.pathOf(source, page), 'utf8').catch(() => undefined);
    // Written by write() below from the same types.
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /** Written whole or not at all: a crash mid-write leaves no truncated page behind. */
  async write(source: string, page: number, data: unknown): Promise<void> {
    const path = this.pathOf(source, page);
    await writeFile(`${path}.tmp`, JSON.stringify(data));
    await rename(`${path}.tmp`, path);
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  private pathOf(source: string, page: number): string {
    const key = createHash('sha256').update(source).digest('hex').slice(0, 16);
    return join(this.dir, `${key}-${page}.json`);
  }
}
