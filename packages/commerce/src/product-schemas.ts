import * as z from '@storefront/schema';
import { catalogueProductSchema } from './catalog-schemas';

/** Spec section 3's detail record: specifications and certificate-of-analysis values, as shown. */
export const productSpecificationsSchema = z.object({
  appearance: z.string(),
  solubility: z.string(),
  storage: z.string(),
  stability: z.string(),
  reconstitution: z.string(),
  ph: z.string(),
  endotoxin: z.string(),
  heavyMetals: z.string(),
});
export type ProductSpecifications = z.infer<typeof productSpecificationsSchema>;

export const certificateOfAnalysisSchema = z.object({
  batchNumber: z.string(),
  testDate: z.string(),
  purityHPLC: z.string(),
  purityMS: z.string(),
  waterContent: z.string(),
  aceticAcid: z.string(),
  tfa: z.string(),
  peptideContent: z.string(),
});
export type CertificateOfAnalysis = z.infer<typeof certificateOfAnalysisSchema>;

export const relatedProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.int().check(z.minimum(0)),
  image: z.string(),
});

/** A product page: identity and price from the catalog, the rest from the product service's record. */
export const productPageSchema = z.object({
  product: catalogueProductSchema,
  fullDescription: z.string(),
  researchApplications: z.array(z.string()),
  specifications: productSpecificationsSchema,
  certificate: certificateOfAnalysisSchema,
  safetyInformation: z.array(z.string()),
  storageHandling: z.array(z.string()),
  related: z.array(relatedProductSchema),
});
export type ProductPage = z.infer<typeof productPageSchema>;
