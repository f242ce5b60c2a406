// The terms and conditions a new user accepts at /welcome, in a dialog so the half-filled
// form stays as it is. Short and plain: what the service is, who holds the data, what is
// expected of the user, and what Stafflane does and does not promise.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/List.css';
import { Button, List, Modal, Stack, Text, Title } from '@mantine/core';

export const TERMS_TITLE = 'Terms and conditions';

const sections: { heading: string; points: string[] }[] = [
  {
    heading: 'The service',
    points: [
      'Stafflane is a people-management service your employer uses for HR and health-and-safety work: leave, absences, expenses, overtime, rotas, tasks, incidents, notices and documents.',
      'Your employer decides which parts you can use and who can see what you enter.',
    ],
  },
  {
    heading: 'Your information',
    points: [
      'Your employer controls the information about you held in Stafflane; Stafflane processes it on their behalf and only to provide the service.',
      'Ask your employer to see, correct or delete information about you. Sickness and medical details are shown only to the people who need them.',
      'Actions in your account, such as signing in and changing your password, are recorded in an audit log.',
    ],
  },
  {
    heading: 'Your account',
    points: [
      'Keep your password to yourself and do not let anyone else use your account.',
      'Enter information that is true to the best of your knowledge, and use the service only for your work with your employer.',
      'Tell your employer straight away if you think someone else has used your account.',
    ],
  },
  {
    heading: 'What we promise',
    points: [
      'We work to keep the service available and your information secure, but we cannot promise it will never be interrupted.',
      'Your employer can close your account, for example when you leave. These terms may change; we will ask you to accept important changes.',
    ],
  },
];

export function TermsText() {
  return (
    <Stack gap="md">
      {sections.map((section) => (
        <Stack key={section.heading} gap={4}>
          <Title order={3} fz="md">
            {section.heading}
          </Title>
          <List size="sm" spacing={4}>
            {section.points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        Questions about these terms: ask your employer, or write to the support team from the Contact Us menu once you are signed in.
      </Text>
    </Stack>
  );
}

export function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={TERMS_TITLE} size="lg">
      <Stack gap="lg">
        <TermsText />
        <Button onClick={onClose}>Close</Button>
      </Stack>
    </Modal>
  );
}
