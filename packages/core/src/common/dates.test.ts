import { describe, expect, it } from 'vitest';
import { daysInMonth, isCalendarDate, isWallClockDateTime } from './dates.js';
import { ProviderAvailabilityInput } from '../providers/contracts.js';
import { ProductInput } from '../quotes/quotes.js';
import { TASK_TEMPLATE_TEXT, TemplateTaskFields } from '../task-templates/task-templates.js';
import { TASK_TEXT, TaskInput } from '../tasks/tasks.js';

describe('dates that exist', () => {
  it('knows the days of each month, leap years included', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2027, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect([2024, 2000, 1900, 2100].map((y) => daysInMonth(y, 2))).toEqual([29, 29, 28, 28]);
  });

  it('takes real calendar days only', () => {
    for (const v of ['2027-02-28', '2024-02-29', '2000-02-29', '2027-12-31', '0001-01-01'])
      expect(isCalendarDate(v), v).toBe(true);
    for (const v of [
      '2027-02-30',
      '2027-02-29',
      '1900-02-29',
      '2027-04-31',
      '2027-13-01',
      '2027-00-10',
      '2027-01-00',
      '0000-01-01',
      '27-01-01',
      '2027-1-1',
      ' 2027-01-01',
    ])
      expect(isCalendarDate(v), v).toBe(false);
  });

  it('takes wall-clock times on real days, hours 00 to 23', () => {
    for (const v of ['2027-02-28T08:00', '2027-02-28 23:59', '2024-02-29T00:00:59', '2027-12-31T23:59:59'])
      expect(isWallClockDateTime(v), v).toBe(true);
    for (const v of [
      '2027-02-30T08:00',
      '2027-01-01T24:00',
      '2027-01-01T23:60',
      '2027-01-01T08:00:60',
      '2027-01-01T8:00',
      '2027-01-01',
      '2027-01-01X08:00',
    ])
      expect(isWallClockDateTime(v), v).toBe(false);
  });

  it('the date-only contracts refuse a day that does not exist', () => {
    const period = ProviderAvailabilityInput.safeParse({ start_date: '2027-02-30', end_date: '2027-03-02' });
    expect(period.error?.issues.map((i) => i.path.join('.'))).toEqual(['start_date']);
    expect(ProductInput.safeParse({ eta: '2027-02-29' }).success).toBe(false);
    expect(ProductInput.parse({ eta: '2028-02-29' }).eta).toBe('2028-02-29');
  });

  it("a task's fixed date and manual due date must exist too", () => {
    const fixed = (v: string) => TemplateTaskFields.shape.fixed_date_at.safeParse(v);
    expect(fixed('2027-02-28 08:00').data).toBe('2027-02-28 08:00');
    for (const v of ['2027-02-30 08:00', '2027-02-28 24:00'])
      expect(
        fixed(v).error?.issues.map((i) => i.message),
        v,
      ).toEqual([TASK_TEMPLATE_TEXT.fixedDate]);
    const due = (v: string) =>
      TaskInput.safeParse({ title: 'Call the client', is_auto_due_date: false, due_date_at: v }).error?.issues.map(
        (i) => [i.path.join('.'), i.message],
      );
    expect(due('2028-02-29 17:00')).toBeUndefined();
    expect(due('2027-02-29 17:00')).toEqual([['due_date_at', TASK_TEXT.dueDateManual]]);
  });
});
