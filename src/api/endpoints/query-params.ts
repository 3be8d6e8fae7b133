import type { BUSINESS_STATUSES, FEEDBACK_STATES } from '../facts/service-facts.js';

// What a request asks for, apart from the endpoints that send it: the checks of answers read it too.

export type PageParams = { page?: number; per_page?: number };

/** Filters of `GET /business/search`, under the service's own names; lists are sent comma-separated. */
export type BusinessSearchParams = PageParams & {
  business__in?: readonly string[];
  code?: readonly string[];
  /** Defaults to the organization the endpoints are scoped to. */
  org_id?: number;
  /** One value: the published description (2021) takes one status per search, and refuses a list. */
  status?: (typeof BUSINESS_STATUSES)[number];
  country?: string;
  city?: string;
  /** Epoch seconds or an ISO 8601 timestamp. */
  modified__gte?: string | number;
};

/** Filters of the feedback results; the query names come from FEEDBACK_FILTER_PARAMS. Lists are sent comma-separated. */
export type FeedbackFilter = {
  businessIds?: readonly string[];
  excludeBusinessIds?: readonly string[];
  states?: readonly (typeof FEEDBACK_STATES)[number][];
  /** ISO 8601 date-times. */
  createdFrom?: string;
  createdTo?: string;
  npsMin?: number;
  npsMax?: number;
  npsIn?: readonly number[];
  /** Words the text must contain. */
  text?: string;
  optin?: boolean;
  formIds?: readonly string[];
};

/** Filters of the geo location search; the query names come from GEO_LOCATION_SEARCH_PARAMS. Lists are sent comma-separated. */
export type GeoLocationFilter = {
  /** Matched against locality, postal code, name, address and store code. */
  text?: string;
  locationIds?: readonly string[];
  oauthAccountIds?: readonly string[];
  /** true: only locations no business is connected to. */
  notConnected?: boolean;
  verificationStatuses?: readonly string[];
};
