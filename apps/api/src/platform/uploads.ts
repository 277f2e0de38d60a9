import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_COUNT_MESSAGE, IMAGE_MAX_BYTES, IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@siteflow/core';
import { fieldError, invalid, type FieldErrors } from './errors.js';

export const NOT_TEXT_MESSAGE = 'This field must be text.';

export type UploadedImage = { data: Buffer; extension: 'jpg' | 'png'; mime: string };
export type FormWithImage = { fields: Record<string, string>; image: UploadedImage | null };

/**
 * Read a form that is either JSON or multipart with at most one image in `fileField`.
 * The image is checked by its content (magic bytes), not by its name or declared type.
 */
export async function readFormWithImage(request: FastifyRequest, fileField = 'file'): Promise<FormWithImage> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    const errors: FieldErrors = {};
    for (const [k, v] of Object.entries(body)) {
      if (typeof v === 'string') fields[k] = v;
      else if (v === null || v === undefined) fields[k] = '';
      else if (typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
      // An object or array would otherwise be saved as "[object Object]" or its joined items.
      else errors[k] = [NOT_TEXT_MESSAGE];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    return { fields, image: null };
  }
  const fields: Record<string, string> = {};
  let image: UploadedImage | null = null;
  for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 50, fieldSize: 100_000 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      continue;
    }
    if (part.fieldname !== fileField) {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    const data = await part.toBuffer().catch(() => null);
    if (!data || part.file.truncated) throw fieldError(fileField, IMAGE_SIZE_MESSAGE);
    if (image) throw fieldError(fileField, IMAGE_COUNT_MESSAGE);
    if (data.length === 0) continue; // an empty file input sends an empty part
    const type = await fileTypeFromBuffer(data);
    if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png')) throw fieldError(fileField, IMAGE_TYPE_MESSAGE);
    image = { data, extension: type.mime === 'image/png' ? 'png' : 'jpg', mime: type.mime };
  }
  return { fields, image };
}

export const mimeOfKey = (key: string) => (key.endsWith('.png') ? 'image/png' : 'image/jpeg');
