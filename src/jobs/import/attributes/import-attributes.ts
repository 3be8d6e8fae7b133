import type { Logger } from 'pino';
import type { ApiClient } from '../../../api/api-client.js';
import type { AttributeSetting } from '../../../api/schemas/attributes.js';
import type { StatusResult } from '../../../api/schemas/status-result.js';
import { ATTRIBUTE_ERROR_TEXT } from '../../../api/facts/service-facts.js';
import { buildAttributeCatalog, type AttributeRow } from '../../../resources/attributes/attribute-catalog.js';
import type { BusinessItemResource } from '../business-items/business-item-resource.js';
import { importBusinessItems } from '../business-items/import-business-items.js';
import { splitFieldErrors } from '../business-items/split-field-errors.js';
import type { ImportMode, ImportSummary, OpenImportOptions } from '../import-options.js';
import { planAttribute, type CurrentAttributes } from './plan-attribute.js';

/** Imports a sheet of attributes, one row per attribute of a business, the attributes of a business in one request. */
export function importAttributes(client: ApiClient, options: OpenImportOptions, logger: Logger): Promise<ImportSummary> {
  return importBusinessItems(client, options, logger, createAttributeResource(options.mode));
}

function createAttributeResource(mode: ImportMode): BusinessItemResource<AttributeRow, AttributeSetting, CurrentAttributes, StatusResult> {
  return {
    catalog: buildAttributeCatalog({ typeRequired: mode === 'patch' }),
    itemColumn: 'geo_id',
    readItemKey: (row) => row.geo_id,
    readCurrent: async (api, businessId) => {
      const { items, unreadable } = (await api.readAttributes(businessId)).attributes;
      return {
        readable: new Map(items.map((attribute) => [attribute.geo_id, attribute])),
        unreadable: new Map(unreadable.flatMap(({ id, problem }) => (id === undefined ? [] : [[id, problem] as const]))),
      };
    },
    planItem: planAttribute,
    write: { all: (api, businessId, settings) => api.setAttributes(businessId, settings), readRefusals: readAttributeRefusals },
    describeOutcome: () => [],
  };
}

/** The service keys its messages by geo_id (`{errors: {json: {<geo_id>: message}}}`): each goes to the row of that attribute. */
function readAttributeRefusals(error: unknown, settings: readonly AttributeSetting[]): Map<number, string[]> | undefined {
  const byGeoId = splitFieldErrors(error);
  if (byGeoId === undefined) return undefined;
  const refusals = new Map<number, string[]>();
  for (const [geoId, messages] of byGeoId) {
    const index = settings.findIndex((setting) => setting.geo_id === geoId);
    const setting = settings[index];
    if (setting === undefined) return undefined;
    refusals.set(index, messages.map((message) => `${findAttributeColumn(message, setting)}: ${message}`));
  }
  return refusals;
}

function findAttributeColumn(message: string, setting: AttributeSetting): string {
  if (message === ATTRIBUTE_ERROR_TEXT.unknown) return 'geo_id';
  if (message === ATTRIBUTE_ERROR_TEXT.repeatableUrl || message.startsWith('must be of type')) return 'type';
  return setting.type === 'REPEATABLE_ENUM' ? 'value.set_values' : 'value';
}
