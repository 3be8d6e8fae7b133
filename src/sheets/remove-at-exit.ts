import { rmSync } from 'node:fs';

const paths = new Set<string>();

function removeAll(): void {
  for (const path of paths) rmSync(path, { force: true });
}

/**
 * Removes `path` when the process exits, unless the returned function is called first: the
 * temporary file or lock of a run that failed on its way out is not left behind.
 */
export function removeAtExit(path: string): () => void {
  if (paths.size === 0) process.on('exit', removeAll);
  paths.add(path);
  return () => {
    paths.delete(path);
    if (paths.size === 0) process.off('exit', removeAll);
  };
}
