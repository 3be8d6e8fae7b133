import type { AttributeDefinition, LodgingDefinition, ServiceDefinition } from '../state-types.js';

/** Fixed reference data of the seeded world: categories and what each offers. */
export const CATEGORIES_BY_ORG: Record<number, string[]> = {
  1: ['gcid:bakery', 'gcid:pastry_shop', 'gcid:cafe', 'gcid:sandwich_shop'],
  2: ['gcid:sporting_goods_store', 'gcid:outdoor_equipment_store', 'gcid:bicycle_shop', 'gcid:cafe'],
};

export const SERVICE_CATALOG: ServiceDefinition[] = [
  { service_id: 101, name: 'Custom cakes', type: 'STRUCTURED_SERVICE_ITEM', categories: ['gcid:bakery', 'gcid:pastry_shop'] },
  { service_id: 102, name: 'Bread delivery', type: 'STRUCTURED_SERVICE_ITEM', categories: ['gcid:bakery'] },
  { service_id: 103, name: 'Catering', type: 'STRUCTURED_SERVICE_ITEM', categories: ['gcid:cafe', 'gcid:sandwich_shop', 'gcid:pastry_shop'] },
  { service_id: 104, name: 'Take-away coffee', type: 'STRUCTURED_SERVICE_ITEM', categories: ['gcid:cafe'] },
  { service_id: 105, name: 'Gluten-free baking', type: 'FREE_FORM_SERVICE_ITEM', categories: ['gcid:bakery'] },
  { service_id: 201, name: 'Ski waxing', type: 'STRUCTURED_SERVICE_ITEM', categories: ['gcid:sporting_goods_store', 'gcid:outdoor_equipment_store'] },
  { service_id: 202, name: 'Bike repair', type: 'STRUCTURED_SERVICE_ITEM', categories: ['gcid:bicycle_shop', 'gcid:sporting_goods_store'] },
  { service_id: 203, name: 'Equipment rental', type: 'STRUCTURED_SERVICE_ITEM', categories: ['gcid:outdoor_equipment_store'] },
  { service_id: 204, name: 'Boot fitting', type: 'FREE_FORM_SERVICE_ITEM', categories: ['gcid:sporting_goods_store'] },
];

const ALL_CATEGORIES = [...new Set(Object.values(CATEGORIES_BY_ORG).flat())];

export const ATTRIBUTE_CATALOG: AttributeDefinition[] = [
  { geo_id: 'has_wheelchair_accessible_entrance', type: 'BOOL', categories: ALL_CATEGORIES, countries: [] },
  { geo_id: 'has_wifi', type: 'BOOL', categories: ALL_CATEGORIES, countries: [] },
  { geo_id: 'has_seating_outdoors', type: 'BOOL', categories: ['gcid:cafe', 'gcid:bakery', 'gcid:sandwich_shop'], countries: [] },
  { geo_id: 'wi_fi', type: 'ENUM', categories: ALL_CATEGORIES, countries: [], values: ['free_wi_fi', 'paid_wi_fi', 'no_wi_fi'] },
  {
    geo_id: 'pay_credit_card_types_accepted',
    type: 'REPEATABLE_ENUM',
    categories: ALL_CATEGORIES,
    countries: [],
    values: ['visa', 'mastercard', 'american_express', 'discover', 'jcb'],
  },
  { geo_id: 'url_menu', type: 'URL', categories: ['gcid:cafe', 'gcid:bakery', 'gcid:sandwich_shop', 'gcid:pastry_shop'], countries: [] },
  { geo_id: 'url_order_ahead', type: 'URL', categories: ALL_CATEGORIES, countries: [] },
  { geo_id: 'url_appointment', type: 'REPEATABLE_URL', categories: ALL_CATEGORIES, countries: [] },
  { geo_id: 'has_meal_vouchers', type: 'BOOL', categories: ['gcid:bakery', 'gcid:cafe', 'gcid:sandwich_shop'], countries: ['FR'] },
  { geo_id: 'has_bike_parking', type: 'BOOL', categories: ALL_CATEGORIES, countries: ['NO'] },
];

export const LODGING_CATALOG: LodgingDefinition[] = [
  { id: 'pets_allowed', name: 'Pets allowed', type: 'BOOL', read_only: false },
  { id: 'wifi_in_rooms', name: 'Wi-Fi in rooms', type: 'BOOL', read_only: false },
  { id: 'number_of_rooms', name: 'Number of rooms', type: 'INTEGER', read_only: false },
  { id: 'check_in_time', name: 'Check-in time', type: 'STRING', read_only: false },
  { id: 'star_rating', name: 'Official star rating', type: 'INTEGER', read_only: true },
  { id: 'verified_accessibility', name: 'Verified accessibility', type: 'BOOL', read_only: true },
];

export interface Place {
  city: string;
  zipcode: string;
  region: string;
  lat: number;
  long: number;
}

export const PLACES_BY_COUNTRY: Record<string, Place[]> = {
  FR: [
    { city: 'Paris', zipcode: '75001', region: 'Île-de-France', lat: 48.8606, long: 2.3376 },
    { city: 'Lyon', zipcode: '69002', region: 'Auvergne-Rhône-Alpes', lat: 45.7578, long: 4.832 },
    { city: 'Nice', zipcode: '06000', region: "Provence-Alpes-Côte d'Azur", lat: 43.7034, long: 7.2663 },
    { city: 'Lille', zipcode: '59000', region: 'Hauts-de-France', lat: 50.6292, long: 3.0573 },
    { city: 'Bordeaux', zipcode: '33000', region: 'Nouvelle-Aquitaine', lat: 44.8378, long: -0.5792 },
    { city: 'Ajaccio', zipcode: '20000', region: 'Corse', lat: 41.9192, long: 8.7386 },
    { city: 'Strasbourg', zipcode: '67000', region: 'Grand Est', lat: 48.5734, long: 7.7521 },
    { city: 'Annecy', zipcode: '74000', region: 'Auvergne-Rhône-Alpes', lat: 45.8992, long: 6.1294 },
  ],
  NO: [
    { city: 'Oslo', zipcode: '0150', region: 'Oslo', lat: 59.9139, long: 10.7522 },
    { city: 'Bergen', zipcode: '5003', region: 'Vestland', lat: 60.3913, long: 5.3221 },
    { city: 'Tromsø', zipcode: '9008', region: 'Troms', lat: 69.6492, long: 18.9553 },
    { city: 'Trondheim', zipcode: '7011', region: 'Trøndelag', lat: 63.4305, long: 10.3951 },
  ],
};

export const STREETS_BY_COUNTRY: Record<string, string[]> = {
  FR: ['rue de la République', 'avenue Jean Jaurès', 'place du Marché', 'rue Victor Hugo', 'boulevard Gambetta'],
  NO: ['Storgata', 'Kirkegata', 'Dronningens gate', 'Torggata'],
};
export const FIRST_NAMES = ['Camille', 'Léa', 'Hugo', 'Lucas', 'Chloé', 'Inès', 'Ingrid', 'Lars', 'Sofie', 'Magnus', 'Zoé', 'Noé'];
export const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Hansen', 'Johansen', 'Olsen', 'Berg', 'Fontaine', "O'Neil", 'Garnier'];
