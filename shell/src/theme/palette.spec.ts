import { theme } from 'antd';
import { FONT_FAMILY, PALETTE, THEME_SEED, type PaletteToken } from './palette.js';

/** antd writes its shadows over several lines. */
const oneLine = (value: unknown) => String(value).replace(/\s+/g, ' ').trim();

describe('palette', () => {
  it.each([
    ['light', theme.defaultAlgorithm],
    ['dark', theme.darkAlgorithm],
  ] as const)("is what antd's theme derives for %s mode, so the landing page looks like the app", (mode, algorithm) => {
    const tokens = theme.getDesignToken({ algorithm, token: THEME_SEED });
    const derived = Object.fromEntries(Object.keys(PALETTE[mode]).map((token) => [token, oneLine(tokens[token as PaletteToken])]));
    expect(derived).toEqual(PALETTE[mode]);
  });

  it("writes antd's font", () => {
    expect(oneLine(theme.getDesignToken({ token: THEME_SEED }).fontFamily)).toBe(FONT_FAMILY);
  });
});
