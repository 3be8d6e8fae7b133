import type {
  ApiKey,
  AttributeDefinition,
  Business,
  CustomField,
  CustomFieldSection,
  EmailTemplate,
  FeedbackForm,
  FeedbackResult,
  GeoLocation,
  Group,
  LodgingDefinition,
  MessageTemplate,
  Organization,
  ServiceDefinition,
  ServiceItem,
  User,
  Webhook,
} from './state-types.js';
import { formatKeyTimestamp } from './timestamps.js';

type KeyOption = 'label' | 'description' | 'expiration_date' | 'ip_whitelist' | 'has_restricted_permissions' | 'permissions';

/** The emulator's whole in-memory world, with the indexes its routes need. */
export class EmulatorState {
  readonly organizations = new Map<number, Organization>();
  readonly users = new Map<string, User>();
  readonly keysBySecret = new Map<string, ApiKey>();
  readonly keysById = new Map<number, ApiKey>();
  readonly groups = new Map<number, Group>();
  readonly businesses = new Map<string, Business>();
  /** Businesses of each organization in creation order: listings page through these. */
  readonly businessesByOrg = new Map<number, Business[]>();
  private readonly codeIndex = new Map<string, string>();
  readonly customFieldSections: CustomFieldSection[] = [];
  readonly customFields: CustomField[] = [];
  readonly serviceCatalog = new Map<number, ServiceDefinition>();
  readonly businessServices = new Map<string, ServiceItem[]>();
  readonly attributeCatalog = new Map<string, AttributeDefinition>();
  readonly businessAttributes = new Map<string, Map<string, unknown>>();
  readonly lodgingCatalog = new Map<string, LodgingDefinition>();
  readonly businessLodging = new Map<string, Record<string, unknown>>();
  readonly feedbackForms = new Map<string, FeedbackForm>();
  readonly feedbackResults: FeedbackResult[] = [];
  readonly emailTemplates = new Map<number, EmailTemplate>();
  readonly messageTemplates: MessageTemplate[] = [];
  readonly geoLocations: GeoLocation[] = [];
  readonly webhooks = new Map<number, Webhook>();
  private lastId = 0;

  /** A fresh integer id, unique across the emulator's integer-keyed records. */
  nextId(): number {
    return ++this.lastId;
  }

  addBusiness(business: Business): void {
    this.businesses.set(business.id, business);
    this.orgBusinesses(business.org_id).push(business);
    if (business.code !== null) this.codeIndex.set(codeKey(business.org_id, business.code), business.id);
  }

  orgBusinesses(orgId: number): Business[] {
    return entryOf(this.businessesByOrg, orgId, () => []);
  }

  businessByCode(orgId: number, code: string): Business | undefined {
    const id = this.codeIndex.get(codeKey(orgId, code));
    return id === undefined ? undefined : this.businesses.get(id);
  }

  /** Keeps the code and organization indexes right when those fields change. */
  reindexBusiness(business: Business, previous: { org_id: number; code: string | null }): void {
    if (previous.code !== null) this.codeIndex.delete(codeKey(previous.org_id, previous.code));
    if (business.code !== null) this.codeIndex.set(codeKey(business.org_id, business.code), business.id);
    if (previous.org_id !== business.org_id) {
      const old = this.orgBusinesses(previous.org_id);
      old.splice(old.indexOf(business), 1);
      this.orgBusinesses(business.org_id).push(business);
    }
  }

  addKey(key: ApiKey): void {
    this.keysBySecret.set(key.secret, key);
    this.keysById.set(key.id, key);
  }

  /** Stores a new key of `userId`, enabled and never used; an option not given is that of a plain key. */
  createKey(userId: string, createdMs: number, secretOf: (id: number) => string, options: Partial<Pick<ApiKey, KeyOption>>): ApiKey {
    const id = this.nextId();
    const key: ApiKey = {
      id,
      secret: secretOf(id),
      label: '',
      description: '',
      expiration_date: null,
      ip_whitelist: [],
      has_restricted_permissions: false,
      ...options,
      permissions: [...new Set(options.permissions ?? [])],
      user_id: userId,
      disabled: false,
      last_used_at: null,
      created_by: userId,
      created_at: formatKeyTimestamp(createdMs),
      revoked_by: null,
      revoked_at: null,
    };
    this.addKey(key);
    return key;
  }
}

/** The value of `key` in `map`, first set to `create()` when it has none. */
export function entryOf<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  const found = map.get(key);
  if (found !== undefined) return found;
  const created = create();
  map.set(key, created);
  return created;
}

function codeKey(orgId: number, code: string): string {
  return `${orgId}\u0000${code}`;
}
