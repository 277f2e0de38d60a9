import { Badge, type BadgeProps } from '@mantine/core';
import { searchMapStatus } from '@siteflow/core';

/** Map markers carry the badge colours as CSS colours (Leaflet paths take no theme names). */
export const MARKER_COLOURS: Record<string, string> = {
  green: '#2f9e44',
  red: '#e03131',
  orange: '#f08c00',
  yellow: '#fab005',
  blue: '#1c7ed6',
};
export const markerColour = (colour: string) => MARKER_COLOURS[colour] ?? MARKER_COLOURS.blue!;

/** A provider's status as the server labels it (details colours on the list and show page). */
export function ProviderStatusBadge({
  label,
  colour,
  ...props
}: { label: string; colour: string } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge
      variant="light"
      color={colour}
      // Yellow's light text is too faint on its tint (below 4.5:1): a darker amber keeps it readable.
      style={{ overflow: 'visible', ...(colour === 'yellow' ? { color: '#7a4500' } : {}) }}
      {...props}
    >
      {label}
    </Badge>
  );
}

/** The search map's label and colour set (spec 1 section 4), which differs from the details one. */
export function SearchMapStatusBadge({ code, ...props }: { code: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const status = searchMapStatus(code);
  return <ProviderStatusBadge label={status.label} colour={status.colour} {...props} />;
}
