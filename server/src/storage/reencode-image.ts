import type { Metadata, Sharp, SharpOptions } from 'sharp';
import type { ImageFormat } from '@curio/shared';

/** Decoding is bounded by pixels as well as bytes: a small file can unpack into gigabytes. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_OUTPUT_EDGE = 2000;
const WEBP_QUALITY = 82;

/** The format sharp reads from the bytes, named as the upload rules name it; SVG (scriptable), HEIC and the rest are null. */
function formatOf(metadata: Metadata): ImageFormat | null {
  // sharp reports AVIF as HEIF with AV1 compression; HEIC (HEVC) stays out
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'avif' : null;
  return (['jpeg', 'png', 'webp', 'gif'] as const).find((format) => format === metadata.format) ?? null;
}

export class ImageRejectedError extends Error {
  readonly code: 'UPLOAD_TOO_LARGE' | 'UPLOAD_NOT_AN_IMAGE';

  constructor(code: 'UPLOAD_TOO_LARGE' | 'UPLOAD_NOT_AN_IMAGE') {
    super(code);
    this.name = 'ImageRejectedError';
    this.code = code;
  }
}

let sharpModule: Promise<(input: Buffer, options: SharpOptions) => Sharp> | null = null;

/** libvips takes about 27 MB once loaded: a process loads it with its first upload, not at start. */
function loadSharp() {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

/**
 * Checks what the bytes really are, then re-encodes them (engineering rule E-11): auto-rotated
 * from the EXIF orientation, shrunk to fit MAX_OUTPUT_EDGE, written as WebP. sharp writes no
 * metadata unless asked, so EXIF (GPS, camera serials), XMP and comments are dropped.
 */
export async function reencodeImage(input: Buffer, formats: readonly ImageFormat[]): Promise<Buffer> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // reads the header only; the pixel cap is checked below so an oversized image gets its own answer
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('UPLOAD_NOT_AN_IMAGE');
  }
  const format = formatOf(metadata);
  if (!format || !formats.includes(format)) throw new ImageRejectedError('UPLOAD_NOT_AN_IMAGE');
  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  if (!width || !height) throw new ImageRejectedError('UPLOAD_NOT_AN_IMAGE');
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRejectedError('UPLOAD_TOO_LARGE');

  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_OUTPUT_EDGE, height: MAX_OUTPUT_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    // the header looked like an image but the data does not decode
    throw new ImageRejectedError('UPLOAD_NOT_AN_IMAGE');
  }
}
