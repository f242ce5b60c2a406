// A dialog form's end: what went wrong, if anything (an alert the screen reader announces), then
// Cancel and the submit button, on the right.
import { Alert, Button, Group } from '@mantine/core';

export function FormFooter({
  submitting,
  onCancel,
  label = 'Save',
  problem = null,
  color,
  disabled = false,
}: {
  submitting: boolean;
  onCancel: () => void;
  label?: string;
  problem?: string | null;
  /** The submit button's colour (red for a step that takes something away). */
  color?: string;
  /** The submit button is off until the form can be sent (a confirmation box not yet ticked). */
  disabled?: boolean;
}) {
  return (
    <>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting} color={color} disabled={disabled}>
          {label}
        </Button>
      </Group>
    </>
  );
}
