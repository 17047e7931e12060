import { logFormat } from '../../src/lib/log-format';

describe('logFormat (issue 14, item 10)', () => {
  it('development logs go through pino-pretty', () => {
    expect(logFormat('development', undefined).transport?.target).toBe('pino-pretty');
  });

  it('production and tests stay JSON (no transport), whatever LOG_FORMAT says in production', () => {
    expect(logFormat('production', undefined)).toEqual({});
    expect(logFormat('production', 'pretty')).toEqual({});
    expect(logFormat('test', undefined)).toEqual({});
  });

  it('LOG_FORMAT overrides the default outside production', () => {
    expect(logFormat('development', 'json')).toEqual({});
    expect(logFormat('test', 'pretty').transport?.target).toBe('pino-pretty');
  });

  it('logs JSON when pino-pretty is not installed (an install without dev packages)', () => {
    expect(logFormat('development', undefined, () => false)).toEqual({});
  });
});
