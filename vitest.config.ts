import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that replace modules (vi.mock of node:fs, a full disk), or read what a module captured as
 * it loaded (the fetch Node started with): they need modules of their own.
 */
const MOCKING_MODULES = ['test/api/choose-fetch.test.ts', 'test/sheets/full-disk.test.ts', 'test/jobs/export/export-full-disk.test.ts', 'test/jobs/template/template-full-disk.test.ts', 'test/jobs/import/report-dir.test.ts', 'test/api/key-file-permission.test.ts'];

/**
 * Checks whose time is real time, not behaviour: processes sharing a budget in Redis at its real
 * pace, the binary's exit and signals and an import killed, each in a process of its own, 4,000
 * requests by store code. `npm run test:slow` runs them, and CI after `npm test`.
 */
const SLOW = ['test/api/shared-budget.test.ts', 'test/cli/binary-process.test.ts', 'test/jobs/import/undo-after-kill.test.ts', 'test/jobs/import/import-by-code-at-scale.test.ts'];

export default defineConfig({
  test: {
    // The container tests build an image and need a Docker engine: `npm run test:container` runs them.
    exclude: [...configDefaults.exclude, 'test/container/**'],
    globalSetup: ['test/global-setup.ts'],
    // Vitest keeps a core free by default; most tests wait on sockets and files, so both cores of a 2-core machine earn their keep.
    maxWorkers: 2,
    // Bounds against a hang, not speed targets: a loaded 2-core machine runs an import test for seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'mocking', include: MOCKING_MODULES, isolate: true } },
      // Importing the modules again for every file cost more than half of the suite's time: the others share them.
      { extends: true, test: { name: 'shared', exclude: [...configDefaults.exclude, 'test/container/**', ...MOCKING_MODULES, ...SLOW], isolate: false } },
      { extends: true, test: { name: 'slow', include: SLOW, isolate: false } },
    ],
  },
});
