// Placeholder until helper h12 lands the finance screen (issue 14 section 2).
export function FinanceScreen() {
  return null;
}
