import type { FollowAffiliateLink } from '@storefront/bus';
import { affiliateLinkFollower, carriesAffiliateCode } from './affiliate-links';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('affiliate links in the shell', () => {
  it('sees a code in ref, affiliate or aff, and nothing in a blank one or another parameter', () => {
    for (const search of ['?ref=LAB15', '?affiliate=x', '?q=1&aff=%20lab15']) {
      expect([search, carriesAffiliateCode(search)]).toEqual([search, true]);
    }
    for (const search of ['', '?q=ref', '?ref=%20%20', '?referrer=x']) {
      expect([search, carriesAffiliateCode(search)]).toEqual([search, false]);
    }
  });

  it("loads the checkout module's affiliate-links once, only for an address with a code, and hands it each one", async () => {
    const followed: Parameters<FollowAffiliateLink>[0][] = [];
    const load = jest.fn(async () => ({
      default: (location: (typeof followed)[0]) => followed.push(location),
    }));
    const follow = affiliateLinkFollower(load);
    follow({ pathname: '/catalog', search: '' });
    await settle();
    expect(load).not.toHaveBeenCalled();
    follow({ pathname: '/', search: '?ref=lab15' });
    follow({ pathname: '/checkout/semax', search: '?aff=x' });
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(followed).toEqual([
      { pathname: '/', search: '?ref=lab15' },
      { pathname: '/checkout/semax', search: '?aff=x' },
    ]);
  });

  it('tries to load it again for the next link when it could not be loaded', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const followed: string[] = [];
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('remote down'))
      .mockResolvedValue({ default: ({ search }: { search: string }) => followed.push(search) });
    const follow = affiliateLinkFollower(load);
    follow({ pathname: '/', search: '?ref=a' });
    await settle();
    follow({ pathname: '/', search: '?ref=b' });
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(followed).toEqual(['?ref=b']);
    expect(errors).toHaveBeenCalledWith('Affiliate links are unavailable right now', expect.any(Error));
    errors.mockRestore();
  });
});
