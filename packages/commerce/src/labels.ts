/** Spec section 5: an affiliate code is compared trimmed and upper-cased, wherever it was typed or linked. */
export const normalizeAffiliateCode = (code: string) => code.trim().toUpperCase();

/** Spec section 3: the SKU shown and sent is '{sku}-{vial amount}', upper-cased. */
export const skuLabel = (sku: string, dose: string) => `${sku}-${dose}`.toUpperCase();

/** '1 item', '3 items': a count of things in the cart, as the header and the cart pages say it. */
export const formatItemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;
