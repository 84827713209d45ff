import { hash, verify } from '@node-rs/argon2';

/** argon2id (Algorithm.Argon2id is an ambient const enum; its value is 2). Defaults: m=19 MiB, t=2, p=1 (OWASP). */
const ARGON2ID = 2 as const;

export function hashPassword(password: string, cost: 'normal' | 'fast' = 'normal'): Promise<string> {
  return hash(password, cost === 'fast' ? { algorithm: ARGON2ID, memoryCost: 4096, timeCost: 1 } : { algorithm: ARGON2ID });
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}
