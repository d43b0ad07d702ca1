import { cartLineChanges, cartLineField, CART_LINES_FIELDS, REMOVE_FIELD } from './cart-lines-form';

/** The panel's form as the browser sends it: every line's typed and shown quantity, and the button's field. */
const formOf = (
  lines: Record<string, { typed: string; shown: number }>,
  button: Record<string, string> = {},
) => ({
  ...Object.fromEntries(
    Object.entries(lines).flatMap(([id, { typed, shown }]) => [
      [cartLineField.quantity(id), typed],
      [cartLineField.shown(id), String(shown)],
    ]),
  ),
  ...button,
});

describe('the cart panel form where no script runs', () => {
  it('changes only the lines whose typed quantity differs from the one shown', () => {
    const fields = formOf({ a: { typed: '5', shown: 2 }, b: { typed: '1', shown: 1 } });
    expect([...cartLineChanges(fields)]).toEqual([['a', 5]]);
  });

  it('keeps a quantity typed in one line when another line’s button sent the form', () => {
    const stepped = formOf(
      { a: { typed: '5', shown: 2 }, b: { typed: '1', shown: 1 } },
      { [cartLineField.stepTo('b')]: '2' },
    );
    expect(cartLineChanges(stepped)).toEqual(
      new Map([
        ['a', 5],
        ['b', 2],
      ]),
    );
    const removed = formOf(
      { a: { typed: '5', shown: 2 }, b: { typed: '1', shown: 1 } },
      { [REMOVE_FIELD]: 'b' },
    );
    expect(cartLineChanges(removed)).toEqual(
      new Map([
        ['a', 5],
        ['b', 0],
      ]),
    );
  });

  it('lets the pressed button win over what was typed in its own line', () => {
    const fields = formOf({ a: { typed: '9', shown: 2 } }, { [cartLineField.stepTo('a')]: '3' });
    expect(cartLineChanges(fields)).toEqual(new Map([['a', 3]]));
    expect(cartLineChanges({ ...fields, [REMOVE_FIELD]: 'a' })).toEqual(new Map([['a', 0]]));
  });

  it('takes 0 typed as taking the line out, and leaves a line as it was for anything not a whole number', () => {
    expect(cartLineChanges(formOf({ a: { typed: '0', shown: 2 } }))).toEqual(new Map([['a', 0]]));
    for (const typed of ['', ' ', '2.5', '-1', 'abc', '1e400']) {
      expect(cartLineChanges(formOf({ a: { typed, shown: 2 } })).size).toBe(0);
    }
  });

  it('declares every field it reads to the manifest, a line’s by its prefix', () => {
    expect(CART_LINES_FIELDS).toEqual(['quantity.*', 'shown.*', 'stepTo.*', 'remove', 'then']);
  });
});
