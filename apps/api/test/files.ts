import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { pngFile } from './harness.js';

/**
 * A PNG whose header declares `width` x `height` pixels, with a tiny IDAT: enough for a decoder's
 * pixel limit to trip, about 60 bytes on the wire.
 */
export const pngHeaderOnly = (width: number, height: number): Buffer => pngFile(width, height, Buffer.alloc(16));

/** A solid-colour PNG encoded by sharp. */
export const solidPng = (width: number, height: number, [r, g, b]: [number, number, number] = [200, 30, 30]) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** A 64x48 JPEG shot "on a phone": EXIF with a camera, GPS position and orientation 6 (turn 90°). */
export const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '27/1 28/1 1234/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '153/1 1/1 0/1',
        },
      },
    })
    .toBuffer();

export type PdfKind = 'clean' | 'open-action-js' | 'page-aa' | 'attachment' | 'names-js' | 'launch' | 'xfa';

/** A one-page PDF built with pdf-lib, clean or with one kind of active content. */
export async function pdfWith(kind: PdfKind, opts: { objectStreams?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText('Licence 12345', { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const ctx = doc.context;
  const script = () => ctx.register(ctx.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') }));
  if (kind === 'open-action-js') doc.catalog.set(PDFName.of('OpenAction'), script());
  if (kind === 'page-aa') page.node.set(PDFName.of('AA'), ctx.obj({ O: script() }));
  if (kind === 'attachment')
    await doc.attach(Buffer.from('MZ not really a program'), 'setup.exe', { mimeType: 'application/octet-stream' });
  if (kind === 'names-js')
    doc.catalog.set(PDFName.of('Names'), ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of('a'), script()] }) }));
  if (kind === 'launch')
    doc.catalog.set(PDFName.of('OpenAction'), ctx.obj({ S: 'Launch', F: PDFString.of('calc.exe') }));
  if (kind === 'xfa') doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [], XFA: PDFString.of('<xdp:xdp/>') }));
  return Buffer.from(await doc.save({ useObjectStreams: opts.objectStreams ?? false }));
}

/** A hand-written PDF whose body is `objects` (numbered from 1; object 1 is the catalog). */
export function handPdf(objects: string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * True when `served` shows the same picture as `original`: same format and size, and the same
 * pixels (exactly for PNG, which is lossless; within a small difference per channel for JPEG,
 * which the server encodes again).
 */
export async function samePicture(served: Buffer, original: Buffer): Promise<boolean> {
  const [a, b] = await Promise.all(
    [served, original].map((img) => sharp(img).raw().toBuffer({ resolveWithObject: true })),
  );
  const [ma, mb] = await Promise.all([sharp(served).metadata(), sharp(original).metadata()]);
  if (
    ma.format !== mb.format ||
    a!.info.width !== b!.info.width ||
    a!.info.height !== b!.info.height ||
    a!.info.channels !== b!.info.channels
  )
    return false;
  const tolerance = ma.format === 'png' ? 0 : 12;
  return a!.data.every((v, i) => Math.abs(v - b!.data[i]!) <= tolerance);
}
