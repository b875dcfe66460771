/** What one log line may quote of a value it does not control: at most this many characters. */
const MAX_QUOTED = 200;

/**
 * Text from outside (a query parameter, a library's message quoting one) made safe for one log line: control
 * characters (a forged new line) escaped, cut to MAX_QUOTED characters.
 */
export function logText(value: string): string {
  const escaped = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > MAX_QUOTED ? `${escaped.slice(0, MAX_QUOTED)}…` : escaped;
}
