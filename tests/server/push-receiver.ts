/**
 * A local stand-in for a push service: a real HTTP server on 127.0.0.1 recording every POST (path,
 * headers, raw body) and answering from a script (201 once it is used up). Beside it, what a
 * browser does with a message, written here with node:crypto only (the `web-push` library is what
 * is under test): a subscription's keys, the VAPID check (RFC 8292: an ES256 JWT for the
 * endpoint's origin, signed by the key in `k=`), and aes128gcm decryption (RFC 8291, RFC 8188).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  answered: number;
}

export interface PushReceiver {
  origin: string;
  posts: ReceivedPush[];
  script(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const posts: ReceivedPush[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answers.shift() ?? 201;
      posts.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), answered: status });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    posts,
    script: (...s) => answers.push(...s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser makes when it subscribes: an ECDH P-256 key pair and a 16-byte auth secret. */
export interface DeviceKeys {
  ecdh: crypto.ECDH;
  p256dh: string;
  auth: string;
}

export function deviceKeys(): DeviceKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  };
}

/** A raw uncompressed P-256 point as a public KeyObject. */
function publicKeyOf(raw: Buffer): crypto.KeyObject {
  return crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks the `Authorization: vapid t=<jwt>, k=<key>` header: the key is `expectedKey`, the JWT is
 * ES256 and its signature verifies with that key. Throws on any mismatch; returns the claims.
 */
export function verifyVapid(header: string | undefined, expectedKey: string): VapidClaims {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, k] = m;
  if (k !== expectedKey) throw new Error('the VAPID key is not the server public key');
  const [head, claims, sig] = jwt.split('.');
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }).alg;
  if (alg !== 'ES256') throw new Error(`JWT algorithm ${alg}`);
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKeyOf(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims;
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** Decrypts one aes128gcm message body (a single record) with the device's keys. */
export function decryptPush(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const authSecret = Buffer.from(device.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(authSecret, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}
