/** The projects list's sort keys (ProjectListQuery); apart from contracts.ts so that the list's URL handling does not load zod. */
export const PROJECT_SORTS = ['start_date', 'code', 'name', 'status', 'client', 'created_at'] as const;
