import type { Express, Request, Response } from 'express';
import multer from 'multer';
import {
  UPLOAD_FORMATS,
  UPLOAD_MAX_BYTES,
  ZUploadPurpose,
  uploadUrl,
  type AppErrorCode,
  type AppErrorParams,
  type TUploadResult,
  type UploadPurpose,
} from '@curio/shared';
import type { AppServices } from '../app-services.ts';
import { resolveAuth } from '../trpc/context.ts';
import { recordUpload } from '../domain/uploads/own-uploads.ts';
import { tryConsumeRateLimit } from '../rate-limits/rate-limiter.ts';
import { sessionCookieWriter } from './cookies.ts';
import { refuseCrossSiteWrites } from './csrf.ts';
import { storageFor } from '../storage/storage-for.ts';
import { STORED_IMAGE_CONTENT_TYPE, isStorageKey, newUploadKey } from '../storage/keys.ts';
import { ImageRejectedError, MAX_INPUT_PIXELS, reencodeImage } from '../storage/reencode-image.ts';
import { componentLogger } from '../observability/logger.ts';
import { requestIdOf } from '../observability/request-logging.ts';

const log = componentLogger('uploads');

/** Raw multipart cap for any purpose; each purpose then has its own smaller cap. */
const MAX_RAW_UPLOAD_BYTES = 10 * 1024 * 1024;

const receiveOneFile = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_RAW_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
}).single('file');

function sendError(res: Response, status: number, code: AppErrorCode, params?: AppErrorParams): void {
  res.status(status).json({ error: params ? { code, params } : { code }, requestId: requestIdOf(res) });
}

/** An unexpected failure is logged with its stack; the client gets a code, never the stack. */
function failSafely(handler: (req: Request, res: Response) => Promise<void>) {
  return async (req: Request, res: Response): Promise<void> => {
    try {
      await handler(req, res);
    } catch (error) {
      log.error({ err: error, method: req.method }, 'upload route failed');
      if (!res.headersSent) sendError(res, 500, 'OPERATION_FAILED');
      else res.destroy();
    }
  };
}

function receiveMultipart(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void receiveOneFile(req, res, (error: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error('multipart parsing failed'));
      else resolve();
    });
  });
}

function purposeOf(req: Request): UploadPurpose | null {
  const body = req.body as Record<string, unknown> | undefined;
  const parsed = ZUploadPurpose.safeParse(req.query.purpose ?? body?.purpose);
  return parsed.success ? parsed.data : null;
}

/**
 * POST /api/uploads and GET /uploads/<key> (engineering rule E-11). Only signed-in members
 * upload; the image is checked by its bytes and re-encoded before anything is stored, and
 * the answer is a key that procedures accept (shared ZUploadKey).
 */
export function mountUploadRoutes(app: Express, services: AppServices): void {
  const storage = storageFor(services);

  app.post(
    '/api/uploads',
    refuseCrossSiteWrites(services.config.publicOrigin),
    failSafely(async (req, res) => {
      // authenticate before reading the body, so a visitor never gets 10 MB into memory
      const cookies = sessionCookieWriter(res, services.config.cookieSecure);
      const auth = await resolveAuth(services, req.headers, cookies);
      if (!auth) return sendError(res, 401, 'LOGIN_REQUIRED');
      const wait = await tryConsumeRateLimit(services, 'uploadsPerMember', auth.user.id);
      if (wait !== null) return sendError(res, 429, 'RATE_LIMITED', { seconds: wait });

      try {
        await receiveMultipart(req, res);
      } catch (error) {
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
          const purpose = purposeOf(req);
          return sendError(res, 413, 'UPLOAD_TOO_LARGE', {
            maxBytes: purpose ? UPLOAD_MAX_BYTES[purpose] : MAX_RAW_UPLOAD_BYTES,
          });
        }
        return sendError(res, 400, 'VALIDATION_FAILED');
      }

      const purpose = purposeOf(req);
      const file = req.file;
      if (!purpose || !file) return sendError(res, 400, 'VALIDATION_FAILED');
      if (file.size > UPLOAD_MAX_BYTES[purpose]) {
        return sendError(res, 413, 'UPLOAD_TOO_LARGE', { maxBytes: UPLOAD_MAX_BYTES[purpose] });
      }

      let image: Buffer;
      try {
        image = await reencodeImage(file.buffer, UPLOAD_FORMATS[purpose]);
      } catch (error) {
        if (error instanceof ImageRejectedError) {
          // the bytes were within the cap, so "too large" here means too many pixels
          return error.code === 'UPLOAD_TOO_LARGE' ? sendError(res, 413, error.code, { maxPixels: MAX_INPUT_PIXELS }) : sendError(res, 415, error.code);
        }
        throw error;
      }

      const key = newUploadKey(purpose, services.clock.now());
      await storage.put(key, image, STORED_IMAGE_CONTENT_TYPE);
      // only its uploader may attach it to something (ADR 0021)
      await recordUpload(services.db, key, auth.user.id);
      const result: TUploadResult = { key, url: uploadUrl(key) };
      res.status(201).json(result);
    }),
  );

  app.get(
    '/uploads/{*key}',
    failSafely(async (req, res) => {
      const segments = (req.params as { key?: string[] }).key ?? [];
      const key = segments.join('/');
      if (!isStorageKey(key)) return sendError(res, 400, 'VALIDATION_FAILED');
      const object = await storage.stream(key);
      if (!object) return sendError(res, 404, 'NOT_FOUND');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // keys are random and never rewritten, so a copy never goes stale
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      if (object.etag) res.setHeader('ETag', object.etag);
      // a cache revalidating its copy (a CDN past its own limit) gets the headers without the bytes
      if (req.fresh) {
        object.stream.destroy();
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', object.contentType);
      res.setHeader('Content-Length', String(object.size));
      object.stream.on('error', () => res.destroy());
      object.stream.pipe(res);
    }),
  );
}
