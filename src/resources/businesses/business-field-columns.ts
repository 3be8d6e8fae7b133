import { BusinessUpdateSchema, ContactSchema, PhotosSchema } from '../../api/schemas/business.js';
import { BUSINESS_STATUSES, CATEGORY_PATTERN, DESCRIPTION_LONG_MAX, DESCRIPTION_SHORT_MAX, WEEK_DAYS, type WeekDay } from '../../api/facts/service-facts.js';
import { findBusinessClearing } from '../../api/facts/clearing-facts.js';
import type { Column, Parsed } from '../column.js';
import { withClearing } from '../define-column.js';
import { choiceColumn } from '../columns/choice-column.js';
import { dateColumn } from '../columns/date-column.js';
import { LIST_SEPARATOR, listColumn, TEXT_ITEMS } from '../columns/list-column.js';
import { countryColumn } from '../columns/country-column.js';
import { emailColumn } from '../columns/email-column.js';
import { numberColumn } from '../columns/number-column.js';
import { parseDecimal, formatDecimal } from '../columns/parse-decimal.js';
import { specificCloseColumn, specificOpenColumn } from '../columns/specific-hours-columns.js';
import { textColumn } from '../columns/text-column.js';
import { readUrl, urlColumn } from '../columns/url-column.js';
import { weekDayColumn } from '../columns/week-day-column.js';
import { parsePhoneItem } from './phone-item.js';

const field = BusinessUpdateSchema.shape;

/** A status in other words, as CRMs and people write it: refused with the status it may mean, since `closed` and `temporarily_closed` differ. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(['ouvert', 'offen', 'geöffnet', 'abierto', 'aperto', 'geopend', 'aberto', 'otwarte', 'active', 'actif', 'opened'].map((word) => [word, 'open'])),
  ...Object.fromEntries(['fermé', 'ferme', 'geschlossen', 'cerrado', 'chiuso', 'gesloten', 'fechado', 'zamknięte', 'inactive', 'inactif'].map((word) => [word, 'closed or temporarily_closed'])),
  ...Object.fromEntries(['permanently closed', 'fermé définitivement', 'dauerhaft geschlossen', 'cerrado permanentemente'].map((word) => [word, 'closed'])),
  ...Object.fromEntries(['fermé temporairement', 'temporairement fermé', 'vorübergehend geschlossen', 'temporalmente cerrado', 'temporaneamente chiuso', 'tijdelijk gesloten'].map((word) => [word, 'temporarily_closed'])),
  ...Object.fromEntries(['bientôt ouvert', 'ouverture prochaine', 'coming soon', 'demnächst', 'próximamente'].map((word) => [word, 'opening_soon'])),
};

const EXAMPLE_HOURS: Record<WeekDay, string[]> = {
  monday: [],
  tuesday: ['07:00-13:00', '15:00-19:30'],
  wednesday: ['07:00-13:00', '15:00-19:30'],
  thursday: ['07:00-13:00', '15:00-19:30'],
  friday: ['07:00-13:00', '15:00-19:30'],
  saturday: ['07:00-19:30'],
  sunday: ['07:00-12:30'],
};

/** The columns of the fields of `POST /business/{id}`, in template order; the store code and custom fields aside. */
export function buildBusinessFieldColumns(): Column[] {
  return listBusinessFieldColumns().map((column) => {
    const clearing = findBusinessClearing(column.header);
    return clearing === undefined ? column : withClearing(column, clearing);
  });
}

function listBusinessFieldColumns(): Column[] {
  return [
    textColumn({ header: 'name', trim: true, singleLine: 'words', schema: field.name.unwrap(), description: 'Name of the business', aliases: ['Business Name', 'Store Name', 'Shop Name', 'Location Name'], example: 'Boulangerie Martin' }),
    choiceColumn({ header: 'status', schema: field.status.unwrap(), choices: BUSINESS_STATUSES, meant: STATUS_WORDS, description: 'Status of the business', example: 'open' }),
    listColumn({
      ...TEXT_ITEMS,
      parseItem: readCategory,
      header: 'categories',
      schema: field.categories.unwrap(),
      grammar: `category ids gcid:<name> separated by ${LIST_SEPARATOR}; at least one`,
      description: 'Categories, the first one being the main category',
      aliases: ['Category'],
      example: ['gcid:bakery', 'gcid:pastry_shop'],
    }),
    listColumn({
      header: 'groups',
      schema: field.groups.unwrap(),
      grammar: `group ids separated by ${LIST_SEPARATOR}`,
      description: 'Groups of the organization the business belongs to',
      parseItem: (text, context) => {
        const value = parseDecimal(text, context);
        return value === undefined ? { error: 'must be whole numbers (group ids)' } : { value };
      },
      formatItem: formatDecimal,
    }),
    numberColumn({ header: 'org_id', schema: field.org_id.unwrap(), description: 'Organization of the business; only PROVIDER keys move a business' }),
    countryColumn({
      header: 'country',
      schema: field.country.unwrap(),
      description: 'Country of the address',
      aliases: ['Country Code'],
      example: 'FR',
    }),
    textColumn({ header: 'region', trim: true, singleLine: 'words', schema: field.region.unwrap(), description: 'Region of the address', example: 'Auvergne-Rhône-Alpes' }),
    textColumn({ header: 'city', trim: true, singleLine: 'words', schema: field.city.unwrap(), description: 'City of the address', example: 'Bourg-en-Bresse' }),
    textColumn({ header: 'zipcode', schema: field.zipcode.unwrap(), trim: true, singleLine: 'code', text: true, asciiDigits: true, description: 'Zip code, leading zeros kept', aliases: ['Zip', 'Postal Code', 'Postcode'], example: '01000' }),
    textColumn({ header: 'address2', trim: true, singleLine: 'words', schema: field.address2.unwrap(), description: 'Address complement', aliases: ['Address Line 2', 'Address 2'], example: 'Bâtiment B' }),
    textColumn({ header: 'address_full', trim: true, singleLine: 'words', schema: field.address_full.unwrap(), description: 'Full address on one line', aliases: ['Full Address'], example: '12 rue Bourgmayer, 01000 Bourg-en-Bresse' }),
    numberColumn({ header: 'lat', schema: field.lat.unwrap(), description: 'Latitude in decimal degrees', aliases: ['Latitude'], example: 46.205167 }),
    numberColumn({ header: 'long', schema: field.long.unwrap(), description: 'Longitude in decimal degrees', aliases: ['Longitude', 'Lng', 'Lon'], example: 5.225501 }),
    dateColumn({ header: 'opening_date', schema: field.opening_date.unwrap(), description: 'Date the business opened', example: '2019-04-01' }),
    urlColumn({ header: 'website_url', uri: true, schema: field.website_url.unwrap(), description: 'Website', aliases: ['Website', 'Web Site', 'URL'], example: 'https://www.example.com/boulangerie-martin' }),
    urlColumn({ header: 'network_a_url', uri: true, schema: field.network_a_url.unwrap(), description: 'Page on social network A', example: 'https://network-a.example.com/boulangerie-martin' }),
    urlColumn({ header: 'network_b_url', uri: true, schema: field.network_b_url.unwrap(), description: 'Page on social network B' }),
    textColumn({
      header: 'description_short',
      schema: field.description_short.unwrap(),
      grammar: `text of at most ${DESCRIPTION_SHORT_MAX} characters`,
      description: 'Short description',
      example: 'Bread, viennoiseries and cakes baked on site every morning.',
    }),
    textColumn({
      header: 'description_long',
      schema: field.description_long.unwrap(),
      grammar: `text of at most ${DESCRIPTION_LONG_MAX} characters`,
      description: 'Long description',
      aliases: ['Description'],
      example: 'Family bakery since 1987: sourdough bread, croissants made with local butter, custom cakes on order.',
    }),
    textColumn({
      header: 'national_identification_number',
      schema: field.national_identification_number.unwrap(),
      trim: true,
      singleLine: 'code',
      text: true,
      description: 'National company number (SIRET in France)',
      example: '12345678900012',
    }),
    textColumn({ header: 'contacts.0.name', trim: true, singleLine: 'words', schema: ContactSchema.shape.name.unwrap(), description: 'Name of the main contact', aliases: ['Contact', 'Contact Name'], example: 'Claire Martin' }),
    emailColumn({
      header: 'contacts.0.email',
      schema: ContactSchema.shape.email.unwrap(),
      description: 'Email of the main contact',
      aliases: ['Email', 'E-mail', 'Email Address'],
      example: 'contact@boulangerie-martin.example.com',
    }),
    listColumn({
      header: 'contacts.0.phone_numbers',
      schema: ContactSchema.shape.phone_numbers.unwrap(),
      text: true,
      asciiDigits: true,
      grammar: `phone numbers in E.164 format (+33302060628), or national ones in a row that gives its country, separated by ${LIST_SEPARATOR}; spaces, dots and a (0) after the country code are removed`,
      description: 'Phone numbers of the main contact, the first one shown first',
      aliases: ['Phone', 'Phone Number', 'Phones', 'Telephone', 'Tel'],
      example: ['+33474000000'],
      parseItem: parsePhoneItem,
      formatItem: (item) => item,
    }),
    textColumn({ header: 'contacts.0.fax', schema: ContactSchema.shape.fax.unwrap(), trim: true, singleLine: 'code', text: true, asciiDigits: true, description: 'Fax of the main contact', aliases: ['Fax'] }),
    urlColumn({ header: 'photos.LOGO', schema: PhotosSchema.shape.LOGO.unwrap(), description: 'Logo', example: 'https://www.example.com/images/logo.png' }),
    urlColumn({ header: 'photos.primary', schema: PhotosSchema.shape.primary.unwrap(), description: 'Main photo', example: 'https://www.example.com/images/front.jpg' }),
    listColumn({
      parseItem: readUrl,
      formatItem: (item) => item,
      header: 'photos.secondary',
      schema: PhotosSchema.shape.secondary.unwrap(),
      grammar: `http(s) URLs separated by ${LIST_SEPARATOR}`,
      description: 'Other photos',
      example: ['https://www.example.com/images/inside.jpg', 'https://www.example.com/images/cakes.jpg'],
    }),
    ...WEEK_DAYS.map((day) => weekDayColumn(day, EXAMPLE_HOURS[day])),
    specificCloseColumn,
    specificOpenColumn,
  ];
}

/** `GCID:Bakery`, `gcid: pastry shop`: a category id written otherwise, hinted; a bare word (`bakery`, `Boulangerie`) may be no category id at all. */
function readCategory(text: string): Parsed<string> {
  const [, name] = /^gcid\s*:\s*(.+)$/i.exec(text) ?? [];
  const meant = name === undefined ? undefined : `gcid:${name.toLowerCase().replace(/[\s-]+/g, '_')}`;
  return meant === undefined || meant === text || !CATEGORY_PATTERN.test(meant) ? { value: text } : { error: `must be a category id gcid:<name> (did you mean ${meant}?)` };
}
