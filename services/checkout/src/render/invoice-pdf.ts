import { formatUsd } from '@storefront/commerce';
import {
  formatOrderDate,
  orderCharges,
  ORDER_STATE_WORDS,
  type AccountOrder,
} from '@storefront/commerce/checkout';
import { openSheet, SHEET_EDGES } from '@storefront/documents';

export const invoiceFileName = (order: Pick<AccountOrder, 'orderNumber'>) =>
  `Invoice-${order.orderNumber}.pdf`;

/** Whether it is paid, as the invoice says it. */
function standing(order: AccountOrder): string {
  if (order.state === 'awaiting_payment') return 'Unpaid (awaiting payment)';
  const paid = order.paidAt ? `Paid on ${formatOrderDate(order.paidAt)}` : 'Paid';
  return order.state === 'paid' ? paid : `${paid}; ${ORDER_STATE_WORDS[order.state].toLowerCase()}`;
}

const QUANTITY_X = 340;
const UNIT_PRICE_RIGHT = 450;

/**
 * An order's invoice: the seller, the buyer and where it was shipped, the order's number and date,
 * each line, the discount, shipping, tax and total, and whether it is paid. Written from the order as
 * stored, never from what a page shows.
 */
export async function buildInvoicePdf(order: AccountOrder, shopName: string): Promise<Uint8Array> {
  const sheet = await openSheet({
    title: `Invoice ${order.orderNumber}`,
    subject: `${shopName} order ${order.orderNumber}`,
    producer: shopName,
    created: new Date(order.placedAt),
  });
  const right = { x: SHEET_EDGES.right, alignRight: true };
  const buyer = order.customer;
  sheet.write(shopName, { size: 12, bold: true, brand: true });
  sheet.down(30);
  sheet.write('Invoice', { size: 22, bold: true, brand: true });
  sheet.down(34);
  sheet.table([
    ['Order number', order.orderNumber],
    ['Order date', formatOrderDate(order.placedAt)],
    ['Status', standing(order)],
    ['Seller', `${shopName}, research peptides`],
    ['Buyer', `${buyer.firstName} ${buyer.lastName}`],
    ['Email', buyer.email],
    ['Phone', buyer.phoneNumber],
    ...(order.shipping
      ? ([
          ['Ship to', order.shipping.address],
          ['', `${order.shipping.city}, ${order.shipping.state} ${order.shipping.zipCode}`],
          ['', order.shipping.country],
        ] as const)
      : []),
  ]);
  sheet.down(14);
  sheet.row([
    ['Item', { bold: true }],
    ['Qty', { bold: true, x: QUANTITY_X }],
    ['Unit price', { bold: true, x: UNIT_PRICE_RIGHT, alignRight: true }],
    ['Amount', { bold: true, ...right }],
  ]);
  for (const line of order.lines)
    sheet.row([
      [`${line.name} ${line.dose} (${line.sku})`],
      [String(line.quantity), { x: QUANTITY_X }],
      [formatUsd(line.unitPrice), { x: UNIT_PRICE_RIGHT, alignRight: true }],
      [formatUsd(line.lineTotal), right],
    ]);
  const sums: Array<[string, string]> = [...orderCharges(order), ['Total', formatUsd(order.totals.total)]];
  if (order.refunded > 0) sums.push(['Refunded', formatUsd(-order.refunded)]);
  for (const [label, amount] of sums)
    sheet.row([
      [label, { x: QUANTITY_X, bold: label === 'Total' }],
      [amount, { ...right, bold: label === 'Total' }],
    ]);
  sheet.down(20);
  sheet.write('For research use only. Not for human or veterinary use.', { size: 9 });
  return sheet.save();
}
