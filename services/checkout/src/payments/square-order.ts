import { affiliateDiscountLabel, skuLabel, TAX_RATE_LABEL } from '@storefront/commerce';
import { COUNTRIES } from '@storefront/commerce/checkout';
import type { Square } from 'square';
import { ORDER_CURRENCY, type OrderForPayment } from '../order-shapes';

const ISO_COUNTRY: Record<(typeof COUNTRIES)[number], Square.Country | undefined> = {
  'United States': 'US',
  Canada: 'CA',
  'United Kingdom': 'GB',
  Australia: 'AU',
  Other: undefined,
};

/**
 * Spec section 7's product name and variant, as the payment's description: one product and its vial
 * amount, or for a cart 'Cart Order (N items)' and the comma list of 'name - variant xQty'.
 */
export function paymentDescription(order: Pick<OrderForPayment, 'checkout' | 'lines'>): string {
  if (order.checkout !== 'cart') return order.lines.map((line) => `${line.name} - ${line.dose}`).join(', ');
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const list = order.lines.map((line) => `${line.name} - ${line.dose} x${line.quantity}`).join(', ');
  return `Cart Order (${count} items): ${list}`;
}

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: ORDER_CURRENCY });

/**
 * The payment link for an order, built so that Square's receipt equals ours to the cent: each line at
 * our unit price, the affiliate discount as one fixed amount on the order, and shipping and the 8% tax
 * as fixed service charges. (A Square percentage tax would be apportioned and rounded per line by
 * Square, which can drift a cent from spec section 9's single rounding on the discounted subtotal.)
 * The order id is the idempotency key, so retrying a payment for one order can never make two links.
 */
export function paymentLinkRequest(
  order: OrderForPayment,
  { locationId, siteUrl }: { locationId: string; siteUrl: string },
): Square.checkout.CreatePaymentLinkRequest {
  const serviceCharges: Square.OrderServiceCharge[] = [];
  if (order.totals.shipping > 0) {
    serviceCharges.push({
      name: 'Shipping',
      amountMoney: usd(order.totals.shipping),
      calculationPhase: 'TOTAL_PHASE',
      taxable: false,
    });
  }
  serviceCharges.push({
    name: `Sales tax (${TAX_RATE_LABEL})`,
    amountMoney: usd(order.totals.tax),
    calculationPhase: 'TOTAL_PHASE',
    taxable: false,
  });

  const discounts: Square.OrderLineItemDiscount[] =
    order.totals.discount > 0
      ? [
          {
            name: affiliateDiscountLabel(order.affiliateName ?? 'Affiliate', order.discountRate),
            type: 'FIXED_AMOUNT',
            amountMoney: usd(order.totals.discount),
            scope: 'ORDER',
          },
        ]
      : [];

  const { customer, shipping } = order;
  const redirectUrl = new URL('/success', siteUrl);
  redirectUrl.searchParams.set('session_id', order.orderId);
  return {
    idempotencyKey: order.orderId,
    description: paymentDescription(order),
    order: {
      locationId,
      referenceId: order.orderNumber,
      lineItems: order.lines.map((line) => ({
        name: line.name,
        variationName: line.dose,
        note: skuLabel(line.sku, line.dose),
        quantity: String(line.quantity),
        basePriceMoney: usd(line.unitPrice),
      })),
      discounts,
      serviceCharges,
    },
    checkoutOptions: { redirectUrl: redirectUrl.toString(), askForShippingAddress: false },
    prePopulatedData: {
      buyerEmail: customer.email,
      ...(shipping
        ? {
            buyerAddress: {
              firstName: customer.firstName,
              lastName: customer.lastName,
              addressLine1: shipping.address,
              locality: shipping.city,
              administrativeDistrictLevel1: shipping.state,
              postalCode: shipping.zipCode,
              country: ISO_COUNTRY[shipping.country as keyof typeof ISO_COUNTRY],
            },
          }
        : {}),
    },
    paymentNote: `Order ${order.orderNumber}`,
  };
}
