import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_COUNT_MESSAGE, IMAGE_MAX_BYTES, IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@siteflow/core';
import { fieldError, invalid, type FieldErrors } from './errors.js';
import { checkPdf, reencodeImage, UnsafeFile } from './file-safety.js';

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
  for await (const part of request.parts({
    limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 50, fieldSize: 100_000 },
  })) {
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
    if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png'))
      throw fieldError(fileField, IMAGE_TYPE_MESSAGE);
    image = {
      data: await safeContent(data, type.mime, fileField),
      extension: type.mime === 'image/png' ? 'png' : 'jpg',
      mime: type.mime,
    };
  }
  return { fields, image };
}

/**
 * What is stored of an upload whose type is known (docs/decisions.md, "Issue 9: uploads policy"):
 * images are decoded and re-encoded (pixel limit, metadata dropped), PDFs are kept as sent only
 * when they hold no active content. A refusal is a 422 on the file field. This CPU work runs while
 * the form is read, before the service opens a transaction.
 */
async function safeContent(data: Buffer, mime: string, field: string): Promise<Buffer> {
  try {
    if (mime === 'image/jpeg' || mime === 'image/png') return await reencodeImage(data, mime);
    if (mime === 'application/pdf') await checkPdf(data);
    return data;
  } catch (error) {
    if (error instanceof UnsafeFile) throw fieldError(field, error.message);
    throw error;
  }
}

/**
 * The Content-Security-Policy of every stored file we serve: a file opened on its own (not through
 * an <img>) runs in a sandbox with no origin, loads nothing and runs no script; with nosniff, even
 * a file that slipped past the checks cannot act as a page of this site.
 */
export const STORED_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const mimeOfKey = (key: string) => (key.endsWith('.png') ? 'image/png' : 'image/jpeg');

export type UploadedFile = { data: Buffer; name: string; mime: string; extension: string };
export type FormWithFiles = {
  /** Single text fields (the last one wins when a name repeats). */
  fields: Record<string, string>;
  /** Fields named in `listFields`, sent as `name`, `name[]` or `name[0]`, `name[1]`... */
  lists: Record<string, string[]>;
  files: UploadedFile[];
};
export type FilesFormOptions = {
  /** The file field: `files`, `files[]` and `files[0]`, `files[1]`... all count. Errors are keyed by it. */
  fileField: string;
  maxBytes: number;
  maxCount: number;
  /** Allowed types, checked by content (magic bytes), never by name or declared type. */
  mimes: readonly string[];
  messages: { type: string; size: string; count: string };
  listFields?: readonly string[];
  /** In a JSON body, these fields may be objects; they are passed on as JSON text (as a multipart form sends them). */
  jsonFields?: readonly string[];
};

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };
/** `files[3]` and `files[]` are `files`. */
const baseName = (field: string) => field.replace(/\[\d*\]$/, '');

/**
 * A file name safe to keep for display and downloads: no path, no control characters, double
 * quotes as single ones (browsers send a quote as %22), at most 200 characters.
 */
export function cleanFileName(name: string | undefined, extension: string): string {
  const decoded = (name ?? '').replace(/%22/g, '"').replace(/%0[ad]/gi, ' ');
  const base = decoded
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/"/g, "'")
    .trim()
    .slice(-200);
  return base || `file.${extension}`;
}

/**
 * Read a form that is either JSON or multipart with any number of files (up to maxCount) in one
 * field. Each file is checked by content against `mimes` and by size; the first problem is a 422
 * keyed by the file field. Files are buffered in memory (at most maxCount x maxBytes).
 */
export async function readFormWithFiles(request: FastifyRequest, options: FilesFormOptions): Promise<FormWithFiles> {
  const listFields = new Set(options.listFields ?? []);
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (const name of listFields) lists[name] = [];
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const errors: FieldErrors = {};
    for (const [k, v] of Object.entries(body)) {
      if (listFields.has(k) && Array.isArray(v) && v.every((x) => typeof x === 'string')) lists[k] = v as string[];
      else if (typeof v === 'string' && listFields.has(k)) lists[k]!.push(v);
      else if (typeof v === 'string') fields[k] = v;
      else if (v === null || v === undefined) fields[k] = '';
      else if (typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
      else if (options.jsonFields?.includes(k) && typeof v === 'object') fields[k] = JSON.stringify(v);
      else errors[k] = [NOT_TEXT_MESSAGE];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    return { fields, lists, files: [] };
  }
  const files: UploadedFile[] = [];
  const fail = (message: string) => fieldError(options.fileField, message);
  const parts = request.parts({
    limits: {
      fileSize: options.maxBytes,
      files: options.maxCount + 1,
      fields: 200,
      fieldSize: 100_000,
      parts: options.maxCount + 201,
    },
  });
  try {
    for await (const part of parts) {
      const field = baseName(part.fieldname ?? ''); // a part may come without a name
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (listFields.has(field)) lists[field]!.push(value);
        else fields[field] = value;
        continue;
      }
      if (field !== options.fileField) {
        await part.toBuffer().catch(() => undefined);
        continue;
      }
      const data = await part.toBuffer().catch(() => null);
      if (!data || part.file.truncated) throw fail(options.messages.size);
      if (data.length === 0) continue; // an empty file input sends an empty part
      if (files.length >= options.maxCount) throw fail(options.messages.count);
      const type = await fileTypeFromBuffer(data);
      if (!type || !options.mimes.includes(type.mime)) throw fail(options.messages.type);
      const extension = EXTENSIONS[type.mime] ?? type.ext;
      files.push({
        data: await safeContent(data, type.mime, options.fileField),
        mime: type.mime,
        extension,
        name: cleanFileName(part.filename, extension),
      });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fail(options.messages.count);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail(options.messages.size);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw invalid({ _: ['The form has too many fields.'] });
    throw error;
  }
  return { fields, lists, files };
}
