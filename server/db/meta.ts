import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appMeta } from './schema';

/** The token-signing secret: JWT_SECRET when set, otherwise one generated once and kept in the database. */
export async function getOrCreateJwtSecret(db: Db): Promise<string> {
  const candidate = randomBytes(48).toString('base64url');
  await db.insert(appMeta).values({ key: 'jwt_secret', value: candidate }).onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, 'jwt_secret'));
  return row.value;
}
