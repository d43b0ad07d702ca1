import { chooseDose, quantityFrom } from './vials';

const doses = [
  { dose: '5mg', price: 9900, purity: 99.9, popular: false, image: '/5.svg' },
  { dose: '10mg', price: 14000, purity: 99.9, popular: false, image: '/10.svg' },
];

describe('checkout rules', () => {
  it('keeps a requested vial amount that is offered, and falls back to the first otherwise', () => {
    expect(chooseDose(doses, '10MG ').dose).toBe('10mg');
    expect(chooseDose(doses, '7mg').dose).toBe('5mg');
    expect(chooseDose(doses, null).dose).toBe('5mg');
  });

  it('reads a quantity of at least 1, else 1', () => {
    expect(quantityFrom('3')).toBe(3);
    for (const bad of [null, '0', '-2', '1.5', 'lots', '']) expect(quantityFrom(bad)).toBe(1);
  });
});
