import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCurrentLocation, IconMapPin, IconPhone, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { addressLine, formatRelative, PROVIDER_TEXT, type ProviderSearchResult } from '@siteflow/core';
import { StarRating } from '../../ui/star-rating';
import { SearchMapStatusBadge } from './status';

type AssignProps = {
  sendEmail: boolean;
  onSendEmail: (value: boolean) => void;
  onAssign: () => void;
  pending: boolean;
  /** Already the project's provider. */
  current: boolean;
};

const websiteHref = (url: string) => (/^https?:\/\//i.test(url) ? url : `https://${url}`);

/** 'Last Project: 3 months ago', or the text as given when it is not a date; 'None' without one. */
export function lastProjectText(value: string | null, now = new Date()): string {
  if (!value) return `${PROVIDER_TEXT.lastProjectPrefix}None`;
  const when = Date.parse(value);
  return `${PROVIDER_TEXT.lastProjectPrefix}${Number.isNaN(when) ? value : formatRelative(value, now)}`;
}

/** 'Categories: Electrical, Plumbing' in small print; nothing without names. */
function NameList({ label, names }: { label: string; names: string[] }) {
  if (!names.length) return null;
  return (
    <Text size="xs">
      <Text span size="xs" c="dimmed">
        {label}:{' '}
      </Text>
      {names.join(', ')}
    </Text>
  );
}

/** A rating's name over its stars. */
function LabelledRating({ label, value }: { label: string; value: number | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <StarRating value={value} label={label} />
    </Stack>
  );
}

/** One provider of the search results (spec 1: Service-provider search / assignment map). */
export function SearchResult({
  result: r,
  selected,
  onShowOnMap,
  cardRef,
  assign,
}: {
  result: ProviderSearchResult;
  selected: boolean;
  onShowOnMap: () => void;
  cardRef: (el: HTMLDivElement | null) => void;
  assign: AssignProps | null;
}) {
  const address = addressLine(r.business_address);
  const located = r.business_address.lat !== null && r.business_address.lng !== null;
  const nameId = `provider-result-${r.id}`;
  return (
    <Paper
      ref={cardRef}
      withBorder
      radius="md"
      p="sm"
      tabIndex={-1}
      aria-labelledby={nameId}
      data-selected={selected || undefined}
      style={{
        borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
        boxShadow: selected ? '0 0 0 2px var(--mantine-color-blue-2)' : undefined,
        outlineOffset: 2,
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={`/service-providers/show/${r.id}`} fw={700} size="sm" id={nameId}>
            {r.service_provider_name}
          </Anchor>
          {r.km !== null ? (
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {`${r.km} km`}
            </Text>
          ) : null}
        </Group>
        <Group gap={6}>
          <SearchMapStatusBadge code={r.status_code} size="sm" />
          {r.preferred ? (
            <Badge size="sm" variant="light" color="teal" style={{ overflow: 'visible' }}>
              {PROVIDER_TEXT.preferred}
            </Badge>
          ) : null}
          {r.unavailable ? (
            <Badge size="sm" variant="filled" color="red" style={{ overflow: 'visible' }}>
              {PROVIDER_TEXT.unavailable}
            </Badge>
          ) : null}
          {assign?.current ? (
            <Badge size="sm" variant="light" color="blue" style={{ overflow: 'visible' }}>
              Current provider
            </Badge>
          ) : null}
          {r.certified === false ? (
            <Badge size="sm" variant="light" color="red" style={{ overflow: 'visible' }}>
              Certificates not valid
            </Badge>
          ) : null}
        </Group>
        <NameList label="Categories" names={r.categories_list} />
        <NameList label="Services" names={r.services_list} />
        {address ? (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconMapPin size={14} aria-label="Business address" role="img" style={{ flex: 'none', marginTop: 2 }} />
            <Text size="xs">{address}</Text>
          </Group>
        ) : null}
        {r.phone || r.website ? (
          <Group gap="sm">
            {r.phone ? (
              <Group gap={4} wrap="nowrap">
                <IconPhone size={14} aria-hidden />
                <Anchor href={`tel:${r.phone.replace(/\s+/g, '')}`} size="xs">
                  {r.phone}
                </Anchor>
              </Group>
            ) : null}
            {r.website ? (
              <Group gap={4} wrap="nowrap">
                <IconWorld size={14} aria-hidden />
                <Anchor href={websiteHref(r.website)} target="_blank" rel="noopener noreferrer" size="xs">
                  {r.website}
                </Anchor>
              </Group>
            ) : null}
          </Group>
        ) : null}
        <Text size="xs" c="dimmed">
          {lastProjectText(r.lastProject)}
        </Text>
        <Group gap="md">
          <Text size="xs">
            {PROVIDER_TEXT.scheduledProjects}: <strong>{r.scheduledProjects}</strong>
          </Text>
          <Text size="xs">
            {PROVIDER_TEXT.completedProjects}: <strong>{r.completedProjects}</strong>
          </Text>
        </Group>
        <Group gap="md">
          <LabelledRating label={PROVIDER_TEXT.performanceRating} value={r.performance_ratings} />
          <LabelledRating label={PROVIDER_TEXT.customerRating} value={r.customer_ratings} />
        </Group>
        <Group justify="space-between" gap="xs" mt={4}>
          {located ? (
            <UnstyledButton
              onClick={onShowOnMap}
              aria-label={`Show on map: ${r.service_provider_name}`}
              style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-anchor)' }}
            >
              <Group gap={4} wrap="nowrap">
                <IconCurrentLocation size={14} aria-hidden />
                Show on map
              </Group>
            </UnstyledButton>
          ) : (
            <Text size="xs" c="dimmed">
              No location
            </Text>
          )}
          {assign ? (
            <Group gap="xs" wrap="nowrap">
              <Checkbox
                size="xs"
                label="Send e-mail"
                aria-label={`Send e-mail to ${r.service_provider_name}`}
                checked={assign.sendEmail}
                onChange={(e) => assign.onSendEmail(e.currentTarget.checked)}
              />
              <Button
                size="xs"
                onClick={assign.onAssign}
                loading={assign.pending}
                aria-label={`${PROVIDER_TEXT.assignProject}: ${r.service_provider_name}`}
              >
                {PROVIDER_TEXT.assignProject}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
