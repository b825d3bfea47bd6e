// Password hashing: argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1), PHC strings.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (an ambient const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the e-mail is unknown so that the
 *  answer takes as long as for a real account (no account enumeration by timing). */
let decoy: Promise<string> | null = null;
export const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`));
