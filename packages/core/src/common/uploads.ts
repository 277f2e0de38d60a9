/** Image uploads (logo, profile picture): jpg/jpeg/png, under 500 kB, one file. */
export const IMAGE_MAX_BYTES = 500 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_TYPE_MESSAGE = 'The file must be a jpg, jpeg or png image.';
export const IMAGE_SIZE_MESSAGE = 'The file must be smaller than 500 kB.';
export const IMAGE_COUNT_MESSAGE = 'Only one file may be uploaded.';
/** The hint shown under an image upload (spec: jpg/jpeg/png, under 500kb). */
export const IMAGE_HINT = 'jpg, jpeg or png, under 500kb';

/**
 * Every uploaded image is decoded and re-encoded by the server (metadata such as GPS position is
 * dropped). An image may have at most this many pixels, whatever its file size.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_PIXELS_MESSAGE = 'The image is too large (at most 40 megapixels).';
export const IMAGE_DAMAGED_MESSAGE = 'The image could not be read; the file may be damaged.';

/** Uploaded PDFs are kept as sent, but only when they hold no active content. */
export const PDF_ACTIVE_MESSAGE = 'PDF files with scripts, embedded files or automatic actions are not accepted.';
export const PDF_ENCRYPTED_MESSAGE = 'Password-protected or encrypted PDF files are not accepted.';
export const PDF_DAMAGED_MESSAGE = 'The PDF file could not be read; it may be damaged.';
