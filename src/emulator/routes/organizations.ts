import { z } from 'zod';
import { ORG_ALIAS_PATTERN, type Role } from '../../api/facts/service-facts.js';
import { addressedOrg } from '../pipeline/access.js';
import { defineRoute } from '../pipeline/define-route.js';
import { notAuthorized, notFound, ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';

/** Roles with WRITE access on an organization (emulator's choice): PROVIDER on all, ORG_ADMIN on its own. */
const ORG_WRITERS: readonly Role[] = ['PROVIDER', 'ORG_ADMIN'];

const OrganizationUpdateSchema = z.strictObject({
  name: z.string().min(1, 'must not be empty').optional(),
  alias: z.string().regex(ORG_ALIAS_PATTERN, 'must contain only a-z, 0-9 and _').optional(),
  max_businesses: z.int().min(0).nullable().optional(),
});

export const organizationRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/org/:org_id',
    permission: 'org_edit',
    target({ state, caller, params, body }) {
      const rawId = params.org_id ?? '';
      if (!/^\d+$/.test(rawId)) return notFound();
      const orgId = addressedOrg(caller.user, Number(rawId));
      if (orgId === 'not-authorized' || !ORG_WRITERS.includes(caller.user.role)) return notAuthorized();
      const organization = orgId === undefined ? undefined : state.organizations.get(orgId);
      if (organization === undefined) return notFound();
      // The spec's per-field 403 body belongs to the business update: this one is the plain refusal.
      if (caller.user.role !== 'PROVIDER' && typeof body === 'object' && body !== null && 'max_businesses' in body) return notAuthorized();
      return organization;
    },
    body: OrganizationUpdateSchema,
    handle({ target: organization, body }) {
      Object.assign(organization, body);
      return ok({ org_id: organization.id, status: 'success' });
    },
  }),
];
