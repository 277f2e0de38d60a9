export type CategoryServiceLink = { category_id: string; service_id: string; service_name: string };

/** Services offered for the chosen categories, sorted by name, each once. */
export function servicesForCategories(categoryIds: readonly string[], links: readonly CategoryServiceLink[]) {
  const chosen = new Set(categoryIds);
  const byId = new Map<string, { id: string; name: string }>();
  for (const l of links)
    if (chosen.has(l.category_id)) byId.set(l.service_id, { id: l.service_id, name: l.service_name });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** After categories change: keep only the selected services that still belong to a remaining category. */
export function pruneServices(
  categoryIds: readonly string[],
  serviceIds: readonly string[],
  links: readonly CategoryServiceLink[],
) {
  const offered = new Set(servicesForCategories(categoryIds, links).map((s) => s.id));
  return serviceIds.filter((id) => offered.has(id));
}
