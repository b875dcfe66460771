import { logText } from './log-text.js';

describe('logText', () => {
  it('escapes what would start a new log line, and cuts long text short', () => {
    expect(logText('bad\n[Nest] ERROR forged\r\u2028x')).toBe('bad\\u000a[Nest] ERROR forged\\u000d\\u2028x');
    expect(logText('\u001b[31mred')).toBe('\\u001b[31mred');
    expect(logText('a'.repeat(500))).toBe(`${'a'.repeat(200)}…`);
    expect(logText('Unable to verify authorization request state.')).toBe('Unable to verify authorization request state.');
  });
});
