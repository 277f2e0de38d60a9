/** Image uploads (logo, profile picture): jpg/jpeg/png, under 500 kB, one file. */
export const IMAGE_MAX_BYTES = 500 * 1024;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_TYPE_MESSAGE = 'The file must be a jpg, jpeg or png image.';
export const IMAGE_SIZE_MESSAGE = 'The file must be smaller than 500 kB.';
export const IMAGE_COUNT_MESSAGE = 'Only one file may be uploaded.';
/** The hint shown under an image upload (spec: jpg/jpeg/png, under 500kb). */
export const IMAGE_HINT = 'jpg, jpeg or png, under 500kb';
