import type { EmulatorState } from '../state.js';

/** The custom field of a type the public facts do not list, and its name in every organization. */
const UNKNOWN_TYPE_FIELD = { name: 'renovated_on', type: 'DATE' } as const;

/**
 * `unknown-values`: each organization gets a custom field of type DATE, last of its first section,
 * valued with the opening date of the businesses that have one.
 */
export function seedUnknownCustomField(state: EmulatorState): void {
  for (const orgId of state.organizations.keys()) {
    const section = state.customFieldSections.filter((candidate) => candidate.org_id === orgId).sort((a, b) => a.order - b.order)[0];
    if (section === undefined) continue;
    const orders = state.customFields.filter((field) => field.org_id === orgId).map((field) => field.order);
    state.customFields.push({ ...UNKNOWN_TYPE_FIELD, id: state.nextId(), org_id: orgId, slug: 'renovated-on', order: Math.max(0, ...orders) + 1, section_id: section.id });
    for (const business of state.orgBusinesses(orgId)) {
      if (business.opening_date !== null) business.custom_fields = { ...business.custom_fields, [UNKNOWN_TYPE_FIELD.name]: business.opening_date };
    }
  }
}
