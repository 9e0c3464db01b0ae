import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane), engineering rule E-10. Stored hashes
 * carry their own parameters, so raising these later upgrades users on their next sign-in.
 */
// the library's Algorithm is an ambient const enum, which isolated modules cannot read at runtime
const ARGON2ID: Algorithm.Argon2id = 2;

export const PASSWORD_HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a hash this library cannot read (never throws on bad data). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash is weaker than today's policy (or unreadable), so it should be replaced. */
export function passwordHashNeedsUpgrade(passwordHash: string): boolean {
  try {
    const stored = parseOptions(passwordHash);
    return (
      stored.algorithm !== PASSWORD_HASH_OPTIONS.algorithm ||
      stored.memoryCost < PASSWORD_HASH_OPTIONS.memoryCost ||
      stored.timeCost < PASSWORD_HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same argon2 work as a real check, for an e-mail that has no account, so the
 * response time does not tell an attacker which addresses are registered.
 */
export async function verifyAgainstDummyHash(password: string): Promise<false> {
  dummyHash ??= hashPassword('curio-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}
