// A small disk for the tests of a full disk: a tmpfs of a few pages mounted on a folder (root
// only, where the kernel allows it), so that a write fails with ENOSPC as on a real full disk.

import { spawnSync } from 'node:child_process';

/** A tmpfs mounted for a test, or why not. */
export interface SmallDisk {
  readonly mounted: boolean;
  /** ' — SKIPPED: cannot mount a tmpfs here (why)' for a test's name when it is not mounted; '' when it is. */
  readonly skipped: string;
  /** Gives it `size` (as mount takes it: '1m'): room on the disk again. True when done. */
  grow(size: string): boolean;
  /** Unmounts it (nothing when it was not mounted). */
  unmount(): void;
}

/**
 * Mounts a tmpfs of `size` (as mount takes it: '16k') on the folder `dir`, which must exist.
 *
 * @example const disk = smallDisk(folder, '16k'); it.skipIf(!disk.mounted)(`full${disk.skipped}`, ...); afterAll(disk.unmount)
 */
export function smallDisk(dir: string, size: string): SmallDisk {
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  const mounted = mount.status === 0;
  return {
    mounted,
    skipped: mounted ? '' : ` — SKIPPED: cannot mount a tmpfs here (${(mount.stderr || mount.error?.message || '').trim()})`,
    grow: (to) => spawnSync('mount', ['-o', `remount,size=${to}`, dir]).status === 0,
    unmount: () => {
      if (mounted) spawnSync('umount', [dir]);
    },
  };
}
