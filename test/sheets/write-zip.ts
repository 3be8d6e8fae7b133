import { writeFile } from 'node:fs/promises';
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Deflated chunk by chunk, the same chunk once, so an entry may unpack to far more than the test holds in memory. */
  content: Iterable<Buffer>;
}

/** A plain zip archive (deflated entries, no Zip64), for workbooks no spreadsheet program would write. */
export async function writeZip(path: string, entries: readonly ZipEntry[]): Promise<void> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { data, crc, size } = deflate(entry.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const listing = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(listing.length, 12);
  end.writeUInt32LE(offset, 16);
  await writeFile(path, Buffer.concat([...parts, listing, end]));
}

/** Each chunk a run of blocks ended by a full flush, which nothing after it refers back to: a chunk repeated is deflated once. */
function deflate(content: Iterable<Buffer>): { data: Buffer; crc: number; size: number } {
  const blocks: Buffer[] = [];
  let last: { chunk: Buffer; block: Buffer } | undefined;
  let crc = 0;
  let size = 0;
  for (const chunk of content) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (last?.chunk !== chunk) last = { chunk, block: deflateRawSync(chunk, { finishFlush: constants.Z_FULL_FLUSH }) };
    blocks.push(last.block);
  }
  // The final block, empty.
  blocks.push(deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(blocks), crc, size };
}
