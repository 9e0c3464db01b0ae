import { sql, type Kysely } from 'kysely';

/**
 * The contact filter also finds accounts on the other apps people leave through (Telegram,
 * WhatsApp, Line, 小红书, 抖音), as the kind `other_app` (ADR 0034). A chat message carrying one
 * records a violation of that kind, so the column's CHECK must accept it.
 */
const STATEMENTS = [
  `ALTER TABLE message_violations DROP CONSTRAINT message_violations_violation_type_check`,
  `ALTER TABLE message_violations
     ADD CONSTRAINT message_violations_violation_type_check
     CHECK (violation_type IN ('phone','wechat','qq','email','url','alipay','bank_card','other_app'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
