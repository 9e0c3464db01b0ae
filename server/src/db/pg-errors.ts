/**
 * PostgreSQL's unique_violation (SQLSTATE 23505), the same from `pg` and PGlite: a unique index
 * refused a second row. Domain code turns it into the refusal the index stands for, where the
 * index is the backstop of a check made under a lock.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
