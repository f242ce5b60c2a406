// What went wrong with a step the person took (the server's refusal, a file it could not read),
// said in red where the step is and read out when it appears; nothing when all is well.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export function ProblemAlert({ problem, title }: { problem: ReactNode; title?: string }) {
  if (!problem) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {problem}
    </Alert>
  );
}
