import { createBusinessEndpoints, type BusinessEndpoints } from './endpoints/business-endpoints.js';
import type { CallApi } from './endpoints/call-api.js';
import { createCustomFieldEndpoints, type CustomFieldEndpoints } from './endpoints/custom-field-endpoints.js';
import { createFeedbackEndpoints, type FeedbackEndpoints } from './endpoints/feedback-endpoints.js';
import { createListingEndpoints, type ListingEndpoints } from './endpoints/listing-endpoints.js';
import { createOrganizationEndpoints, type OrganizationEndpoints } from './endpoints/organization-endpoints.js';

/** Every endpoint the jobs use, paced with the budget of one organization. */
export type OrgApi = BusinessEndpoints &
  ListingEndpoints &
  CustomFieldEndpoints &
  FeedbackEndpoints &
  OrganizationEndpoints & {
    /** The same endpoints, whose calls are cancelled once `signal` aborts: for requests made ahead of their need. */
    withSignal(signal: AbortSignal): OrgApi;
  };

/** `orgId` is sent as `org_id` where an endpoint takes one; undefined means the caller's own organization. */
export function createOrgApi(call: CallApi, orgId: number | undefined): OrgApi {
  return {
    ...createBusinessEndpoints(call, orgId),
    ...createListingEndpoints(call),
    ...createCustomFieldEndpoints(call, orgId),
    ...createFeedbackEndpoints(call),
    ...createOrganizationEndpoints(call, orgId),
    withSignal: (signal) => createOrgApi((request, schema) => call({ ...request, signal }, schema), orgId),
  };
}
