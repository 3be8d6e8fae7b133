import type { Random } from '../random.js';
import { SERVICE_CATALOG } from './seed-catalogs.js';
import type { EmulatorState } from '../state.js';
import type { Business, ServiceItem } from '../state-types.js';
import { formatIsoMicros } from '../timestamps.js';

/** Businesses beyond this count get no services, attributes or geo location: enough to rehearse, cheap at 100,000. */
const DETAILED_BUSINESSES = 2000;

const TEMPLATE_TEXTS = [
  ['Thank you', 'Hello {{client_first_name}}, thank you for visiting {{business_name}}! Tell us how it went: {{rb_link}}'],
  ['Reply to a complaint', 'Dear {{client_full_name}}, we are sorry. Call us at {{phone_number}} or come to {{address}}. {{my_first_name}}'],
  ['Opening hours', 'Our hours are on {{website_url}}. See you soon at {{business_name}}.'],
];

export function seedOrgExtras(state: EmulatorState, random: Random, seedTimeMs: number, orgIds: readonly number[]): void {
  for (const orgId of orgIds) {
    TEMPLATE_TEXTS.forEach(([title = '', text = ''], index) => {
      const created = seedTimeMs - (30 - index) * 86_400_000;
      state.messageTemplates.push({
        id: `tpl_${orgId}_${random.hex(12)}`,
        title,
        content: JSON.stringify({ text, _version: '0.1' }),
        icon: ['👋', '🙏', '🕒'][index] ?? '',
        org_id: orgId,
        created_at: formatIsoMicros(created),
        updated_at: formatIsoMicros(created + 3_600_000),
        usage_count: random.int(0, 400),
      });
    });
    for (const variables of [['business_name', 'client_first_name', 'rb_link'], ['business_name']]) {
      const id = state.nextId();
      state.emailTemplates.set(id, { id, org_id: orgId, name: `Email ${id}`, variables });
    }
  }
  state.businesses.forEach((business) => {
    if (state.businessServices.size >= DETAILED_BUSINESSES) return;
    state.businessServices.set(business.id, seedServices(random, business));
    state.businessAttributes.set(business.id, new Map<string, unknown>([['has_wifi', random.chance(0.6)], ['wi_fi', 'free_wi_fi']]));
    if (random.chance(0.8)) seedGeoLocation(state, random, business, seedTimeMs);
  });
  for (let i = 0; i < 5; i++) seedGeoLocation(state, random, undefined, seedTimeMs);
}

function seedServices(random: Random, business: Business): ServiceItem[] {
  const items: ServiceItem[] = [];
  for (const category of business.categories) {
    for (const service of SERVICE_CATALOG) {
      if (!service.categories.includes(category) || random.chance(0.5)) continue;
      items.push({
        service_id: service.service_id,
        type: service.type,
        name: service.name,
        price: random.chance(0.8) ? random.int(5, 90) : null,
        description: `${service.name} at our store`,
        category_geo_name: category,
      });
    }
  }
  return items;
}

function seedGeoLocation(state: EmulatorState, random: Random, business: Business | undefined, seedTimeMs: number): void {
  const id = `loc_${random.hex(16)}`;
  state.geoLocations.push({
    id,
    org_id: business?.org_id ?? 1,
    oauth_account_id: `oauth_${business?.org_id ?? 1}`,
    location_name: business?.name ?? `Unlinked location ${state.geoLocations.length + 1}`,
    store_code: business?.code ?? '',
    region_code: business?.country ?? 'FR',
    postal_code: business?.zipcode ?? '75011',
    address_details: business?.address ?? '12 rue Oberkampf',
    locality: business?.city ?? 'Paris',
    place_id: `ChIJ${random.hex(20)}`,
    google_verifications: { status: random.chance(0.85) ? 'verified' : 'unverified', checked_at: formatIsoMicros(seedTimeMs) },
    phone_numbers: business?.contacts[0]?.phone_numbers?.[0] ?? '',
    business_id: business?.id ?? null,
  });
  if (business !== undefined) business.geo_location_id = id;
}

