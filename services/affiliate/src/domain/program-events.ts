import type { Database, Queryable } from '@storefront/server-kit/domain';
import { findApprovedByCode, findById, type Affiliate } from '../store/affiliates-store';
import { recordClick, recordReferredOrder, reverseReferredOrder } from '../store/program-store';

/** How long a followed link attributes the follower's orders to its affiliate (ADR 0019). */
export const ATTRIBUTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Clients that follow links without a person behind them: crawlers, link previews, monitors and
 * scripted HTTP clients. Their follows are not clicks.
 */
const AUTOMATED_CLIENT =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|monitor|curl|wget|python|httpclient|go-http|java\/|okhttp|axios|node-fetch|undici|^$/i;

/** What checkout tells the program (ADR 0019), in the order it happened. */
export type ProgramEvent =
  | {
      kind: 'link-followed';
      body: { affiliateId: string; code: string; clientKey: string; userAgent: string; followedAt: Date };
    }
  | {
      kind: 'order-paid';
      body: {
        orderId: string;
        orderNumber: string;
        paidAt: Date;
        /** The affiliate whose code the order was placed with, if any. */
        affiliateId: string | null;
        referralCode: string | null;
        referralFollowedAt: Date | null;
        /** After the discount, before shipping and tax. */
        subtotalCents: number;
        email: string | null;
        /** The signed-in account that bought, if any. */
        accountId: string | null;
      };
    }
  | { kind: 'order-reversed'; body: { orderId: string; reason: 'refunded' | 'cancelled' } };

const approved = (affiliate: Affiliate | null) => (affiliate?.status === 'approved' ? affiliate : null);

/**
 * Who a paid order is attributed to: the affiliate whose code it was placed with (a code typed at
 * checkout wins over a link), else the affiliate whose link its buyer last followed within the window
 * before paying. Orders placed with another shop code and no live link are no one's.
 */
async function attributionOf(
  db: Queryable,
  order: Extract<ProgramEvent, { kind: 'order-paid' }>['body'],
): Promise<{ affiliate: Affiliate; via: 'code' | 'link' } | null> {
  const byCode = order.affiliateId ? approved(await findById(db, order.affiliateId)) : null;
  if (byCode) return { affiliate: byCode, via: 'code' };
  const { referralCode, referralFollowedAt } = order;
  if (!referralCode || !referralFollowedAt) return null;
  const age = order.paidAt.getTime() - referralFollowedAt.getTime();
  if (age < 0 || age > ATTRIBUTION_DAYS * DAY_MS) return null;
  const byLink = await findApprovedByCode(db, referralCode);
  return byLink ? { affiliate: byLink, via: 'link' } : null;
}

/** Whether the order is the affiliate's own: bought signed in as the account that applied, or with its email. */
const isOwnOrder = (affiliate: Affiliate, order: { email: string | null; accountId: string | null }) =>
  affiliate.accountId === order.accountId ||
  (!!affiliate.email && !!order.email && affiliate.email === order.email.toLowerCase());

/**
 * Takes a batch of checkout's events in one transaction. Every event is idempotent by its own key (a
 * click by client and day, an order by its id, a reversal by the order's state), so a batch sent again
 * changes nothing. Answers the orders whose reversal needs an operator: their commission was paid out.
 */
export function takeProgramEvents(db: Database, events: ProgramEvent[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const forOperator: string[] = [];
    for (const event of events) {
      if (event.kind === 'link-followed') {
        const { affiliateId, clientKey, userAgent, followedAt } = event.body;
        if (AUTOMATED_CLIENT.test(userAgent) || !approved(await findById(tx, affiliateId))) continue;
        await recordClick(tx, { affiliateId, clientKey, followedAt });
      } else if (event.kind === 'order-paid') {
        const order = event.body;
        const attribution = await attributionOf(tx, order);
        if (!attribution) continue;
        const { affiliate, via } = attribution;
        await recordReferredOrder(tx, {
          orderId: order.orderId,
          affiliateId: affiliate.id,
          orderNumber: order.orderNumber,
          via,
          paidAt: order.paidAt,
          subtotalCents: order.subtotalCents,
          commissionRateBp: affiliate.commissionRateBp,
          status: isOwnOrder(affiliate, order) ? 'none' : 'pending',
        });
      } else if (!(await reverseReferredOrder(tx, event.body.orderId))) {
        forOperator.push(event.body.orderId);
      }
    }
    return forOperator;
  });
}
