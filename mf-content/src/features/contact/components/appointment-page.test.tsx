import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { init, send } from '@emailjs/browser';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import AppointmentPage from '../../../expose/appointment-page';
import { API, mockFetch, renderPage } from '../../../testing/test-utils';

jest.mock('@emailjs/browser', () => ({ init: jest.fn(), send: jest.fn() }));

const emailjs = { publicKey: 'pk_test', serviceId: 'svc_test', templateId: 'tpl_test', appointmentTemplateId: 'tpl_appointment' };
const sendMock = jest.mocked(send);
const COURSES = [{ _id: 'c1', title: 'Medical Assistant' }, { _id: 'c2', title: 'Medical Billing' }, { _id: 'c3', title: 'Pharmacy Technician' }];
const PROGRAMS = [{ _id: 'q1', title: 'CPR Basics' }, { _id: 'q2', title: 'Medical Terminology' }];
const institute = {
  ...DEFAULT_CONFIG.institute, phone: '(555) 222-1000', coordinatorPhone: '(555) 222-2000', coordinatorName: 'Maria Gomez',
};

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG, institute, emailjs });
  mockFetch(({ url }) => {
    const { pathname, searchParams } = new URL(url);
    const list = { '/api/courses': COURSES, '/api/quick-programs': PROGRAMS }[pathname];
    if (!list) return { status: 404, body: {} };
    // Without paging parameters the API answers the whole table; the form must never ask for it.
    if (!searchParams.has('limit')) return { status: 500, body: { error: 'Test', message: 'whole list asked for' } };
    const words = (searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const items = list.filter((item) => words.every((w) => item.title.toLowerCase().includes(w))).slice(0, Number(searchParams.get('limit')));
    return { body: { items, total: items.length, nextCursor: null } };
  });
});
afterEach(() => {
  setConfig(DEFAULT_CONFIG);
  sendMock.mockReset();
  jest.mocked(init).mockReset();
});

/** The URLs the page asked the API for (the fake network of beforeEach records them). */
function mockFetchSeen() {
  const fn = jest.mocked(global.fetch);
  return { seen: () => fn.mock.calls.map(([url]) => String(url)) };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, textarea' });
const submit = () => screen.getByRole('button', { name: /request appointment|sending/i });

/** Tomorrow in the browser's time zone, as a date input holds it. */
function tomorrow(): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('AppointmentPage: contact guide', () => {
  it('lists the four categories with their channels and the institute numbers', () => {
    renderPage(<AppointmentPage />, { route: '/appointment' });
    const guide = screen.getByRole('region', { name: 'Contact Guide' });
    const items = within(within(guide).getByRole('list', { name: 'Who to contact' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Personal matters');
    expect(items[0]).toHaveTextContent('By text only');
    expect(items[1]).toHaveTextContent('Technical support and attendance');
    expect(items[1]).toHaveTextContent('By email only');
    expect(items[2]).toHaveTextContent('Class questions');
    expect(items[2]).toHaveTextContent('Via your class group chat');
    expect(items[3]).toHaveTextContent('Urgent issues and appointment requests');
    expect(items[3]).toHaveTextContent('Main office phone or coordinator text');

    expect(within(items[0]!).getByRole('link', { name: '(555) 222-2000' })).toHaveAttribute('href', 'sms:5552222000');
    expect(items[0]).toHaveTextContent('Maria Gomez');
    expect(within(items[1]!).getByRole('link', { name: institute.email })).toHaveAttribute('href', `mailto:${institute.email}`);
    expect(within(items[3]!).getByRole('link', { name: '(555) 222-1000' })).toHaveAttribute('href', 'tel:5552221000');
    expect(within(items[3]!).getByRole('link', { name: '(555) 222-2000' })).toHaveAttribute('href', 'sms:5552222000');
  });

  it('states the response time, the guidelines and the note to keep the sheet', () => {
    renderPage(<AppointmentPage />);
    const guide = screen.getByRole('region', { name: 'Contact Guide' });
    expect(guide).toHaveTextContent('We respond within 24 hours.');
    expect(guide).toHaveTextContent('Messages sent on a weekend or holiday are answered the next business day.');
    expect(guide).toHaveTextContent('Keep a professional tone.');
    expect(guide).toHaveTextContent('In text messages, include your full name, your program and the reason for your message.');
    expect(guide).toHaveTextContent('Emergency office hours: 9:00 AM to 2:00 PM.');
    expect(guide).toHaveTextContent('Please keep this sheet for future reference.');
  });

  it('falls back to the main office number when no coordinator is configured', () => {
    setConfig({ ...DEFAULT_CONFIG, institute: { ...institute, coordinatorPhone: undefined, coordinatorName: undefined }, emailjs });
    renderPage(<AppointmentPage />);
    const items = within(screen.getByRole('list', { name: 'Who to contact' })).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: '(555) 222-1000' })).toHaveAttribute('href', 'sms:5552221000');
    expect(items[0]).toHaveTextContent('the program coordinator');
  });
});

describe('AppointmentPage: request form', () => {
  it('uses the contact form messages for name and email', async () => {
    const user = userEvent.setup();
    renderPage(<AppointmentPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeInTheDocument();
    await user.click(submit());
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(field('Email'), 'not-an-email');
    await user.click(submit());
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(sendMock).not.toHaveBeenCalled();
  });

  it('rejects a preferred date in the past', async () => {
    const user = userEvent.setup();
    renderPage(<AppointmentPage />);
    await user.type(field('Name'), 'Ann');
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Preferred date'), '2020-01-01');
    await user.click(submit());
    expect(screen.getByText('Preferred date cannot be in the past')).toBeInTheDocument();
    expect(sendMock).not.toHaveBeenCalled();
  });

  it('Program is a combobox that asks the server for the typed words and offers courses and quick programs', async () => {
    const user = userEvent.setup();
    const { seen } = mockFetchSeen();
    renderPage(<AppointmentPage />);
    const program = screen.getByRole('combobox', { name: 'Program' });
    expect(program).toHaveAttribute('aria-autocomplete', 'list');
    expect(program).toHaveAttribute('aria-expanded', 'false');
    // Nothing is read before the visitor types.
    expect(seen()).toHaveLength(0);
    await user.type(program, 'medical');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(program).toHaveAttribute('aria-expanded', 'true');
    expect(program).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Medical AssistantCourse', 'Medical BillingCourse', 'Medical TerminologyQuick program',
    ]);
    // One request per kind for the settled words: a few cards each, never the whole table (the form's first focus
    // also asked for its form token, issue 31).
    expect(seen().filter((url) => !url.endsWith('/api/inquiries/form-token')).sort()).toEqual([
      `${API}/api/courses?fields=card&limit=6&q=medical&sort=name`,
      `${API}/api/quick-programs?fields=card&limit=6&q=medical&sort=name`,
    ]);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(list).getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(program).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(program).toHaveValue('Medical Billing');
    expect(program).toHaveAttribute('aria-expanded', 'false');
    expect(sendMock).not.toHaveBeenCalled();

    await user.clear(program);
    await user.type(program, 'cpr');
    await user.click(await screen.findByRole('option', { name: /CPR Basics/ }));
    expect(program).toHaveValue('CPR Basics');
    await user.type(program, '{Backspace}');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(program).toHaveAttribute('aria-expanded', 'false');
    expect(program).toHaveValue('CPR Basic');
  });

  it('sends every field through EmailJS, then clears the form and confirms', async () => {
    const user = userEvent.setup();
    sendMock.mockResolvedValue({ status: 200, text: 'OK' });
    renderPage(<AppointmentPage />);
    const date = tomorrow();
    await user.type(field('Name'), 'Ann Smith');
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Phone'), '555-0100');
    await user.type(field('Preferred date'), date);
    await user.type(field('Preferred time'), '10:30');
    await user.type(field('Program'), 'Medical Assistant');
    await user.type(field('Reason'), 'Enrollment questions');
    await user.click(submit());

    expect(await screen.findByText('Your message has been sent successfully!')).toHaveAttribute('role', 'status');
    expect(init).toHaveBeenCalledWith({ publicKey: 'pk_test' });
    expect(sendMock).toHaveBeenCalledWith('svc_test', 'tpl_appointment', {
      name: 'Ann Smith',
      email: 'ann@example.com',
      number: '555-0100',
      preferred_date: date,
      preferred_time: '10:30',
      program: 'Medical Assistant',
      reason: 'Enrollment questions',
      message: `Appointment request\nPreferred date: ${date}\nPreferred time: 10:30\nProgram: Medical Assistant\nReason: Enrollment questions`,
    });
    expect(field('Name')).toHaveValue('');
    expect(field('Reason')).toHaveValue('');
  });

  it('keeps the typed text when sending fails', async () => {
    const user = userEvent.setup();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    sendMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage(<AppointmentPage />);
    await user.type(field('Name'), 'Ann');
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Reason'), 'Schedule change');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    expect(field('Reason')).toHaveValue('Schedule change');
    log.mockRestore();
  });

  it('shows the server\'s refusal of a time outside office hours and emails nothing', async () => {
    const user = userEvent.setup();
    const refusal = '3:00 AM is outside our office hours. Please choose a time within them: Monday to Friday, 9:00 AM to 5:00 PM (America/New_York time).';
    const { seen } = mockFetch(({ url, method }) => {
      if (url === `${API}/api/inquiries/form-token`) return { body: { token: 'signed-token' } };
      if (method === 'POST' && url === `${API}/api/inquiries`) return { status: 422, body: { error: 'Unprocessable Entity', message: refusal } };
      return { status: 404, body: {} };
    });
    renderPage(<AppointmentPage />);
    const date = tomorrow();
    await user.type(field('Name'), 'Ann Smith');
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Preferred date'), date);
    await user.type(field('Preferred time'), '03:00');
    await user.type(field('Reason'), 'Enrollment questions');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(seen.find((req) => req.method === 'POST')?.body).toEqual({
      kind: 'appointment', name: 'Ann Smith', email: 'ann@example.com', number: '', program: '', date, time: '03:00',
      message: 'Enrollment questions', website: '', formToken: 'signed-token',
    });
    expect(sendMock).not.toHaveBeenCalled();
    expect(field('Preferred time')).toHaveValue('03:00');
    expect(submit()).toBeEnabled();
  });
});
