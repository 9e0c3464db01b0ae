import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { AppErrorCode } from '@curio/shared';
import { requestIdOf } from '../observability/request-logging.ts';
import { acceptedLanguage, errorMessageIn, refusalLanguage } from '../i18n/error-messages.ts';

/**
 * Bounds on what one request may make the server hold (ADR 0025). JSON bodies are read by
 * body-parser, which refuses a declared Content-Length over the cap with 413 before reading a
 * byte, and stops a chunked body at the cap; tRPC then parses the string it left in `req.body`.
 */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** tRPC inputs are a few levels deep; anything deeper is an attack on the recursive parsers. */
export const MAX_JSON_DEPTH = 32;
/** Calls in one tRPC batch request. */
export const MAX_BATCH_SIZE = 20;
/** One WebSocket frame: a subscription request or a message is far smaller. */
export const MAX_WS_FRAME_BYTES = 64 * 1024;

export const readJsonBody: RequestHandler = express.text({ type: 'application/json', limit: MAX_JSON_BODY_BYTES });

/** Deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/** JSON-RPC error numbers tRPC uses for these two answers. */
const JSONRPC_CODE = { BAD_REQUEST: -32600, PAYLOAD_TOO_LARGE: -32013 } as const;

/**
 * A refusal in tRPC's own error shape, so scripts read the same `data.appError.code` as always.
 * Nobody is signed in yet at this point, so the message follows Accept-Language only.
 */
function refuse(req: Request, res: Response, status: 400 | 413, code: AppErrorCode): void {
  const trpcCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
  const message = errorMessageIn(refusalLanguage(null, acceptedLanguage(req.headers['accept-language'])), code);
  res.status(status).json({
    error: {
      json: { message, code: JSONRPC_CODE[trpcCode], data: { code: trpcCode, httpStatus: status, appError: { code }, requestId: requestIdOf(res) } },
    },
  });
}

/** Refuses a body or a query input nested deeper than MAX_JSON_DEPTH before anything parses it. */
export const refuseDeepJson: RequestHandler = (req, res, next) => {
  const body: unknown = req.body;
  const queryInput = req.query.input;
  const texts = [typeof body === 'string' ? body : '', typeof queryInput === 'string' ? queryInput : ''];
  if (texts.some((text) => jsonDepth(text) > MAX_JSON_DEPTH)) {
    refuse(req, res, 400, 'VALIDATION_FAILED');
    return;
  }
  next();
};

/** body-parser's refusals (too large, bad encoding) as tRPC-shaped answers instead of an HTML page. */
export const answerBodyErrors: ErrorRequestHandler = (error: { type?: string; status?: number }, req, res, next) => {
  if (error.type === 'entity.too.large') return refuse(req, res, 413, 'REQUEST_TOO_LARGE');
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) return refuse(req, res, 400, 'VALIDATION_FAILED');
  next(error);
};
