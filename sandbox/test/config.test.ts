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

  it('lets only the site origins read the inbox, and keeps the server\'s template strict', () => {
    expect(loadServerConfig({}).options.siteOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(loadServerConfig({ SITE_ORIGINS: 'https://www.institute.example/, http://127.0.0.1:3202' }).options.siteOrigins)
      .toEqual(['https://www.institute.example', 'http://127.0.0.1:3202']);
    expect(() => loadServerConfig({ SITE_ORIGINS: 'javascript:alert(1)' })).toThrow('SITE_ORIGINS must be an http(s) URL, got "javascript:alert(1)".');
    expect(loadServerConfig({ EMAILJS_ACCOUNT_TEMPLATE_ID: 'template_server' }).options.emailjsStrictTemplates).toEqual(['template_server']);
  });

  it('answers for the merchant account PAYPAL_MERCHANT_ID / PAYPAL_MERCHANT_EMAIL name', () => {
    expect(loadServerConfig({}).options.paypalMerchant).toEqual({ merchantId: 'SANDBOXMERCH1', email: 'merchant@sandbox.example' });
    expect(loadServerConfig({ PAYPAL_MERCHANT_ID: 'INSTITUTE0001', PAYPAL_MERCHANT_EMAIL: 'pay@institute.example' }).options.paypalMerchant)
      .toEqual({ merchantId: 'INSTITUTE0001', email: 'pay@institute.example' });
  });
});
