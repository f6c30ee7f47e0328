/**
 * Bringing the decision into view (issue 42 item 3): when a new decision comes, the board
 * scrolls (inside its own box, never the page) to the first place the decision is made on —
 * a target, a piece to pick — and the decision panel scrolls into the window if it is out of
 * it. On a phone the panel comes first (styles.css) and the board is one tap away
 * (`showOnBoard`).
 */
import { useEffect } from 'preact/hooks';

/** What a decision is made on, on any game's board: targets, and pieces to pick. */
const ON_BOARD = '.target, .counter.selectable';

function firstOnBoard(): Element | null {
  return document.querySelector(`.board-scroll ${ON_BOARD}`);
}

/** Scrolls `box` (only it) so that `el` is inside it, centred where it can be. */
export function scrollInside(box: HTMLElement, el: Element): void {
  const b = box.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  const inside = r.top >= b.top && r.bottom <= b.bottom && r.left >= b.left && r.right <= b.right;
  if (inside) return;
  box.scrollTo({ top: box.scrollTop + r.top - b.top - Math.max(0, (b.height - r.height) / 2), left: box.scrollLeft + r.left - b.left - Math.max(0, (b.width - r.width) / 2) });
}

/** Scrolls the window so that `el`'s top is in it, if it is not. */
function intoWindow(el: Element | null, always = false): void {
  if (!el) return;
  const r = el.getBoundingClientRect();
  if (always || r.top < 0 || r.top > window.innerHeight - 80) el.scrollIntoView({ block: 'start' });
}

/** The decision panel into the window (the "Your move" banner's button). */
export function showDecision(): void {
  const d = document.querySelector<HTMLElement>('section.decision');
  intoWindow(d, true);
  d?.focus({ preventScroll: true });
}

/** The board into the window, at the first place the decision is made on (a phone's "See it on the board" button). */
export function showOnBoard(): void {
  const at = firstOnBoard() ?? document.querySelector('.board-wrap');
  at?.scrollIntoView({ block: 'center', inline: 'nearest' });
}

/** On each new decision (`key`): the board's first place to click inside the board's box, and the decision panel into the window. */
export function useBringIntoView(key: string): void {
  useEffect(() => {
    if (!key) return;
    // After the board and the panel have drawn the new decision.
    const t = requestAnimationFrame(() => {
      const box = document.querySelector<HTMLElement>('.board-scroll');
      const first = firstOnBoard();
      if (box && first && (box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1)) scrollInside(box, first);
      intoWindow(document.querySelector('section.decision'));
    });
    return () => cancelAnimationFrame(t);
  }, [key]);
}
