import { initials } from './initials.js';

describe('initials', () => {
  it('takes the first letters of the first two words, in capitals', () => {
    expect(initials('john smith')).toBe('JS');
    expect(initials('Mary Ann van Dyke')).toBe('MA');
  });

  it('copes with a single name, extra spaces and no name', () => {
    expect(initials('Cher')).toBe('C');
    expect(initials('  ada   lovelace ')).toBe('AL');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
});
