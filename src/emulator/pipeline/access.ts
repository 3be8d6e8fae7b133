import { STORE_CODE_ROLES } from '../../api/facts/service-facts.js';
import type { EmulatorState } from '../state.js';
import type { Access, ApiKey, Business, User } from '../state-types.js';

/** Who is calling: the key and the user that owns it. */
export interface Caller {
  key: ApiKey;
  user: User;
}

/**
 * The emulator's choice where the spec is silent on roles: PROVIDER reaches
 * every organization; ORG_ADMIN and ORG_MANAGER their own organization;
 * GROUP_MANAGER the businesses of its groups; BUSINESS_MANAGER and PUBLISHER
 * the businesses granted to them, PUBLISHER for reading only.
 */
export function accessTo(user: User, business: Business): Access | null {
  switch (user.role) {
    case 'PROVIDER':
      return 'WRITE';
    case 'ORG_ADMIN':
    case 'ORG_MANAGER':
      return business.org_id === user.org_id ? 'WRITE' : null;
    case 'GROUP_MANAGER':
      return business.org_id === user.org_id && business.groups.some((id) => user.groupIds.includes(id)) ? 'WRITE' : null;
    case 'BUSINESS_MANAGER':
      return user.businessAccess.get(business.id) ?? null;
    case 'PUBLISHER':
      return user.businessAccess.has(business.id) ? 'READ' : null;
  }
}

/** The businesses a user can read, in a stable order, without copying an organization's list. */
export function readableBusinesses(state: EmulatorState, user: User): readonly Business[] {
  if (user.role === 'PROVIDER') return [...state.businessesByOrg.values()].flat();
  if (user.org_id === null) return [];
  const own = state.businessesByOrg.get(user.org_id) ?? [];
  if (user.role === 'ORG_ADMIN' || user.role === 'ORG_MANAGER') return own;
  return own.filter((business) => accessTo(user, business) !== null);
}

export type BusinessLookup =
  | { found: true; business: Business; access: Access }
  | { found: false; reason: 'not-found' | 'not-authorized' };

/** Resolves `{business_id}` (an id, or `c-<code>` for the roles allowed to use it). */
export function lookUpBusiness(state: EmulatorState, user: User, idOrCode: string): BusinessLookup {
  let business: Business | undefined;
  if (idOrCode.startsWith('c-')) {
    if (!STORE_CODE_ROLES.includes(user.role)) return { found: false, reason: 'not-authorized' };
    business = user.org_id === null ? undefined : state.businessByCode(user.org_id, idOrCode.slice(2));
  } else {
    business = state.businesses.get(idOrCode);
  }
  if (business === undefined) return { found: false, reason: 'not-found' };
  const access = accessTo(user, business);
  if (access === null) return { found: false, reason: 'not-authorized' };
  return { found: true, business, access };
}

/**
 * The organization a request addresses: PROVIDER users may name any through
 * `org_id`; everyone else gets their own, and naming another is refused.
 */
export function addressedOrg(user: User, requested: number | undefined): number | 'not-authorized' | undefined {
  if (user.role === 'PROVIDER') return requested;
  if (requested !== undefined && requested !== user.org_id) return 'not-authorized';
  return user.org_id ?? undefined;
}
