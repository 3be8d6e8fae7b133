import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOKS_PER_EVENT_TYPE } from '../../api/facts/service-facts.js';
import { defineRoute } from '../pipeline/define-route.js';
import type { EmulatorResponse } from '../pipeline/http-types.js';
import { invalidBody, notAuthorized, notFound, ok } from '../pipeline/responses.js';
import type { Route, RouteContext } from '../pipeline/route.js';
import type { EmulatorState } from '../state.js';
import type { Webhook } from '../state-types.js';
import type { ValidationDetails } from '../pipeline/validation-details.js';
import { readOrgQuery, requireOrgQuery } from './query/addressed-org-query.js';

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The spec shows no webhook shapes; the emulator's: `{event_type, url, custom_headers}`. */
const WebhookFieldsSchema = z.strictObject({
  event_type: z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }),
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  custom_headers: z.record(z.string().regex(HEADER_NAME_PATTERN), z.string(), {
    error: (issue) => (issue.code === 'invalid_key' ? 'must be an HTTP header name' : undefined),
  }),
});
const WebhookCreateSchema = WebhookFieldsSchema.partial({ custom_headers: true });
const WebhookPatchSchema = WebhookFieldsSchema.partial();

export const webhookRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: '/webhooks',
    permission: 'webhooks_manage',
    target: managedOrg,
    handle({ state, target: orgId }) {
      return ok({ webhooks: [...state.webhooks.values()].filter((hook) => hook.org_id === orgId) });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks',
    permission: 'webhooks_manage',
    target: managedOrg,
    body: WebhookCreateSchema,
    handle({ state, target: orgId, body }) {
      const fields = { org_id: orgId, custom_headers: {}, ...body };
      const refused = checkRegistration(state, fields);
      if (refused !== undefined) return invalidBody(refused);
      const hook: Webhook = { id: state.nextId(), ...fields };
      state.webhooks.set(hook.id, hook);
      // The spec keeps 201 for API keys; a webhook creation answers 200.
      return ok(hook);
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/webhooks/:webhook_id',
    permission: 'webhooks_manage',
    target(ctx) {
      // A PROVIDER naming no organization reaches every webhook by id.
      const orgId = refuseOtherRoles(ctx) ?? readOrgQuery(ctx);
      if (typeof orgId === 'object') return orgId;
      const rawId = ctx.params.webhook_id ?? '';
      const hook = /^\d+$/.test(rawId) ? ctx.state.webhooks.get(Number(rawId)) : undefined;
      // Another organization's webhook is answered as missing, so ids do not leak across organizations.
      return hook === undefined || (orgId !== undefined && hook.org_id !== orgId) ? notFound() : hook;
    },
    body: WebhookPatchSchema,
    handle({ state, target: hook, body }) {
      // custom_headers, when sent, replaces the whole map (emulator's choice).
      const updated: Webhook = { ...hook, ...body };
      const refused = checkRegistration(state, updated, hook.id);
      if (refused !== undefined) return invalidBody(refused);
      Object.assign(hook, updated);
      return ok(hook);
    },
  }),
];

/**
 * Webhooks are managed by an ORG_ADMIN for its organization and by a PROVIDER
 * for the one its `org_id` query names (emulator's choice).
 */
function refuseOtherRoles({ caller }: RouteContext): EmulatorResponse | undefined {
  return caller.user.role === 'PROVIDER' || caller.user.role === 'ORG_ADMIN' ? undefined : notAuthorized();
}

/** The organization whose webhooks a request lists or registers. */
function managedOrg(ctx: RouteContext): number | EmulatorResponse {
  return refuseOtherRoles(ctx) ?? requireOrgQuery(ctx);
}

/** The spec's registration rules: each URL once, and at most 5 webhooks, per event type and organization. */
function checkRegistration(
  state: EmulatorState,
  candidate: Pick<Webhook, 'org_id' | 'event_type' | 'url'>,
  selfId?: number,
): ValidationDetails | undefined {
  const siblings = [...state.webhooks.values()].filter(
    (hook) => hook.id !== selfId && hook.org_id === candidate.org_id && hook.event_type === candidate.event_type,
  );
  const url = new URL(candidate.url).href;
  if (siblings.some((hook) => new URL(hook.url).href === url)) {
    return { url: [`Already registered for ${candidate.event_type} in this organization.`] };
  }
  if (siblings.length >= WEBHOOKS_PER_EVENT_TYPE) {
    return { event_type: [`At most ${WEBHOOKS_PER_EVENT_TYPE} webhooks per event type and organization.`] };
  }
  return undefined;
}
