import { isForgeable, type OriginCheck } from './origin.js';

const app = { appOrigin: 'https://tms.example.com', requestOrigin: 'http://10.0.0.5:3000', fetchSite: undefined, carriesSession: true };
const check = (request: Partial<OriginCheck> & Pick<OriginCheck, 'method' | 'origin'>) => isForgeable({ ...app, ...request });

describe('isForgeable', () => {
  it("accepts the app's own origin and the request's own origin", () => {
    expect(check({ method: 'POST', origin: 'https://tms.example.com' })).toBe(false);
    expect(check({ method: 'DELETE', origin: 'http://10.0.0.5:3000' })).toBe(false);
  });

  it('compares origins, not spellings (default port, case)', () => {
    expect(check({ method: 'PATCH', origin: 'https://TMS.example.com:443' })).toBe(false);
  });

  it('refuses another site for every state-changing method, with or without the session cookie', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(check({ method, origin: 'https://evil.example' })).toBe(true);
      expect(check({ method, origin: 'https://evil.example', carriesSession: false })).toBe(true);
    }
  });

  it('refuses look-alikes: another scheme, port or subdomain', () => {
    expect(check({ method: 'POST', origin: 'http://tms.example.com' })).toBe(true);
    expect(check({ method: 'POST', origin: 'https://tms.example.com:8443' })).toBe(true);
    expect(check({ method: 'POST', origin: 'https://evil.tms.example.com' })).toBe(true);
    expect(check({ method: 'POST', origin: 'https://tms.example.com.evil.example' })).toBe(true);
  });

  it("refuses the opaque origin 'null' and garbage", () => {
    expect(check({ method: 'POST', origin: 'null' })).toBe(true);
    expect(check({ method: 'POST', origin: 'not a url' })).toBe(true);
  });

  it('refuses a signed-in write with no Origin, unless the browser says it is same-origin', () => {
    expect(check({ method: 'POST', origin: undefined })).toBe(true);
    expect(check({ method: 'DELETE', origin: undefined, fetchSite: 'same-site' })).toBe(true);
    expect(check({ method: 'DELETE', origin: undefined, fetchSite: 'cross-site' })).toBe(true);
    expect(check({ method: 'POST', origin: undefined, fetchSite: 'same-origin' })).toBe(false);
  });

  it('lets a write without the session cookie and without an Origin through (devices, curl with a token)', () => {
    expect(check({ method: 'POST', origin: undefined, carriesSession: false })).toBe(false);
  });

  it('lets reads through whatever their origin', () => {
    expect(check({ method: 'GET', origin: 'https://evil.example' })).toBe(false);
    expect(check({ method: 'HEAD', origin: undefined })).toBe(false);
    expect(check({ method: 'OPTIONS', origin: 'https://evil.example' })).toBe(false);
  });
});
