import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconClockHour4, IconSearch } from '@tabler/icons-react';
import { QuickSearch } from './quick-search';
import { RecentlyViewedModal } from './recently-viewed';

/**
 * The header's project tools: Quick Search (the search icon, or Ctrl+K / Cmd+K anywhere,
 * even while typing in a field) and the Recently Viewed projects (the clock icon).
 */
export function ProjectSearchActions() {
  const [searchOpened, search] = useDisclosure(false);
  const [recentOpened, recent] = useDisclosure(false);
  const openSearch = () => {
    recent.close();
    search.open();
  };
  // Every field but a rich-text editor (there Ctrl/Cmd+K inserts a link).
  useHotkeys(
    [
      ['mod+K', openSearch],
      ['ctrl+K', openSearch],
    ],
    [],
    false,
  );

  return (
    <>
      <Tooltip label="Search projects (Ctrl+K)" withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Search projects"
          aria-keyshortcuts="Control+K Meta+K"
          aria-haspopup="dialog"
          onClick={openSearch}
        >
          <IconSearch size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Recently viewed projects" withArrow>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Recently viewed projects"
          aria-haspopup="dialog"
          onClick={recent.open}
        >
          <IconClockHour4 size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <QuickSearch opened={searchOpened} onClose={search.close} />
      <RecentlyViewedModal opened={recentOpened} onClose={recent.close} />
    </>
  );
}
