import { customFieldValueSchema } from '../custom-field-value.js';
import { defineRoute, type AddressedContext } from '../pipeline/define-route.js';
import { hasPermission } from '../pipeline/permissions.js';
import { fieldsNotAllowed, invalidBody, notAuthorized, ok } from '../pipeline/responses.js';
import type { Route, RouteContext } from '../pipeline/route.js';
import type { EmulatorState } from '../state.js';
import type { Business, Contact, CustomFieldValue } from '../state-types.js';
import { addMessage, type ValidationDetails } from '../pipeline/validation-details.js';
import { BusinessUpdateBodySchema, type BusinessUpdateBody } from './business-update-body.js';

/** Fields a restricted key may only push with a permission of their own. */
const FIELD_PERMISSIONS: Record<string, string> = { name: 'business_edit_name', categories: 'business_edit_categories' };

export const businessUpdateRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/business/:business_id',
    permission: 'business_edit',
    business: 'WRITE',
    target(ctx) {
      const refused = refusedFields(ctx);
      return refused.length > 0 ? fieldsNotAllowed(refused) : undefined;
    },
    body: BusinessUpdateBodySchema,
    handle(ctx) {
      const { business, body: update } = ctx;
      const details = checkReferences(ctx, business, update);
      if (Object.keys(details).length > 0) return invalidBody(details);
      if (update.org_id !== undefined && update.org_id !== business.org_id && ctx.caller.user.role !== 'PROVIDER') {
        return notAuthorized();
      }

      applyUpdate(ctx.state, business, update, { now: ctx.now(), replaceNested: ctx.quirks['replace-nested'] === true });
      return ok({ status: 'success', id: business.id });
    },
  }),
];

/** Field paths the caller's organization or restricted key may not push, as `edit_not_allowed`. */
function refusedFields({ state, caller, business, body }: AddressedContext<'WRITE'>): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const locked = state.organizations.get(business.org_id)?.lockedFields ?? new Set<string>();
  const sent = Object.entries(body as Record<string, unknown>).flatMap(([field, value]) => {
    const nested = field === 'photos' && typeof value === 'object' && value !== null ? Object.keys(value).map((key) => `photos.${key}`) : [];
    return [field, ...nested];
  });
  return sent.filter((path) => {
    const permission = FIELD_PERMISSIONS[path];
    return locked.has(path) || (permission !== undefined && !hasPermission(caller.key, permission));
  });
}

/** Rules that need the emulator's state: unique store codes, known groups, typed custom fields, organizations. */
function checkReferences(ctx: RouteContext, business: Business, update: BusinessUpdateBody): ValidationDetails {
  const details: ValidationDetails = {};
  const orgId = update.org_id ?? business.org_id;
  if (update.org_id !== undefined && !ctx.state.organizations.has(update.org_id)) {
    addMessage(details, ['org_id'], 'Unknown organization.');
  }
  if (update.code !== undefined) {
    const holder = ctx.state.businessByCode(orgId, update.code);
    if (holder !== undefined && holder.id !== business.id) {
      addMessage(details, ['code'], `Store code already used by business ${holder.id} in this organization.`);
    }
  }
  update.groups?.forEach((groupId, index) => {
    if (ctx.state.groups.get(groupId)?.org_id !== orgId) addMessage(details, ['groups', index], `Unknown group ${groupId}.`);
  });
  for (const [name, value] of Object.entries(update.custom_fields ?? {})) {
    const definition = ctx.state.customFields.find((field) => field.org_id === orgId && field.name === name);
    if (definition === undefined) {
      addMessage(details, ['custom_fields', name], 'Unknown custom field.');
      continue;
    }
    const result = customFieldValueSchema(definition).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) addMessage(details, ['custom_fields', name, ...issue.path], issue.message);
    }
  }
  return details;
}

/**
 * The spec calls the update a patch and is silent on nested objects: the emulator merges them
 * key by key (a contact with the one at its position), unless the `replace-nested` quirk has
 * them replaced whole. open_hours and specific_hours are whole either way: every day, both lists.
 */
function applyUpdate(state: EmulatorState, business: Business, update: BusinessUpdateBody, how: { now: number; replaceNested: boolean }): void {
  const previous = { org_id: business.org_id, code: business.code };
  const { photos, custom_fields: customFields, contacts, ...plain } = update;
  Object.assign(business, plain);
  const merge = <T extends object>(current: T, sent: T): T => (how.replaceNested ? sent : { ...current, ...sent });
  if (photos !== undefined) business.photos = merge(business.photos, photos);
  // Values were checked against their definitions in checkReferences.
  if (customFields !== undefined) business.custom_fields = merge(business.custom_fields, customFields as Record<string, CustomFieldValue>);
  if (contacts !== undefined) business.contacts = contacts.map((contact, index): Contact => merge(business.contacts[index] ?? {}, contact));
  business.modified = how.now / 1000;
  state.reindexBusiness(business, previous);
}
