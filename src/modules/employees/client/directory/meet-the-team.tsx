// "Meet the team" (GET /api/user-meet-the-team): a card per colleague of the whole company —
// photo, name, job title, department and a few words about them — for every company user.
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DIRECTORY_PAGE_SIZE, teamPageQueryOptions } from '../directory.api';
import type { DirectorySearch } from './directory-search';
import { PersonAvatar } from './person-avatar';
import { ListPager } from '../../../../client/ui/list-pager';

type Props = { search: DirectorySearch; onPage: (page: number) => void };

export function MeetTheTeam({ search, onPage }: Props) {
  const page = search.page ?? 1;
  const team = useQuery(teamPageQueryOptions(search));
  const pages = team.data ? Math.max(1, Math.ceil(team.data.count / DIRECTORY_PAGE_SIZE)) : 1;

  if (team.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading the team">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={140} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (team.isError) {
    return (
      <Alert color="red" role="alert">
        The team could not be loaded. Please try again.
      </Alert>
    );
  }
  if (team.data.results.length === 0) return <Text>Nobody matches this search.</Text>;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="list" aria-label="The team">
        {team.data.results.map((member) => {
          const name = `${member.first_name} ${member.surname}`;
          return (
            <Card key={member.id} withBorder padding="md" radius="md" role="listitem">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <PersonAvatar userId={member.id} name={name} image={member.profile_image} size={64} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700}>{name}</Text>
                  {member.job_title && <Text size="sm">{member.job_title}</Text>}
                  {member.department && (
                    <Text size="sm" c="dimmed">
                      {member.department.name}
                    </Text>
                  )}
                </Stack>
              </Group>
              {member.about && (
                <Text size="sm" mt="sm" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
                  {member.about}
                </Text>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
      <ListPager pages={pages} page={page} onPage={onPage} />
    </Stack>
  );
}
