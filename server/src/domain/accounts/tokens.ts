import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the secret handed to the browser or script. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored, so a leaked table cannot be replayed as sessions or tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
