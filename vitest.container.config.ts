import { defineConfig } from 'vitest/config';

// `npm run test:container`: the image built once (global setup), then its containers one file at a time.
export default defineConfig({
  test: {
    include: ['test/container/**/*.test.ts'],
    globalSetup: ['test/container/build-image.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
