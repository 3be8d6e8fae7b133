import { invalidBody, notAuthorized, notFound, ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import type { User } from '../state-types.js';
import { formatKeyTimestamp } from '../timestamps.js';
import { parseApiKeyBody } from './api-key-body.js';
import { mintSecret, toApiKeyView } from './api-key-view.js';

export const apiKeyRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api_keys',
    permission: 'api_keys_manage',
    handle({ state, caller, body, now }) {
      // PUBLISHER users only read (emulator's choice), so they manage no keys.
      if (caller.user.role === 'PUBLISHER') return notAuthorized();
      const nowMs = now();
      const parsed = parseApiKeyBody(body, nowMs, 'create');
      if (!parsed.success) return invalidBody(parsed.details);
      const key = state.createKey(caller.user.id, nowMs, (id) => mintSecret(id, caller.user.id, nowMs), parsed.data);
      // The spec's key object has no field for the secret; the emulator returns it once, as `api_key`.
      return ok({ ...toApiKeyView(state, key, caller.user), api_key: key.secret }, 201);
    },
  },
  {
    method: 'PUT',
    path: '/api_keys/:key_id',
    permission: 'api_keys_manage',
    handle({ state, caller, params, body, now }) {
      const keyId = params.key_id ?? '';
      if (!/^\d+$/.test(keyId)) return notFound();
      if (caller.user.role === 'PUBLISHER') return notAuthorized();
      const key = state.keysById.get(Number(keyId));
      const owner = key === undefined ? undefined : state.users.get(key.user_id);
      if (key === undefined || owner === undefined) return notFound();
      if (!canManageKeysOf(caller.user, owner)) return notAuthorized();
      const nowMs = now();
      const parsed = parseApiKeyBody(body, nowMs, 'update');
      if (!parsed.success) return invalidBody(parsed.details);
      const { disabled, permissions, ...fields } = parsed.data;
      // Revoking is final (emulator's choice): a leaked secret must not come back to life.
      if (disabled === false && key.disabled) return invalidBody({ disabled: ['A revoked key cannot be enabled again.'] });
      Object.assign(key, fields);
      if (permissions !== undefined) key.permissions = [...new Set(permissions)];
      if (disabled === true && !key.disabled) {
        key.disabled = true;
        key.revoked_by = caller.user.id;
        key.revoked_at = formatKeyTimestamp(nowMs);
      }
      return ok(toApiKeyView(state, key, owner));
    },
  },
];

/** Access to a key (emulator's choice): one's own, an ORG_ADMIN those of its organization's users, a PROVIDER all. */
function canManageKeysOf(caller: User, owner: User): boolean {
  if (caller.id === owner.id || caller.role === 'PROVIDER') return true;
  return caller.role === 'ORG_ADMIN' && owner.org_id !== null && owner.org_id === caller.org_id;
}
