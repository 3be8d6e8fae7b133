import type { Route } from '../route.js';
import { requireOrgQuery } from './addressed-org-query.js';
import { ok } from '../responses.js';

export const messageTemplateRoutes: Route[] = [
  {
    method: 'GET',
    path: '/messaging/templates',
    permission: 'messaging_read',
    handle(ctx) {
      // Templates belong to one organization: a PROVIDER names it with org_id.
      const orgId = requireOrgQuery(ctx);
      if (typeof orgId !== 'number') return orgId;
      return ok(ctx.state.messageTemplates.filter((template) => template.org_id === orgId));
    },
  },
];
