/** Readable per-tenant project codes: PRJ-00001, PRJ-00002, ... (more digits once past 99999). */
export const formatProjectCode = (seq: number) => `PRJ-${String(seq).padStart(5, '0')}`;
