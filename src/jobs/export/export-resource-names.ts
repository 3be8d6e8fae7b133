/** What `listing-bulk export` writes, as named on the command line. */
export const EXPORT_RESOURCES = ['businesses', 'services', 'attributes', 'feedback', 'custom-fields', 'message-templates', 'geo-locations'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

/** The other name each export takes (see IMPORT_RESOURCE_ALIASES). */
export const EXPORT_RESOURCE_ALIASES: Readonly<Record<string, ExportResource>> = { 'custom-field-order': 'custom-fields' };
