/**
 * A player's replay (issue #14): GET /api/matches/:id/history?at=N&since=K with a seat's or
 * the spectator's token. While the match runs, the view its holder saw at its own seq N
 * (0 to its seq now); once the match is over, the referee's match at real seq N. Indexed by
 * the viewer's own seq, so no answer tells the real seq or the other side's private steps
 * (docs/fog.md).
 */
import { z } from 'zod';
import { History } from '../matches/history';
import type { MatchService } from '../matches/service';
import { HistoryBodySchema, ok } from '../protocol';
import type { App } from './app-type';
import { MatchIdParams } from './schemas';
import { bearer } from './tokens';

const Step = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,8})$/, 'a whole number of steps, 0 or more')
  .transform((s) => Number(s));

export const HistoryQuery = z.strictObject({
  /** The step: your own seq while the match runs, the real seq once it is over (the latest when absent). */
  at: Step.optional(),
  /** Only the log entries after this step of yours (-1, the default: the whole log up to `at`). */
  since: z
    .string()
    .regex(/^(-1|0|[1-9][0-9]{0,8})$/, 'a step, or -1 for the whole log')
    .transform((s) => Number(s))
    .optional(),
});

export function historyRoutes(app: App, { service, history = new History(service) }: { service: MatchService; history?: History }): History {
  app.get(
    '/api/matches/:id/history',
    {
      schema: {
        tags: ['matches'],
        summary: 'Your replay: what you saw at your own step N (everything, at every step, once the match is over)',
        params: MatchIdParams,
        querystring: HistoryQuery,
        security: [{ token: [] as string[] }],
        response: ok(HistoryBodySchema),
      },
    },
    async (req) => {
      const viewer = await service.authenticate(req.params.id, bearer(req));
      return history.at(req.params.id, viewer, req.query.at, req.query.since ?? -1);
    },
  );
  return history;
}
