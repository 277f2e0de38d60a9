/** The body of `PUT /api/projects/{id}/details` that saves a project with the details it already has (the benches' write). */
export function sameDetails(project: Record<string, unknown>): Record<string, unknown> {
  const idOf = (v: unknown) => (v && typeof v === 'object' && 'id' in v ? (v as { id: string }).id : v);
  return {
    name: project.name,
    start_date: project.start_date,
    end_date: project.end_date,
    completed_on: project.completed_on,
    project_administrator_id: idOf(project.project_administrator),
    project_manager_id: idOf(project.project_manager),
    project_sales_representative_id: idOf(project.project_sales_representative) ?? null,
    linked_project_type: project.linked_project_type ?? 'master',
    classification_id: idOf(project.classification) ?? null,
    summary: project.summary ?? null,
    linked_projects: ((project.linked_projects as { id: number }[] | undefined) ?? []).map((p) => p.id),
  };
}
