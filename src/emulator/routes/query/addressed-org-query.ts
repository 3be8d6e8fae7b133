import { addressedOrg } from '../../pipeline/access.js';
import type { EmulatorResponse } from '../../pipeline/http-types.js';
import { invalidBody, notAuthorized, notFound } from '../../pipeline/responses.js';
import type { RouteContext } from '../../pipeline/route.js';

const ORG_ID = /^\d+$/;

/**
 * The organization the `org_id` query addresses (only a PROVIDER may name
 * another; everyone else gets their own), undefined for a PROVIDER naming
 * none, or the error to answer.
 */
export function readOrgQuery({ req, caller, state }: RouteContext): number | undefined | EmulatorResponse {
  const raw = req.query.get('org_id');
  if (raw !== null && !ORG_ID.test(raw)) return invalidBody({ org_id: ['Not a valid integer.'] });
  const orgId = addressedOrg(caller.user, raw === null ? undefined : Number(raw));
  if (orgId === 'not-authorized') return notAuthorized();
  if (orgId !== undefined && !state.organizations.has(orgId)) return notFound();
  return orgId;
}

/** As readOrgQuery, for resources that belong to one organization: a PROVIDER, who has none, must name it. */
export function requireOrgQuery(ctx: RouteContext): number | EmulatorResponse {
  const orgId = readOrgQuery(ctx);
  return orgId === undefined ? invalidBody({ org_id: ['Required for PROVIDER users.'] }) : orgId;
}
