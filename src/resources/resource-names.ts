/** The resources the tool imports and exports, as named on the command line and in sheet names. */
export const RESOURCE_NAMES = ['businesses', 'services', 'attributes', 'custom-field-order', 'feedback'] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

/** The resources a spreadsheet can change; feedback results are read-only in the API. */
export const IMPORT_RESOURCE_NAMES = ['businesses', 'services', 'attributes', 'custom-field-order'] as const satisfies readonly ResourceName[];
export type ImportResourceName = (typeof IMPORT_RESOURCE_NAMES)[number];

/**
 * The other name each import takes: `export custom-fields` writes the sheet that
 * `import custom-field-order` reads, so either name works on both commands.
 */
export const IMPORT_RESOURCE_ALIASES: Readonly<Record<string, ImportResourceName>> = { 'custom-fields': 'custom-field-order' };
