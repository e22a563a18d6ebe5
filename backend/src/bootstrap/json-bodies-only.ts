import { MIMEType } from 'node:util';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { ApiHttpException } from '../common/presentation/api-http.exception.js';
import { ErrorCode, ErrorMessage } from '../common/presentation/error-code.js';

/** The payment gateway's webhook: JSON, read raw (its signature covers the exact bytes). */
export const WEBHOOK_PATH = '/api/v1/payments/webhooks/razorpay';
/**
 * The gateway's hosted checkout posts the browser back here as a form: the one operation that
 * takes `application/x-www-form-urlencoded` (its fields are signed by the gateway).
 */
export const CHECKOUT_CALLBACK_PATH = '/api/v1/payments/checkout/callback';
/**
 * One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` form-encoded;
 * the body is not read (the token is in the query).
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/v1/notifications/unsubscribe';
const FORM_PATHS: readonly string[] = [CHECKOUT_CALLBACK_PATH, ONE_CLICK_UNSUBSCRIBE_PATH];
/**
 * The account's photo (#41) is uploaded as the image itself (`image/*`, read raw): no HTML form
 * can send that type, so it needs a CORS preflight like JSON. The module checks the bytes.
 */
export const PHOTO_UPLOAD_PATH = '/api/v1/account/photo';

/** Whether an `image/*` body is sent to the photo's path, by any method. */
function isImageForPhotoPath(request: Request | IncomingMessage): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    ((request as { originalUrl?: string }).originalUrl ?? request.url ?? '').split('?')[0] ===
      PHOTO_UPLOAD_PATH && type.startsWith('image/')
  );
}

/** Whether this is a photo upload: PUT to the photo's path with an `image/*` body. */
export function isPhotoUpload(request: Request | IncomingMessage): boolean {
  return request.method === 'PUT' && isImageForPhotoPath(request);
}

/** Whether the request carries a body: chunked, or a Content-Length above 0. */
function hasBody(request: Request): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && length !== '0';
}

/** `application/json`, with no parameter other than a UTF-8 charset. */
export function isJsonInUtf8(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  let type: MIMEType;
  try {
    type = new MIMEType(contentType);
  } catch {
    return false;
  }
  if (type.essence !== 'application/json') return false;
  for (const [name, value] of type.params) {
    if (name !== 'charset' || value.toLowerCase() !== 'utf-8') return false;
  }
  return true;
}

/**
 * Every operation of the API that takes a body takes JSON (the contract says so), so a body of
 * any other type, or JSON in any charset but UTF-8, is answered 415 before it is read. A plain
 * HTML form on another site can send `application/x-www-form-urlencoded`, `multipart/form-data`
 * or `text/plain` through its visitors' browsers without a CORS preflight; none of them gets in.
 * (body-parser would decode any `utf-*` charset, UTF-7 included, whose alternative spellings
 * slip past filters that look at the raw bytes.) A request without a body is left alone.
 */
export function acceptJsonBodiesOnly(request: Request, _response: Response, next: NextFunction) {
  if (
    !hasBody(request) ||
    isJsonInUtf8(request.headers['content-type']) ||
    // Any method: one the contract does not document there is answered 405 next, not 415.
    isImageForPhotoPath(request) ||
    (FORM_PATHS.includes(request.originalUrl.split('?')[0] ?? '') &&
      request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ===
        'application/x-www-form-urlencoded')
  ) {
    next();
    return;
  }
  next(new ApiHttpException(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorMessage.JSON_ONLY));
}
