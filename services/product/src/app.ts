import { Router } from 'express';
import type { ProductParts } from './parts';
import { productRoutes } from './routes/products';

/** Every route of the product service: its pages and certificates, from the current snapshot. */
export function productServiceRoutes({ current, shopName }: ProductParts): Router {
  return Router().use(productRoutes(current, shopName));
}
