import {
  baseConfigShape,
  DEFAULT_PORTS,
  DEFAULT_SITE_URL,
  loadConfig,
  localUrl,
  port,
  url,
} from '@storefront/server-kit';
import { z } from 'zod';

export const sandboxConfigShape = {
  HOST: baseConfigShape.HOST,
  LOG_LEVEL: baseConfigShape.LOG_LEVEL,
  PORT: port(DEFAULT_PORTS['payment-sandbox']),
  /** Where browsers reach this sandbox; the hosted page's links are built on it. */
  SANDBOX_PUBLIC_URL: url().default(localUrl('payment-sandbox')),
  SANDBOX_ACCESS_TOKEN: z.string().min(1).default('sandbox-access-token'),
  SANDBOX_LOCATION_ID: z.string().min(1).default('SANDBOX-LOCATION'),
  SANDBOX_MERCHANT_NAME: z.string().min(1).default('Helix Research'),
  /** The webhook subscription: its notification URL (signed over, and posted to) and its signature key. */
  SANDBOX_WEBHOOK_URL: url().default(`${DEFAULT_SITE_URL}/api/checkout/webhooks/square`),
  SANDBOX_WEBHOOK_SIGNATURE_KEY: z.string().min(1).default('sandbox-signature-key'),
  /** First retry delay; each further retry doubles it, as Square backs off (up to the attempt limit). */
  SANDBOX_WEBHOOK_RETRY_MS: z.coerce.number().int().positive().default(500),
  SANDBOX_WEBHOOK_ATTEMPTS: z.coerce.number().int().positive().default(12),
};

export type SandboxConfig = z.infer<z.ZodObject<typeof sandboxConfigShape>>;

export const loadSandboxConfig = (env: NodeJS.ProcessEnv = process.env): SandboxConfig =>
  loadConfig('payment-sandbox', sandboxConfigShape, env);
