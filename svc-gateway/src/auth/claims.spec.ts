import { jwtClaims, maySignIn, mergeClaims, profileFromClaims, SignInRefused } from './claims.js';

describe('profileFromClaims', () => {
  it('maps email, given_name, family_name and picture', () => {
    expect(
      profileFromClaims({
        sub: 'abc',
        email: 'Dana.Smith@Example.com',
        given_name: 'Dana',
        family_name: 'Smith',
        picture: 'https://cdn.example.com/dana.png',
        name: 'Ignored Name',
      }),
    ).toEqual({ email: 'dana.smith@example.com', firstName: 'Dana', lastName: 'Smith', profileImageUrl: 'https://cdn.example.com/dana.png' });
  });

  it('leaves absent names and picture null (the development issuer gives only an e-mail)', () => {
    expect(profileFromClaims({ sub: 'a@b.co', email: 'a@b.co' })).toEqual({
      email: 'a@b.co',
      firstName: null,
      lastName: null,
      profileImageUrl: null,
    });
  });

  it('trims text and treats blanks as absent', () => {
    expect(profileFromClaims({ email: '  x@y.z ', given_name: '  ', family_name: ' Lee ' })).toMatchObject({
      email: 'x@y.z',
      firstName: null,
      lastName: 'Lee',
    });
  });

  it('keeps only http(s) pictures', () => {
    expect(profileFromClaims({ email: 'x@y.z', picture: 'javascript:alert(1)' }).profileImageUrl).toBeNull();
    expect(profileFromClaims({ email: 'x@y.z', picture: 'not a url' }).profileImageUrl).toBeNull();
  });

  it("falls back to an address-like preferred_username (Entra ID without the email claim)", () => {
    expect(profileFromClaims({ preferred_username: 'Sam@Contoso.com' }).email).toBe('sam@contoso.com');
    expect(() => profileFromClaims({ preferred_username: 'sam' })).toThrow(SignInRefused);
  });

  it('refuses a sign-in without an e-mail address', () => {
    expect(() => profileFromClaims({ sub: 'x' })).toThrow(SignInRefused);
    expect(() => profileFromClaims({ email: 'not-an-address' })).toThrow(SignInRefused);
  });

  it('refuses an address the issuer marks as unverified', () => {
    expect(() => profileFromClaims({ email: 'x@y.z', email_verified: false })).toThrow(SignInRefused);
    expect(profileFromClaims({ email: 'x@y.z', email_verified: true }).email).toBe('x@y.z');
  });
});

describe('mergeClaims', () => {
  it('completes the ID token with userinfo about the same subject', () => {
    expect(mergeClaims({ sub: 's', email: 'a@b.c' }, { sub: 's', given_name: 'A' })).toEqual({ sub: 's', email: 'a@b.c', given_name: 'A' });
    expect(mergeClaims({ sub: 's' }, undefined)).toEqual({ sub: 's' });
  });

  it('refuses userinfo about another subject', () => {
    expect(() => mergeClaims({ sub: 's' }, { sub: 'other', email: 'x@y.z' })).toThrow(SignInRefused);
  });
});

describe('jwtClaims', () => {
  it("reads a JWT's payload", () => {
    const payload = Buffer.from(JSON.stringify({ sub: 's', email: 'a@b.c' })).toString('base64url');
    expect(jwtClaims(`e30.${payload}.sig`)).toEqual({ sub: 's', email: 'a@b.c' });
  });

  it('refuses something that is not a JWT', () => {
    expect(() => jwtClaims('opaque-token')).toThrow(SignInRefused);
  });
});

describe('maySignIn', () => {
  const allowed = { domains: ['carrier.example'], emails: ['dana@partner.example'] };

  it('lets anyone in when both lists are empty', () => {
    expect(maySignIn('anyone@anywhere.example', { domains: [], emails: [] })).toBe(true);
  });

  it('lets in an address of a listed domain or a listed address, and no one else', () => {
    expect(maySignIn('lee@carrier.example', allowed)).toBe(true);
    expect(maySignIn('dana@partner.example', allowed)).toBe(true);
    expect(maySignIn('eve@partner.example', allowed)).toBe(false);
    // A subdomain or a look-alike is another domain.
    expect(maySignIn('lee@mail.carrier.example', allowed)).toBe(false);
    expect(maySignIn('lee@evilcarrier.example', allowed)).toBe(false);
    expect(maySignIn('carrier.example@evil.example', allowed)).toBe(false);
  });
});
