import { z } from 'zod';
import { LIMITS } from '../rules/limits.ts';

export const ZUuid = z.uuid();

/** Client-generated key that makes a money mutation safe to retry (DESIGN decision 4). */
export const ZIdempotencyKey = z.string().trim().min(8).max(LIMITS.idempotencyKeyMax);

export const ZEmail = z.string().trim().toLowerCase().max(LIMITS.emailMax).pipe(z.email({ error: 'EMAIL_INVALID' }));
