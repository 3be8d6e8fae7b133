import { ROLES, type Role } from '../../api/facts/service-facts.js';
import { Random } from '../random.js';
import { seedBusiness } from './seed-businesses.js';
import { seedCustomFields } from './seed-custom-fields.js';
import { seedFeedback } from './seed-feedback.js';
import { seedOrgExtras } from './seed-org-extras.js';
import { modelOf, orgOfBusiness, seedOrganizations } from './seed-organizations.js';
import { ATTRIBUTE_CATALOG, LODGING_CATALOG, SERVICE_CATALOG } from './seed-catalogs.js';
import { EmulatorState } from '../state.js';
import type { User } from '../state-types.js';

export interface SeedOptions {
  seed: number;
  businesses: number;
  /** Organizations 1 to N, businesses spread over them (README: The seeded world). */
  orgs: number;
  feedback: number;
  /** Business fields each organization may not push, for instance `{2: ['name', 'photos.primary']}`. */
  lockedFields: Record<number, string[]>;
}

export const DEFAULT_SEED_OPTIONS: SeedOptions = {
  seed: 1,
  businesses: 200,
  orgs: 2,
  feedback: 300,
  lockedFields: { 2: ['name', 'photos.primary'] },
};

export interface SeededWorld {
  state: EmulatorState;
  /** One API key and one user per role. */
  keys: Record<Role, string>;
  users: Record<Role, string>;
}

const SEED_TIME_MS = Date.UTC(2025, 5, 1);

/** Builds the same world for the same options: one provider, `orgs` organizations (two by default), a user and key per role. */
export function seedWorld(options: SeedOptions): SeededWorld {
  const random = new Random(options.seed);
  const state = new EmulatorState();
  seedOrganizations(state, options.orgs, options.lockedFields);
  const orgIds = [...state.organizations.keys()];
  seedCustomFields(state, orgIds);
  for (const service of SERVICE_CATALOG) state.serviceCatalog.set(service.service_id, service);
  for (const attribute of ATTRIBUTE_CATALOG) state.attributeCatalog.set(attribute.geo_id, attribute);
  for (const lodging of LODGING_CATALOG) state.lodgingCatalog.set(lodging.id, lodging);

  const counters = new Map<number, number>();
  for (let i = 0; i < options.businesses; i++) {
    const orgId = orgOfBusiness(i, options.businesses, options.orgs);
    const index = counters.get(orgId) ?? 0;
    counters.set(orgId, index + 1);
    const model = modelOf(orgId);
    state.addBusiness(
      seedBusiness({
        random,
        orgId,
        model,
        country: model === 1 ? 'FR' : 'NO',
        index,
        groups: [...state.groups.values()].filter((group) => group.org_id === orgId),
        customFields: state.customFields.filter((field) => field.org_id === orgId),
      }),
    );
  }
  seedOrgExtras(state, random, SEED_TIME_MS, orgIds);
  seedFeedback(state, random, options.feedback, SEED_TIME_MS);

  const users = {} as Record<Role, string>;
  const keys = {} as Record<Role, string>;
  for (const role of ROLES) {
    const user = seedUser(state, random, role);
    state.users.set(user.id, user);
    const key = state.createKey(user.id, SEED_TIME_MS, () => `lbk_${random.hex(40)}`, { label: `${role} integration`, description: 'Seeded by the emulator' });
    users[role] = user.id;
    keys[role] = key.secret;
  }
  return { state, keys, users };
}

function seedUser(state: EmulatorState, random: Random, role: Role): User {
  const orgOne = state.orgBusinesses(1);
  const user: User = {
    id: `usr_${role.toLowerCase()}_${random.hex(8)}`,
    role,
    org_id: role === 'PROVIDER' ? null : 1,
    first_name: role.charAt(0) + role.slice(1).toLowerCase().replace(/_/g, ' '),
    last_name: 'Example',
    groupIds: role === 'GROUP_MANAGER' ? [firstGroupOf(state, 1)] : [],
    businessAccess: new Map(),
  };
  if (role === 'BUSINESS_MANAGER') {
    orgOne.slice(0, 5).forEach((business) => user.businessAccess.set(business.id, 'WRITE'));
    orgOne.slice(5, 8).forEach((business) => user.businessAccess.set(business.id, 'READ'));
  }
  if (role === 'PUBLISHER') orgOne.slice(0, 20).forEach((business) => user.businessAccess.set(business.id, 'READ'));
  return user;
}

function firstGroupOf(state: EmulatorState, orgId: number): number {
  const group = [...state.groups.values()].find((candidate) => candidate.org_id === orgId);
  if (group === undefined) throw new Error(`organization ${orgId} has no group`);
  return group.id;
}
