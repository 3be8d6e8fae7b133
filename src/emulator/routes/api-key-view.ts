import { createHash } from 'node:crypto';
import type { EmulatorState } from '../state.js';
import type { ApiKey, User } from '../state-types.js';

/** The spec's API key object; the secret is never part of it. */
export function toApiKeyView(state: EmulatorState, { secret: _secret, ...key }: ApiKey, owner: User) {
  return {
    ...key,
    user_name: fullName(owner),
    user_role: owner.role,
    // Every seeded user is a human; the emulator has no integration bots.
    user_type: 'user',
    created_by_name: nameOf(state, key.created_by),
    revoked_by_name: nameOf(state, key.revoked_by),
  };
}

/** A secret that looks random but repeats for the same world and clock, like the rest of the emulator. */
export function mintSecret(keyId: number, userId: string, nowMs: number): string {
  return `lbk_${createHash('sha256').update(`${keyId}:${userId}:${nowMs}`).digest('hex').slice(0, 40)}`;
}

function fullName(user: User): string {
  return `${user.first_name} ${user.last_name}`;
}

function nameOf(state: EmulatorState, userId: string | null): string | null {
  const user = userId === null ? undefined : state.users.get(userId);
  return user === undefined ? null : fullName(user);
}
