/** What a started emulator tells whoever started it. */
export interface EmulatorStarted {
  url: string;
  keys: Record<string, string>;
  users: Record<string, string>;
}

/** The start lines a person reads on a terminal: the address, a key per role, and the lines to paste into a shell. */
export function formatEmulatorBanner({ url, keys }: EmulatorStarted): string {
  const width = Math.max(...Object.keys(keys).map((role) => role.length));
  const roles = Object.entries(keys).map(([role, key]) => `  ${role.padEnd(width)}  ${key}`);
  return [
    `Emulator listening on ${url}`,
    'API keys by role:',
    ...roles,
    'To run commands against it, in another shell:',
    `  export LISTING_API_URL=${url} LISTING_API_KEY=${keys.ORG_ADMIN ?? ''}`,
    'Stop it with Ctrl-C.',
  ].join('\n');
}
