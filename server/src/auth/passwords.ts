/** Password hashing: argon2id with the library's OWASP defaults (~22 ms a hash here). */
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> => hash(password);

// Verifying against this when the account does not exist keeps the answer time the same
// whether or not an e-mail is known (no user enumeration by timing).
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('vigie-no-such-account');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
