/**
 * PostgreSQL's unique_violation (SQLSTATE 23505), the same from `pg` and PGlite: a unique index
 * refused a second row. Domain code turns it into the refusal the index stands for, where the
 * index is the backstop of a check made under a lock.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * An error after which PostgreSQL closes the session: the backend was terminated or shut down
 * (class 57P: admin_shutdown, crash_shutdown, cannot_connect_now, database_dropped,
 * idle_session_timeout), an idle transaction timed out (25P03), or the connection itself failed
 * (class 08). The same from `pg` and PGlite, by SQLSTATE: the severity word is translated.
 */
export function endsSession(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('57P') || code.startsWith('08') || code === '25P03');
}
