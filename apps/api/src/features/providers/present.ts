/** Pure helpers of the providers feature: address lines, dates, distances, and the notification e-mail. */
import { detailsStatus, renderMessage } from '@siteflow/core';

export { fullName } from '@siteflow/core';

/** One line: 'street, suburb state postcode' (core's, shared with the other screens). */
export { addressLine } from '@siteflow/core';

/** A provider's id, trading name and status with the status's label and colour (the details set). */
export function providerHeading(id: string, name: string, statusCode: string) {
  const badge = detailsStatus(statusCode);
  return {
    id,
    service_provider_name: name,
    status_code: statusCode,
    status_label: badge.label,
    status_colour: badge.colour,
  };
}

/** The day of a stored wall-clock time ('2026-11-21 08:00:00' -> '2026-11-21'). */
export const dayOf = (v: string | null | undefined): string | null => (v ? v.slice(0, 10) : null);

/** Kilometres as shown (one decimal). */
export const roundKm = (km: number | null | undefined): number | null =>
  km === null || km === undefined || Number.isNaN(km) ? null : Math.round(km * 10) / 10;

const KM_PER_DEGREE_LAT = 111.32;

/**
 * A latitude/longitude box that holds every point within `km` great-circle kilometres of the
 * centre (a little larger, so the exact distance test afterwards decides the edge). Used as an
 * index prefilter only.
 */
export function boundingBox(centre: { lat: number; lng: number }, km: number) {
  const margin = km * 1.01 + 0.1;
  const dLat = margin / KM_PER_DEGREE_LAT;
  const minLat = Math.max(-90, centre.lat - dLat);
  const maxLat = Math.min(90, centre.lat + dLat);
  // Longitude degrees shrink with the cosine of the latitude; use the box edge nearest a pole.
  const widest = Math.max(Math.abs(minLat), Math.abs(maxLat));
  const cos = Math.cos((widest * Math.PI) / 180);
  if (cos < 0.01 || margin / (KM_PER_DEGREE_LAT * cos) >= 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  const dLng = margin / (KM_PER_DEGREE_LAT * cos);
  return { minLat, maxLat, minLng: centre.lng - dLng, maxLng: centre.lng + dLng };
}

/** The rating kinds and the average they feed. */
export const RATING_KINDS = ['performance', 'customer'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

/** Stored wall-clock time as written in e-mails: '2026-11-21 08:00' (or 'Not set'). */
const when = (v: string | null) => (v ? v.replace('T', ' ').slice(0, 16) : 'Not set');

export type NotificationMailInput = {
  companyName: string;
  providerName: string;
  project: { code: string; name: string; startDate: string | null; endDate: string | null; address: string };
  link: string;
  staff: string[];
};

/** 'Notify Service Provider': the e-mail about a project, in text and HTML. */
export function providerNotificationMail(m: NotificationMailInput): { subject: string; text: string; html: string } {
  const subject = `Project ${m.project.code}: ${m.project.name}`;
  const rows: [string, string][] = [
    ['Project', `${m.project.code} ${m.project.name}`],
    ['Start', when(m.project.startDate)],
    ['End', when(m.project.endDate)],
    ['Address', m.project.address || 'Not set'],
    ...(m.staff.length ? ([['Assigned staff', m.staff.join(', ')]] as [string, string][]) : []),
  ];
  const intro = `${m.companyName} has assigned ${m.providerName} to the following project.`;
  return {
    subject,
    ...renderMessage([`Hello ${m.providerName},`, intro, { rows }, { label: 'View the project', url: m.link }]),
  };
}
