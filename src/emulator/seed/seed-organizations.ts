import type { EmulatorState } from '../state.js';

/** The two organizations every world has, with groups of their own; more are modelled on them. */
const FIRST_ORGANIZATIONS = [
  { id: 1, name: 'Boulangeries Martin', alias: 'boulangeries_martin', max_businesses: null, groups: ['Paris', 'South', 'North', 'Franchise'] },
  { id: 2, name: 'Nordic Outdoor', alias: 'nordic_outdoor', max_businesses: 5000, groups: ['Oslo', 'West'] },
];

/** The seeded organization (1 or 2) whose brand, country and categories organization `orgId` takes. */
export function modelOf(orgId: number): 1 | 2 {
  return orgId % 2 === 1 ? 1 : 2;
}

/** The organization of the `index`-th seeded business: four in five in the first with two organizations, else in turn. */
export function orgOfBusiness(index: number, businesses: number, orgs: number): number {
  if (orgs === 1) return 1;
  if (orgs === 2) return index % 5 === 4 && Math.floor(businesses / 5) > 0 ? 2 : 1;
  return (index % orgs) + 1;
}

/** Organizations 1 to `orgs`, each with its groups; organizations past the second get one group. */
export function seedOrganizations(state: EmulatorState, orgs: number, lockedFields: Record<number, string[]>): void {
  for (let id = 1; id <= orgs; id++) {
    const known = FIRST_ORGANIZATIONS[id - 1];
    state.organizations.set(id, {
      id,
      name: known?.name ?? `Organization ${id}`,
      alias: known?.alias ?? `organization_${id}`,
      max_businesses: known?.max_businesses ?? null,
      lockedFields: new Set(lockedFields[id] ?? []),
    });
    for (const name of known?.groups ?? ['Main']) {
      const groupId = state.nextId();
      state.groups.set(groupId, { id: groupId, org_id: id, name });
    }
  }
}
