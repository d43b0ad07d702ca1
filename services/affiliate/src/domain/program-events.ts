import type { Database, Queryable } from '@storefront/server-kit/domain';
import { findApprovedByCode, findById, type Affiliate } from '../store/affiliates-store';
import {
  clickCounted,
  recordClick,
  recordReferredOrder,
  refundReferredOrder,
  reverseReferredOrder,
} from '../store/program-store';

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
        /** The client that followed the link, as clicks are counted by (events before it have none). */
        referralClientKey?: string | null;
        /** After the discount, before shipping and tax. */
        subtotalCents: number;
        email: string | null;
        /** The signed-in account that bought, if any. */
        accountId: string | null;
        /** When the order was placed, and what its payment took in all (events before these have neither). */
        placedAt?: Date | null;
        totalCents?: number | null;
      };
    }
  | {
      kind: 'order-reversed';
      body: {
        orderId: string;
        reason: 'refunded' | 'cancelled';
        /** How much of the payment (`paidCents`) has gone back in all; without them, all of it. */
        refundedCents?: number;
        paidCents?: number;
      };
    };

/** An event with the id checkout recorded it under. */
export type RecordedEvent = ProgramEvent & { id: number };

/** Checkout, as the program asks it for the events it recorded (ADR 0019). */
export interface RecordedEvents {
  /** The events checkout recorded under these ids, as it recorded them (unread: the caller checks them). */
  recorded(ids: number[]): Promise<unknown[]>;
}

/** How far a clock may run ahead of another's: an event dated later than this is not yet. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** Why an event makes no sense (a payment in the future, or before its order; more than the order), or null. */
export function senselessness(event: ProgramEvent, now: Date): string | null {
  const future = (date: Date) => date.getTime() > now.getTime() + CLOCK_SKEW_MS;
  if (event.kind === 'link-followed') return future(event.body.followedAt) ? 'followed in the future' : null;
  if (event.kind === 'order-reversed') {
    const { refundedCents = 0, paidCents } = event.body;
    return paidCents !== undefined && refundedCents > paidCents ? 'more refunded than was paid' : null;
  }
  const { paidAt, placedAt, subtotalCents, totalCents } = event.body;
  if (future(paidAt)) return 'paid in the future';
  if (placedAt && paidAt.getTime() < placedAt.getTime()) return 'paid before it was placed';
  if (totalCents !== undefined && totalCents !== null && subtotalCents > totalCents)
    return 'a subtotal above its total';
  return null;
}

const approved = (affiliate: Affiliate | null) => (affiliate?.status === 'approved' ? affiliate : null);

/**
 * Who a paid order is attributed to: the affiliate whose code it was placed with (a code typed at
 * checkout wins over a link), else the affiliate whose link its buyer last followed within the window
 * before paying, when a click of the same client was counted since that follow: a referral no click
 * stands behind is no one's. Orders placed with another shop code and no live link are no one's.
 */
async function attributionOf(
  db: Queryable,
  order: Extract<ProgramEvent, { kind: 'order-paid' }>['body'],
): Promise<{ affiliate: Affiliate; via: 'code' | 'link' } | null> {
  const byCode = order.affiliateId ? approved(await findById(db, order.affiliateId)) : null;
  if (byCode) return { affiliate: byCode, via: 'code' };
  const { referralCode, referralFollowedAt, referralClientKey } = order;
  if (!referralCode || !referralFollowedAt || !referralClientKey) return null;
  const age = order.paidAt.getTime() - referralFollowedAt.getTime();
  if (age < 0 || age > ATTRIBUTION_DAYS * DAY_MS) return null;
  const byLink = await findApprovedByCode(db, referralCode);
  if (!byLink) return null;
  const click = {
    affiliateId: byLink.id,
    clientKey: referralClientKey,
    followedAt: referralFollowedAt,
    until: order.paidAt,
  };
  return (await clickCounted(db, click)) ? { affiliate: byLink, via: 'link' } : null;
}

/**
 * The mailbox an address reaches: the same whatever its case, and whatever `+tag` its local part
 * carries (`ada+shop@lab.example` is `ada@lab.example`'s).
 */
export const mailboxOf = (email: string) => {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  return `${local.split('+')[0]}@${domain}`;
};

/** Whether the order is the affiliate's own: bought signed in as the account that applied, or to its mailbox. */
const isOwnOrder = (affiliate: Affiliate, order: { email: string | null; accountId: string | null }) =>
  affiliate.accountId === order.accountId ||
  (!!affiliate.email && !!order.email && mailboxOf(affiliate.email) === mailboxOf(order.email));

/** What taking a batch came to: the orders whose reversal needs an operator, and the events refused. */
export interface TakenEvents {
  /** Their commission was paid out already. */
  forOperator: string[];
  /** Events that made no sense, by id, with why. */
  refused: Array<{ id: number | undefined; why: string }>;
}

/**
 * Takes a batch of checkout's events in one transaction. Every event is idempotent by its own key (a
 * click by client and day, an order by its id, a refund by what has gone back in all), so a batch sent
 * again changes nothing. An event that makes no sense (senselessness) is refused, and the rest taken.
 */
export function takeProgramEvents(
  db: Database,
  events: Array<ProgramEvent & { id?: number }>,
  now = new Date(),
): Promise<TakenEvents> {
  return db.transaction(async (tx) => {
    const taken: TakenEvents = { forOperator: [], refused: [] };
    for (const event of events) {
      const why = senselessness(event, now);
      if (why) {
        taken.refused.push({ id: event.id, why });
        continue;
      }
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
      } else {
        const { orderId, reason, refundedCents, paidCents } = event.body;
        const partly =
          reason === 'refunded' &&
          refundedCents !== undefined &&
          paidCents !== undefined &&
          refundedCents < paidCents;
        const settled = partly
          ? await refundReferredOrder(tx, orderId, refundedCents, paidCents)
          : await reverseReferredOrder(tx, orderId);
        if (!settled) taken.forOperator.push(orderId);
      }
    }
    return taken;
  });
}
