import { ThemeIcon } from '@mantine/core';
import { IconCheck, IconExclamationMark } from '@tabler/icons-react';
import type { CertificateValidity } from '@siteflow/core';

/** Green tick for valid (also with no expiry: it does not expire; the date shows N/A), red exclamation for expired. */
export function ValidityIcon({ validity, size = 26 }: { validity: CertificateValidity; size?: number }) {
  const valid = validity !== 'expired';
  return (
    <ThemeIcon
      color={valid ? 'green' : 'red'}
      radius="xl"
      size={size}
      role="img"
      aria-label={valid ? 'Valid' : 'Expired'}
      title={valid ? 'Valid' : 'Expired'}
    >
      {valid ? <IconCheck size={size * 0.65} aria-hidden /> : <IconExclamationMark size={size * 0.65} aria-hidden />}
    </ThemeIcon>
  );
}

/** The counter's icon: green tick when every certificate counted is valid, red exclamation otherwise. */
export function CounterIcon({
  valid,
  total,
  kind,
}: {
  valid: number;
  total: number;
  kind: 'mandatory' | 'additional';
}) {
  const allValid = valid >= total;
  const label = allValid ? `All ${kind} certificates valid` : `Some ${kind} certificates are not valid`;
  return (
    <ThemeIcon color={allValid ? 'green' : 'red'} radius="xl" size={24} role="img" aria-label={label} title={label}>
      {allValid ? <IconCheck size={16} aria-hidden /> : <IconExclamationMark size={16} aria-hidden />}
    </ThemeIcon>
  );
}
