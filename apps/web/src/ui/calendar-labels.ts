/** Names of a Mantine calendar's icon buttons (Mantine leaves them unnamed): every date picker passes them as `ariaLabels`. */
export const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};
