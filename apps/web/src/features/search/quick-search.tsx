import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Box, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatSearchDate, SEARCH_TEXT, type QuickSearchItem } from '@siteflow/core';
import { ProjectStatusBadge } from '../../ui/project-status-badge';
import { useQuickSearch } from './api';
import classes from './quick-search.module.css';

export const QUICK_SEARCH_DEBOUNCE_MS = 250;

type QuickSearchProps = { opened: boolean; onClose: () => void };

/**
 * The Quick Search overlay (spec 2 section 2.9): a dialog whose input drives a list of
 * matching projects (combobox pattern: the arrow keys move through the results, Enter opens one).
 */
export function QuickSearch({ opened, onClose }: QuickSearchProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal.Root opened={opened} onClose={onClose} size="xl" yOffset="6vh" fullScreen={Boolean(phone)} returnFocus>
      <Modal.Overlay />
      <Modal.Content aria-label="Quick search">
        <Modal.Body p="lg">{opened ? <QuickSearchBody onClose={onClose} /> : null}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Mounted while the overlay is open: each opening starts with an empty search. */
function QuickSearchBody({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), QUICK_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(0);
  const query = useQuickSearch(q, page);

  // A new text starts at the first page and the first result.
  const [lastQ, setLastQ] = useState(q);
  if (lastQ !== q) {
    setLastQ(q);
    setPage(1);
    setActive(0);
  }

  // Empty text, or a failed search, shows no results.
  const result = q && query.isSuccess ? query.data : null;
  const items = result?.data ?? [];
  const searching = Boolean(q) && query.isFetching;
  const pending = text.trim() !== q; // typed, not yet asked
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => {
    document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  const openProject = (item: QuickSearchItem) => {
    onClose();
    void navigate(`/projects/${item.id}/show`);
  };

  const goToPage = (next: number) => {
    setPage(next);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setActive((activeIndex + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setActive((activeIndex - 1 + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[activeIndex];
      if (item) openProject(item);
    }
  };

  let status: string | null = null;
  if (searching) status = SEARCH_TEXT.searching;
  else if (result && result.total === 0) status = SEARCH_TEXT.noResults;
  else if (result) status = SEARCH_TEXT.found(result.total);

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          data-autofocus
          label="Search projects"
          placeholder={SEARCH_TEXT.placeholder}
          size="md"
          style={{ flex: 1 }}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={searching || pending ? <Loader size="xs" aria-hidden /> : null}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          maxLength={200}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-activedescendant={items.length ? optionId(activeIndex) : undefined}
          aria-describedby={`${listId}-hint`}
        />
        <Button variant="default" size="md" onClick={onClose}>
          {SEARCH_TEXT.close}
        </Button>
      </Group>

      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500} role="status" aria-live="polite" mih={20} data-testid="quick-search-status">
          {status}
        </Text>
        <Text size="xs" c="dimmed" id={`${listId}-hint`}>
          Code, name, order reference, client or address · ↑ ↓ to move, Enter to open
        </Text>
      </Group>

      <Box
        component="ul"
        id={listId}
        role="listbox"
        aria-label="Projects found"
        className={classes.list}
        hidden={items.length === 0}
      >
        {items.map((item, i) => (
          <li
            key={item.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            className={classes.option}
            data-active={i === activeIndex || undefined}
            onMouseMove={() => setActive(i)}
            onClick={() => openProject(item)}
          >
            <ResultCard item={item} />
          </li>
        ))}
      </Box>

      {result && result.last_page > 1 ? (
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={page <= 1 || searching}
            onClick={() => goToPage(page - 1)}
          >
            {SEARCH_TEXT.previous}
          </Button>
          <Text size="sm" c="dimmed">
            Page {result.current_page} of {result.last_page}
          </Text>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            disabled={page >= result.last_page || searching}
            onClick={() => goToPage(page + 1)}
          >
            {SEARCH_TEXT.next}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function ResultCard({ item }: { item: QuickSearchItem }) {
  // Client roles get no service_provider_name key at all: then nothing is said about a provider.
  const showProvider = 'service_provider_name' in item;
  const facts: [string, string | null | undefined][] = [
    ['Start', formatSearchDate(item.start_date) || null],
    ...(showProvider ? [['Service provider', item.service_provider_name ?? 'Not assigned'] as [string, string]] : []),
    ['Account manager', item.account_manager_name],
    ['Project manager', item.project_manager_name],
  ];
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }} align="baseline">
          <Text size="xs" c="dimmed" ff="monospace">
            #{item.id}
          </Text>
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {item.project_code}
          </Text>
          <Text size="sm">{item.name}</Text>
        </Group>
        <ProjectStatusBadge status={item.status} size="sm" style={{ overflow: 'visible', flexShrink: 0 }} />
      </Group>
      <Group gap="md" wrap="wrap" className={classes.facts}>
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Text key={label} size="xs">
              <span className={classes.factLabel}>{label}:</span> {value}
            </Text>
          ))}
      </Group>
      {item.location_first ? (
        <Text size="xs" c="dimmed" truncate>
          {item.location_first}
        </Text>
      ) : null}
    </Stack>
  );
}
