import { hashPassword, verifyPassword } from '../src/passwords';

describe('password hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('s3cret-pass'), hashPassword('s3cret-pass')]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('s3cret-pass', a)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', a)).toBe(false);
  });

  it('checks an older hash with the parameters it was made with', async () => {
    const current = await hashPassword('old-pass');
    const [, , , , salt] = current.split('$');
    // The same password hashed with N=1024: what a hash from before a parameter change looks like.
    const { scryptSync } = await import('node:crypto');
    const older = [
      'scrypt',
      1024,
      8,
      1,
      salt,
      scryptSync('old-pass', Buffer.from(salt!, 'base64url'), 64, { N: 1024, r: 8, p: 1 }).toString(
        'base64url',
      ),
    ].join('$');
    expect(await verifyPassword('old-pass', older)).toBe(true);
  });

  it('answers false, not an error, for a missing user or a malformed hash', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$16384$8$1$c2FsdA$')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$x$8$1$c2FsdA$aGFzaA')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$16384$8$1$c2FsdA$c2hvcnQ')).toBe(false);
    expect(await verifyPassword('anything', 'bcrypt$whatever')).toBe(false);
  });
});
