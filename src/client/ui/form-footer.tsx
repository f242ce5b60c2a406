// A dialog form's end: what went wrong, if anything (an alert the screen reader announces), then
// Cancel and the submit button, on the right. A dialog with no form element (a confirmation, a
// step of a wizard) gives `onSubmit`, and its button acts on a click.
import { Button, Group } from '@mantine/core';
import { ProblemAlert } from './problem-alert';

export function FormFooter({
  submitting,
  onCancel,
  label = 'Save',
  problem = null,
  color,
  disabled = false,
  onSubmit,
  cancelLabel = 'Cancel',
  problemTitle,
  apart = false,
}: {
  submitting: boolean;
  onCancel: () => void;
  label?: string;
  problem?: string | null;
  /** The submit button's colour (red for a step that takes something away). */
  color?: string;
  /** The submit button is off until the form can be sent (a confirmation box not yet ticked). */
  disabled?: boolean;
  /** What the button does when it does not submit a form. */
  onSubmit?: () => void;
  /** The way back: "Cancel", or where it goes ("Choose another file"). */
  cancelLabel?: string;
  /** The problem's heading ("Nothing was changed"). */
  problemTitle?: string;
  /** The way back on the left, the step forward on the right. */
  apart?: boolean;
}) {
  return (
    <>
      <ProblemAlert problem={problem} title={problemTitle} />
      <Group justify={apart ? 'space-between' : 'flex-end'}>
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={submitting} color={color} disabled={disabled}>
          {label}
        </Button>
      </Group>
    </>
  );
}
