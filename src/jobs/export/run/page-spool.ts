import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reviveOddValue, saveOddValue } from '../../../api/schemas/reading/odd-value.js';
import { createOwnerOnlyFolder, isFullDisk, OWNER_ONLY, toWriteError } from '../../../sheets/file/open-output.js';

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
    // The export's folder is created like a report's, so that job files can name dated folders; it holds client data, as a report does.
    await createOwnerOnlyFolder(dir).catch((error: unknown) => {
      throw toWriteError(error, out);
    });
    await writeFile(join(dir, MANIFEST), manifest, { mode: OWNER_ONLY }).catch((error: unknown) => {
      throw toWriteError(error, join(dir, MANIFEST));
    });
    return new PageSpool(dir, false);
  }

  /** The page saved for `source`, or undefined. */
  async read<T>(source: string, page: number): Promise<T | undefined> {
    const text = await readFile(this.pathOf(source, page), 'utf8').catch(() => undefined);
    // Written by write() below from the same types, values that did not read kept as such.
    return text === undefined ? undefined : (JSON.parse(text, reviveOddValue) as T);
  }

  /**
   * Written whole or not at all: a crash mid-write leaves no truncated page behind. On a full disk
   * the page is not saved (a rerun requests it again): the export stops at its own file, removed
   * whole, rather than here with that file half written.
   */
  async write(source: string, page: number, data: unknown): Promise<void> {
    const path = this.pathOf(source, page);
    try {
      await writeFile(`${path}.tmp`, JSON.stringify(data, saveOddValue), { mode: OWNER_ONLY });
      await rename(`${path}.tmp`, path);
    } catch (error) {
      await rm(`${path}.tmp`, { force: true });
      if (!isFullDisk(error)) throw toWriteError(error, path);
    }
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }

  private pathOf(source: string, page: number): string {
    const key = createHash('sha256').update(source).digest('hex').slice(0, 16);
    return join(this.dir, `${key}-${page}.json`);
  }
}
