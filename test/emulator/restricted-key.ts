import type { Permission } from '../../src/emulator/pipeline/permissions.js';
import type { TestEmulator } from './start-test-emulator.js';

/** Adds a key of the seeded ORG_ADMIN restricted to `permissions`, and returns it for `{as: {key}}`. */
export function addRestrictedKey(api: TestEmulator, permissions: Permission[]): { key: string } {
  const { state, keys } = api.emulator;
  const seeded = state.keysBySecret.get(keys.ORG_ADMIN);
  if (seeded === undefined) throw new Error('the seed has no ORG_ADMIN key');
  const id = state.nextId();
  const secret = `lbk_restricted_${id}`;
  state.addKey({ ...seeded, id, secret, has_restricted_permissions: true, permissions });
  return { key: secret };
}
