/**
 * Standing orders on the match page (issue #41): "Quick play" accepts the game's default orders
 * with one click (offered while the seat has none); each kind of routine decision has its rule
 * to choose ("ask me": no order); and "While you were away" lists the steps the orders took since
 * this browser last looked, each with its rule. Orders are the seat's own: read and set with its
 * token only, and nothing of them reaches the other side.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type OrdersView } from './api';

/** What GET /api/matches/:id/orders answers (src/server/routes-orders.ts). */

const seenKey = (id: string, side: string) => `ironbottom:orders-seen:${id}:${side}`;

function lastSeen(id: string, side: string): number {
  try {
    const v = Number(localStorage.getItem(seenKey(id, side)));
    return Number.isInteger(v) && v > 0 ? v : 0;
  } catch {
    return 0;
  }
}

export function OrdersControl({ id, token, side, seq, over }: { id: string; token: string; side: string; seq: number; over: boolean }) {
  const [view, setView] = useState<OrdersView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [since, setSince] = useState(() => lastSeen(id, side));
  useEffect(() => {
    api.orders(id, token, since).then(setView, (e: Error) => (setView(null), setError(e.message)));
  }, [id, token, since, seq]);
  if (!view || view.fields.length === 0) return error ? <p class="hint">{error}</p> : null;
  const put = (orders: Record<string, string>) =>
    api.setOrders(id, token, orders).then(
      (v) => (setView({ ...v, taken: view.taken }), setError(null)),
      (e: Error) => setError(e.message),
    );
  const none = Object.keys(view.orders).length === 0;
  const dismiss = () => {
    try {
      localStorage.setItem(seenKey(id, side), String(seq));
    } catch {
      /* private mode: shown again next time */
    }
    setSince(seq);
  };
  return (
    <section class="orders" data-testid="orders">
      {view.taken.length > 0 && (
        <div class="orders-taken" data-testid="orders-taken" role="status">
          <h3>While you were away</h3>
          <p class="hint">Your standing orders took {view.taken.length === 1 ? 'this decision' : `these ${view.taken.length} decisions`}:</p>
          <ol>
            {view.taken.map((t) => (
              <li key={t.seq}>
                <span class="seq">#{t.seq}</span> {t.text}
              </li>
            ))}
          </ol>
          <button type="button" class="link" onClick={dismiss}>
            Got it
          </button>
        </div>
      )}
      {!over && (
        <details class="orders-settings" open={none}>
          <summary>Standing orders{none ? ' (none: you are asked every decision)' : ''}</summary>
          <p class="hint">
            Routine decisions your orders answer for you as they come, as your own; where no order decides, you are asked. The other player never learns your orders.
          </p>
          {none && (
            <button type="button" data-testid="quick-play" onClick={() => void put(view.defaults)}>
              Quick play: accept the default orders
            </button>
          )}
          {view.fields.map((f) => (
            <label key={f.key} class="orders-field">
              {f.label}:{' '}
              <select
                data-order={f.key}
                value={view.orders[f.key] ?? 'ask'}
                onChange={(e) => {
                  const value = (e.target as HTMLSelectElement).value;
                  const next = { ...view.orders, [f.key]: value };
                  if (value === 'ask') delete next[f.key];
                  void put(next);
                }}
              >
                {f.choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {!none && (
            <button type="button" class="link" onClick={() => void put({})}>
              Clear all orders
            </button>
          )}
          {error && <p class="hint">{error}</p>}
        </details>
      )}
    </section>
  );
}
