/**
 * A person who plays through a match page by clicks: passing, confirming, ending and "Done"
 * first, else the first choice or target the page offers. Used by the e2e tests against the
 * computer and by `npm run bench:clicks` (which counts the clicks per prompt).
 */
import type { Locator, Page } from 'playwright-core';
import { clickFirst, screenshot } from './e2e';

export interface PlayedThrough {
  clicks: number;
  /** Clicks by the prompt's first words (the decision the click answered). */
  byPrompt: Map<string, number>;
}

/** What the person clicks, most wanted first. */
export function playCandidates(p: Page): Locator[] {
  const panel = p.locator('section.decision');
  return [
    panel.getByRole('button', { name: PASS_WORDS }).and(p.locator(':enabled')),
    panel.locator('section.selected ul.choices button:enabled', { hasText: /^Return / }),
    p.locator('g.group g.counter.selectable[aria-pressed="false"]'),
    panel.locator('section.selected ul.choices button:enabled'),
    panel.locator('ul.chips button:enabled'),
    panel.locator('button.primary:enabled'),
    // SSJ's Magic roll: three numbers, then the roll (a pressed number would only be taken back).
    panel.locator('button.die-button[aria-pressed="false"]:enabled'),
    panel.locator('ul.choices button:enabled'),
    p.locator('g.hex.target, g.ehex.target'),
  ];
}

/** The pass-first policy's words: passing, confirming, ending and "Done". */
export const PASS_WORDS = /^(Early activation: roll no|Battle withdraw|Pass|Confirm|Done|End|Skip|Decline|No |Stay|6: No second)/;

/**
 * A person who plays rather than passes: Magic's three numbers and its roll; the reinforcements
 * list's one button where the page shows it (its defaults); a step for all
 * of their pieces at once where the page offers one; each of their pieces the prompt can move
 * (with its stack, where the page offers it),
 * moved once to its first place offered; the first target or choice
 * that is not a pass; "Done" last. At most `cap` clicks per prompt before passing (a battle's
 * prompts repeat while they last). Returns whether it clicked.
 */
export function activePlayer(p: Page, cap = 200): (prompt: string) => Promise<boolean> {
  const panel = p.locator('section.decision');
  const used = new Map<string, number>();
  const tried = new Set<string>();
  const pass = playCandidates(p);
  return async (prompt) => {
    const n = used.get(prompt) ?? 0;
    used.set(prompt, n + 1);
    if (n >= cap) return clickFirst(pass);
    const dice = panel.locator('button.die-button:enabled');
    if ((await dice.count()) > 0) {
      if ((await panel.locator('button.die-button[aria-pressed="true"]').count()) < 3) return clickFirst([panel.locator('button.die-button[aria-pressed="false"]:enabled')]);
      return clickFirst([panel.locator('button.primary:enabled')]);
    }
    // SSJ's VI.A reinforcements as one list: its one button, each unit where its row puts it by default
    // (a build without the list offers a Place button a unit and place: clicked below, a unit at a time).
    const arrivals = panel.getByTestId('reinforcements-send').and(p.locator(':enabled')).filter({ visible: true });
    if ((await arrivals.count()) > 0) return clickFirst([arrivals]);
    const target = panel.locator('section.selected ul.choices button:enabled').filter({ hasNotText: /^Take / });
    if ((await target.count()) > 0) {
      // A piece picked with others in its place: they go with it, where the page offers it.
      const stack = panel.locator('section.selected input[data-testid="with-stack"]:not(:checked)');
      if ((await stack.count()) > 0)
        return stack.check({ timeout: 2000 }).then(
          () => true,
          () => false,
        );
      return clickFirst([target]);
    }
    /** Clicks the first of `buttons` not yet clicked in this prompt (`again`: words that may be clicked again). */
    const fresh = async (buttons: Locator, again?: RegExp): Promise<boolean> => {
      for (const b of await buttons.all()) {
        const words = (await b.textContent().catch(() => '')) ?? '';
        const key = `${prompt}\n${words}`;
        if (tried.has(key) && !again?.test(words)) continue;
        tried.add(key);
        if (
          await b.click({ timeout: 2000 }).then(
            () => true,
            () => false,
          )
        )
          return true;
      }
      return false;
    };
    // A step for all of the pieces at once ("Return all 13 ships to …"), where the page offers one.
    if (await fresh(panel.locator('section.grouped ul.choices button:enabled'))) return true;
    const chips = panel.locator('details.ship-list').filter({ has: p.locator('summary', { hasText: /^Pieces you can move/ }) });
    if ((await chips.count()) > 0) {
      // The page may move on under it (the computer answers live): try again next round.
      const opened = await chips
        .first()
        .evaluate((d) => ((d as unknown as { open: boolean }).open = true), undefined, { timeout: 2000 })
        .then(
          () => true,
          () => false,
        );
      if (!opened) return false;
      // The same as clicking the piece on the map (one click).
      if (await fresh(chips.first().locator('ul.chips button:enabled'))) return true;
    }
    // The first choice not yet made in this prompt (a choice that replaces an earlier one, as a pick, is made once; an attack may repeat).
    if (await fresh(panel.locator('ul.choices button:enabled').filter({ hasNotText: PASS_WORDS }), /^(Attack|Fire|Torpedo|Strike)/)) return true;
    return clickFirst(pass);
  };
}

/** Clicks the page's choices until `until` is visible; throws (after a screenshot) when `ms` run out first. */
export async function playThrough(p: Page, until: Locator, ms: number, act?: (prompt: string) => Promise<boolean>): Promise<PlayedThrough> {
  const end = Date.now() + ms;
  const candidates = playCandidates(p);
  const click = act ?? (() => clickFirst(candidates));
  const byPrompt = new Map<string, number>();
  let clicks = 0;
  while (Date.now() < end) {
    if (await until.isVisible()) return { clicks, byPrompt };
    let acted = false;
    if (
      await p
        .getByTestId('banner')
        .filter({ hasText: /^Your move$/ })
        .isVisible()
    ) {
      const prompt = (
        (await p
          .getByTestId('prompt-text')
          .textContent({ timeout: 500 })
          .catch(() => '')) ?? ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60);
      // The page may move on under the click (the bot answers live): try again next round.
      acted = await click(prompt);
      if (acted) byPrompt.set(prompt, (byPrompt.get(prompt) ?? 0) + 1);
    }
    if (acted) clicks++;
    await p.waitForTimeout(acted ? 60 : 40);
  }
  await screenshot(p, 'play-through-stuck');
  throw new Error(`the page never reached ${until.toString()} (${clicks} clicks)`);
}
