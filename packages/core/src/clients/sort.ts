// Apart from clients.ts so that the projects list does not load zod.

/** Active account managers first offered sorted by name. */
export const sortManagers = <T extends { name: string }>(list: T[]) =>
  [...list].sort((a, b) => a.name.localeCompare(b.name));
