/** What the HTTP adapters share: one timed request, and the fallback to the offline estimate. */
import type { LatLng } from '@siteflow/core';
import { estimateResult, type FetchLike, type RouteResult } from './router-base.js';

export type HttpAnswer = { kind: 'answer'; status: number; body: unknown } | { kind: 'unreachable' };

/**
 * One request with a timeout (AbortSignal.timeout), joined with the caller's signal. A network
 * error, timeout or unreadable body is 'unreachable'; any HTTP status is an answer.
 */
export async function timedRequest(
  fetchImpl: FetchLike,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<HttpAnswer> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const joined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const res = await fetchImpl(url, { ...init, signal: joined });
    const body = await res.json().catch(() => null);
    return { kind: 'answer', status: res.status, body };
  } catch {
    return { kind: 'unreachable' };
  }
}

/**
 * The service could not answer (down, slow, overloaded): the estimate stands in, shown as
 * approximate. If the caller itself gave up, there is nobody to answer: ERROR.
 */
export function fallback(from: LatLng, to: LatLng, signal?: AbortSignal): RouteResult {
  if (signal?.aborted) return { status: 'ERROR' };
  return estimateResult(from, to);
}

/** 5xx and 429 (rate limited) mean "try later", like a network failure. */
export const isTransient = (status: number) => status >= 500 || status === 429 || status === 408;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
