import { useAffiliate } from './use-affiliate';

/** The affiliate discount every checkout surface shows and sends: the applied code and its rate, or none. */
export function useAppliedDiscount(): { code: string | undefined; discountRate: number } {
  const affiliate = useAffiliate();
  return affiliate.status === 'applied'
    ? { code: affiliate.code, discountRate: affiliate.data.discountRate }
    : { code: undefined, discountRate: 0 };
}
