import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@institute/shared/router';
import { getConfig } from '@institute/shared/config';
import { resetPayPal } from '../../../testing/paypal-mock';
import { API, mockFetch, mockServer, pending, renderWithProviders, signIn } from '../../../testing/test-utils';
import { PaymentOptionsPage } from './payment-options-page';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../../testing/paypal-mock'));

const COURSE = { _id: 'c-1', title: 'Medical Billing and Coding', price: 1200, CourseDuration: { calendarLength: '6 months' } };

beforeEach(() => {
  resetPayPal();
  mockFetch(pending);
});

function renderPage(state: unknown = { course: COURSE }) {
  return renderWithProviders(
    <Routes>
      <Route path="/payment-options" element={<PaymentOptionsPage />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    { route: { pathname: '/payment-options', state }, strict: true },
  );
}

const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' });

describe('without a usable course in navigation state', () => {
  test.each([
    ['no state', null],
    ['no course', {}],
    ['a course without an id', { course: { title: 'No id', price: 100 } }],
  ])('%s: says so and offers no payment', (_case, state) => {
    renderPage(state);
    expect(screen.getByRole('alert')).toHaveTextContent('No course details found. Please go back and select a course.');
    expect(screen.getByRole('link', { name: 'Back to courses' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
  });
});

describe('the checkout variant', () => {
  test('titles the page with the institute name and ", New Jersey" and names the course', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`${getConfig().institute.name}, New Jersey`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Northbridge Career Institute, New Jersey');
    expect(screen.getByRole('heading', { level: 2, name: COURSE.title })).toBeInTheDocument();
    expect(screen.getByText('$1,200.00')).toBeInTheDocument();
  });

  test('lists the inclusions with the course duration from CourseDuration.calendarLength', () => {
    renderPage();
    const items = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Live sessions (online/in-person)',
      'Course duration: 6 months',
      '100% job placement support after completion',
    ]);
  });

  test('says "Not specified" when the course has no calendar length', () => {
    renderPage({ course: { _id: 'c-2', title: 'CPR', price: 80 } });
    expect(screen.getByText('Course duration: Not specified')).toBeInTheDocument();
  });

  test('signed out, "Proceed to Payment" goes to /login', async () => {
    renderPage();
    await userEvent.click(proceed());
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });
});

describe('the checkout modal', () => {
  beforeEach(() => {
    signIn();
    mockServer({ [`GET ${API}/api/payments/check/c-1`]: { body: { hasPaid: false, amountPaid: 0, dueAmount: 1200 } } });
  });

  test('is closed until "Proceed to Payment", then a labelled modal dialog with the price', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(proceed());
    const dialog = screen.getByRole('dialog', { name: 'Enroll for Medical Billing and Coding' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Enroll for Medical Billing and Coding' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Complete your payment of $1,200.00 to enroll in this course.');
    expect(within(dialog).getByTestId('paypal-buttons')).toBeInTheDocument();
  });

  test('moves focus in and keeps Tab inside, both ways', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    await userEvent.click(proceed());
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveFocus();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const inside = within(dialog).getAllByRole('button');
    const last = inside[inside.length - 1]!;
    await userEvent.tab();
    expect(close).toHaveFocus();
    for (let i = 1; i < inside.length; i += 1) await userEvent.tab();
    expect(last).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  test('pulls focus back if it lands outside the dialog', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    await userEvent.click(proceed());
    proceed().focus();
    expect(screen.getByRole('dialog')).toHaveFocus();
  });

  test('with focus dropped to <body> (a click on the backdrop), Tab re-enters and Escape still closes', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    await userEvent.click(proceed());
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('Escape closes it and focus returns to "Proceed to Payment"', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    await userEvent.click(proceed());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(proceed()).toHaveFocus();
  });

  test('the Close button closes it and focus returns to the opener; it opens again', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    await userEvent.click(proceed());
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(proceed()).toHaveFocus();
    await userEvent.click(proceed());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('the page behind does not scroll while it is open', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    await userEvent.click(proceed());
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });
});
