import { PASSWORD_TEXT, passwordProblem } from '../../src/lib/password-policy';

describe('passwordProblem (NIST SP 800-63B)', () => {
  it('accepts 8 to 128 characters of anything, with no composition rules', () => {
    for (const ok of ['Cobalt-Harbor-81', 'lowercase only words here', 'ÄÖÜ ß 漢字 😀 okay', 'Admin#2026!', 'x'.repeat(120) + 'Yz9!-qwe']) {
      expect(passwordProblem(ok)).toBeNull();
    }
  });

  it('counts characters, not bytes', () => {
    expect(passwordProblem('😀😀😀😀😀😀😀')).toBe(PASSWORD_TEXT.tooShort);
    expect(passwordProblem('😀😀😀😀😀😀😀a')).toBeNull();
    expect(passwordProblem('a'.repeat(127) + 'b😀')).toBe(PASSWORD_TEXT.tooLong);
  });

  it('refuses common and breached passwords in any case', () => {
    for (const bad of ['password123', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou1', 'Whatever1']) {
      expect(passwordProblem(bad)).toBe(PASSWORD_TEXT.common);
    }
  });

  it('refuses repeated and sequential characters', () => {
    for (const bad of ['aaaaaaaa', 'abcabcabc', '12121212', 'abcdefghij', 'zyxwvuts', '98765432']) {
      expect(passwordProblem(bad)).toBe(PASSWORD_TEXT.pattern);
    }
  });

  it("refuses the institute's name and the user's own email or username", () => {
    expect(passwordProblem('Northbridge-2027')).toBe(PASSWORD_TEXT.personal);
    expect(passwordProblem('marygold-1990!', { email: 'marygold@example.com' })).toBe(PASSWORD_TEXT.personal);
    expect(passwordProblem('my name is ann-marie', { username: 'Ann-Marie' })).toBe(PASSWORD_TEXT.personal);
    // Short usernames would forbid too much: they are not checked.
    expect(passwordProblem('Cobalt-Harbor-ann', { username: 'ann' })).toBeNull();
  });
});
