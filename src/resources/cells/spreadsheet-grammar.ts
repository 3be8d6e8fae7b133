import { BOOLEAN_GRAMMAR } from '../columns/boolean-column.js';
import { LIST_SEPARATOR } from '../columns/list-column.js';
import { CLEAR_MARK } from './read-cell.js';

/** The rules every cell follows, for templates; the README's "Spreadsheet grammar" section says the same. */
export const SPREADSHEET_GRAMMAR: readonly string[] = [
  'An empty cell leaves the field unchanged.',
  'NULL (in any case) or \\N, as databases export a missing value, reads as an empty cell.',
  `${CLEAR_MARK} (in any case) empties the field: an empty list, an empty text or no value, as the field allows; a field that cannot be empty says so.`,
  `Lists separate their items with ${LIST_SEPARATOR}: categories, groups, phone numbers, photo URLs, multi-select values (not with ',' or ';').`,
  'Names and addresses lose the spaces around them; descriptions and custom field texts are kept as typed.',
  'Names, addresses, codes, phones, emails, web addresses and lists take one line: a line break inside them is refused.',
  `open_hours.<day>: time windows HH:MM-HH:MM separated by ',' (';', '${LIST_SEPARATOR}' or spaces also do), or closed; a window to midnight ends 00:00 (18:00-00:00), and 24:00 reads as 00:00. Days left empty keep their hours.`,
  `specific_hours.close: dates yyyy-mm-dd or ranges yyyy-mm-dd..yyyy-mm-dd separated by ${LIST_SEPARATOR}.`,
  `specific_hours.open: entries 'yyyy-mm-dd[..yyyy-mm-dd] HH:MM-HH:MM,HH:MM-HH:MM' separated by ${LIST_SEPARATOR}.`,
  "Dates (specific_hours, opening_date) may also be the spreadsheet's own: dates yyyy/m/d, dd/mm/yyyy in a CSV file separated by ';', mm/dd/yyyy when the day is over 12, either as --date-format says (dashes for slashes too), and date cells.",
  `Booleans: ${BOOLEAN_GRAMMAR}; Excel's own TRUE and FALSE too.`,
  "Decimals take a dot; CSV files separated by ';' may use a comma. Numbers carry no currency and no thousands separator.",
  'Businesses, services and attributes rows find their business by business_id, else by code (store code); in a businesses row with both, code is the new store code. custom-field-order rows find their field by id; a row without id places the section given by section_id at section_order.',
  `REPEATABLE_ENUM attributes: value.set_values and value.unset_values list the values to select and to unselect, separated by ${LIST_SEPARATOR}; values in neither list keep their state.`,
  'Custom fields are columns custom_fields.<name>; IMAGES_UPLOADER values are JSON.',
  'Row 2 is an example: replace or delete it before importing.',
];
