import { useId, useState } from 'react';
import { Box, Button, Grid, Group, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { PROVIDER_TEXT, seesPerformanceRating, type ProjectRatings, type Role } from '@siteflow/core';
import { ApiError } from '../../api/client';
import { useCan } from '../../session';
import { notifyError, notifySuccess } from '../../ui/notify';
import { ErrorState, LoadingState } from '../../ui/query-states';
import { StarRating } from '../../ui/star-rating';
import { useRatings, useSaveRating } from './api';

type Kind = 'performance' | 'customer';
const TITLES: Record<Kind, string> = {
  performance: PROVIDER_TEXT.performanceRating,
  customer: PROVIDER_TEXT.customerRating,
};

/**
 * Ratings of a completed project: staff rate the provider's performance, the client rates the
 * work. Client roles never see the performance rating.
 */
export function RatingsCard({ projectId, role }: { projectId: number; role: Role }) {
  const query = useRatings(projectId, true);
  const mayRatePerformance = useCan('projects.ratePerformance');
  const mayRateCustomer = useCan('projects.rateCustomer');
  const shown: { kind: Kind; mayRate: boolean }[] = [
    ...(seesPerformanceRating(role) ? [{ kind: 'performance' as const, mayRate: mayRatePerformance }] : []),
    { kind: 'customer', mayRate: mayRateCustomer },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ratings-title">
      <Title order={3} size="h5" mb="sm" id="ratings-title">
        Ratings
      </Title>
      {query.isPending ? (
        <LoadingState label="Loading the ratings…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Could not load the ratings" />
      ) : (
        <Grid gap="lg">
          {shown.map(({ kind, mayRate }) => (
            <Grid.Col key={kind} span={{ base: 12, md: 6 }}>
              <RatingBlock
                projectId={projectId}
                kind={kind}
                ratings={query.data}
                canEdit={mayRate && query.data.abilities[`rate_${kind}`]}
              />
            </Grid.Col>
          ))}
        </Grid>
      )}
    </Paper>
  );
}

function RatingBlock({
  projectId,
  kind,
  ratings,
  canEdit,
}: {
  projectId: number;
  kind: Kind;
  ratings: ProjectRatings;
  canEdit: boolean;
}) {
  const given = ratings[kind];
  return (
    <Stack gap="xs" data-testid={`${kind}-rating`}>
      <Group gap="sm">
        <Text fw={600} size="sm">
          {TITLES[kind]}
        </Text>
        <StarRating value={given?.rating ?? null} label={TITLES[kind]} />
      </Group>
      {given ? (
        <Text size="xs" c="dimmed">
          {given.rating.toFixed(1)} out of 5{given.rated_by ? `, by ${given.rated_by}` : ''}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          Not rated yet.
        </Text>
      )}
      {given?.comment ? <Text size="sm">{given.comment}</Text> : null}
      {canEdit ? <RatingForm key={given?.updated_at ?? 'new'} projectId={projectId} kind={kind} given={given} /> : null}
    </Stack>
  );
}

function RatingForm({ projectId, kind, given }: { projectId: number; kind: Kind; given: ProjectRatings[Kind] }) {
  const [value, setValue] = useState(given?.rating ?? 0);
  const [comment, setComment] = useState(given?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveRating(projectId, kind);
  const labelId = useId();

  const submit = () => {
    if (!value) {
      setError(PROVIDER_TEXT.ratingRange);
      return;
    }
    setError(null);
    save.mutate(
      { rating: value, comment },
      {
        onSuccess: () => notifySuccess(`${TITLES[kind]} saved.`),
        onError: (e) => {
          if (e instanceof ApiError) setError(e.fieldError('rating') ?? e.fieldError('comment') ?? null);
          notifyError(e, `The ${TITLES[kind].toLowerCase()} was not saved`);
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <Box role="group" aria-labelledby={labelId}>
        <Text size="sm" id={labelId}>
          Your {TITLES[kind].toLowerCase()}
        </Text>
        <Rating
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          fractions={2}
          size="lg"
          getSymbolLabel={(v) => `${v} out of 5`}
        />
        {error ? (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Box>
      <Textarea
        label="Comment"
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={2000}
      />
      <Group>
        <Button size="xs" onClick={submit} loading={save.isPending}>
          Save {TITLES[kind]}
        </Button>
      </Group>
    </Stack>
  );
}
