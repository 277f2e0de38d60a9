import type { FastifyReply } from 'fastify';
import type { Deps } from './context.js';
import { notFound } from './errors.js';
import { mimeOfKey, STORED_FILE_CSP } from './uploads.js';

/**
 * Send a stored image (a company logo, a profile picture) by its file key, or 404 when there is
 * none. Addresses carry a version (?v=) that changes with the image, so it may be cached for long.
 */
export async function sendImage(deps: Pick<Deps, 'files'>, reply: FastifyReply, key: string | null) {
  const data = key ? await deps.files.read(key) : null;
  if (!key || !data) throw notFound('The image');
  return reply
    .type(mimeOfKey(key))
    .header('cache-control', 'private, max-age=86400')
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', STORED_FILE_CSP)
    .send(data);
}
