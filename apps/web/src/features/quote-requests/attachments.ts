import {
  QUOTE_REQUEST_MAX_FILES,
  QUOTE_REQUEST_PARALLEL_UPLOADS,
  QUOTE_REQUEST_TEXT,
  quoteRequestExtension,
} from '@siteflow/core';
import { ApiError } from '../../api/client';

/** One attachment in the modal: waiting, uploading (with its progress), uploaded (the server's id) or refused. */
export type Attachment = {
  key: string;
  file: File;
  status: 'queued' | 'uploading' | 'done' | 'error';
  progress: number;
  id?: string;
  error?: string;
};

let counter = 0;

/**
 * Adds dropped files to the list: at most QUOTE_REQUEST_MAX_FILES in all; the files beyond are left
 * out and `overflow` is the spec's 'You have reached the max file upload size.'. A file whose
 * extension is not allowed is listed as refused (it never uploads).
 */
export function addAttachments(list: Attachment[], files: File[]): { list: Attachment[]; overflow: string | null } {
  const room = Math.max(0, QUOTE_REQUEST_MAX_FILES - list.length);
  const taken = files.slice(0, room).map<Attachment>((file) => {
    const allowed = quoteRequestExtension(file.name) !== null;
    return {
      key: `a${++counter}`,
      file,
      status: allowed ? 'queued' : 'error',
      progress: 0,
      error: allowed ? undefined : QUOTE_REQUEST_TEXT.fileType,
    };
  });
  return { list: [...list, ...taken], overflow: files.length > room ? QUOTE_REQUEST_TEXT.maxFiles : null };
}

/** The queued attachments that may start now: at most QUOTE_REQUEST_PARALLEL_UPLOADS upload at once. */
export function nextUploads(list: Attachment[]): Attachment[] {
  const running = list.filter((a) => a.status === 'uploading').length;
  return list.filter((a) => a.status === 'queued').slice(0, Math.max(0, QUOTE_REQUEST_PARALLEL_UPLOADS - running));
}

/** The message of a failed upload: the server's field message, else its message, else the spec's unknown error. */
export function uploadError(error: unknown): string {
  if (error instanceof ApiError) return error.fieldError('file') ?? (error.message || QUOTE_REQUEST_TEXT.unknownError);
  return QUOTE_REQUEST_TEXT.unknownError;
}

/** A failed submit's general message: the server's message, or 'An Unknown Error Has Occurred'. */
export function submitError(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status !== 500 && error.message
    ? error.message
    : QUOTE_REQUEST_TEXT.unknownError;
}
