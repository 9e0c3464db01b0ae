import { sql, type Kysely } from 'kysely';

/**
 * The spec's money tables (user_usdn, usdn_transactions, user_{product}, {product}_rewards)
 * as views over the ledger, so they can never disagree with it (engineering rule E-4, ADR 0003);
 * an index for per-user balance reads; and a trigger that makes transfers immutable in the
 * database itself, not only by convention. Transfer kinds: server/src/domain/ledger/transfer-kinds.ts.
 */
const STATEMENTS = [
  // getBalances and the views look accounts up by user; the identity index leads with currency
  `CREATE INDEX ledger_accounts_user_idx ON ledger_accounts (user_id) WHERE user_id IS NOT NULL`,

  `CREATE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE' THEN
       -- deleting a user who created transfers nulls created_by (ON DELETE SET NULL): allowed
       IF (NEW.id, NEW.currency, NEW.debit_account_id, NEW.credit_account_id, NEW.amount, NEW.kind,
           NEW.reference_type, NEW.reference_id, NEW.memo, NEW.created_at)
          IS NOT DISTINCT FROM
          (OLD.id, OLD.currency, OLD.debit_account_id, OLD.credit_account_id, OLD.amount, OLD.kind,
           OLD.reference_type, OLD.reference_id, OLD.memo, OLD.created_at)
          AND NEW.created_by IS NULL THEN
         RETURN NEW;
       END IF;
     END IF;
     RAISE EXCEPTION 'ledger transfers are immutable: correct a mistake with a new transfer'
       USING ERRCODE = 'restrict_violation';
   END
   $$`,
  `CREATE TRIGGER ledger_transfers_no_update_or_delete
     BEFORE UPDATE OR DELETE ON ledger_transfers
     FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable()`,
  `CREATE TRIGGER ledger_transfers_no_truncate
     BEFORE TRUNCATE ON ledger_transfers
     FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_immutable()`,

  // spec user_usdn: balance_cents is the available (spendable) balance, held_cents the amount
  // held by pending withdrawals; every user has a row, zero until money first moves
  `CREATE VIEW user_usdn AS
   SELECT u.id AS user_id,
          COALESCE(av.balance, 0)::bigint AS balance_cents,
          COALESCE(hd.balance, 0)::bigint AS held_cents,
          COALESCE((SELECT sum(t.amount) FROM ledger_transfers t
                     WHERE t.credit_account_id = av.id AND t.kind IN ('code_redemption', 'usdt_recharge')), 0)::bigint
            AS total_recharged_cents,
          COALESCE((SELECT sum(t.amount) FROM ledger_transfers t
                     WHERE t.debit_account_id = hd.id AND t.kind IN ('withdrawal_burn', 'withdrawal_fee')), 0)::bigint
            AS total_withdrawn_cents
     FROM users u
     LEFT JOIN ledger_accounts av ON av.user_id = u.id AND av.currency = 'usdn' AND av.kind = 'user_available'
     LEFT JOIN ledger_accounts hd ON hd.user_id = u.id AND hd.currency = 'usdn' AND hd.kind = 'user_held'`,

  // spec usdn_transactions: one signed entry per transfer touching a user's available USDN,
  // so the entries of a user sum to balance_cents. source is the transfer kind.
  `CREATE VIEW usdn_transactions AS
   SELECT t.id AS transfer_id, a.user_id, t.amount::bigint AS amount_cents,
          CASE t.kind
            WHEN 'code_redemption' THEN 'recharge'
            WHEN 'usdt_recharge' THEN 'recharge'
            WHEN 'escrow_release' THEN 'earn'
            WHEN 'refund' THEN 'refund'
            WHEN 'withdrawal_release' THEN 'withdrawal_reversal'
            WHEN 'tip' THEN 'tip_in'
            WHEN 'transfer' THEN 'transfer_in'
            ELSE 'earn'
          END AS transaction_type,
          t.kind AS source, t.memo AS description, t.reference_type, t.reference_id, t.created_by, t.created_at
     FROM ledger_accounts a
     JOIN ledger_transfers t ON t.credit_account_id = a.id
    WHERE a.currency = 'usdn' AND a.kind = 'user_available'
   UNION ALL
   SELECT t.id, a.user_id, (-t.amount)::bigint,
          CASE t.kind
            WHEN 'purchase_escrow' THEN 'spend'
            WHEN 'withdrawal_hold' THEN 'withdrawal'
            WHEN 'tip' THEN 'tip_out'
            WHEN 'transfer' THEN 'transfer_out'
            ELSE 'spend'
          END,
          t.kind, t.memo, t.reference_type, t.reference_id, t.created_by, t.created_at
     FROM ledger_accounts a
     JOIN ledger_transfers t ON t.debit_account_id = a.id
    WHERE a.currency = 'usdn' AND a.kind = 'user_available'`,

  // spec user_{product}: points_balance is spendable, points_held waits on a redemption;
  // lifetime figures count only points exchanged with others, not moves between own accounts
  `CREATE VIEW user_points AS
   SELECT u.id AS user_id,
          COALESCE(av.balance, 0)::bigint AS points_balance,
          COALESCE(hd.balance, 0)::bigint AS points_held,
          COALESCE((SELECT sum(t.amount) FROM ledger_transfers t
                     WHERE t.credit_account_id IN (av.id, hd.id)
                       AND t.debit_account_id IS DISTINCT FROM av.id
                       AND t.debit_account_id IS DISTINCT FROM hd.id), 0)::bigint AS lifetime_earned,
          COALESCE((SELECT sum(t.amount) FROM ledger_transfers t
                     WHERE t.debit_account_id IN (av.id, hd.id)
                       AND t.credit_account_id IS DISTINCT FROM av.id
                       AND t.credit_account_id IS DISTINCT FROM hd.id), 0)::bigint AS lifetime_spent
     FROM users u
     LEFT JOIN ledger_accounts av ON av.user_id = u.id AND av.currency = 'points' AND av.kind = 'user_available'
     LEFT JOIN ledger_accounts hd ON hd.user_id = u.id AND hd.currency = 'points' AND hd.kind = 'user_held'`,

  // spec {product}_rewards: signed entries on a user's spendable points. order_points is a
  // purchase reward for the user who paid that order's escrow, a sale reward for the other party.
  `CREATE VIEW points_rewards AS
   SELECT t.id AS transfer_id, a.user_id,
          CASE t.kind
            WHEN 'checkin' THEN 'daily_check_in'
            WHEN 'invitation_reward' THEN 'invite'
            WHEN 'order_points' THEN
              CASE WHEN EXISTS (
                SELECT 1 FROM ledger_transfers e
                  JOIN ledger_accounts ea ON ea.id = e.debit_account_id
                 WHERE e.kind = 'purchase_escrow'
                   AND e.reference_type = t.reference_type AND e.reference_id = t.reference_id
                   AND ea.user_id = a.user_id)
              THEN 'purchase' ELSE 'sale' END
            WHEN 'withdrawal_release' THEN 'refund'
            WHEN 'refund' THEN 'refund'
            ELSE 'other'
          END AS reward_type,
          t.amount::bigint AS points_amount,
          t.kind AS source, t.memo AS source_description, t.reference_type, t.reference_id, t.created_at
     FROM ledger_accounts a
     JOIN ledger_transfers t ON t.credit_account_id = a.id
    WHERE a.currency = 'points' AND a.kind = 'user_available'
   UNION ALL
   SELECT t.id, a.user_id, 'spend', (-t.amount)::bigint,
          t.kind, t.memo, t.reference_type, t.reference_id, t.created_at
     FROM ledger_accounts a
     JOIN ledger_transfers t ON t.debit_account_id = a.id
    WHERE a.currency = 'points' AND a.kind = 'user_available'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // one statement per query: prepared statements (pg and PGlite) take a single command
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
