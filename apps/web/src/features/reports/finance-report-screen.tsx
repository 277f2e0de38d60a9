// Placeholder until helper h13 lands the finance report (issue 14 section 3).
export function FinanceReportScreen() {
  return null;
}
