import { CustomFieldListSchema, type CustomFieldList, type CustomFieldOrder } from '../schemas/custom-fields/custom-field-list.js';
import { StatusResultSchema, type StatusResult } from '../schemas/status-result.js';
import type { CallApi } from './call-api.js';

export interface CustomFieldEndpoints {
  /** `GET /custom_fields?org_id=` of the organization the endpoints are scoped to. */
  readCustomFields(): Promise<CustomFieldList>;
  /** `POST /custom_fields/order?org_id=` of the organization the endpoints are scoped to. */
  orderCustomFields(order: CustomFieldOrder): Promise<StatusResult>;
}

export function createCustomFieldEndpoints(call: CallApi, orgId: number | undefined): CustomFieldEndpoints {
  const query = { org_id: orgId };
  return {
    readCustomFields: () => call({ method: 'GET', path: '/custom_fields', query, answersNotFound: false }, CustomFieldListSchema),
    orderCustomFields: (order) => call({ method: 'POST', path: '/custom_fields/order', query, body: order }, StatusResultSchema),
  };
}
