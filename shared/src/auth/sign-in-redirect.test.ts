import { readSignInState, safeReturnPath, signInState, SIGN_IN_REASONS } from './sign-in-redirect';

describe('safeReturnPath: only a path of this site', () => {
  test.each([
    ['/courses/42', '/courses/42'],
    ['/courses?sort=price#list', '/courses?sort=price#list'],
    ['/payment/c%201', '/payment/c%201'],
    ['/quick-programs/p1', '/quick-programs/p1'],
    ['/', '/'],
  ])('accepts %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  test.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example/courses',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'evil.example',
    'courses/42',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%09/evil.example',
    '/%E0%A4%A',
    '',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  test('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, { pathname: '/courses' }, ['/courses']]) expect(safeReturnPath(value)).toBeNull();
  });

  test('does not return to the sign-in pages themselves', () => {
    for (const value of ['/login', '/LOGIN?x=1', '/register', '/forgot-password', '/reset-password/abc']) expect(safeReturnPath(value)).toBeNull();
    expect(safeReturnPath('/login-help')).toBe('/login-help');
  });
});

describe('readSignInState: where the login page sends the visitor and what it says', () => {
  test('returns to the sending page with its navigation state and says why', () => {
    const course = { _id: 'c1', title: 'Welding', price: 900 };
    const plan = readSignInState(signInState({ pathname: '/payment/c1', search: '?x=1', hash: '', state: { course } }, 'pay-course'));
    expect(plan).toEqual({ to: '/payment/c1?x=1', state: { course }, message: 'Sign in to pay for this course.' });
  });

  test('each reason has its sentence', () => {
    expect(readSignInState(signInState({ pathname: '/courses/c1' }, 'view-course')).message).toBe('Sign in to see the programs of this course.');
    expect(readSignInState(signInState({ pathname: '/courses/c1' }, 'enroll')).message).toBe('Sign in to enroll in this course.');
    expect(readSignInState(signInState({ pathname: '/quick-programs/p1' }, 'pay-program')).message).toBe('Sign in to pay for this program.');
    expect(readSignInState(signInState({ pathname: '/profile' }, 'page')).message).toBe('Sign in to open this page.');
    expect(readSignInState(signInState({ pathname: '/payment-options' }, 'payment-options')).message).toBe('Sign in to choose how to pay.');
    expect(readSignInState(signInState({ pathname: '/profile' }, 'session-ended')).message).toBe('Your session has ended. Sign in again to continue.');
    expect(Object.keys(SIGN_IN_REASONS)).toHaveLength(7);
  });

  test('reads the bare path earlier releases leave', () => {
    expect(readSignInState({ from: '/payment/c1' })).toEqual({ to: '/payment/c1', state: null, message: undefined });
  });

  test('goes home, with no sentence, from anything else', () => {
    const home = { to: '/', state: null, message: undefined };
    expect(readSignInState(null)).toEqual(home);
    expect(readSignInState(undefined)).toEqual(home);
    expect(readSignInState({ notice: 'Account created. You can log in now.' })).toEqual(home);
    expect(readSignInState({ from: 'https://evil.example/' })).toEqual(home);
    expect(readSignInState({ from: { pathname: '//evil.example', state: { x: 1 } } })).toEqual(home);
    expect(readSignInState({ from: { pathname: '/', search: '/evil.example' } }).to).toBe('/');
    expect(readSignInState({ from: '/courses', reason: 'toString' }).message).toBeUndefined();
    expect(readSignInState({ from: '/courses', reason: 'unknown' }).message).toBeUndefined();
  });
});
