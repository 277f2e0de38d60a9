import { Button, Center, Text } from '@mantine/core';
import { TASK_TEXT } from '@siteflow/core';
import { ErrorState, LoadingState } from '../../ui/query-states';
import type { useTaskList } from './api';

type ListQuery = ReturnType<typeof useTaskList>;

/** The list's loading, error (with Try again) and 'No Task Found' states; null once there is something to show. */
export function ListStates({ query, empty }: { query: ListQuery; empty: boolean }) {
  if (query.isPending) return <LoadingState label="Loading tasks…" />;
  if (query.isError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the tasks" />;
  if (empty)
    return (
      <Text c="dimmed" ta="center" py="lg">
        {TASK_TEXT.noTasks}
      </Text>
    );
  return null;
}

/** Load more: the next page appended to the list. */
export function LoadMore({ query }: { query: ListQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Center mt="md">
      <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        Load more
      </Button>
    </Center>
  );
}
