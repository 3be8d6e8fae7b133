import { z } from 'zod';

/** `errors.json` validation details: nested by field, messages (or one message) at the leaves. */
export type FieldMessages = { [field: string]: string | string[] | FieldMessages };
const FieldMessagesSchema: z.ZodType<FieldMessages> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), z.array(z.string()), FieldMessagesSchema])),
);

/** The service's error bodies: `{errors: {json | authentication | authorization | ...}}`. */
export const ServiceErrorBodySchema = z.looseObject({
  errors: z.looseObject({
    json: z.union([z.string(), FieldMessagesSchema]).optional(),
    authorization: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
  }),
});

export const FeedbackIssueSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type FeedbackIssue = z.infer<typeof FeedbackIssueSchema>;

/** The feedback endpoints' error bodies: `{detail: string}` or `{detail: [{loc, msg, type}]}`. */
export const FeedbackErrorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(FeedbackIssueSchema)]),
});
