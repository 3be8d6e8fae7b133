import type { Logger } from 'pino';
import { z } from 'zod';
import type { ApiClient } from '../../../api/api-client.js';
import type { Lenient } from '../../../api/schemas/reading/lenient.js';
import { OddValue } from '../../../api/schemas/reading/odd-value.js';
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
    name: ({ id }: { id: string }) => `message template ${id}`,
    createSource: (api) =>
      createOnePageSource('GET /messaging/templates', 'template', async () => {
        const { items, unreadable } = await api.listMessageTemplates();
        // The text stands for its content: a content that did not read is told once.
        return { items: items.map(({ content, ...template }) => ({ ...template, text: decodeText(content) })), unreadable };
      }),
  });
}

/** `content` is a JSON string holding `text` (spec); a content that is not is an odd value, written as the service sent it with a warning. */
function decodeText(content: Lenient<string>): Lenient<string> {
  if (typeof content !== 'string') return content;
  const odd = new OddValue(content, 'a JSON text holding text');
  try {
    const decoded = ContentSchema.safeParse(JSON.parse(content));
    return decoded.success ? decoded.data.text : odd;
  } catch {
    return odd;
  }
}
