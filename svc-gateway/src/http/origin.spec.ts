import { isForeignOrigin } from './origin.js';

const app = { appOrigin: 'https://tms.example.com', requestOrigin: 'http://10.0.0.5:3000' };

describe('isForeignOrigin', () => {
  it('accepts a state-changing request without an Origin header (same-origin navigation, curl, devices)', () => {
    expect(isForeignOrigin({ ...app, method: 'POST', origin: undefined })).toBe(false);
  });

  it("accepts the app's own origin and the request's own origin", () => {
    expect(isForeignOrigin({ ...app, method: 'POST', origin: 'https://tms.example.com' })).toBe(false);
    expect(isForeignOrigin({ ...app, method: 'DELETE', origin: 'http://10.0.0.5:3000' })).toBe(false);
  });

  it('compares origins, not spellings (default port, case)', () => {
    expect(isForeignOrigin({ ...app, method: 'PATCH', origin: 'https://TMS.example.com:443' })).toBe(false);
  });

  it('refuses another site for every state-changing method', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(isForeignOrigin({ ...app, method, origin: 'https://evil.example' })).toBe(true);
    }
  });

  it('refuses look-alikes: another scheme, port or subdomain', () => {
    expect(isForeignOrigin({ ...app, method: 'POST', origin: 'http://tms.example.com' })).toBe(true);
    expect(isForeignOrigin({ ...app, method: 'POST', origin: 'https://tms.example.com:8443' })).toBe(true);
    expect(isForeignOrigin({ ...app, method: 'POST', origin: 'https://evil.tms.example.com' })).toBe(true);
    expect(isForeignOrigin({ ...app, method: 'POST', origin: 'https://tms.example.com.evil.example' })).toBe(true);
  });

  it("refuses the opaque origin 'null' and garbage", () => {
    expect(isForeignOrigin({ ...app, method: 'POST', origin: 'null' })).toBe(true);
    expect(isForeignOrigin({ ...app, method: 'POST', origin: 'not a url' })).toBe(true);
  });

  it('lets reads through whatever their origin', () => {
    expect(isForeignOrigin({ ...app, method: 'GET', origin: 'https://evil.example' })).toBe(false);
    expect(isForeignOrigin({ ...app, method: 'HEAD', origin: 'https://evil.example' })).toBe(false);
    expect(isForeignOrigin({ ...app, method: 'OPTIONS', origin: 'https://evil.example' })).toBe(false);
  });
});
