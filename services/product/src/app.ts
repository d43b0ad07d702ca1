import { Router } from 'express';
import { productRoutes, type CurrentProducts } from './routes/products';

/** Every route of the product service: its pages and certificates, from the current snapshot. */
export function productServiceRoutes(current: CurrentProducts, shopName: string): Router {
  return Router().use(productRoutes(current, shopName));
}
