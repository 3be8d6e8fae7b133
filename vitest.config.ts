import { configDefaults, defineConfig } from 'vitest/config';

// The container tests build an image and need a Docker engine: `npm run test:container` runs them.
export default defineConfig({ test: { exclude: [...configDefaults.exclude, 'test/container/**'] } });
