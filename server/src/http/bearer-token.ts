/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
}
