import { otherTheme, readTheme, writeTheme } from './theme-storage.js';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('theme storage', () => {
  it('is light when nothing or something unknown was stored', () => {
    expect(readTheme(memoryStorage())).toBe('light');
    expect(readTheme(memoryStorage({ theme: 'solarized' }))).toBe('light');
    expect(readTheme(undefined)).toBe('light');
  });

  it('keeps the toggled theme under the key "theme" so it survives a reload', () => {
    const storage = memoryStorage();
    writeTheme(storage, otherTheme(readTheme(storage)));
    expect(storage.values.get('theme')).toBe('dark');
    expect(readTheme(storage)).toBe('dark');
    writeTheme(storage, otherTheme(readTheme(storage)));
    expect(storage.values.get('theme')).toBe('light');
  });

  it('falls back to light when the browser refuses storage', () => {
    const refusing = {
      getItem: () => { throw new Error('SecurityError'); },
      setItem: () => { throw new Error('QuotaExceededError'); },
    };
    expect(readTheme(refusing)).toBe('light');
    expect(() => writeTheme(refusing, 'dark')).not.toThrow();
  });
});
