import { chmod, chown, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the kubelet does to a volume for a pod's fsGroup, made stricter: root keeps every file, the
 * group gets them (files 0640, folders 2770, so new files take the group), others get nothing.
 * A container reaches them only through that group.
 */
export async function applyFsGroup(dir: string, gid: number): Promise<void> {
  await chown(dir, 0, gid);
  await chmod(dir, 0o2770);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await applyFsGroup(path, gid);
    else {
      await chown(path, 0, gid);
      await chmod(path, 0o640);
    }
  }
}
