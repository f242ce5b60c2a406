// A field's label with the "Required" badge, shown while a required field is empty.
// The badge is for the eye; assistive technology hears the input's own `required`.
import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

export const REQUIRED_BADGE = 'Required';

export function FieldLabel({ label, showRequired }: { label: ReactNode; showRequired: boolean }) {
  if (!showRequired) return <>{label}</>;
  return (
    <>
      {label}
      <Badge component="span" aria-hidden size="xs" color="red" variant="light" ml={6} style={{ verticalAlign: 'middle' }}>
        {REQUIRED_BADGE}
      </Badge>
    </>
  );
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}
