import { userDisplayName, userInitials } from './initials.js';

describe('avatar initials', () => {
  it('uses the first letters of first and last name, in capitals', () => {
    expect(userInitials({ firstName: 'ada', lastName: 'lovelace', email: 'x@example.com' })).toBe('AL');
  });

  it('falls back to the first letter of the e-mail when a name is missing', () => {
    expect(userInitials({ firstName: 'Ada', lastName: null, email: 'dispatch@example.com' })).toBe('D');
    expect(userInitials({ firstName: null, lastName: 'Lovelace', email: 'dispatch@example.com' })).toBe('D');
    expect(userInitials({ firstName: '  ', lastName: 'Lovelace', email: 'dispatch@example.com' })).toBe('D');
  });

  it("shows 'U' when there is neither name nor e-mail", () => {
    expect(userInitials({ firstName: null, lastName: null, email: '' })).toBe('U');
    expect(userInitials(null)).toBe('U');
  });

  it('is never longer than 2 characters', () => {
    expect(userInitials({ firstName: 'Mary Ann', lastName: 'Smith-Jones', email: 'm@example.com' })).toHaveLength(2);
  });
});

describe('display name', () => {
  it('is the full name, else the e-mail', () => {
    expect(userDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@example.com' })).toBe('Ada Lovelace');
    expect(userDisplayName({ firstName: 'Ada', lastName: null, email: 'a@example.com' })).toBe('Ada');
    expect(userDisplayName({ firstName: null, lastName: null, email: 'a@example.com' })).toBe('a@example.com');
  });
});
