/** User-visible texts and constants of the provider screens (spec 1 sections 2, 4, 5, 8, 9), verbatim. */
export const PROVIDER_TEXT = {
  assignProject: 'Assign Project',
  preferred: 'Preferred',
  unavailable: 'Unavailable',
  noProviderChosen: 'You must assign a service provider to update the project service provider!',
  assignLocation: 'Assign a location',
  notify: 'Notify Service Provider',
  showDirections: 'Show Directions',
  hideDirections: 'Hide Directions',
  noProviderAttached:
    'No Service Provider attached to the project. Please assign a service provider to get direction and distance to the project. Thank you!',
  assignProvider: 'Assign Service Provider',
  replacing: 'Replacing',
  lastProjectPrefix: 'Last Project: ',
  scheduledProjects: 'Scheduled Projects',
  completedProjects: 'Completed Projects',
  performanceRating: 'Performance Rating',
  customerRating: 'Customer Rating',
  nameRequired: 'The service provider name field is required.',
  nameTaken: 'A service provider with this name already exists.',
  notFound: 'Service provider not found.',
  notAssignable: 'A completed or cancelled project cannot be assigned a service provider.',
  staffNotOfProvider: 'Choose staff of the selected service provider.',
  noProviderToNotify: 'No Service Provider attached to the project.',
  noProviderEmail: 'The service provider has no e-mail address or active staff to notify.',
  ratingNotAllowed: 'The project must be completed, with a service provider, before it is rated.',
  ratingRange: 'Choose a rating from 0.5 to 5 in steps of 0.5.',
  availabilityOrder: 'The end date must be on or after the start date.',
  certifiedFilter: 'Certificates valid for the project dates',
} as const;

/** Directions failures (spec 1 section 8), by the routing status. */
export const DIRECTIONS_ERRORS = {
  NOT_FOUND: 'Directions request failed due to location(s) could not be found',
  ZERO_RESULTS: 'Directions request failed, could not find directions for the given locations.',
  REQUEST_DENIED: 'Directions request failed, Access Denied.',
  OTHER: 'Directions request failed due to internal server error',
} as const;
export const directionsErrorOf = (status: string): string =>
  status === 'NOT_FOUND' || status === 'ZERO_RESULTS' || status === 'REQUEST_DENIED'
    ? DIRECTIONS_ERRORS[status]
    : DIRECTIONS_ERRORS.OTHER;

/** Spec 1 section 9. */
export const MAP_CENTRE = { lat: -27.46977, lng: 153.025131 } as const;
export const SEARCH_MAP = { height: 800, listScroll: 680 } as const;
export const SEARCH_DISTANCE = {
  min: 0,
  max: 200,
  step: 5,
  standaloneDefault: 0,
  assignmentDefault: 50,
  projectMapDefault: 50,
} as const;
export const DETAILS_DISTANCE = { min: 0, max: 500, step: 10, default: 50 } as const;
export const DETAILS_MAP = {
  zoom: 11,
  markerWidth: 46,
  markerHeight: 54,
  filterDelayMs: 1000,
  visibilityThreshold: 0.5,
  directionsHeight: 600,
} as const;
export const DIRECTION_WIDGET = { zoom: 12, height: 800 } as const;
/** 0.5 to 5 in steps of 0.5. */
/** The search shows the nearest 50 first; 'Show more' adds 50 at a time (up to 500). */
export const PROVIDER_SEARCH_PAGE = 50;
export const MIN_RATING_CHOICES = Array.from({ length: 10 }, (_, i) => (i + 1) / 2);

/** A star rating shows 0 to 5 stars with filled width rating/5 (as a percentage). */
export function starFillPercent(rating: number | null | undefined): number {
  if (rating === null || rating === undefined || Number.isNaN(rating)) return 0;
  return (Math.min(5, Math.max(0, rating)) / 5) * 100;
}

/** The provider is unavailable if any of its availabilities covers the project's dates (inclusive days). */
export function isUnavailable(
  availabilities: readonly { start_date: string; end_date: string }[],
  start: string | null,
  end: string | null,
): boolean {
  if (!start && !end) return false;
  const from = (start ?? end)!.slice(0, 10);
  const to = (end ?? start)!.slice(0, 10);
  return availabilities.some((a) => a.start_date <= to && a.end_date >= from);
}
