import { init, send } from '@emailjs/browser';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import { sendEmail } from './send-email';

jest.mock('@emailjs/browser', () => ({ init: jest.fn(), send: jest.fn() }));

const keys = { publicKey: 'pk_test', serviceId: 'svc_test', templateId: 'tpl_test' };

afterEach(() => {
  setConfig(DEFAULT_CONFIG);
  jest.mocked(send).mockReset();
  jest.mocked(init).mockReset();
});

describe('sendEmail', () => {
  it('initialises EmailJS with the configured key and origin, then sends the template', async () => {
    setConfig({ ...DEFAULT_CONFIG, emailjs: { ...keys, origin: 'http://127.0.0.1:4010/emailjs' } });
    jest.mocked(send).mockResolvedValue({ status: 200, text: 'OK' });
    await sendEmail({ name: 'Ann' });
    expect(init).toHaveBeenCalledWith({ publicKey: 'pk_test', origin: 'http://127.0.0.1:4010/emailjs' });
    expect(send).toHaveBeenCalledWith('svc_test', 'tpl_test', { name: 'Ann' });
  });

  it('falls back to apiBaseUrl and drops a trailing slash, which EmailJS would double', async () => {
    setConfig({ ...DEFAULT_CONFIG, emailjs: { ...keys, apiBaseUrl: 'http://127.0.0.1:4010/emailjs/' } });
    jest.mocked(send).mockResolvedValue({ status: 200, text: 'OK' });
    await sendEmail({});
    expect(init).toHaveBeenCalledWith({ publicKey: 'pk_test', origin: 'http://127.0.0.1:4010/emailjs' });
  });

  it('uses EmailJS’s own origin when none is configured', async () => {
    setConfig({ ...DEFAULT_CONFIG, emailjs: keys });
    jest.mocked(send).mockResolvedValue({ status: 200, text: 'OK' });
    await sendEmail({});
    expect(init).toHaveBeenCalledWith({ publicKey: 'pk_test' });
  });

  it('sends an appointment request with the appointment template, a contact message with the contact one', async () => {
    setConfig({ ...DEFAULT_CONFIG, emailjs: { ...keys, appointmentTemplateId: 'tpl_appointment' } });
    jest.mocked(send).mockResolvedValue({ status: 200, text: 'OK' });
    await sendEmail({ name: 'Ann' }, 'appointment');
    expect(send).toHaveBeenLastCalledWith('svc_test', 'tpl_appointment', { name: 'Ann' });
    await sendEmail({ name: 'Ann' });
    expect(send).toHaveBeenLastCalledWith('svc_test', 'tpl_test', { name: 'Ann' });
  });

  it('falls back to the contact template when no appointment template is configured', async () => {
    setConfig({ ...DEFAULT_CONFIG, emailjs: keys });
    jest.mocked(send).mockResolvedValue({ status: 200, text: 'OK' });
    await sendEmail({}, 'appointment');
    expect(send).toHaveBeenCalledWith('svc_test', 'tpl_test', {});
  });

  it('refuses to send without EmailJS settings', async () => {
    await expect(sendEmail({})).rejects.toThrow('EmailJS is not configured');
    expect(send).not.toHaveBeenCalled();
  });
});
