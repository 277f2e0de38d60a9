import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconClockHour4, IconSearch, type Icon } from '@tabler/icons-react';
import { QuickSearch } from './quick-search';
import { RecentlyViewedModal } from './recently-viewed';

/** A header icon button with its tooltip that opens a dialog. */
function HeaderDialogButton({
  tooltip,
  label,
  icon: IconComponent,
  shortcuts,
  onClick,
}: {
  tooltip: string;
  label: string;
  icon: Icon;
  /** The keys that do the same (aria-keyshortcuts). */
  shortcuts?: string;
  onClick: () => void;
}) {
  return (
    <Tooltip label={tooltip} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        aria-keyshortcuts={shortcuts}
        aria-haspopup="dialog"
        onClick={onClick}
      >
        <IconComponent size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

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
      <HeaderDialogButton
        tooltip="Search projects (Ctrl+K)"
        label="Search projects"
        icon={IconSearch}
        shortcuts="Control+K Meta+K"
        onClick={openSearch}
      />
      <HeaderDialogButton
        tooltip="Recently viewed projects"
        label="Recently viewed projects"
        icon={IconClockHour4}
        onClick={recent.open}
      />
      <QuickSearch opened={searchOpened} onClose={search.close} />
      <RecentlyViewedModal opened={recentOpened} onClose={recent.close} />
    </>
  );
}
