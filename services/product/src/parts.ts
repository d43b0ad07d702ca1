import type { CurrentProducts } from './routes/products';

/** What the product service is made of: its pages' current snapshot, and the shop's name they print. */
export interface ProductParts {
  current: CurrentProducts;
  shopName: string;
}
