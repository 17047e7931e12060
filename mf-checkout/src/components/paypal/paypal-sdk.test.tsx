/**
 * The real @paypal/react-paypal-js (not mocked) against a fake `window.paypal`: proves the script URL
 * built from config.json and that our gate hands over to the real buttons once the SDK has loaded.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PayPalButtons } from '@paypal/react-paypal-js';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import { PayPalGate } from './paypal-gate';
import { CheckoutPayPalProvider } from './paypal-provider';

type ButtonOptions = { createOrder(data: unknown, actions: unknown): Promise<string> };

beforeEach(() => {
  setConfig({ ...DEFAULT_CONFIG, paypal: { clientId: 'sandbox-client-id', sdkBaseUrl: 'http://localhost:4010/sdk/js', currency: 'USD' } });
  document.head.innerHTML = '';
  delete (window as { paypal?: unknown }).paypal;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function sdkScript(): HTMLScriptElement {
  const script = document.head.querySelector<HTMLScriptElement>('script[src*="/sdk/js"]');
  if (!script) throw new Error('no SDK script');
  return script;
}

function renderButtons(createOrder = jest.fn(async () => 'ORDER-1')) {
  render(
    <CheckoutPayPalProvider>
      <PayPalGate>
        <PayPalButtons createOrder={createOrder} />
      </PayPalGate>
    </CheckoutPayPalProvider>,
  );
  return createOrder;
}

test('requests the SDK from sdkBaseUrl with client-id, USD and capture intent; loading until it arrives', async () => {
  renderButtons();
  await waitFor(() => sdkScript());
  const url = new URL(sdkScript().src);
  expect(`${url.origin}${url.pathname}`).toBe('http://localhost:4010/sdk/js');
  expect(Object.fromEntries(url.searchParams)).toEqual({ 'client-id': 'sandbox-client-id', currency: 'USD', intent: 'capture' });
  expect(screen.getByRole('status')).toHaveTextContent('Loading PayPal...');
});

test('once loaded, the real buttons render through window.paypal.Buttons and call our createOrder', async () => {
  const createOrder = renderButtons();
  await waitFor(() => sdkScript());
  (window as { paypal?: unknown }).paypal = {
    version: '5.0.0',
    Buttons: (options: ButtonOptions) => ({
      isEligible: () => true,
      render: async (container: HTMLElement) => {
        const button = document.createElement('button');
        button.textContent = 'PayPal';
        button.onclick = () => void options.createOrder({ paymentSource: 'paypal' }, { order: { create: jest.fn() } });
        container.append(button);
      },
      close: async () => undefined,
    }),
  };
  await act(async () => {
    sdkScript().dispatchEvent(new Event('load'));
  });
  await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
  expect(createOrder).toHaveBeenCalledTimes(1);
});

test('a script that fails to load shows the unavailable message', async () => {
  renderButtons();
  await waitFor(() => sdkScript());
  await act(async () => {
    sdkScript().dispatchEvent(new Event('error'));
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('PayPal could not be loaded. Please try again later.');
});
