import { existsSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { DEPLOY_DIR } from './read-manifests.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

// The README shows these files whole; `npm run test:container` runs the files, so the README must match them.
it.each([
  ['docker-examples.sh', 'sh'],
  ['cronjob.yaml', 'yaml'],
  ['indexed-job.yaml', 'yaml'],
])('the README quotes deploy/%s as it is', (file, language) => {
  expect(README).toContain(`\`\`\`${language}\n${readFileSync(`${DEPLOY_DIR}${file}`, 'utf8')}\`\`\`\n`);
});

// The Guarantees table names the test that shows each promise: a test moved leaves the promise unshown.
it('names only test files that exist', () => {
  const named = [...new Set(README.match(/\btest\/[\w/.-]+\.ts\b/g))];
  expect(named.length).toBeGreaterThan(5);
  expect(named.filter((path) => !existsSync(new URL(`../../${path}`, import.meta.url)))).toEqual([]);
});
