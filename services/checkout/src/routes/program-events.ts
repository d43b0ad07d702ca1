import { parseInput } from '@storefront/server-kit';
import { Router } from 'express';
import { z } from 'zod';
import type { CheckoutParts } from '../parts';
import { recordedProgramEvents } from '../store/program-events-store';

const lookupSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) });

/**
 * The affiliate program asks here, behind the service key as every /internal route, for the events it
 * was sent, and takes them only as checkout recorded them (ADR 0019).
 */
export function programEventRoutes({ db }: Pick<CheckoutParts, 'db'>): Router {
  const router = Router();
  router.post('/internal/program-events/lookup', async (req, res) => {
    const { ids } = parseInput(lookupSchema, req.body ?? {}, 'Invalid lookup');
    res.json({ events: await recordedProgramEvents(db, ids) });
  });
  return router;
}
