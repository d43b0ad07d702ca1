import { wholeOfAtLeast } from '@storefront/ui';

/**
 * The cart panel's one form, as the page sends it where no script runs: every line's typed quantity
 * (with the quantity the line was shown with, so only what the shopper changed is changed), and which
 * button sent it: a line's − or +, its Remove, Update (no name: the typed quantities alone) or Proceed
 * to Checkout. One form, so that what was typed in any line goes with whichever button is pressed.
 */
export const CART_LINES_FORM = 'cart-lines';

/** A line's fields are named by what they hold, then the line's id. */
const TYPED = 'quantity.';
const SHOWN = 'shown.';
const STEP_TO = 'stepTo.';

export const cartLineField = {
  /** The quantity field of a line, as typed. */
  quantity: (lineId: string) => `${TYPED}${lineId}`,
  /** The quantity the line was shown with. */
  shown: (lineId: string) => `${SHOWN}${lineId}`,
  /** A line's − or +: the quantity it steps to. */
  stepTo: (lineId: string) => `${STEP_TO}${lineId}`,
} as const;

/** Remove's field: the line it takes out. */
export const REMOVE_FIELD = 'remove';
/** Proceed to Checkout's field and value: on to the cart checkout once the quantities are in. */
export const THEN_FIELD = 'then';
export const THEN_CHECKOUT = 'checkout';

/** The fields the form may carry, for the module's manifest (a line's fields end in its id). */
export const CART_LINES_FIELDS = [`${TYPED}*`, `${SHOWN}*`, `${STEP_TO}*`, REMOVE_FIELD, THEN_FIELD];

/** A quantity as typed (0 takes the line out), read as the panel's stepper reads it; null if none. */
const quantityOf = (text: string | undefined) => (text === undefined ? null : wholeOfAtLeast(text, 0));

/**
 * The quantity each line is to have, from the form's fields: a quantity typed other than the one shown,
 * then the pressed button's own line (− or + steps it, Remove makes it 0), which wins over what was
 * typed in it. A field that is no whole number leaves its line as it was.
 */
export function cartLineChanges(fields: Readonly<Record<string, string>>): Map<string, number> {
  const changes = new Map<string, number>();
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith(TYPED)) continue;
    const lineId = name.slice(TYPED.length);
    const typed = quantityOf(value);
    if (typed !== null && String(typed) !== fields[cartLineField.shown(lineId)]) changes.set(lineId, typed);
  }
  for (const [name, value] of Object.entries(fields)) {
    const stepped = name.startsWith(STEP_TO) ? quantityOf(value) : null;
    if (stepped !== null) changes.set(name.slice(STEP_TO.length), stepped);
  }
  const removed = fields[REMOVE_FIELD];
  if (removed) changes.set(removed, 0);
  return changes;
}
