import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { init, send } from '@emailjs/browser';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import ContactPage from '../../../expose/contact-page';
import { API, mockFetch, renderPage } from '../../../testing/test-utils';

jest.mock('@emailjs/browser', () => ({ init: jest.fn(), send: jest.fn() }));

const emailjs = { publicKey: 'pk_test', serviceId: 'svc_test', templateId: 'tpl_test', origin: 'http://127.0.0.1:4010/emailjs' };
const sendMock = jest.mocked(send);
let fetch: jest.Mock;

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG, emailjs });
  fetch = mockFetch(() => Promise.reject(new Error('no network in this page'))).fn;
});
afterEach(() => {
  setConfig(DEFAULT_CONFIG);
  sendMock.mockReset();
  jest.mocked(init).mockReset();
});

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: /send message|sending/i });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Ann Smith');
  await user.type(field('Email'), 'ann@example.com');
  await user.type(field('Phone'), '555-0100');
  await user.type(field('Message'), 'When does the next class start?');
}

describe('ContactPage', () => {
  it('shows the banner and the institute address, email and phone without any network call', () => {
    renderPage(<ContactPage />, { route: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeInTheDocument();
    const { address, email, phone } = DEFAULT_CONFIG.institute;
    expect(screen.getAllByText(address).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    expect(screen.getByRole('link', { name: phone })).toHaveAttribute('href', 'tel:5550104477');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a static address card when no map is configured', () => {
    renderPage(<ContactPage />);
    expect(document.querySelector('iframe')).toBeNull();
    const card = screen.getByRole('region', { name: 'Find Us' });
    expect(within(card).getByText(DEFAULT_CONFIG.institute.address)).toBeInTheDocument();
  });

  it('embeds the configured map', () => {
    setConfig({ ...DEFAULT_CONFIG, emailjs, mapEmbedUrl: 'https://maps.example/embed?q=x' });
    renderPage(<ContactPage />);
    const map = screen.getByTitle(`Map showing ${DEFAULT_CONFIG.institute.name}`);
    expect(map).toHaveAttribute('src', 'https://maps.example/embed?q=x');
    expect(map).toHaveAttribute('loading', 'lazy');
  });

  it('keeps the address and a map-service link beside the embed, for when the embed cannot load', () => {
    setConfig({ ...DEFAULT_CONFIG, emailjs, mapEmbedUrl: 'https://maps.example/embed?q=x' });
    renderPage(<ContactPage />);
    const card = screen.getByRole('region', { name: 'Find Us' });
    expect(within(card).getByTitle(`Map showing ${DEFAULT_CONFIG.institute.name}`)).toBeInTheDocument();
    expect(within(card).getByText(DEFAULT_CONFIG.institute.address)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open in a map (new tab)' })).toHaveAttribute(
      'href', `https://www.openstreetmap.org/search?query=${encodeURIComponent(DEFAULT_CONFIG.institute.address)}`,
    );
  });

  it('requires a name and an email, sends nothing and focuses the first error', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />);
    await user.click(submit());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('Name is required');
    expect(field('Name')).toHaveFocus();
    expect(sendMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and clears the error once it is fixed', async () => {
    const user = userEvent.setup();
    renderPage(<ContactPage />);
    await user.type(field('Name'), 'Ann');
    await user.type(field('Email'), 'ann@example');
    await user.click(submit());
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(sendMock).not.toHaveBeenCalled();
    await user.type(field('Email'), '.com');
    expect(screen.queryByText('Invalid email')).not.toBeInTheDocument();
  });

  it('sends through EmailJS, disables the button while sending, then clears the form and confirms', async () => {
    const user = userEvent.setup();
    let resolve!: (v: { status: number; text: string }) => void;
    sendMock.mockImplementation(() => new Promise((r) => { resolve = r; }));
    renderPage(<ContactPage />);
    await fillValid(user);
    await user.click(submit());

    expect(submit()).toBeDisabled();
    expect(submit()).toHaveTextContent('Sending...');
    await user.click(submit());
    expect(sendMock).toHaveBeenCalledTimes(1);
    expect(init).toHaveBeenCalledWith({ publicKey: 'pk_test', origin: 'http://127.0.0.1:4010/emailjs' });
    expect(sendMock).toHaveBeenCalledWith('svc_test', 'tpl_test', {
      name: 'Ann Smith', email: 'ann@example.com', number: '555-0100', message: 'When does the next class start?',
    });
    // The API was asked for the form token only: it cannot be reached here, so the message goes by email alone.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([`${API}/api/inquiries/form-token`]);

    await act(async () => resolve({ status: 200, text: 'OK' }));
    expect(screen.getByRole('status')).toHaveTextContent('Your message has been sent successfully!');
    expect(field('Name')).toHaveValue('');
    expect(field('Email')).toHaveValue('');
    expect(field('Phone')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    expect(submit()).toBeEnabled();
  });

  it('sends once when the form is submitted twice in the same moment', async () => {
    const user = userEvent.setup();
    sendMock.mockImplementation(() => new Promise(() => undefined));
    renderPage(<ContactPage />);
    await fillValid(user);
    const form = submit().closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await waitFor(() => expect(sendMock).toHaveBeenCalled());
    expect(sendMock).toHaveBeenCalledTimes(1);
  });

  it('sends when only the required fields are filled', async () => {
    const user = userEvent.setup();
    sendMock.mockResolvedValue({ status: 200, text: 'OK' });
    renderPage(<ContactPage />);
    await user.type(field('Name'), 'Ann');
    await user.type(field('Email'), 'ann@example.com');
    await user.click(submit());
    expect(await screen.findByText('Your message has been sent successfully!')).toBeInTheDocument();
    expect(sendMock).toHaveBeenCalledWith('svc_test', 'tpl_test', { name: 'Ann', email: 'ann@example.com', number: '', message: '' });
  });

  it('keeps the typed text and says so when sending fails', async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    sendMock.mockRejectedValue({ status: 412, text: 'Service misconfigured' });
    renderPage(<ContactPage />);
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    expect(screen.queryByText('Your message has been sent successfully!')).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('Ann Smith');
    expect(field('Message')).toHaveValue('When does the next class start?');
    expect(submit()).toBeEnabled();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  describe('keeps each request as a lead on the server (issue 31)', () => {
    const server = (answer: { status: number; body: object }) => mockFetch(({ url, method }) => {
      if (url === `${API}/api/inquiries/form-token`) return { body: { token: 'signed-token' } };
      if (method === 'POST' && url === `${API}/api/inquiries`) return answer;
      return { status: 404, body: {} };
    });

    it('stores the message with the form token and the empty honeypot, then emails it', async () => {
      const user = userEvent.setup();
      sendMock.mockResolvedValue({ status: 200, text: 'OK' });
      const { seen } = server({ status: 201, body: { _id: 'i1', message: 'Thank you.' } });
      renderPage(<ContactPage />);
      await fillValid(user);
      await user.click(submit());
      expect(await screen.findByText('Your message has been sent successfully!')).toBeInTheDocument();
      expect(seen.filter((req) => req.method === 'POST').map((req) => req.body)).toEqual([{
        kind: 'contact', name: 'Ann Smith', email: 'ann@example.com', number: '555-0100', message: 'When does the next class start?',
        website: '', formToken: 'signed-token',
      }]);
      expect(sendMock).toHaveBeenCalledTimes(1);
    });

    it('shows the server\'s refusal (too fast, too many, a robot\'s field) and emails nothing; the typed text stays', async () => {
      const user = userEvent.setup();
      const message = 'That was quicker than a person can fill in the form. Please check your details and send it again.';
      server({ status: 422, body: { error: 'Unprocessable Entity', message } });
      renderPage(<ContactPage />);
      await fillValid(user);
      await user.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(sendMock).not.toHaveBeenCalled();
      expect(field('Name')).toHaveValue('Ann Smith');
    });

    it('still emails the message when the server fails to store it, and stores it once when the visitor retries', async () => {
      const user = userEvent.setup();
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { seen } = server({ status: 500, body: { error: 'Internal Server Error', message: 'Down.' } });
      sendMock.mockResolvedValue({ status: 200, text: 'OK' });
      renderPage(<ContactPage />);
      await fillValid(user);
      await user.click(submit());
      expect(await screen.findByText('Your message has been sent successfully!')).toBeInTheDocument();
      expect(seen.filter((req) => req.method === 'POST')).toHaveLength(1);
    });

    it('sends a retry after a failed email without storing the same request twice', async () => {
      const user = userEvent.setup();
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { seen } = server({ status: 201, body: { _id: 'i1', message: 'Thank you.' } });
      sendMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce({ status: 200, text: 'OK' });
      renderPage(<ContactPage />);
      await fillValid(user);
      await user.click(submit());
      expect(await screen.findByText('Failed to send message. Please try again.')).toBeInTheDocument();
      await user.click(submit());
      expect(await screen.findByText('Your message has been sent successfully!')).toBeInTheDocument();
      expect(seen.filter((req) => req.method === 'POST')).toHaveLength(1);
      expect(sendMock).toHaveBeenCalledTimes(2);
    });

    it('hides the honeypot from people: out of the tab order and the accessibility tree', () => {
      renderPage(<ContactPage />);
      const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
      expect(honeypot).toHaveAttribute('tabindex', '-1');
      expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
      expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    });
  });
});
