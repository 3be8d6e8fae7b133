/**
 * Facts about the service that the spec leaves out ("not shown"), taken from
 * its public documentation (shared/spec/public-facts.md). Kept in one place so
 * a correction is a one-line change; the client and the emulator both read them.
 */
export const API_VERSION_PATH = '/v2';

export const ROLES = [
  'PROVIDER',
  'ORG_ADMIN',
  'ORG_MANAGER',
  'GROUP_MANAGER',
  'BUSINESS_MANAGER',
  'PUBLISHER',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles allowed to address a business by store code (`c-<code>`). */
export const STORE_CODE_ROLES: readonly Role[] = ['ORG_ADMIN', 'GROUP_MANAGER', 'BUSINESS_MANAGER'];

export const DEFAULT_RATE_PER_MINUTE = 300;

export const BUSINESS_STATUSES = ['open', 'closed', 'opening_soon', 'temporarily_closed'] as const;
export const DESCRIPTION_SHORT_MAX = 80;
export const DESCRIPTION_LONG_MAX = 750;
export const SERVICE_DESCRIPTION_MAX = 300;

export const WEEK_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const PER_PAGE_MAX = 100;
export const SEARCH_PER_PAGE_DEFAULT = 30;
export const FEEDBACK_PAGE_SIZE = 30;
export const WEBHOOKS_PER_EVENT_TYPE = 5;
/** Event types a webhook can subscribe to (spec, Events). */
export const WEBHOOK_EVENT_TYPES = ['postCreated', 'message_created', 'message_updated'] as const;

export const ORG_ALIAS_PATTERN = /^[a-z0-9_]+$/;
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
/**
 * `HH:MM-HH:MM`, each time 00:00 to 23:59: the published description (2021) has no 24:00 and writes
 * a window that runs to midnight `18:00-00:00`, so an end is not compared with its start.
 */
export const TIME_WINDOW_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
export const CATEGORY_PATTERN = /^gcid:[a-z0-9_]+$/;

/**
 * Query names of the feedback-result filters. The service does not publish
 * them; these follow the naming style it uses elsewhere.
 */
export const FEEDBACK_FILTER_PARAMS = {
  businessIds: 'business__in',
  excludeBusinessIds: 'business__notin',
  states: 'state__in',
  createdFrom: 'created__gte',
  createdTo: 'created__lte',
  npsMin: 'nps__gte',
  npsMax: 'nps__lte',
  npsIn: 'nps__in',
  text: 'content__contains',
  optin: 'optin',
  formIds: 'feedback_form__in',
} as const;

export const FEEDBACK_STATES = ['treated', 'not_treated'] as const;
/** Bounds of a feedback result's NPS (spec, Feedback result). */
export const NPS_RANGE = { min: 0, max: 10 } as const;

export const ATTRIBUTE_TYPES = ['BOOL', 'ENUM', 'REPEATABLE_ENUM', 'URL', 'REPEATABLE_URL'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
/** The types a write may carry: REPEATABLE_URL is no longer supported (spec, Versioning). */
export const WRITABLE_ATTRIBUTE_TYPES = ATTRIBUTE_TYPES.filter((type) => type !== 'REPEATABLE_URL');

export const CUSTOM_FIELD_TYPES = [
  'BOOLEAN',
  'TEXT',
  'INTEGER',
  'FLOAT',
  'SINGLE_SELECT',
  'MULTIPLE_SELECT',
  'MULTIPLE_SELECT_IMAGE',
  'IMAGES_UPLOADER',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Messages of attribute update errors (`errors.json.<geo_id>`), as the service words them. */
export const ATTRIBUTE_ERROR_TEXT = {
  unknown: 'does not exist in DB',
  bool: 'must be a bool',
  string: 'must be a string',
  list: 'must be a list',
  url: 'must be a valid url',
  repeatableEnum: 'must contain set_values and unset_values',
  repeatableUrl: 'REPEATABLE_URL is no longer supported, use place action links',
} as const;

export const SERVICE_TYPES = ['STRUCTURED_SERVICE_ITEM', 'FREE_FORM_SERVICE_ITEM'] as const;

export const MESSAGE_TEMPLATE_PLACEHOLDERS = [
  'client_full_name',
  'client_first_name',
  'business_name',
  'my_first_name',
  'rb_link',
  'address',
  'website_url',
  'phone_number',
] as const;

/** Error bodies of the spec's error table, one per condition. */
export const ERROR_TEXT = {
  authentication: 'User not authenticated',
  authorization: 'Operation not allowed',
  notFound: 'Resource not found',
  editNotAllowed: 'edit_not_allowed',
  formNotFound: 'Form not found.',
} as const;

/**
 * Query names of `GET /feedback/campaign/requirements`. The spec does not name
 * them; the emulator uses the field names of the campaign requirements object.
 */
export const CAMPAIGN_REQUIREMENTS_PARAMS = {
  formId: 'feedback_form_id',
  emailTemplateId: 'feedback_email_template_id',
} as const;

/** Keys every recipient of a feedback campaign carries (spec, Campaign requirements). */
export const CAMPAIGN_RECIPIENT_FIELDS = ['email_address', 'unsubscribe_url'] as const;

/**
 * Query names of `GET /geo-oauth-accounts/locations/search`. The spec names
 * only `query`; the others are the emulator's choice. List filters take
 * comma-separated values; `not_connected` is `true` or `false`.
 */
export const GEO_LOCATION_SEARCH_PARAMS = {
  text: 'query',
  locationIds: 'location_id',
  oauthAccountIds: 'oauth_account_id',
  notConnected: 'not_connected',
  verificationStatuses: 'verification_status',
  orgId: 'org_id',
  page: 'page',
} as const;

/** Page size of the geo location search: the spec does not give one. */
export const GEO_LOCATIONS_PAGE_SIZE = 20;
