import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and a random salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const h = await hashPassword('s3cret');
    expect(await verifyPassword(h, 's3cret')).toBe(true);
    expect(await verifyPassword(h, 'S3cret')).toBe(false);
    expect(await verifyPassword(h, '')).toBe(false);
  });

  it('treats a malformed stored hash as a failed check', async () => {
    expect(await verifyPassword('plain-text', 'plain-text')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
