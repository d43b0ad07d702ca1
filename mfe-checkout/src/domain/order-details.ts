import type { COUNTRIES } from '@storefront/commerce';

/** Spec section 3's checkout form: the researcher, and on product and cart checkouts, where to ship. */
export interface ResearcherDetails {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export interface ShippingDetails {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: (typeof COUNTRIES)[number];
}

export const emptyResearcher: ResearcherDetails = { email: '', firstName: '', lastName: '', phoneNumber: '' };
export const emptyShipping: ShippingDetails = {
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'United States',
};

export interface OrderDetails {
  customer: ResearcherDetails;
  shipping?: ShippingDetails;
  agreeToTerms: boolean;
  agreeToAge: boolean;
}
