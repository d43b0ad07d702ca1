import { signInReturningTo } from '@storefront/commerce/account';
import { returnPathOf } from './return-path';

describe('where signing in returns to', () => {
  it('is the page that sent the researcher, with its query', () => {
    expect(returnPathOf('?next=%2Faccount%3Fpage%3D2')).toBe('/account?page=2');
    expect(returnPathOf('?tab=sign-up&next=/account/orders/ORD-1A2B3C4D')).toBe(
      '/account/orders/ORD-1A2B3C4D',
    );
  });

  it('is home for anything that is not a path of this site, or a sign-in page', () => {
    for (const next of [
      '',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/auth',
      '/auth?tab=sign-up',
      '/auth/reset',
      'account',
    ])
      expect(returnPathOf(`?next=${encodeURIComponent(next)}`)).toBe('/');
    expect(returnPathOf('')).toBe('/');
  });

  it('is written into the sign-in address, which reads it back', () => {
    expect(signInReturningTo('/account?page=2')).toBe('/auth?next=%2Faccount%3Fpage%3D2');
    expect(returnPathOf(signInReturningTo('/account?page=2').slice('/auth'.length))).toBe('/account?page=2');
    expect(signInReturningTo('/')).toBe('/auth');
  });
});
