import type * as NodeFs from 'node:fs';
import type * as NodeFsPromises from 'node:fs/promises';

/** Bytes the simulated disk still takes: `Infinity` until a test fills it; `readOnly`, a file system mounted read-only. */
export const disk = { free: Infinity, readOnly: false };

type WriteCallback = (error: NodeJS.ErrnoException | null, written?: number) => void;

const readOnly = (): NodeJS.ErrnoException => Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS', errno: -30, syscall: 'open' });
const noSpace = (): NodeJS.ErrnoException => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/**
 * node:fs whose write streams (every output of the CLI), writeFileSync (a lock) and appendFileSync
 * (the journal) fail with ENOSPC once `disk.free` bytes are written, as a disk that fills does, and
 * writeFileSync with EROFS on a read-only disk: `vi.mock('node:fs', ...)` with it.
 */
export function withFullDisk(fs: typeof NodeFs): typeof NodeFs {
  const fillingFs = {
    open: fs.open,
    close: fs.close,
    write(fd: number, buffer: Buffer, offset: number, length: number, position: number | null, callback: WriteCallback): void {
      const taken = Math.min(length, disk.free);
      if (taken === 0) {
        callback(noSpace());
        return;
      }
      disk.free -= taken;
      fs.write(fd, buffer, offset, taken, position, callback);
    },
  };
  const createWriteStream = (path: NodeFs.PathLike, options?: BufferEncoding | Record<string, unknown>): NodeFs.WriteStream =>
    fs.createWriteStream(path, { ...(typeof options === 'string' ? { encoding: options } : options), fs: fillingFs });
  // As the disk does: the file is created, its bytes are refused.
  const writeFileSync = (path: NodeFs.PathOrFileDescriptor, data: string | NodeJS.ArrayBufferView, options?: NodeFs.WriteFileOptions): void => {
    if (disk.readOnly) throw readOnly();
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (size > disk.free) {
      fs.writeFileSync(path, '', options);
      disk.free = 0;
      throw noSpace();
    }
    disk.free -= size;
    fs.writeFileSync(path, data, options);
  };
  // As the disk does: what fits is written, the rest refused (a journal line cut short).
  const appendFileSync = (path: NodeFs.PathOrFileDescriptor, data: string | Uint8Array, options?: NodeFs.WriteFileOptions): void => {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const taken = Math.min(bytes.byteLength, disk.free);
    disk.free -= taken;
    fs.appendFileSync(path, bytes.subarray(0, taken), options);
    if (taken < bytes.byteLength) throw noSpace();
  };
  return { ...fs, createWriteStream: createWriteStream as typeof fs.createWriteStream, writeFileSync, appendFileSync };
}

/** node:fs/promises whose writeFile (the export's saved pages) fails with ENOSPC once `disk.free` is spent. */
export function withFullDiskPromises(fs: typeof NodeFsPromises): typeof NodeFsPromises {
  const writeFile = async (path: NodeFs.PathLike, data: string | NodeJS.ArrayBufferView, options?: NodeFs.WriteFileOptions): Promise<void> => {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (size > disk.free) {
      disk.free = 0;
      throw noSpace();
    }
    disk.free -= size;
    await fs.writeFile(path, data, options);
  };
  return { ...fs, writeFile: writeFile as typeof fs.writeFile };
}
