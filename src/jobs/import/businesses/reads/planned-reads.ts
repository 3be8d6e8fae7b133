import { open, rm, type FileHandle } from 'node:fs/promises';
import { toRawValue } from '../../../../api/schemas/reading/odd-value.js';

/**
 * The businesses a plan read, by the line of their row, spooled to a file: the run that follows the
 * plan (breakers) takes them instead of reading every business again, so a run reads each business
 * once. Kept as the service sent them, to be read again with the run's schema; only the offsets
 * stay in memory.
 */
export class PlannedReads {
  /** The plan's requests to read: the run's summary counts them as its own. */
  requests = 0;
  private readonly offsets = new Map<number, { at: number; length: number }>();
  private size = 0;
  private file: Promise<FileHandle> | undefined;

  /** `path` is opened at the first record: in the plan's folder, which the plan creates. */
  constructor(private readonly path: string) {}

  async record(line: number, business: unknown): Promise<void> {
    const bytes = Buffer.from(JSON.stringify(toRawValue(business)));
    const at = this.size;
    this.size += bytes.length;
    // Client data, as the journal: readable by its owner only.
    this.file ??= open(this.path, 'w+', 0o600);
    await (await this.file).write(bytes, 0, bytes.length, at);
    this.offsets.set(line, { at, length: bytes.length });
  }

  /** The business the plan read for the row on `line`, as the service sent it; undefined when the plan found none. */
  async take(line: number): Promise<unknown> {
    const place = this.offsets.get(line);
    if (place === undefined || this.file === undefined) return undefined;
    const { buffer } = await (await this.file).read(Buffer.alloc(place.length), 0, place.length, place.at);
    return JSON.parse(buffer.toString('utf8')) as unknown;
  }

  async close(): Promise<void> {
    if (this.file === undefined) return;
    await (await this.file).close();
    await rm(this.path, { force: true });
  }
}
