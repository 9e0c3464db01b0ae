import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { REDEEM_CODE_ALPHABET, REDEEM_CODE_LENGTH } from '@curio/shared';
import type { Database } from '../../../db/schema.ts';

/**
 * One code from a cryptographic source. The alphabet has 32 symbols, so the low five bits of a
 * random byte pick one with no modulo bias; 16 symbols are 80 bits, far beyond guessing.
 */
export function randomRechargeCode(): string {
  const bytes = randomBytes(REDEEM_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += REDEEM_CODE_ALPHABET[byte & 31];
  return code;
}

export interface GenerateCodesInput {
  count: number;
  /** Value of each code in USDN cents. */
  valueCents: number;
  batchName: string | null;
  /** null: never expires. */
  expiresAt: Date | null;
  createdBy: string | null;
  now: Date;
}

export interface GeneratedCode {
  id: string;
  code: string;
  valueCents: number;
  batchName: string | null;
  expiresAt: Date | null;
}

const MAX_ROUNDS = 10;

/**
 * Inserts `count` new active codes (for the admin generator of rule AD-17, and the demo seed).
 * A collision with an existing code is astronomically unlikely but would be a silent duplicate
 * if ignored, so the unique index decides: clashing rows are dropped by ON CONFLICT DO NOTHING
 * and fresh codes are drawn for them until the batch is complete.
 */
export async function generateRechargeCodes(db: Kysely<Database>, input: GenerateCodesInput): Promise<GeneratedCode[]> {
  if (!Number.isSafeInteger(input.count) || input.count < 1) throw new RangeError(`bad code count ${input.count}`);
  if (!Number.isSafeInteger(input.valueCents) || input.valueCents <= 0) throw new RangeError(`bad code value ${input.valueCents}`);
  const created: GeneratedCode[] = [];
  for (let round = 0; created.length < input.count; round++) {
    if (round >= MAX_ROUNDS) throw new Error('could not draw unique recharge codes');
    const wanted = input.count - created.length;
    const codes = new Set<string>();
    while (codes.size < wanted) codes.add(randomRechargeCode());
    const rows = await db
      .insertInto('recharge_codes')
      .values(
        [...codes].map((code) => ({
          code,
          value_cents: input.valueCents,
          batch_name: input.batchName,
          expires_at: input.expiresAt,
          created_by: input.createdBy,
          created_at: input.now,
          status: 'active',
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .returning(['id', 'code', 'value_cents', 'batch_name', 'expires_at'])
      .execute();
    for (const row of rows) {
      created.push({ id: row.id, code: row.code, valueCents: row.value_cents, batchName: row.batch_name, expiresAt: row.expires_at });
    }
  }
  return created;
}
