import { render, screen } from '@testing-library/react';
import { paypal, resetPayPal, SANDBOX_PAYPAL } from '../../testing/paypal-mock';
import { PayPalGate } from './paypal-gate';
import { CheckoutPayPalProvider } from './paypal-provider';

jest.mock('@paypal/react-paypal-js', () => jest.requireActual('../../testing/paypal-mock'));

beforeEach(() => resetPayPal());

const renderGate = () =>
  render(
    <CheckoutPayPalProvider>
      <PayPalGate>
        <p>PayPal buttons here</p>
      </PayPalGate>
    </CheckoutPayPalProvider>,
  );

test('loads the v5 SDK from the configured base URL with USD and capture intent', () => {
  renderGate();
  expect(paypal.providers).toEqual([
    { clientId: 'sandbox-client-id', currency: 'USD', intent: 'capture', sdkBaseUrl: 'http://localhost:4010/sdk/js' },
  ]);
});

test('without sdkBaseUrl (production) the option is left out so PayPal\'s own host is used', () => {
  resetPayPal({ ...SANDBOX_PAYPAL, sdkBaseUrl: '' });
  renderGate();
  expect(paypal.providers[0]).toEqual({ clientId: 'sandbox-client-id', currency: 'USD', intent: 'capture' });
});

test('shows the children once the SDK is ready', () => {
  renderGate();
  expect(screen.getByText('PayPal buttons here')).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('shows a loading state while the SDK loads', () => {
  paypal.state.isPending = true;
  renderGate();
  expect(screen.getByRole('status')).toHaveTextContent('Loading PayPal...');
  expect(screen.queryByText('PayPal buttons here')).not.toBeInTheDocument();
});

test('says so clearly when the SDK cannot load', () => {
  paypal.state.isRejected = true;
  renderGate();
  expect(screen.getByRole('alert')).toHaveTextContent('PayPal could not be loaded. Please try again later.');
  expect(screen.queryByText('PayPal buttons here')).not.toBeInTheDocument();
});

test('without a PayPal config nothing is loaded and the same message shows', () => {
  resetPayPal(null);
  renderGate();
  expect(paypal.providers).toHaveLength(0);
  expect(screen.getByRole('alert')).toHaveTextContent('PayPal could not be loaded. Please try again later.');
});
