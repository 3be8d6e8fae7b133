import { defineRoute } from '../pipeline/define-route.js';
import { ok } from '../pipeline/responses.js';
import type { Route, RouteContext } from '../pipeline/route.js';
import { requireOrgQuery } from './query/addressed-org-query.js';

export const messageTemplateRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/messaging/templates',
    permission: 'messaging_read',
    // Templates belong to one organization: a PROVIDER names it with org_id.
    target: (ctx) => (ctx.quirks['ignore-filters'] === true ? ownOrg(ctx) : requireOrgQuery(ctx)),
    handle({ state, target: orgId }) {
      return ok(state.messageTemplates.filter((template) => orgId === undefined || template.org_id === orgId));
    },
  }),
];

/**
 * `ignore-filters`: org_id is left unread, as the spec documents none here ("the templates of the
 * caller's organization"): the caller's own, or, for a PROVIDER, who has none, every organization's.
 */
function ownOrg({ caller }: RouteContext): number | undefined {
  return caller.user.org_id ?? undefined;
}
