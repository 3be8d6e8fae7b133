import type { Role } from '../../api/facts/service-facts.js';
import { defineRoute } from '../pipeline/define-route.js';
import { notAuthorized, ok } from '../pipeline/responses.js';
import type { Route } from '../pipeline/route.js';
import type { CustomField, CustomFieldSection } from '../state-types.js';
import { requireOrgQuery } from './query/addressed-org-query.js';
import { CustomFieldOrderSchema, reorderCustomFields } from './custom-field-order.js';

/** The spec does not say who may reorder: the emulator lets organization administrators and the provider. */
const ORDER_ROLES: readonly Role[] = ['PROVIDER', 'ORG_ADMIN'];

const CONSTRAINT_KEYS = ['max_len', 'min', 'max', 'possible_values', 'max_selected_values', 'text_fields'] as const;

export const customFieldRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/custom_fields',
    permission: 'custom_fields_read',
    // Definitions belong to one organization (names repeat across them): a PROVIDER names it with org_id.
    target: requireOrgQuery,
    handle({ state, target: orgId, quirks }) {
      const sections = state.customFieldSections
        .filter((section) => section.org_id === orgId)
        .sort((a, b) => a.order - b.order || a.id - b.id);
      const rank = new Map(sections.map((section, index) => [section.id, index]));
      const rankOf = (field: CustomField) => rank.get(field.section_id) ?? sections.length;
      const fields = state.customFields
        .filter((field) => field.org_id === orgId)
        .sort((a, b) => rankOf(a) - rankOf(b) || a.order - b.order || a.id - b.id);
      const customFields = fields.map((field) => describeField(field, sections.find((section) => section.id === field.section_id)));
      // `real-shapes`: the public facts' shape, without the sections.
      if (quirks['real-shapes'] === true) return ok({ custom_fields: customFields });
      // Not in the spec's shape: the sections let a client show and reorder them.
      return ok({ custom_fields: customFields, sections: sections.map(({ id, name, order }) => ({ id, name, order })) });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/custom_fields/order',
    permission: 'custom_fields_edit',
    target: (ctx) => (ORDER_ROLES.includes(ctx.caller.user.role) ? requireOrgQuery(ctx) : notAuthorized()),
    body: CustomFieldOrderSchema,
    handle({ state, target: orgId, body }) {
      return reorderCustomFields(state, orgId, body) ?? ok({ status: 'success' });
    },
  }),
];

/** A definition as the service shows it: the section's name, and only the constraints its type has. */
function describeField(field: CustomField, section: CustomFieldSection | undefined): Record<string, unknown> {
  const constraints = CONSTRAINT_KEYS.filter((key) => field[key] !== undefined).map((key): [string, unknown] => [key, field[key]]);
  return {
    id: field.id,
    name: field.name,
    slug: field.slug,
    type: field.type,
    order: field.order,
    section_id: field.section_id,
    section_name: section?.name ?? null,
    ...Object.fromEntries(constraints),
  };
}
