import { starFillPercent } from '@siteflow/core';
import classes from './star-rating.module.css';

/**
 * A read-only star rating: five stars with the filled width rating/5 (spec 1 section 4).
 * Screen readers hear '{label}: 3.5 out of 5' (or 'not rated').
 */
export function StarRating({
  value,
  label,
  size = 16,
}: {
  value: number | null | undefined;
  label: string;
  size?: number;
}) {
  const percent = starFillPercent(value);
  const rated = value !== null && value !== undefined;
  return (
    <span
      className={classes.stars}
      role="img"
      aria-label={rated ? `${label}: ${Number(value).toFixed(1)} out of 5` : `${label}: not rated`}
      style={{ fontSize: size }}
      data-fill={percent.toFixed(0)}
    >
      <span className={classes.empty} aria-hidden="true">
        ★★★★★
      </span>
      <span className={classes.filled} aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
