import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_DAMAGED_MESSAGE,
  IMAGE_PIXELS_MESSAGE,
  PDF_ACTIVE_MESSAGE,
  PDF_DAMAGED_MESSAGE,
  PDF_ENCRYPTED_MESSAGE,
} from '@siteflow/core';
import { handPdf, jpegWithGps, pdfWith, pngHeaderOnly, samePicture, solidPng, type PdfKind } from '../../test/files.js';
import { checkPdf, reencodeImage } from './file-safety.js';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: Error) => error.message,
  );

describe('images are decoded and re-encoded', () => {
  it('refuses an image declaring more than 40 megapixels, however small the file', async () => {
    const huge = pngHeaderOnly(50_000, 50_000);
    expect(huge.length).toBeLessThan(100);
    expect(await refusal(reencodeImage(huge, 'image/png'))).toBe(IMAGE_PIXELS_MESSAGE);
    expect(await refusal(reencodeImage(pngHeaderOnly(7000, 6000), 'image/png'))).toBe(IMAGE_PIXELS_MESSAGE);
    const wideJpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    // The JPEG frame header (SOF0) carries height then width: declare 65000 x 65000.
    const sof = wideJpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const bigJpeg = Buffer.from(wideJpeg);
    bigJpeg.writeUInt16BE(65000, sof + 5);
    bigJpeg.writeUInt16BE(65000, sof + 7);
    expect(await refusal(reencodeImage(bigJpeg, 'image/jpeg'))).toBe(IMAGE_PIXELS_MESSAGE);
  });

  it('refuses a damaged or truncated image with a clear message', async () => {
    const png = await solidPng(40, 30);
    expect(await refusal(reencodeImage(png.subarray(0, png.length - 30), 'image/png'))).toBe(IMAGE_DAMAGED_MESSAGE);
    expect(await refusal(reencodeImage(pngHeaderOnly(20, 20), 'image/png'))).toBe(IMAGE_DAMAGED_MESSAGE);
    const jpeg = await jpegWithGps();
    expect(await refusal(reencodeImage(jpeg.subarray(0, jpeg.length - 200), 'image/jpeg'))).toBe(IMAGE_DAMAGED_MESSAGE);
  });

  it('drops EXIF (GPS, camera) and turns the photo upright', async () => {
    const jpeg = await jpegWithGps();
    const before = await sharp(jpeg).metadata();
    expect(before).toMatchObject({ width: 64, height: 48, orientation: 6 });
    expect(before.exif?.length).toBeGreaterThan(50);
    const out = await reencodeImage(jpeg, 'image/jpeg');
    const after = await sharp(out).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(out.includes('PhoneMaker')).toBe(false);
  });

  it('keeps a PNG lossless and drops anything hidden in or after it', async () => {
    const png = await solidPng(5, 4, [10, 200, 30]);
    const iend = png.length - 12;
    const text = Buffer.from('tEXtComment\0<script>alert(1)</script>');
    const textChunk = Buffer.alloc(12 + text.length - 4);
    textChunk.writeUInt32BE(text.length - 4);
    text.copy(textChunk, 4);
    textChunk.writeUInt32BE(zlib.crc32(text), 4 + text.length);
    const stuffed = Buffer.concat([
      png.subarray(0, iend),
      textChunk,
      png.subarray(iend),
      Buffer.from('<html>trailing</html>'),
    ]);
    const out = await reencodeImage(stuffed, 'image/png');
    expect(out.includes('script')).toBe(false);
    expect(out.includes('trailing')).toBe(false);
    const pixels = async (b: Buffer) => sharp(b).raw().toBuffer();
    expect((await pixels(out)).equals(await pixels(png))).toBe(true);
    expect((await sharp(out).metadata()).format).toBe('png');
  });

  it("the tests' samePicture tells a re-encoded picture from another one", async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 128, b: 0 } } })
      .jpeg()
      .toBuffer();
    const out = await reencodeImage(jpeg, 'image/jpeg');
    expect(await samePicture(out, jpeg)).toBe(true);
    expect(
      await samePicture(
        out,
        await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 255 } } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe(false);
    expect(await samePicture(out, await reencodeImage(await solidPng(8, 8, [0, 128, 0]), 'image/png'))).toBe(false); // another format
  });

  it('runs many uploads at once, one after another', async () => {
    const outs = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => reencodeImage(await solidPng(i + 1, 2), 'image/png')),
    );
    expect(await Promise.all(outs.map(async (o) => (await sharp(o).metadata()).width))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('PDFs with active content are refused', () => {
  it('accepts a clean PDF, with or without object streams, and the minimal hand-written one', async () => {
    await expect(checkPdf(await pdfWith('clean'))).resolves.toBeUndefined();
    await expect(checkPdf(await pdfWith('clean', { objectStreams: true }))).resolves.toBeUndefined();
    await expect(
      checkPdf(handPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'])),
    ).resolves.toBeUndefined();
    // An OpenAction that only shows the first page is not active.
    await expect(
      checkPdf(
        handPdf([
          '<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>',
        ]),
      ),
    ).resolves.toBeUndefined();
  });

  it.each<PdfKind>(['open-action-js', 'page-aa', 'attachment', 'names-js', 'launch', 'xfa'])(
    'refuses %s',
    async (kind) => {
      expect(await refusal(checkPdf(await pdfWith(kind)))).toBe(PDF_ACTIVE_MESSAGE);
    },
  );

  it('finds a script inside a compressed object stream, where the bytes do not show it', async () => {
    for (const kind of ['open-action-js', 'page-aa', 'names-js'] as const) {
      const pdf = await pdfWith(kind, { objectStreams: true });
      expect(pdf.includes('JavaScript') || pdf.includes('/JS')).toBe(false);
      expect(await refusal(checkPdf(pdf))).toBe(PDF_ACTIVE_MESSAGE);
    }
  });

  it('compares names after #xx decoding, in any case', async () => {
    const pages = '<< /Type /Pages /Kids [] /Count 0 >>';
    const escaped = handPdf([
      `<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61va#53cript /JS (app.alert(1)) >> >>`,
      pages,
    ]);
    expect(await refusal(checkPdf(escaped))).toBe(PDF_ACTIVE_MESSAGE);
    // pdf-lib itself decodes upper-case hex digits only: /#4aS is /JS to a viewer.
    for (const object of ['<< /S /#4aavaScript >>', '<< /#4aS (app.alert(1)) >>', '<< /Type /Action /S /#4caunch >>']) {
      const lower = handPdf([`<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>`, pages, object]);
      expect(await refusal(checkPdf(lower)), object).toBe(PDF_ACTIVE_MESSAGE);
    }
    // A name that only looks similar is not refused.
    expect(
      await refusal(
        checkPdf(
          handPdf([
            `<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>`,
            pages,
            '<< /S /GoTo /D [0 /Fit] /#6as (x) >>',
          ]),
        ),
      ),
    ).toBe('accepted');
  });

  it('finds a script in an earlier revision that a later one replaced', async () => {
    const pages = '<< /Type /Pages /Kids [] /Count 0 >>';
    const first = handPdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>',
      pages,
      '<< /S /JavaScript /JS (app.alert(1)) >>',
    ]);
    const update = Buffer.from('3 0 obj\n<< /S /GoTo /D [0 /Fit] >>\nendobj\n', 'latin1');
    expect(await refusal(checkPdf(Buffer.concat([first, update])))).toBe(PDF_ACTIVE_MESSAGE);
  });

  it('refuses an encrypted PDF', async () => {
    const pdf = handPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [] /Count 0 >>',
        '<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O (x) /U (y) >>',
      ],
      '/Encrypt 3 0 R /ID [<01> <01>] ',
    );
    expect(await refusal(checkPdf(pdf))).toBe(PDF_ENCRYPTED_MESSAGE);
  });

  it('refuses a PDF it cannot read: cut inside an object, an object stream it cannot open, or a zip bomb', async () => {
    expect(await refusal(checkPdf(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R')))).toBe(
      PDF_DAMAGED_MESSAGE,
    );
    const pages = '<< /Type /Pages /Kids [] /Count 0 >>';
    const inner = zlib.deflateSync(Buffer.from('4 0 << /S /JavaScript /JS (x) >>'));
    const hidden = `<< /Type /ObjSt#6d /N 1 /First 4 /Filter /FlateDecode /Length ${inner.length} >>\nstream\n`;
    const objStm = Buffer.concat([
      handPdf(['<< /Type /Catalog /Pages 2 0 R >>', pages]).subarray(0, 9),
      Buffer.from('3 0 obj\n' + hidden, 'latin1'),
      inner,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    const withHidden = Buffer.concat([objStm, handPdf(['<< /Type /Catalog /Pages 2 0 R >>', pages]).subarray(9)]);
    expect(await refusal(checkPdf(withHidden))).toBe(PDF_DAMAGED_MESSAGE);
    // A valid object stream (object 4 is null) padded with 60 MB of spaces, 60 kB compressed.
    const bomb = zlib.deflateSync(Buffer.concat([Buffer.from('4 0 null'), Buffer.alloc(60 * 1024 * 1024, 0x20)]), {
      level: 9,
    });
    const bombStm = Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`,
        'latin1',
      ),
      bomb,
      Buffer.from('\nendstream\nendobj\n'),
    ]);
    expect(
      await refusal(
        checkPdf(Buffer.concat([bombStm, handPdf(['<< /Type /Catalog /Pages 2 0 R >>', pages]).subarray(9)])),
      ),
    ).toBe(PDF_DAMAGED_MESSAGE);
  });
});
