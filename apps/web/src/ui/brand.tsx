import { Group, Image, Text, ThemeIcon } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';

/** The Siteflow wordmark (the platform area, and companies without a logo). */
export function SiteflowWordmark({ compact = false, size = 'lg' }: { compact?: boolean; size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={10} wrap="nowrap" role={compact ? 'img' : undefined} aria-label={compact ? 'Siteflow' : undefined}>
      <ThemeIcon size={size === 'xl' ? 44 : 34} radius="md" variant="filled" aria-hidden>
        <IconRoute size={size === 'xl' ? 26 : 20} stroke={2} />
      </ThemeIcon>
      {compact ? null : (
        <Text fw={750} fz={size === 'xl' ? 28 : size === 'lg' ? 20 : 17} lh={1} style={{ letterSpacing: '-0.02em' }}>
          Siteflow
        </Text>
      )}
    </Group>
  );
}

/** `url` is the session's tenant.logo_url: it changes whenever the logo does. */
export function TenantLogo({ name, url, height = 40 }: { name: string; url: string; height?: number }) {
  return <Image src={url} alt={`${name} logo`} h={height} w="auto" fit="contain" maw={200} />;
}
