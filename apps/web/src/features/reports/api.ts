import { useMutation, useQuery } from '@tanstack/react-query';
import {
  companyDay,
  financeReportXlsxName,
  type FinanceReportOptions,
  type FinanceReportRequest,
  type FinanceReportView,
} from '@siteflow/core';
import { api, ApiError, CSRF_HEADER, NETWORK_ERROR_MESSAGE } from '../../api/client';

/** The finance report's calls (issue 14 section 3): the managers to choose from, the report, its XLSX. */

export const reportKeys = { financeOptions: ['reports', 'finance', 'options'] as const };

export function useFinanceReportOptions() {
  return useQuery({
    queryKey: reportKeys.financeOptions,
    queryFn: ({ signal }) => api.get<FinanceReportOptions>('/api/reports/finance/options', undefined, signal),
  });
}

export function useGenerateFinanceReport() {
  return useMutation({
    mutationFn: (body: FinanceReportRequest) => api.post<FinanceReportView>('/api/reports/finance/generate', body),
  });
}

/** The file's name from the answer's Content-Disposition, else today's (the company's day). */
const fileName = (disposition: string | null) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? financeReportXlsxName(companyDay(new Date()));

/** POST the filters to /api/reports/finance.xlsx and save the answer through a temporary <a download>. */
export async function downloadFinanceReport(body: FinanceReportRequest): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/reports/finance.xlsx', {
      method: 'POST',
      headers: { [CSRF_HEADER]: '1', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    throw new ApiError(response.status, data.message ?? 'Download failed.', data.errors ?? {});
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName(response.headers.get('content-disposition'));
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
