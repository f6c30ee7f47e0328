/**
 * A seat's standing orders (issue #41): read and set with the seat token only, as a person on
 * the match page or a script would. Setting them answers the holder alone and pushes nothing.
 */
import { z } from 'zod';
import { allBooks } from '../bots/orders';
import { ok } from '../protocol';
import type { MatchService } from '../matches/service';
import type { App } from './app-type';
import { bearer, TOKEN_SECURITY } from './tokens';
import { INT4_MAX, MatchIdParams, NoQuery } from './schemas';

const books = allBooks();
/** Each game's orders (by kind of decision, the rule; "ask" or absent: the person is asked), the first that fits; the match's own game checks again. */
const OrdersSchema = (books.length === 1 ? books[0]!.schema : z.union(books.map((b) => b.schema) as never)).describe(
  'Standing orders by kind of decision: the rule chosen ("ask" or absent: you are asked). GET lists each kind with its rules.',
);
const OrdersBody = z.strictObject({ orders: OrdersSchema });
const OrdersQuery = z.strictObject({ since: z.coerce.number().int().min(-1).max(INT4_MAX).optional() });
const Choice = z.object({ value: z.string(), label: z.string() });
const OrdersViewSchema = z.object({
  orders: z.record(z.string(), z.string()),
  defaults: z.record(z.string(), z.string()),
  fields: z.array(z.object({ key: z.string(), label: z.string(), choices: z.array(Choice) })),
  taken: z.array(z.object({ seq: z.number().int(), text: z.string() })),
});

export function ordersRoutes(app: App, { service }: { service: MatchService }): void {
  app.get(
    '/api/matches/:id/orders',
    {
      schema: {
        tags: ['seats'],
        summary: 'Your standing orders, the quick-play defaults, every kind of decision they may take, and the steps they took after your seq `since` (seat token)',
        params: MatchIdParams,
        querystring: OrdersQuery,
        security: TOKEN_SECURITY,
        response: ok(OrdersViewSchema),
      },
    },
    async (req) => {
      const side = await service.authenticate(req.params.id, bearer(req));
      return service.orders.view(req.params.id, side, req.query.since ?? -1);
    },
  );
  app.put(
    '/api/matches/:id/orders',
    {
      schema: {
        tags: ['seats'],
        summary: 'Replace your standing orders (seat token): applied to each routine decision as it comes, as your own; private to your side',
        params: MatchIdParams,
        body: OrdersBody,
        querystring: NoQuery,
        security: TOKEN_SECURITY,
        response: ok(OrdersViewSchema),
      },
    },
    async (req) => {
      const side = await service.authenticate(req.params.id, bearer(req));
      return service.orders.set(req.params.id, side, req.body.orders);
    },
  );
}
