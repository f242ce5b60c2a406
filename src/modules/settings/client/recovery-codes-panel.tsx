// Ten recovery codes, shown this once: listed, downloadable as a .txt, and put away when the
// person says they are saved.
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { saveBlob } from '../../../client/api/downloads';

export const RECOVERY_CODES_FILE = 'stafflane-recovery-codes.txt';

export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Stafflane recovery codes',
    '',
    'Each code signs you in once if you cannot use your authenticator app.',
    'Keep them somewhere safe: anyone with a code and your password can sign in as you.',
    '',
    ...codes,
    '',
  ].join('\r\n');
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now.
      </Alert>
      <List aria-label="Recovery codes" ff="monospace" spacing={2} listStyleType="none">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <Button variant="light" onClick={() => saveBlob(new Blob([recoveryCodesText(codes)], { type: 'text/plain' }), RECOVERY_CODES_FILE)}>
          Download (.txt)
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
      <Text size="sm" c="dimmed">
        New codes can be made at any time; making them stops these from working.
      </Text>
    </Stack>
  );
}
