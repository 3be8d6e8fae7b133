import { assemblePayload } from '../assemble-payload.js';
import type { BusinessRowUpdate, BusinessRowValues } from './business-catalog.js';

/** The payload of a row's values. Each value passed its field's schema and sits at its column's path: the payload has the type's shape. */
export function assembleBusinessUpdate(values: BusinessRowValues): BusinessRowUpdate {
  return assemblePayload(values);
}
