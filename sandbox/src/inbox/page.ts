import type { SandboxContext } from '../context';
import { escapeHtml as e } from '../lib/html';
import { amountText } from '../paypal/checkout-page';
import { inboxUploads } from './views';

function table(caption: string, headers: string[], rows: string[][], empty: string): string {
  if (!rows.length) return `<h2>${e(caption)}</h2><p class="note">${e(empty)}</p>`;
  const head = headers.map((h) => `<th scope="col">${e(h)}</th>`).join('');
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<h2>${e(caption)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** GET /: a person's view of what the site sent to the providers. Cells are escaped; only links are markup. */
export function inboxPage(context: SandboxContext): string {
  const { state } = context;
  const orders = [...state.orders.values()].reverse().map((o) => [
    e(o.id),
    e(o.status) + (o.buyerCancelledAt ? '<br><span class="note">buyer cancelled</span>' : ''),
    e(amountText(o)),
    e(o.purchaseUnits.map((u) => u.description ?? '').join(', ')),
    e(o.purchaseUnits.map((u) => [u.reference_id, u.custom_id].filter(Boolean).join(' / ')).join(', ')),
    e(o.source),
    e(o.createTime),
    o.status === 'CREATED' || o.status === 'PAYER_ACTION_REQUIRED' ? `<a href="/checkoutnow?token=${e(o.id)}">approval page</a>` : '',
  ]);
  const emails = [...state.emails].reverse().map((m) => [
    e(m.received_at), e(m.template_id), e(m.endpoint), `<pre>${e(JSON.stringify(m.template_params, null, 2))}</pre>`,
  ]);
  const uploads = inboxUploads(context).reverse().map((u) => [
    `<img src="${e(new URL(u.secure_url).pathname)}" alt="${e(u.original_filename)}" width="96" height="${Math.max(1, Math.round((96 * u.height) / u.width))}">`,
    `<a href="${e(u.secure_url)}">${e(u.public_id)}</a>`,
    e(`${u.width}×${u.height} ${u.format}, ${u.bytes} bytes`),
    e(u.created_at),
  ]);
  const hooks = [...state.webhooks].reverse().map((w) => [e(w.event_type), e(w.status + (w.response_status ? ` (${w.response_status})` : '') + (w.attempts > 1 ? `, ${w.attempts} attempts` : '')), e(w.url), e(w.transmission_time)]);
  return `<h1>Provider sandbox inbox</h1>
<p class="note">Stand-ins for PayPal, EmailJS and Cloudinary. JSON: /__inbox/orders, /__inbox/emails, /__inbox/uploads, /__inbox/webhooks; DELETE /__inbox resets.</p>
${table('PayPal orders', ['Order', 'Status', 'Amount', 'Description', 'Reference / custom id', 'Created by', 'Created', ''], orders, 'No orders yet.')}
${table('Webhook deliveries', ['Event', 'Status', 'URL', 'Sent'], hooks, context.options.webhookUrl ? 'No webhooks sent yet.' : 'Webhooks are off (no SANDBOX_WEBHOOK_URL).')}
${table('Emails (EmailJS)', ['Received', 'Template', 'Endpoint', 'Parameters'], emails, 'No emails yet.')}
${table('Uploads (Cloudinary)', ['Image', 'Public id', 'Size', 'Uploaded'], uploads, 'No uploads yet.')}`;
}
