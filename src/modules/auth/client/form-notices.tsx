// What the password forms say besides their fields (the server's refusal is the UI kit's
// ProblemAlert): their end (the button, and the way back to login), and the end state (done, or a dead link) with
// the one way on.
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function OutcomePanel(props: { tone: 'success' | 'problem'; message: string; to: string; action: string; asLink?: boolean }) {
  const success = props.tone === 'success';
  return (
    <Stack gap="md">
      <Alert color={success ? 'green' : 'red'} role={success ? 'status' : 'alert'}>
        {props.message}
      </Alert>
      <Button component={Link} to={props.to} variant={props.asLink ? 'subtle' : 'filled'}>
        {props.action}
      </Button>
    </Stack>
  );
}

/** A password form's end: its button, then the way back to login. */
export function SubmitOrBackToLogin({ label, submitting }: { label: string; submitting: boolean }) {
  return (
    <>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
      <Anchor component={Link} to="/login" size="sm">
        Back to login
      </Anchor>
    </>
  );
}
