import { pathSegment } from '../transport/api-request.js';
import { AttributesSchema, type Attributes, type AttributeSetting } from '../schemas/attributes.js';
import { servicesAnswerFor, ServicesSchema, type Services, type ServiceSetting } from '../schemas/services.js';
import { StatusResultSchema, type StatusResult } from '../schemas/status-result.js';
import type { CallApi } from './call-api.js';

export interface ListingEndpoints {
  /** `GET /business/{id}/services`. */
  readServices(businessId: string): Promise<Services>;
  /** `POST /business/{id}/structured_services`: sets one service (the spec documents one object per request); answers them all. */
  setService(businessId: string, service: ServiceSetting): Promise<Services>;
  /** `GET /business/{id}/attributes`. */
  readAttributes(businessId: string): Promise<Attributes>;
  /** `POST /business/{id}/attributes`: only the attributes sent change. */
  setAttributes(businessId: string, attributes: readonly AttributeSetting[]): Promise<StatusResult>;
}

export function createListingEndpoints(call: CallApi): ListingEndpoints {
  const business = (id: string, rest: string): string => `/business/${pathSegment(id)}/${rest}`;
  return {
    readServices: async (id) => call({ method: 'GET', path: business(id, 'services') }, ServicesSchema),
    setService: async (id, service) => call({ method: 'POST', path: business(id, 'structured_services'), body: service }, servicesAnswerFor(service)),
    readAttributes: async (id) => call({ method: 'GET', path: business(id, 'attributes') }, AttributesSchema),
    setAttributes: async (id, attributes) => call({ method: 'POST', path: business(id, 'attributes'), body: { attributes } }, StatusResultSchema),
  };
}
