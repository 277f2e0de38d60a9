/**
 * Run queries one after another on a transaction's single connection and collect their results,
 * like Promise.all would. (Queries issued at once on one pg client only queue anyway, and pg
 * deprecates doing so.)
 */
export async function inOrder<T extends readonly (() => PromiseLike<unknown>)[]>(
  ...tasks: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const task of tasks) results.push(await task());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}
