/** Shapes of the shared state streams. The shell owns their persistence. */

export interface CartItem {
  /** '{productId}-{dose}' */
  id: string;
  productId: string;
  name: string;
  variant: string;
  image: string;
  price: number;
  quantity: number;
  channel: string;
}

export interface CartState {
  items: CartItem[];
}

export interface AffiliateData {
  affiliateId: string;
  affiliateName: string;
  discountRate: number;
}

export type AffiliateState =
  | { status: 'none' }
  | { status: 'validating'; code: string }
  | { status: 'applied'; code: string; data: AffiliateData }
  | { status: 'cleared' };

export interface AuthUser {
  id: string;
  email: string;
}

export interface AuthState {
  loading: boolean;
  user: AuthUser | null;
}

export function cartItemCount(cart: CartState): number {
  return cart.items.reduce((count, item) => count + item.quantity, 0);
}

/** What the shell's server tells the browser at run time (never baked into a build). */
export interface RuntimeConfig {
  shopName: string;
  contactEmail: string;
  contactPhone: string;
  authUrl: string;
  authAnonKey: string;
}
