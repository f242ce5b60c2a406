// A test-only resource ("widgets") that drives the generic resource API end to end. Nothing
// under tests/ ships; product modules keep their contracts in src/modules/<name>.
import * as v from 'valibot';

export const WIDGET_STATUSES = ['draft', 'active', 'archived'] as const;

// PostgreSQL text cannot hold NUL: control characters are refused as a field error, not a 500.
const plainText = (max: number) =>
  v.pipe(v.string('Field is required.'), v.trim(), v.regex(/^\P{Cc}*$/u, 'Invalid characters.'), v.maxLength(max, 'Max length exceeded.'));

const WidgetIdsSchema = v.pipe(
  v.array(v.pipe(v.string(), v.uuid('This is not a valid id.'))),
  v.minLength(1, 'Field is required.'),
  v.maxLength(100, 'Max length exceeded.'),
);

export const WidgetDetailsSchema = v.object({
  colour: v.picklist(['red', 'green', 'blue'], 'Field is required.'),
  size: v.pipe(
    v.number('Field is required.'),
    v.integer('Value must be a whole number.'),
    v.minValue(1, 'Value must be greater than or equal 1'),
    v.maxValue(100, 'Value must be lower than or equal 100'),
  ),
});

export const CreateWidgetInputSchema = v.object({
  // Records created offline carry a client-generated UUID.
  id: v.nullish(v.pipe(v.string(), v.uuid('This is not a valid id.'))),
  name: v.pipe(plainText(100), v.minLength(1, 'Field is required.')),
  status: v.picklist(WIDGET_STATUSES, 'Field is required.'),
  tags: v.optional(v.pipe(v.array(plainText(30)), v.maxLength(10, 'Max length exceeded.')), []),
  details: v.nullish(WidgetDetailsSchema, null),
});

export const UpdateWidgetInputSchema = v.omit(CreateWidgetInputSchema, ['id']);

export const FindWidgetsQuerySchema = v.object({
  status: v.optional(v.array(v.picklist(WIDGET_STATUSES, 'Unknown status.'))),
  tags: v.optional(v.array(plainText(30))),
  q: v.optional(plainText(100)),
});

export const WidgetBulkSchema = v.variant('action', [
  v.object({ action: v.literal('archive'), data: v.object({ ids: WidgetIdsSchema }) }),
  v.object({
    action: v.literal('set_status'),
    data: v.object({ ids: WidgetIdsSchema, status: v.picklist(WIDGET_STATUSES, 'Field is required.') }),
  }),
]);

export type WidgetStatus = (typeof WIDGET_STATUSES)[number];
export type WidgetDetails = v.InferOutput<typeof WidgetDetailsSchema>;
export type CreateWidgetInput = v.InferOutput<typeof CreateWidgetInputSchema>;
export type UpdateWidgetInput = v.InferOutput<typeof UpdateWidgetInputSchema>;
export type FindWidgetsQuery = v.InferOutput<typeof FindWidgetsQuerySchema>;
export type Widget = {
  id: string;
  company_id: string;
  name: string;
  status: WidgetStatus;
  tags: string[];
  details: WidgetDetails | null;
  created_by: string;
  created_at: Date;
};
