import crypto from 'node:crypto';

/** A random 256-bit token for cookies and links; only its hash is stored. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');
