import type { Logger } from 'pino';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.js';
import type { MessageTemplate } from '../../../api/schemas/message-templates.js';
import { buildMessageTemplateColumns } from '../../../resources/message-templates/message-template-columns.js';
import type { ExportOptions, ExportSummary } from '../export-options.js';
import { createOnePageSource, exportList } from '../run/export-list.js';

const ContentSchema = z.looseObject({ text: z.string() });

/** `message-templates`: one row per template of the organization, its text decoded from `content`. */
export function exportMessageTemplates(client: ApiClient, options: ExportOptions, logger: Logger): Promise<ExportSummary> {
  return exportList(client, options, logger, {
    resource: 'message-templates',
    sheet: 'message-templates',
    columns: buildMessageTemplateColumns(),
    createSource: (api) =>
      createOnePageSource('GET /messaging/templates', 'template', async () => {
        const { items, unreadable } = await api.listMessageTemplates();
        return { items: items.map((template) => ({ ...template, text: decodeText(template) })), unreadable };
      }),
  });
}

/** `content` is a JSON string holding `text` (spec); a content that is not keeps its raw form, so nothing is lost. */
function decodeText(template: MessageTemplate): string {
  try {
    const content = ContentSchema.safeParse(JSON.parse(template.content));
    return content.success ? content.data.text : template.content;
  } catch {
    return template.content;
  }
}
