import { sql, type Kysely } from 'kysely';

/**
 * The admin audit log (rule AD-5, ADR 0018): every admin action records who did what to which
 * target, the state before and after, and the reason. Rows are never updated or deleted, like
 * ledger transfers, so the log cannot be edited by the people it records.
 */
const STATEMENTS = [
  `CREATE TABLE admin_audit_log (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     admin_id uuid REFERENCES users (id) ON DELETE SET NULL,
     action text NOT NULL,
     target_type text NOT NULL,
     target_id text NOT NULL,
     before jsonb,
     after jsonb,
     reason text,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC, id DESC)`,
  `CREATE INDEX admin_audit_log_target_idx ON admin_audit_log (target_type, target_id)`,
  `CREATE INDEX admin_audit_log_admin_idx ON admin_audit_log (admin_id, created_at DESC)`,
  `CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     -- deleting an admin nulls admin_id (ON DELETE SET NULL): the only change allowed
     IF TG_OP = 'UPDATE' AND NEW.admin_id IS NULL
        AND (NEW.id, NEW.action, NEW.target_type, NEW.target_id, NEW.before, NEW.after, NEW.reason, NEW.created_at)
            IS NOT DISTINCT FROM
            (OLD.id, OLD.action, OLD.target_type, OLD.target_id, OLD.before, OLD.after, OLD.reason, OLD.created_at) THEN
       RETURN NEW;
     END IF;
     RAISE EXCEPTION 'the admin audit log is append-only' USING ERRCODE = 'restrict_violation';
   END
   $$`,
  `CREATE TRIGGER admin_audit_log_no_update_or_delete
     BEFORE UPDATE OR DELETE ON admin_audit_log
     FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
