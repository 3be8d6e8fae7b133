import { defineRoute } from '../pipeline/define-route.js';
import { ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import { requireOrgQuery } from './query/addressed-org-query.js';

export const messageTemplateRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/messaging/templates',
    permission: 'messaging_read',
    // Templates belong to one organization: a PROVIDER names it with org_id.
    target: requireOrgQuery,
    handle({ state, target: orgId }) {
      return ok(state.messageTemplates.filter((template) => template.org_id === orgId));
    },
  }),
];
