import type { Logger } from '@storefront/server-kit';
import type { SquareClient } from 'square';
import type { OrderForPayment, PaymentLink } from '../order-shapes';
import { squareFetch } from './square-fetch';
import { paymentLinkRequest } from './square-order';
import { squareSdk, type SquareSdk } from './square-sdk';

/** Why a payment could not be started, in words a shopper may read (no provider internals). */
export class PaymentFailure extends Error {}

export interface PaymentGateway {
  createPaymentLink(order: OrderForPayment): Promise<PaymentLink>;
}

export interface SquareSettings {
  /** 'sandbox', 'production' or a base URL (the local payment sandbox). */
  environment: string;
  accessToken: string;
  locationId: string;
  siteUrl: string;
  maxRetries: number;
  timeoutSeconds: number;
}

/**
 * The SDK falls back to production when given neither an environment nor a base URL, so the choice
 * is always made here, from configuration.
 */
function squareClientOptions({ SquareEnvironment }: SquareSdk, settings: SquareSettings) {
  const common = {
    fetch: squareFetch(),
    token: settings.accessToken,
    maxRetries: settings.maxRetries,
    timeoutInSeconds: settings.timeoutSeconds,
  };
  if (settings.environment === 'sandbox') return { ...common, environment: SquareEnvironment.Sandbox };
  if (settings.environment === 'production') return { ...common, environment: SquareEnvironment.Production };
  return { ...common, baseUrl: settings.environment.replace(/\/+$/, '') };
}

/** One client, made when the first payment link is (the SDK loads then: square-sdk.ts). */
function lazyClient(settings: SquareSettings): () => Promise<{ sdk: SquareSdk; client: SquareClient }> {
  let client: Promise<{ sdk: SquareSdk; client: SquareClient }> | null = null;
  return () =>
    (client ??= squareSdk().then((sdk) => ({
      sdk,
      client: new sdk.SquareClient(squareClientOptions(sdk, settings)),
    })));
}

export function createSquareGateway(settings: SquareSettings, logger: Logger): PaymentGateway {
  const square = lazyClient(settings);
  return {
    async createPaymentLink(order) {
      const { sdk, client } = await square();
      const { SquareError } = sdk;
      let response;
      try {
        response = await client.checkout.paymentLinks.create(
          paymentLinkRequest(order, { locationId: settings.locationId, siteUrl: settings.siteUrl }),
        );
      } catch (error) {
        const refused =
          error instanceof SquareError && error.statusCode !== undefined && error.statusCode < 500;
        logger.error(
          {
            orderId: order.orderId,
            statusCode: error instanceof SquareError ? error.statusCode : undefined,
            squareErrors:
              error instanceof SquareError
                ? error.errors.map(({ category, code, field }) => ({ category, code, field }))
                : undefined,
            err: error instanceof SquareError ? undefined : error,
          },
          'Square payment link failed',
        );
        // A refusal (4xx) is our configuration or request at fault; anything else is Square being unreachable.
        throw new PaymentFailure(
          refused
            ? 'The payment provider could not accept this order'
            : 'The payment provider is not reachable right now',
        );
      }
      const link = response.paymentLink;
      if (!link?.url || !link.id || !link.orderId) {
        logger.error({ orderId: order.orderId }, 'Square answered without a checkout URL');
        throw new PaymentFailure('No checkout URL received');
      }
      return { paymentLinkId: link.id, squareOrderId: link.orderId, url: link.url };
    },
  };
}
