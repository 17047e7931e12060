import { ConfigError, loadServerConfig } from '../src/config';

describe('loadServerConfig', () => {
  it('listens on SANDBOX_PORT, else on the development port', () => {
    expect(loadServerConfig({}).port).toBe(4010);
    expect(loadServerConfig({ SANDBOX_PORT: '4110' }).port).toBe(4110);
    expect(loadServerConfig({ SANDBOX_PORT: '0' }).port).toBe(0);
    expect(loadServerConfig({ SANDBOX_PORT: '' }).port).toBe(4010);
  });

  it('does not read PORT, which a parent process may have set for another server', () => {
    expect(loadServerConfig({ PORT: '8080' }).port).toBe(4010);
    expect(loadServerConfig({ PORT: 'eighty', SANDBOX_PORT: '4110' }).port).toBe(4110);
  });

  it('refuses an unusable SANDBOX_PORT, naming it', () => {
    expect(() => loadServerConfig({ SANDBOX_PORT: 'eighty' })).toThrow(new ConfigError('SANDBOX_PORT must be an integer from 0 to 65535, got "eighty".'));
    expect(() => loadServerConfig({ SANDBOX_PORT: '65536' })).toThrow('SANDBOX_PORT must be an integer from 0 to 65535, got "65536".');
    expect(() => loadServerConfig({ SANDBOX_PORT: '-1' })).toThrow('SANDBOX_PORT must be an integer from 0 to 65535, got "-1".');
    expect(() => loadServerConfig({ SANDBOX_PORT: '4010.5' })).toThrow('SANDBOX_PORT must be an integer from 0 to 65535, got "4010.5".');
  });
});
