// Facebook's signed_request (src/server/integrations/oauth/README.md): base64url(HMAC-SHA256(encoded payload, app secret)) "."
// base64url(payload JSON). Facebook sends it to the data-deletion callback.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const payloadSchema = z.object({
  algorithm: z.string().refine((a) => a.toUpperCase() === 'HMAC-SHA256'),
  // App-scoped ids are digit strings; anything else (control characters included, which the database
  // would refuse) is no Facebook id, and the request is treated as malformed.
  user_id: z.union([z.string().regex(/^\d{1,32}$/), z.number().int().nonnegative()]),
});

export interface SignedRequestPayload {
  userId: string;
  /** The whole payload as Facebook sent it (issued_at, expires…). */
  raw: Record<string, unknown>;
}

function signature(encodedPayload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(encodedPayload).digest();
}

/** The payload when the signature is the app's, null for anything else (forged, malformed, other app). */
export function verifySignedRequest(
  signedRequest: string,
  secret: string,
): SignedRequestPayload | null {
  const parts = signedRequest.trim().split('.');
  if (parts.length !== 2) return null;
  const [encodedSignature = '', encodedPayload = ''] = parts;
  if (!BASE64URL.test(encodedSignature) || !BASE64URL.test(encodedPayload)) return null;
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(encodedPayload, secret);
  // Same length first: timingSafeEqual throws on different lengths, and the length is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encodedPayload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return null;
  return { userId: String(parsed.data.user_id), raw: json as Record<string, unknown> };
}

/** What Facebook does; used by the sandbox and the tests to play Facebook. */
export function signRequest(payload: Record<string, unknown>, secret: string): string {
  const encodedPayload = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${signature(encodedPayload, secret).toString('base64url')}.${encodedPayload}`;
}
