// The top bar's way to the outbox (/outbox), with a badge counting the changes that still wait
// for the network or the user ("9+" above 9, as the bell).
import { ActionIcon, Indicator } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { badgeLabel } from '../../shared/constants';
import { useOutboxCount } from './outbox-items';

export function OutboxButton() {
  const count = useOutboxCount();
  return (
    <Indicator label={badgeLabel(count)} size={18} color="orange" offset={6} disabled={count === 0} inline>
      <ActionIcon
        component={Link}
        to="/outbox"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={count > 0 ? `Outbox, ${badgeLabel(count)} waiting` : 'Outbox'}
      >
        <IconCloudUpload size={22} aria-hidden="true" />
      </ActionIcon>
    </Indicator>
  );
}
