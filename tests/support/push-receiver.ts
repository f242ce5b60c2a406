// A push service and a browser in one, for tests: an HTTP endpoint that takes what the server
// sends to a device, checks the VAPID authorisation (RFC 8292: an ES256 JWT verified with the
// key in `k`, its audience and expiry) and decrypts the message as the browser would
// (RFC 8291, aes128gcm: ECDH P-256, HKDF-SHA-256, AES-128-GCM), with node:crypto alone.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted message, as text. */
  plaintext: string;
  vapid: { claims: { aud: string; exp: number; sub: string }; publicKey: string };
};

export type PushDeviceKeys = { p256dh: string; auth: string; privateKey: Buffer; publicKey: Buffer; authSecret: Buffer };

/** A browser's subscription keys: an ECDH P-256 pair and a 16-byte auth secret. */
export function newDeviceKeys(): PushDeviceKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString('base64url'),
    auth: authSecret.toString('base64url'),
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    authSecret,
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record for `keys`' device. Throws when it does not decrypt. */
export function decryptAes128gcm(body: Buffer, keys: PushDeviceKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || serverPublic[0] !== 0x04) throw new Error('the key id is not an uncompressed P-256 point');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, serverPublic]);
  const ikm = hkdf(keys.authSecret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`; the JWT's ES256 signature checked with k. Throws when anything is off. */
export function verifyVapid(authorization: string | undefined, expectedAudience: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid authorisation: ${authorization ?? '(none)'}`);
  const [, token = '', k = ''] = match;
  const [header = '', payload = '', signature = ''] = token.split('.');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'ES256') throw new Error(`JWT alg is ${alg}`);
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReceivedPush['vapid']['claims'];
  if (claims.aud !== expectedAudience) throw new Error(`aud ${claims.aud}, expected ${expectedAudience}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp} is not within 24 hours`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, publicKey: k };
}

export type PushReceiver = {
  origin: string;
  /** A device at this receiver: its endpoint and keys. */
  device: (name: string) => { endpoint: string; keys: PushDeviceKeys };
  /** What each endpoint path answers (default 201). */
  answer: (name: string, status: number) => void;
  received: ReceivedPush[];
  /** Requests that failed the checks, with why. */
  rejected: string[];
  close: () => Promise<void>;
};

export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, PushDeviceKeys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = (request.url ?? '').replace(/^\/push\//, '');
      const keys = devices.get(name);
      const status = answers.get(name) ?? 201;
      if (status >= 200 && status < 300 && keys) {
        try {
          if (request.method !== 'POST') throw new Error(`method ${request.method}`);
          if (request.headers['content-encoding'] !== 'aes128gcm')
            throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          if (!request.headers.ttl) throw new Error('no TTL');
          const vapid = verifyVapid(request.headers.authorization, origin);
          const plaintext = decryptAes128gcm(Buffer.concat(chunks), keys);
          received.push({ path: request.url ?? '', headers: request.headers, plaintext, vapid });
        } catch (error) {
          rejected.push(`${request.url}: ${(error as Error).message}`);
          response.writeHead(400).end();
          return;
        }
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    device: (name) => {
      const keys = devices.get(name) ?? newDeviceKeys();
      devices.set(name, keys);
      return { endpoint: `${origin}/push/${name}`, keys };
    },
    answer: (name, status) => answers.set(name, status),
    received,
    rejected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
