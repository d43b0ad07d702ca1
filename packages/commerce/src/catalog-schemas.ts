import * as z from '@storefront/schema';

/** Each page shows and charges the prices of its sales channel (ARCHITECTURE.md, "Price lists"). */
export const salesChannelSchema = z.enum(['storefront', 'quick-checkout', 'catalogue']);
export type SalesChannel = z.infer<typeof salesChannelSchema>;

/**
 * The price lists the generic checkout (/checkout) sells from, as the catalog publishes them: its own,
 * or the catalogue's, where a product page's Buy Now leads (?channel=catalogue), so the total its button
 * showed is the one charged.
 */
export const GENERIC_CHECKOUT_CHANNELS = [
  'quick-checkout',
  'catalogue',
] as const satisfies readonly SalesChannel[];
export type GenericCheckoutChannel = (typeof GENERIC_CHECKOUT_CHANNELS)[number];

/** The generic checkout's price list a page's ?channel asks for: any other value is its own. */
export const genericCheckoutChannel = (asked: string | null): GenericCheckoutChannel =>
  asked === 'catalogue' ? 'catalogue' : 'quick-checkout';

const cents = z.int().check(z.minimum(0));

export const homeProductDoseSchema = z.object({
  dose: z.string(),
  price: cents,
  image: z.string(),
  /** 'Save 10%' and the like, shown beside the dose. */
  label: z.nullable(z.string()),
});

export const homeProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  applications: z.array(z.string()),
  purity: z.string(),
  storage: z.string(),
  keywords: z.array(z.string()),
  defaultDose: z.string(),
  doses: z.array(homeProductDoseSchema).check(z.minLength(1)),
  /** Where the card's checkout link goes (without its query), e.g. /checkout/cjc1295. */
  checkoutPath: z.string(),
});
export type HomeProduct = z.infer<typeof homeProductSchema>;
export const homeProductsSchema = z.object({ products: z.array(homeProductSchema) });

export const catalogueProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  dose: z.string(),
  casNumber: z.string(),
  molecularFormula: z.string(),
  molecularWeight: z.string(),
  purity: z.number(),
  price: cents,
  image: z.string(),
  category: z.string(),
  researchAreas: z.array(z.string()),
  inStock: z.boolean(),
  featured: z.boolean(),
  description: z.string(),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;
export const catalogueSchema = z.object({
  categories: z.array(z.string()),
  products: z.array(catalogueProductSchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** One product, dose and quantity to price; quantities are whole and at least 1. */
export const productLineSchema = z.object({
  productId: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  dose: z.string().check(z.trim(), z.minLength(1), z.maxLength(20)),
  quantity: z.int().check(z.minimum(1), z.maximum(10_000)),
});

/** What another service asks the catalog to price. */
export const quoteRequestSchema = z.object({
  channel: salesChannelSchema,
  lines: z.array(productLineSchema).check(z.minLength(1), z.maxLength(50)),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quotedLineSchema = z.object({
  productId: z.string(),
  dose: z.string(),
  quantity: z.int(),
  name: z.string(),
  sku: z.string(),
  /** The picture pages show for it: a cart line shows it. */
  image: z.string(),
  unitPrice: cents,
  lineTotal: cents,
});
export const quoteSchema = z.object({ channel: salesChannelSchema, lines: z.array(quotedLineSchema) });
export type Quote = z.infer<typeof quoteSchema>;

/** One entry of a channel's price list: a product/dose the channel sells, at its price. */
export const priceEntrySchema = z.object({
  channel: salesChannelSchema,
  productId: z.string(),
  dose: z.string(),
  name: z.string(),
  sku: z.string(),
  /** The picture a page shows for it (its dose's, else the product's). */
  image: z.string(),
  unitPrice: cents,
});
export type PriceEntry = z.infer<typeof priceEntrySchema>;

/**
 * Every channel's price list, lent to the checkout for `leaseMs` (counted from when it asked): until the
 * lease ends, the catalog charges these prices and no others (ADR 0022).
 */
export const priceListLeaseSchema = z.object({
  leaseMs: z.int().check(z.minimum(1)),
  prices: z.array(priceEntrySchema),
});
export type PriceListLease = z.infer<typeof priceListLeaseSchema>;

/** One vial amount a checkout page offers, from its channel's price list. */
export const checkoutDoseSchema = z.object({
  dose: z.string(),
  price: cents,
  purity: z.number(),
  popular: z.boolean(),
  image: z.string(),
});

/** Spec section 3's checkout product definition: what a checkout page shows and may sell of one product. */
export const checkoutProductSchema = z.object({
  id: z.string(),
  channel: salesChannelSchema,
  name: z.string(),
  description: z.string(),
  applications: z.array(z.string()),
  sku: z.string(),
  purity: z.string(),
  doses: z.array(checkoutDoseSchema).check(z.minLength(1)),
});
export type CheckoutProduct = z.infer<typeof checkoutProductSchema>;

/** Spec section 2: one dedicated single-product checkout page, found by the slug in its address. */
export const dedicatedCheckoutSchema = z.object({
  slug: z.string(),
  /** The vial amount chosen when the link names none. */
  defaultDose: z.string(),
  /** Where Back goes: home, or the previous page in history. */
  backTo: z.enum(['home', 'history']),
  offersAddToCart: z.boolean(),
  product: checkoutProductSchema,
});
export type DedicatedCheckout = z.infer<typeof dedicatedCheckoutSchema>;
