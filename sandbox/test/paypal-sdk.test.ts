/**
 * The JS SDK stand-in, loaded the way PayPalScriptProvider loads it (a <script> from sdkBaseUrl) into jsdom,
 * with its calls crossing origins (site localhost:3000 -> sandbox 127.0.0.1) so CORS is exercised too.
 * @jest-environment jsdom
 * @jest-environment-options {"resources": "usable", "url": "http://localhost:3000/checkout"}
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { http, serverTokenAt } from './support/node-http';
import { runServer, type RunningSandbox } from './support/server-process';

interface ButtonsInstance {
  isEligible(): boolean;
  render(target: HTMLElement | string): Promise<void>;
  close(): Promise<void>;
}
/** The SDK's actions argument, as far as these tests call it. */
interface SdkActions {
  order: { create(body: unknown): Promise<string>; capture(): Promise<unknown>; get(): Promise<unknown> };
  reject(): Promise<void>;
  enable(): Promise<void>;
  disable(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK calls back with its own JSON shapes; each test reads what it asserts
type Callback = (...args: any[]) => unknown;
interface PayPalNamespace {
  version: string;
  FUNDING: Record<string, string>;
  Buttons?: ((options: Record<string, Callback | string | undefined>) => ButtonsInstance) & { driver: (name: string) => unknown };
}
const paypal = () => (window as unknown as { paypal?: PayPalNamespace }).paypal;

let server: RunningSandbox;
beforeAll(async () => {
  server = await runServer({ PAYPAL_CLIENT_ID: 'sandbox-client-id', PAYPAL_CLIENT_SECRET: 'sandbox-client-secret' });
});
afterAll(() => server.stop());

function loadSdk(query = 'client-id=sandbox-client-id&currency=USD&intent=capture'): Promise<void> {
  delete (window as unknown as { paypal?: unknown }).paypal;
  document.head.innerHTML = '';
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${server.url}/sdk/js?${query}`;
    script.setAttribute('data-sdk-integration-source', 'react-paypal-js');
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`The script "${script.src}" failed to load.`));
    document.head.insertBefore(script, document.head.firstElementChild);
  });
}

const course = { amount: { value: '120.00' }, description: 'Payment for Medical Billing', reference_id: 'course-1' };
const inboxOrder = async (id: string) => (await http('GET', `${server.url}/__inbox/orders`)).json().find((o: { id: string }) => o.id === id);

async function renderButtons(options: Record<string, Callback | string | undefined>): Promise<{ buttons: ButtonsInstance; container: HTMLElement }> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const buttons = paypal()!.Buttons!(options);
  expect(buttons.isEligible()).toBe(true);
  await buttons.render(container);
  return { buttons, container };
}

beforeEach(async () => {
  document.body.innerHTML = '';
  await http('DELETE', `${server.url}/__inbox`);
  await loadSdk();
});

describe('the SDK script', () => {
  it('defines window.paypal like the v5 SDK', () => {
    const namespace = paypal()!;
    expect(namespace.version).toMatch(/^5\./);
    expect(typeof namespace.Buttons).toBe('function');
    expect(namespace.FUNDING.PAYPAL).toBe('paypal');
    expect(() => namespace.Buttons!.driver('react')).toThrow('The PayPal sandbox SDK has no react driver');
  });

  it('fails to load for an unknown client id, as the real SDK does (HTTP 400)', async () => {
    // jsdom reports the failed load on the console, as a browser would.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(loadSdk('client-id=someone-else')).rejects.toThrow('failed to load');
    const response = await http('GET', `${server.url}/sdk/js?client-id=someone-else`);
    expect(response.status).toBe(400);
    consoleError.mockRestore();
  });
});

describe('Buttons: render -> click -> approve -> onApprove', () => {
  it('creates the order in the browser, shows the approval dialog and captures in onApprove', async () => {
    const onInit = jest.fn();
    let captured: unknown;
    const onApprove = jest.fn(async (_data, actions) => {
      captured = await actions.order.capture();
    });
    const createOrder = jest.fn((_data, actions) => actions.order.create({ purchase_units: [course] }));
    await renderButtons({ createOrder, onApprove, onInit, onError: jest.fn() });

    expect(onInit).toHaveBeenCalledWith({}, expect.objectContaining({ enable: expect.any(Function), disable: expect.any(Function) }));
    await expect(onInit.mock.calls[0][1].enable()).resolves.toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));

    const dialog = await screen.findByRole('dialog', { name: 'Pay with PayPal' });
    expect(createOrder).toHaveBeenCalledWith({ paymentSource: 'paypal' }, expect.anything());
    expect(dialog).toHaveTextContent('Amount: $120.00 USD');
    expect(dialog).toHaveTextContent('Payment for Medical Billing');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Pay now' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay now' }));

    await waitFor(() => expect(captured).toBeDefined());
    const [data] = onApprove.mock.calls[0]!;
    expect(data).toMatchObject({ orderID: expect.stringMatching(/^[0-9A-Z]{17}$/), payerID: 'SANDBOXBUYER1', facilitatorAccessToken: expect.stringMatching(/^A21AA/) });
    expect(captured).toMatchObject({ id: data.orderID, status: 'COMPLETED', purchase_units: [{ reference_id: 'course-1', payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '120.00' } }] } }] });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await inboxOrder(data.orderID)).toMatchObject({ status: 'COMPLETED', intent: 'CAPTURE', sandbox: { created_by: 'browser' } });
    // The API's verify-payment reads a browser-created order with its own credentials.
    const token = await serverTokenAt(server.url);
    const read = await http('GET', `${server.url}/v2/checkout/orders/${data.orderID}`, undefined, { authorization: `Bearer ${token}` });
    expect(read.json()).toMatchObject({ status: 'COMPLETED', purchase_units: [{ reference_id: 'course-1', amount: { currency_code: 'USD', value: '120.00' } }] });
  });

  it('approves an order the merchant server created, leaving the capture to the server', async () => {
    const token = await serverTokenAt(server.url);
    const created = await http('POST', `${server.url}/v2/checkout/orders`, { intent: 'CAPTURE', purchase_units: [{ ...course, amount: { currency_code: 'USD', value: '500.00' } }] }, { authorization: `Bearer ${token}` });
    const orderID = created.json().id as string;
    const onApprove = jest.fn(async (_data, actions) => actions.order.get());
    await renderButtons({ createOrder: async () => orderID, onApprove });
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onApprove).toHaveBeenCalled());
    expect(onApprove.mock.calls[0]![0]).toMatchObject({ orderID, payerID: 'SANDBOXBUYER1' });
    await expect(onApprove.mock.results[0]!.value).resolves.toMatchObject({ id: orderID, status: 'APPROVED' });
    const capture = await http('POST', `${server.url}/v2/checkout/orders/${orderID}/capture`, {}, { authorization: `Bearer ${token}` });
    expect(capture.status).toBe(201);
  });

  it('calls onCancel with the order id for "Cancel and return" and leaves the order unpaid', async () => {
    const onCancel = jest.fn();
    const onApprove = jest.fn();
    await renderButtons({ createOrder: (_d, actions) => (actions as SdkActions).order.create({ purchase_units: [course] }), onApprove, onCancel });
    const button = screen.getByRole('button', { name: 'PayPal' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel and return' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalledWith({ orderID: expect.any(String) }, expect.objectContaining({ redirect: expect.any(Function) })));
    expect(onApprove).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
    const order = await inboxOrder(onCancel.mock.calls[0][0].orderID);
    expect(order.status).toBe('CREATED');
    expect(order.sandbox.buyer_cancelled_at).toBeTruthy();
  });

  it('treats Escape in the dialog as cancel', async () => {
    const onCancel = jest.fn();
    await renderButtons({ createOrder: (_d, actions) => (actions as SdkActions).order.create({ purchase_units: [course] }), onCancel });
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Buttons: failures reach onError', () => {
  it('when createOrder rejects', async () => {
    const onError = jest.fn();
    await renderButtons({ createOrder: async () => { throw new Error('The API refused the amount'); }, onError });
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'The API refused the amount' })));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the order currency does not match the script currency', async () => {
    const onError = jest.fn();
    await renderButtons({ createOrder: (_d, actions) => (actions as SdkActions).order.create({ purchase_units: [{ amount: { currency_code: 'EUR', value: '5.00' } }] }), onError });
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0][0].message).toBe('Unexpected currency: EUR passed to order.create. Please ensure you are passing /sdk/js?currency=EUR in the paypal script tag.');
  });

  it('when the sandbox rejects the order, with PayPal\'s issue in the message', async () => {
    const onError = jest.fn();
    await renderButtons({ createOrder: (_d, actions) => (actions as SdkActions).order.create({ purchase_units: [{ amount: { value: '10.001' } }] }), onError });
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0][0]).toMatchObject({ status: 422, message: expect.stringMatching(/^DECIMAL_PRECISION: /) });
  });

  it('when the capture in onApprove is declined', async () => {
    await http('POST', `${server.url}/__control/paypal`, { failNextCapture: 1 });
    const onError = jest.fn();
    await renderButtons({
      createOrder: (_d, actions) => (actions as SdkActions).order.create({ purchase_units: [course] }),
      onApprove: async (_d, actions) => { await (actions as SdkActions).order.capture(); },
      onError,
    });
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0][0].message).toMatch(/^INSTRUMENT_DECLINED/);
  });
});

describe('Buttons: onClick, disable and close', () => {
  it('does not start checkout when onClick rejects or the buttons are disabled', async () => {
    const createOrder = jest.fn();
    const onClick = jest.fn((_data, actions) => actions.reject());
    let initActions: SdkActions | undefined;
    await renderButtons({ createOrder, onClick, onInit: (_d, actions) => { initActions = actions; } });
    const button = screen.getByRole('button', { name: 'PayPal' });
    fireEvent.click(button);
    await waitFor(() => expect(onClick).toHaveBeenCalledWith({ fundingSource: 'paypal' }, expect.anything()));
    onClick.mockImplementation(() => undefined);
    await initActions!.disable();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    await waitFor(() => expect(onClick).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(createOrder).not.toHaveBeenCalled();
  });

  it('close() removes the button and an open dialog', async () => {
    const { buttons, container } = await renderButtons({ createOrder: (_d, actions) => (actions as SdkActions).order.create({ purchase_units: [course] }) });
    fireEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await screen.findByRole('dialog');
    await expect(buttons.close()).resolves.toBeUndefined();
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not eligible for another funding source', () => {
    expect(paypal()!.Buttons!({ fundingSource: 'venmo' }).isEligible()).toBe(false);
  });
});
