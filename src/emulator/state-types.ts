import type { AttributeType, CustomFieldType, Role } from '../api/facts/service-facts.js';
import type { BusinessUpdateBody } from './routes/business-update-body.js';

// The emulator's own types of what it stores, read from the spec's tables (shared/spec/listing-api.md).

/** Nested fields are stored as an update writes them: its body's reading of the spec types them. */
type Written = Required<BusinessUpdateBody>;
/** `open_hours`: keys monday to sunday, each a list of `HH:MM-HH:MM` windows; an empty list is a closed day. */
export type WeekHours = Written['open_hours'];
export type Contact = Written['contacts'][number];

export interface ImageWithTexts {
  url: string;
  texts: Record<string, string>;
}

/** A business's value of one custom field, typed by the field; null is a cleared value. */
export type CustomFieldValue = boolean | number | string | string[] | ImageWithTexts[] | null;

export interface Organization {
  id: number;
  name: string;
  alias: string;
  max_businesses: number | null;
  /** Business fields this organization may not push (`edit_not_allowed`), as paths like `photos.primary`. */
  lockedFields: Set<string>;
}

export type Access = 'READ' | 'WRITE';

export interface User {
  id: string;
  role: Role;
  org_id: number | null;
  first_name: string;
  last_name: string;
  /** GROUP_MANAGER: the groups it manages. */
  groupIds: number[];
  /** BUSINESS_MANAGER and PUBLISHER: access per business id. */
  businessAccess: Map<string, Access>;
}

export interface ApiKey {
  id: number;
  secret: string;
  label: string;
  description: string;
  user_id: string;
  disabled: boolean;
  expiration_date: string | null;
  last_used_at: string | null;
  created_by: string;
  created_at: string;
  revoked_by: string | null;
  revoked_at: string | null;
  ip_whitelist: string[];
  has_restricted_permissions: boolean;
  permissions: string[];
}

export interface Group {
  id: number;
  org_id: number;
  name: string;
}

export interface Business {
  id: string;
  org_id: number;
  name: string;
  code: string | null;
  groups: number[];
  status: string;
  country: string;
  zipcode: string | null;
  city: string | null;
  region: string;
  address: string | null;
  address2: string;
  address_full: string | null;
  lat: number | null;
  long: number | null;
  categories: string[];
  opening_date: string | null;
  website_url: string;
  /** Null when unset: "" is no URL, and what is answered must be writable back. */
  network_a_url: string | null;
  network_b_url: string | null;
  description_short: string;
  description_long: string;
  contacts: Contact[];
  photos: Written['photos'];
  national_identification_number: string;
  custom_fields: Record<string, CustomFieldValue>;
  open_hours: WeekHours;
  specific_hours: Written['specific_hours'];
  default_lang: string;
  geo_location_id: string | null;
  network_a_page_id: string | null;
  logo_url: string | null;
  created: number;
  modified: number;
  subscriptions: Record<'presence_management' | 'review_management' | 'review_booster' | 'messages', { active: boolean }>;
  features: string[];
  completion_rate: number;
  promos: unknown[];
}

export interface CustomFieldSection {
  id: number;
  org_id: number;
  name: string;
  order: number;
}

export interface CustomField {
  id: number;
  org_id: number;
  name: string;
  slug: string;
  /** DATE is a type the public facts do not list: only the `unknown-values` quirk seeds one. */
  type: CustomFieldType | 'DATE';
  order: number;
  section_id: number;
  max_len?: number;
  min?: number;
  max?: number;
  possible_values?: string[];
  max_selected_values?: number;
  text_fields?: string[];
}

export interface ServiceDefinition {
  service_id: number;
  name: string;
  type: 'STRUCTURED_SERVICE_ITEM' | 'FREE_FORM_SERVICE_ITEM';
  /** Categories for which the service is available. */
  categories: string[];
}

export interface ServiceItem {
  service_id: number;
  type: ServiceDefinition['type'];
  name: string;
  price: number | null;
  description: string;
  category_geo_name: string;
}

export interface AttributeDefinition {
  geo_id: string;
  type: AttributeType;
  categories: string[];
  /** Countries where it is offered; empty means everywhere. */
  countries: string[];
  values?: string[];
}

export interface LodgingDefinition {
  id: string;
  name: string;
  type: 'BOOL' | 'STRING' | 'INTEGER';
  read_only: boolean;
}

export interface FeedbackForm {
  id: string;
  org_id: number;
  display_name: string;
  fields: { id: string; field_type: string; field_label: string; field_choices: string[] | null }[];
}

export interface FeedbackResult {
  id: number;
  org_id: number;
  business_id: string;
  firstname: string;
  lastname: string;
  nps: number;
  content: string;
  state: 'treated' | 'not_treated';
  optin: boolean;
  created: string;
  feedback_form: { id: string; display_name: string };
  feedback_result_fields: {
    rating: number | null;
    content: string | null;
    choices: string[] | null;
    feedback_form_field: FeedbackForm['fields'][number];
  }[];
  comments: {
    id: number;
    created: string;
    author_name: string;
    content: string;
    feedback_result_id: number;
    user_id: string;
    is_reply_suggestion: boolean;
  }[];
  extra: Record<string, string>;
}

export interface EmailTemplate {
  id: number;
  org_id: number;
  name: string;
  /** Variables used by the template body besides the recipient fields. */
  variables: string[];
}

export interface MessageTemplate {
  id: string;
  title: string;
  content: string;
  icon: string;
  org_id: number;
  created_at: string;
  updated_at: string;
  usage_count: number;
}

export interface GeoLocation {
  id: string;
  org_id: number;
  oauth_account_id: string;
  location_name: string;
  store_code: string;
  region_code: string;
  postal_code: string;
  address_details: string;
  locality: string;
  place_id: string;
  google_verifications: { status: string; checked_at: string };
  phone_numbers: string;
  /** Business connected to this location, if any. */
  business_id: string | null;
}

export interface Webhook {
  id: number;
  org_id: number;
  event_type: string;
  url: string;
  custom_headers: Record<string, string>;
}
