import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/api/facts/service-facts.js';
import { customFieldValueSchema } from '../../src/emulator/custom-field-value.js';
import { BusinessUpdateBodySchema } from '../../src/emulator/routes/business-update-body.js';
import { seedWorld, DEFAULT_SEED_OPTIONS } from '../../src/emulator/seed/seed.js';

describe('seeded world', () => {
  it('is the same for the same seed and differs for another', () => {
    const a = seedWorld({ ...DEFAULT_SEED_OPTIONS, businesses: 30, feedback: 10 });
    const b = seedWorld({ ...DEFAULT_SEED_OPTIONS, businesses: 30, feedback: 10 });
    const c = seedWorld({ ...DEFAULT_SEED_OPTIONS, seed: 2, businesses: 30, feedback: 10 });
    expect([...b.state.businesses.values()]).toEqual([...a.state.businesses.values()]);
    expect(b.keys).toEqual(a.keys);
    expect(c.keys).not.toEqual(a.keys);
  });

  it('has a key for every role, two organizations and realistic businesses', () => {
    const { state, keys } = seedWorld({ ...DEFAULT_SEED_OPTIONS, businesses: 50, feedback: 40 });
    expect(Object.keys(keys)).toEqual([...ROLES]);
    expect([...state.organizations.keys()]).toEqual([1, 2]);
    expect(state.orgBusinesses(1)).toHaveLength(40);
    expect(state.orgBusinesses(2)).toHaveLength(10);
    for (const business of state.businesses.values()) {
      expect(business.contacts[0]?.phone_numbers?.[0]).toMatch(/^\+[1-9]\d{1,14}$/);
      expect(Object.keys(business.open_hours)).toHaveLength(7);
    }
    expect(new Set(state.customFields.map((field) => field.type)).size).toBe(8);
    expect(state.feedbackResults).toHaveLength(40);
  });

  // A client may write back what it read: no "" URL, no 24:00. A null is unset, read as empty, never sent.
  it('stores only what a business update would take back', () => {
    const { state } = seedWorld({ ...DEFAULT_SEED_OPTIONS, businesses: 200, feedback: 10 });
    const writable = Object.keys(BusinessUpdateBodySchema.shape);
    for (const business of state.businesses.values()) {
      const fields = Object.entries(business).filter(([field, value]) => writable.includes(field) && value !== null);
      const parsed = BusinessUpdateBodySchema.safeParse(Object.fromEntries(fields));
      expect({ id: business.id, issues: parsed.error?.issues ?? [] }).toEqual({ id: business.id, issues: [] });
      for (const [name, value] of Object.entries(business.custom_fields)) {
        const definition = state.customFields.find((field) => field.org_id === business.org_id && field.name === name);
        expect(definition !== undefined && customFieldValueSchema(definition).safeParse(value).success).toBe(true);
      }
    }
  });

  it('spreads the businesses over the organizations asked, each with its own custom fields, groups and store codes', () => {
    const { state } = seedWorld({ ...DEFAULT_SEED_OPTIONS, businesses: 60, feedback: 30, orgs: 6 });
    expect([...state.organizations.keys()]).toEqual([1, 2, 3, 4, 5, 6]);
    for (const orgId of state.organizations.keys()) {
      const businesses = state.orgBusinesses(orgId);
      expect(businesses).toHaveLength(10);
      expect(new Set(businesses.map((business) => business.code)).size).toBe(10);
      const groups = new Set([...state.groups.values()].filter((group) => group.org_id === orgId).map((group) => group.id));
      expect(businesses.every((business) => business.groups.every((id) => groups.has(id)))).toBe(true);
      expect(state.customFields.filter((field) => field.org_id === orgId)).toHaveLength(8);
    }
  });
});
