import { decisionDate, type AgreementView } from '@siteflow/core';

/** The provider's answer as staff and the provider see it: 'Accepted by {name} on {date}' or 'Declined by {name} on {date}: {reason}'. */
export function responseText(response: AgreementView['response']): string | null {
  if (!response) return null;
  const who = response.by_name ?? 'the service provider';
  const when = decisionDate(response.at);
  if (response.response === 'Accepted') return `Accepted by ${who} on ${when}`;
  return `Declined by ${who} on ${when}${response.reason ? `: ${response.reason}` : ''}`;
}
