// Authenticator secrets at rest: AES-256-GCM under a key the servers of one database share
// (server_secrets.authenticator_key, made by migration 0047). A copy of the table alone
// gives nobody a code, and a tampered box fails to open rather than yielding a wrong secret.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../server/db/database';
import { findAuthenticatorKey } from './authenticator-apps.queries';

const keysByDb = new WeakMap<Db, Promise<Buffer>>();

export function secretBoxKey(db: Db): Promise<Buffer> {
  let key = keysByDb.get(db);
  if (!key) {
    key = (async () => {
      const value = await findAuthenticatorKey(db);
      if (!value) throw new Error('No authenticator key: run the migrations.');
      return createHash('sha256').update(`stafflane authenticator secrets\0${value}`).digest();
    })();
    keysByDb.set(db, key);
  }
  return key;
}

export function sealSecret(key: Buffer, secret: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

export function openSecret(key: Buffer, box: string): Buffer {
  const [version, iv, sealed, tag] = box.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('Unreadable authenticator secret.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
}
