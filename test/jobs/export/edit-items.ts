/** An item of an answer's list, as a test changes it. */
export type AnswerItem = Record<string, unknown>;

/** The answer with each item of its list `key` passed through `edit`: what a drifting service would send. */
export function editItems(body: unknown, key: string, edit: (item: AnswerItem, index: number) => unknown): unknown {
  const answer = body as Record<string, unknown>;
  const items = answer[key] as AnswerItem[];
  return { ...answer, [key]: items.map(edit) };
}
