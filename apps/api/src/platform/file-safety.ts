import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFParser, PDFRawStream, type PDFObject } from 'pdf-lib';
import sharp from 'sharp';
import {
  IMAGE_DAMAGED_MESSAGE,
  IMAGE_MAX_PIXELS,
  IMAGE_PIXELS_MESSAGE,
  PDF_ACTIVE_MESSAGE,
  PDF_DAMAGED_MESSAGE,
  PDF_ENCRYPTED_MESSAGE,
} from '@siteflow/core';

/** An upload refused for what it holds; `message` is the user text for the file field. */
export class UnsafeFile extends Error {}

// The server has two cores: one libvips thread per image, no cache of decoded images, and one image
// at a time (a 40-megapixel image needs about 160 MB while it is rotated).
sharp.concurrency(1);
sharp.cache(false);
const MAX_IMAGE_JOBS = 1;
let imageJobs = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (imageJobs >= MAX_IMAGE_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  else imageJobs += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, so no newcomer slips in between.
    const next = waiting.shift();
    if (next) next();
    else imageJobs -= 1;
  }
}

const refused = (error: unknown) =>
  new UnsafeFile(/pixel limit/i.test((error as Error).message) ? IMAGE_PIXELS_MESSAGE : IMAGE_DAMAGED_MESSAGE);

/**
 * Decode a JPEG or PNG (at most IMAGE_MAX_PIXELS), turn it upright from its EXIF orientation and
 * encode it again in the same format. What comes out holds pixels only: EXIF (GPS position, camera),
 * XMP, IPTC, comments and ICC profiles are gone (colours are converted to sRGB), and anything hidden
 * after the image data is dropped. Throws UnsafeFile when the image is too large or cannot be read.
 */
export async function reencodeImage(data: Buffer, mime: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  return oneAtATime(async () => {
    const options = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' as const };
    let meta: sharp.Metadata;
    try {
      meta = await sharp(data, options).metadata();
    } catch (error) {
      throw refused(error);
    }
    if (!meta.width || !meta.height) throw new UnsafeFile(IMAGE_DAMAGED_MESSAGE);
    if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new UnsafeFile(IMAGE_PIXELS_MESSAGE);
    try {
      const image = sharp(data, options).rotate();
      return await (mime === 'image/png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 85 })).toBuffer();
    } catch (error) {
      throw refused(error);
    }
  });
}

/**
 * Names that make a PDF active: scripts (JS, JavaScript), actions run on their own (AA: additional
 * actions on open, close, page view, field focus...), actions that reach outside the document
 * (Launch, SubmitForm, ImportData, GoToE), embedded files and multimedia (EmbeddedFile(s), EF,
 * RichMedia, Rendition) and XFA forms (which carry scripts). An OpenAction that only shows a page is
 * fine; one that runs a script is caught by its /S /JavaScript.
 */
const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'RichMedia',
  'RichMediaExecute',
  'Rendition',
  'XFA',
]);
/** How much the object and cross-reference streams may inflate to, all together. */
const MAX_INFLATED_BYTES = 50 * 1024 * 1024;

/**
 * A name as a viewer reads it. pdf-lib decodes #XX escapes with upper-case hex digits only and
 * keeps `/#4aS` as the text "#4aS"; a viewer reads /JS. (A dangerous name has no '#', so decoding
 * what pdf-lib left cannot turn one into something else.)
 */
const nameOf = (name: PDFName) =>
  name.decodeText().replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function isActive(object: PDFObject | undefined, depth = 0): boolean {
  if (!object || depth > 100) return depth > 100;
  if (object instanceof PDFName) return ACTIVE_NAMES.has(nameOf(object));
  if (object instanceof PDFRawStream) return isActive(object.dict, depth + 1);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries())
      if (ACTIVE_NAMES.has(nameOf(key)) || isActive(value, depth + 1)) return true;
    return false;
  }
  if (object instanceof PDFArray) return object.asArray().some((value) => isActive(value, depth + 1));
  return false;
}

const typeOf = (stream: PDFRawStream) => {
  const type = stream.dict.get(PDFName.of('Type'));
  return type instanceof PDFName ? nameOf(type) : '';
};

/** pdf-lib's parser, searching every object as it is read (so a later revision cannot hide an earlier one). */
class CheckingParser extends PDFParser {
  active = false;
  private inflated = 0;

  constructor(bytes: Uint8Array) {
    super(bytes, 200, true, false);
    const assign = this.context.assign.bind(this.context);
    this.context.assign = (ref, object) => {
      this.active ||= isActive(object);
      assign(ref, object);
    };
  }

  /** Object and cross-reference streams are inflated while parsing: guard against a zip bomb first. */
  override parseObject(): PDFObject {
    const object = super.parseObject();
    if (object instanceof PDFRawStream && (typeOf(object) === 'ObjStm' || typeOf(object) === 'XRef')) {
      const filter = object.dict.get(PDFName.of('Filter'));
      const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
      if (
        filters.length > 1 ||
        (filters[0] && !(filters[0] instanceof PDFName && nameOf(filters[0]) === 'FlateDecode'))
      )
        throw new UnsafeFile(PDF_DAMAGED_MESSAGE);
      const limit = Math.max(1, MAX_INFLATED_BYTES - this.inflated);
      this.inflated += filters.length
        ? zlib.inflateSync(object.contents, { maxOutputLength: limit, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length
        : object.contents.length;
    }
    return object;
  }
}

/**
 * Refuse a PDF with active content, or one that is encrypted or cannot be parsed (throws
 * UnsafeFile). The file is parsed with pdf-lib, which reads every object in the file, including
 * those inside compressed object streams and those of earlier revisions; every dictionary, array
 * and stream dictionary is searched for ACTIVE_NAMES, names compared after #xx decoding. A clean
 * PDF is kept byte for byte (a rewrite would break digital signatures).
 */
export async function checkPdf(data: Buffer): Promise<void> {
  let parser: CheckingParser;
  let context;
  try {
    parser = new CheckingParser(new Uint8Array(data.buffer, data.byteOffset, data.length));
    context = await parser.parseDocument();
  } catch (error) {
    if (error instanceof UnsafeFile) throw error;
    // Encrypted object streams do not inflate: say why when the file announces its encryption.
    throw new UnsafeFile(data.includes('/Encrypt') ? PDF_ENCRYPTED_MESSAGE : PDF_DAMAGED_MESSAGE);
  }
  if (context.trailerInfo.Encrypt) throw new UnsafeFile(PDF_ENCRYPTED_MESSAGE);
  if (parser.active) throw new UnsafeFile(PDF_ACTIVE_MESSAGE);
  // An object stream that pdf-lib did not open (say a /Type spelled with escapes) could hide objects.
  if (
    context
      .enumerateIndirectObjects()
      .some(([, object]) => object instanceof PDFRawStream && typeOf(object) === 'ObjStm')
  )
    throw new UnsafeFile(PDF_DAMAGED_MESSAGE);
  if (!(context.lookup(context.trailerInfo.Root) instanceof PDFDict)) throw new UnsafeFile(PDF_DAMAGED_MESSAGE);
}
