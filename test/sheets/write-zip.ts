import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** Streamed through deflate, so an entry may unpack to far more than the test holds in memory. */
  content: Iterable<Buffer>;
}

/** A plain zip archive (deflated entries, no Zip64), for workbooks no spreadsheet program would write. */
export async function writeZip(path: string, entries: readonly ZipEntry[]): Promise<void> {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const { data, crc, size } = await deflate(entry.content);
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

async function deflate(content: Iterable<Buffer>): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflater = createDeflateRaw();
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflater, 'end');
  let crc = 0;
  let size = 0;
  for (const chunk of content) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflater.write(chunk)) await once(deflater, 'drain');
  }
  deflater.end();
  await ended;
  return { data: Buffer.concat(chunks), crc, size };
}
