import type * as NodeFs from 'node:fs';

/** Bytes the simulated disk still takes: `Infinity` until a test fills it. */
export const disk = { free: Infinity };

type WriteCallback = (error: NodeJS.ErrnoException | null, written?: number) => void;

/**
 * node:fs whose write streams (every output of the CLI) fail with ENOSPC once `disk.free` bytes
 * are written, as a disk that fills does: `vi.mock('node:fs', ...)` with it.
 */
export function withFullDisk(fs: typeof NodeFs): typeof NodeFs {
  const fillingFs = {
    open: fs.open,
    close: fs.close,
    write(fd: number, buffer: Buffer, offset: number, length: number, position: number | null, callback: WriteCallback): void {
      const taken = Math.min(length, disk.free);
      if (taken === 0) {
        callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' }));
        return;
      }
      disk.free -= taken;
      fs.write(fd, buffer, offset, taken, position, callback);
    },
  };
  const createWriteStream = (path: NodeFs.PathLike, options?: BufferEncoding | Record<string, unknown>): NodeFs.WriteStream =>
    fs.createWriteStream(path, { ...(typeof options === 'string' ? { encoding: options } : options), fs: fillingFs });
  return { ...fs, createWriteStream: createWriteStream as typeof fs.createWriteStream };
}
