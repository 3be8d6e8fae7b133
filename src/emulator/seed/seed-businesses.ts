import type { Random } from '../random.js';
import { CATEGORIES_BY_ORG, FIRST_NAMES, LAST_NAMES, PLACES_BY_COUNTRY, STREETS_BY_COUNTRY } from './seed-catalogs.js';
import type { Business, CustomField, CustomFieldValue, Group, WeekHours } from '../state-types.js';

const SEED_EPOCH_S = Date.UTC(2024, 0, 1) / 1000;

/**
 * Week-hour patterns shared by many businesses: updates replace a field
 * wholesale and never mutate it, so sharing keeps 100,000 businesses small.
 */
const WEEK_PATTERNS: WeekHours[] = [
  {
    monday: ['07:00-13:00', '15:00-19:30'],
    tuesday: ['07:00-13:00', '15:00-19:30'],
    wednesday: ['07:00-13:00', '15:00-19:30'],
    thursday: ['07:00-13:00', '15:00-19:30'],
    friday: ['07:00-13:00', '15:00-19:30'],
    saturday: ['07:00-19:30'],
    sunday: [],
  },
  {
    monday: [],
    tuesday: ['06:30-20:00'],
    wednesday: ['06:30-20:00'],
    thursday: ['06:30-20:00'],
    friday: ['06:30-20:00'],
    saturday: ['06:30-20:00'],
    sunday: ['07:00-13:00'],
  },
  {
    monday: ['10:00-18:00'],
    tuesday: ['10:00-18:00'],
    wednesday: ['10:00-18:00'],
    thursday: ['10:00-20:00'],
    friday: ['10:00-20:00'],
    saturday: ['10:00-17:00'],
    sunday: [],
  },
];

const STATUS_WEIGHTS: [string, number][] = [
  ['open', 0.9],
  ['temporarily_closed', 0.04],
  ['opening_soon', 0.03],
  ['closed', 0.03],
];

export interface BusinessSeedContext {
  random: Random;
  orgId: number;
  /** The first organization (1 or 2) this one is modelled on: brand, store codes, categories. */
  model: 1 | 2;
  country: 'FR' | 'NO';
  index: number;
  groups: Group[];
  customFields: CustomField[];
}

export function seedBusiness(ctx: BusinessSeedContext): Business {
  const { random, orgId, model, country, index } = ctx;
  const place = random.pick(PLACES_BY_COUNTRY[country] ?? []);
  const owner = random.pick(LAST_NAMES);
  const brand = model === 1 ? 'Boulangerie' : 'Nordic Outdoor';
  const street = `${random.int(1, 180)} ${random.pick(STREETS_BY_COUNTRY[country] ?? [])}`;
  const categories = random.sample(CATEGORIES_BY_ORG[model] ?? [], random.int(1, 2));
  const created = SEED_EPOCH_S + index * 3600 + random.int(0, 3599) + random.next();
  const id = random.hex(24);
  const dial = country === 'FR' ? '+33' : '+47';
  const phone = `${dial}${random.int(1, 9)}${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
  return {
    id,
    org_id: orgId,
    name: `${brand} ${owner} ${place.city}`,
    // Codes keep leading zeros on purpose: spreadsheets must not turn them into numbers.
    code: model === 1 ? String(index + 1).padStart(6, '0') : `NO-${String(index + 1).padStart(4, '0')}`,
    groups: random.sample(ctx.groups, random.int(1, 2)).map((group) => group.id),
    status: weighted(random, STATUS_WEIGHTS),
    country,
    zipcode: place.zipcode,
    city: place.city,
    region: place.region,
    address: street,
    address2: random.chance(0.2) ? `Bâtiment ${random.pick(['A', 'B', 'C'])}` : '',
    address_full: `${street}, ${place.zipcode} ${place.city}`,
    lat: round(place.lat + (random.next() - 0.5) * 0.05, 6),
    long: round(place.long + (random.next() - 0.5) * 0.05, 6),
    categories,
    opening_date: random.chance(0.7) ? new Date((created - random.int(30, 3000) * 86400) * 1000).toISOString().slice(0, 10) : null,
    website_url: `https://www.example.com/${model === 1 ? 'boulangerie' : 'outdoor'}/${index + 1}`,
    network_a_url: random.chance(0.5) ? `https://network-a.example.com/store${index + 1}` : null,
    network_b_url: null,
    description_short: `${brand} in ${place.city}, since ${random.int(1950, 2023)}.`,
    description_long: `Welcome to ${brand} ${owner}. ${model === 1 ? 'Fresh bread, viennoiseries and cakes every morning' : 'Gear, repairs and advice for every season'}, ${street}, ${place.city}.`,
    contacts: [
      {
        name: `${random.pick(FIRST_NAMES)} ${owner}`,
        email: `store${index + 1}@example.com`,
        phone_numbers: random.chance(0.3) ? [phone, `${dial}${random.int(600_000_000, 799_999_999)}`] : [phone],
        fax: '',
      },
    ],
    photos: {
      LOGO: `https://cdn.example.com/org${orgId}/logo.png`,
      primary: `https://cdn.example.com/org${orgId}/stores/${index + 1}/front.jpg`,
      secondary: random.chance(0.5) ? [`https://cdn.example.com/org${orgId}/stores/${index + 1}/inside.jpg`] : [],
    },
    national_identification_number: country === 'FR' ? String(random.int(100_000_000, 999_999_999)) + '00012' : '',
    custom_fields: seedCustomFieldValues(random, ctx.customFields, index),
    // A copy: a business updated in place must not change the pattern that other businesses and later seeds share.
    open_hours: structuredClone(random.pick(WEEK_PATTERNS)),
    specific_hours: {
      open: random.chance(0.3) ? [{ starts_at: '2026-12-24', ends_at: '2026-12-24', open_hours: ['07:00-13:00'] }] : [],
      close: random.chance(0.6) ? [{ starts_at: '2026-12-25', ends_at: '2026-12-25' }, { starts_at: '2027-01-01', ends_at: '2027-01-01' }] : [],
    },
    default_lang: country === 'FR' ? 'fr' : 'nb',
    geo_location_id: null,
    network_a_page_id: random.chance(0.5) ? String(random.int(10 ** 14, 10 ** 15)) : null,
    logo_url: `https://cdn.example.com/org${orgId}/logo.png`,
    created,
    modified: created + random.int(0, 86400 * 300) + random.next(),
    subscriptions: {
      presence_management: { active: true },
      review_management: { active: random.chance(0.7) },
      review_booster: { active: random.chance(0.3) },
      messages: { active: random.chance(0.2) },
    },
    features: ['business_edition', 'diffusion', 'review_management'],
    completion_rate: random.int(55, 100),
    promos: [],
  };
}

function seedCustomFieldValues(random: Random, fields: CustomField[], index: number): Business['custom_fields'] {
  const values: Business['custom_fields'] = {};
  for (const field of fields) if (!random.chance(0.25)) values[field.name] = seedValue(random, field, index);
  return values;
}

function seedValue(random: Random, field: CustomField, index: number): CustomFieldValue {
  switch (field.type) {
    case 'BOOLEAN':
      return random.chance(0.5);
    case 'TEXT':
      return `Note ${index + 1}: ${random.pick(['ask for the manager', 'delivery at the back', 'closed for works in August'])}`;
    case 'INTEGER':
      return random.int(field.min ?? 0, Math.min(field.max ?? 100, 200));
    case 'FLOAT':
      return round(random.int(20, 400) + random.next(), 1);
    case 'SINGLE_SELECT':
      return random.pick(field.possible_values ?? []);
    case 'MULTIPLE_SELECT':
    case 'MULTIPLE_SELECT_IMAGE':
      return random.sample(field.possible_values ?? [], random.int(1, field.max_selected_values ?? 1));
    case 'IMAGES_UPLOADER':
      return [{ url: `https://cdn.example.com/gallery/${index + 1}/1.jpg`, texts: { caption: 'Our shop', alt: 'Shop front' } }];
    case 'DATE':
      // Only the `unknown-values` quirk adds a DATE field, once the businesses are seeded.
      return null;
  }
}

function weighted(random: Random, weights: [string, number][]): string {
  let roll = random.next();
  for (const [value, weight] of weights) {
    if (roll < weight) return value;
    roll -= weight;
  }
  return weights[0]?.[0] ?? '';
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
