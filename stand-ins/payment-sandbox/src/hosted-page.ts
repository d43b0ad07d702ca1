import type { PaymentLink, ReceiptLine } from './payment-links';

/** Test cards, as in Square's sandbox: one that pays, one that is declined. */
export const TEST_CARDS = { approved: '4111111111111111', declined: '4000000000000002' } as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const row = (label: string, amount: string, className = '') =>
  `<tr class="${className}"><td>${escapeHtml(label)}</td><td class="amount">${amount}</td></tr>`;

/** Where Cancel sends the shopper: the storefront's /cancel, on the origin of the link's redirect URL. */
export function cancelUrlOf(link: PaymentLink): string | null {
  const redirect = link.request.checkout_options?.redirect_url;
  return redirect ? new URL('/cancel', redirect).toString() : null;
}

export interface PageState {
  merchantName: string;
  error?: string;
  values?: { cardNumber?: string; expiry?: string; postalCode?: string };
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 4px 20px rgb(0 0 0 / 8%); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; } p.sandbox { color: #8a5a00; margin: 0 0 16px; font-size: .85rem; }
  table { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
  td { padding: 6px 0; border-bottom: 1px solid #eceef2; } td.amount { text-align: right; white-space: nowrap; }
  tr.total td { font-weight: 700; border-bottom: none; font-size: 1.1rem; }
  label { display: block; font-size: .85rem; margin: 10px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; border: 1px solid #c8ccd4; border-radius: 6px; font-size: 1rem; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { width: 100%; margin-top: 18px; padding: 12px; border: 0; border-radius: 8px; background: #006aff;
           color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
  a.cancel { display: block; text-align: center; margin-top: 14px; color: #4a5160; }
  [role=alert] { background: #fdecec; color: #9b1c1c; padding: 10px; border-radius: 6px; margin-bottom: 12px; }
  p.description { margin: 0 0 12px; font-weight: 600; }
  small { color: #5c6372; display: block; margin-top: 12px; }`;

function receiptTable(link: PaymentLink): string {
  const { receipt } = link;
  const lines = receipt.lines.map((line) =>
    row(`${line.label}${line.variation ? ` (${line.variation})` : ''} × ${line.quantity}`, usd(line.amount)),
  );
  const adjustments = (items: ReceiptLine[], sign: string) =>
    items.map((item) => row(item.label, `${sign}${usd(item.amount)}`));
  return `<table aria-label="Order summary"><tbody>
    ${lines.join('')}
    ${adjustments(receipt.discounts, '−').join('')}
    ${adjustments(receipt.serviceCharges, '').join('')}
    ${row('Total', usd(receipt.total), 'total')}
  </tbody></table>`;
}

/** Square's hosted checkout, reduced to what a test needs: the receipt and a card form. */
export function renderHostedPage(link: PaymentLink, state: PageState): string {
  const cancel = cancelUrlOf(link);
  const values = state.values ?? {};
  const body = link.payment
    ? `<p role="status">This payment link has already been paid.</p>`
    : `${state.error ? `<div role="alert">${escapeHtml(state.error)}</div>` : ''}
      <form method="post" action="/pay/${encodeURIComponent(link.id)}">
        <label for="card">Card number</label>
        <input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required
               value="${escapeHtml(values.cardNumber ?? '')}">
        <div class="pair">
          <div><label for="expiry">Expiry (MM/YY)</label>
            <input id="expiry" name="expiry" autocomplete="cc-exp" required value="${escapeHtml(values.expiry ?? '')}"></div>
          <div><label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required></div>
        </div>
        <label for="postal">Postal code</label>
        <input id="postal" name="postalCode" autocomplete="postal-code" required value="${escapeHtml(values.postalCode ?? '')}">
        <button type="submit">Pay ${usd(link.receipt.total)}</button>
      </form>
      ${cancel ? `<a class="cancel" href="${escapeHtml(cancel)}">Cancel</a>` : ''}
      <small>Sandbox test cards: ${TEST_CARDS.approved} pays, ${TEST_CARDS.declined} is declined.</small>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(state.merchantName)}</title><style>${STYLE}</style></head>
<body><main>
  <h1>${escapeHtml(state.merchantName)}</h1>
  <p class="sandbox">Payment sandbox: no real card is charged.</p>
  ${link.request.description ? `<p class="description">${escapeHtml(link.request.description)}</p>` : ''}
  ${receiptTable(link)}
  ${body}
</main></body></html>`;
}

/** Luhn check, so a mistyped number is told apart from a declined card. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
