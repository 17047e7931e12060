/**
 * The contract that matters: @paypal/react-paypal-js v5, pointed at the sandbox with `sdkBaseUrl`, loads the
 * stand-in and runs the checkout through PayPalButtons exactly as the site's checkout module does.
 * @jest-environment jsdom
 * @jest-environment-options {"resources": "usable", "url": "http://localhost:3000/checkout"}
 */
import '@testing-library/jest-dom';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, useState } from 'react';
import { http } from './support/node-http';
import { runServer, type RunningSandbox } from './support/server-process';

let server: RunningSandbox;
beforeAll(async () => {
  server = await runServer({ PAYPAL_CLIENT_ID: 'sandbox-client-id' });
});
afterAll(() => server.stop());

/** A checkout like mf-checkout's: status while loading, a fallback when the SDK fails, the buttons otherwise. */
function Checkout({ clientId }: { clientId: string }) {
  const [result, setResult] = useState('');
  function Body() {
    const [{ isPending, isRejected }] = usePayPalScriptReducer();
    if (isPending) return h('p', null, 'Loading PayPal...');
    if (isRejected) return h('p', { role: 'alert' }, 'PayPal is unavailable.');
    return h(PayPalButtons, {
      createOrder: (_data, actions) =>
        actions.order.create({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '750.00' }, description: 'Payment for Phlebotomy', reference_id: 'course-3' }] }),
      onApprove: async (data, actions) => {
        const order = await actions.order!.capture();
        setResult(`${order.status} ${data.orderID}`);
      },
      onError: (error) => setResult(`error: ${String(error.message)}`),
    });
  }
  return h(
    PayPalScriptProvider,
    { options: { clientId, currency: 'USD', intent: 'capture', sdkBaseUrl: `${server.url}/sdk/js` } },
    h(Body),
    h('output', null, result),
  );
}

afterEach(() => {
  document.head.innerHTML = '';
  delete (window as unknown as { paypal?: unknown }).paypal;
});

it('PayPalScriptProvider loads the stand-in from sdkBaseUrl and PayPalButtons completes a capture', async () => {
  render(h(Checkout, { clientId: 'sandbox-client-id' }));
  expect(screen.getByText('Loading PayPal...')).toBeInTheDocument();
  const script = document.head.querySelector('script')!;
  expect(script.src).toBe(`${server.url}/sdk/js?client-id=sandbox-client-id&currency=USD&intent=capture`);
  expect(script).toHaveAttribute('data-sdk-integration-source', 'react-paypal-js');

  fireEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay with PayPal' });
  expect(dialog).toHaveTextContent('Amount: $750.00 USD');
  fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));

  await waitFor(() => expect(document.querySelector('output')).toHaveTextContent(/^COMPLETED [0-9A-Z]{17}$/));
  const orderID = document.querySelector('output')!.textContent!.split(' ')[1];
  const orders = (await http('GET', `${server.url}/__inbox/orders`)).json();
  expect(orders.find((o: { id: string }) => o.id === orderID)).toMatchObject({ status: 'COMPLETED', purchase_units: [{ reference_id: 'course-3' }] });
});

it('an unknown client id leaves the provider rejected, so the page can show its fallback', async () => {
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(h(Checkout, { clientId: 'not-configured' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('PayPal is unavailable.');
  consoleError.mockRestore();
});
