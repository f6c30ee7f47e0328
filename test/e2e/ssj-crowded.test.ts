/**
 * Issue 42 item 8 in a real browser, on desktop and at 390×844: "face-up counters overlap and spill out of their boxes in
 * Rabaul harbour (FURUTAK, KINUGAS)" and "the replay's ⏮ ⏭ render as empty boxes in Debian's Chromium". On the Japanese
 * page at AugI's deployment (Rabaul's harbour at its most crowded: every ship of the Japanese set-up there, face up), no
 * two counters' frames overlap, each counter lies inside its base's box, each name's drawn text lies inside its counter
 * (squeezed, not cut: the whole name is in the text), and every base's name inside its box; and the replay's four step
 * buttons draw their arrows (a glyph of their own with a width, no character a font may lack).
 */
import type { Page } from 'playwright-core';
import { matchPath, ssjDeploying } from '../support/e2e-matches';
import { DESKTOP, PHONE, e2eSession, keepScreenshot } from '../support/e2e';

jest.setTimeout(240_000);

const e2e = e2eSession({ newSeed: () => 'ssj-crowded', lastScreenshots: 'crowded-last' });

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Drawn {
  base: string;
  baseBox: Box;
  baseName: Box;
  counters: { id: string; frame: Box; name: Box; text: string }[];
}

/** Every base on the page, as drawn: its box, its name, and its counters' frames and names (page pixels). */
async function drawn(page: Page): Promise<Drawn[]> {
  return page.locator('g.base[data-base]').evaluateAll((els) => {
    const box = (e: { getBoundingClientRect(): { x: number; y: number; width: number; height: number } } | null): Box => {
      const r = e!.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    };
    return els.map((b) => ({
      base: b.getAttribute('data-base')!,
      baseBox: box(b.querySelector('rect.box')),
      baseName: box(b.querySelector('text.base-name')),
      counters: [...b.querySelectorAll('g.counter.face-up')].map((c) => ({
        id: c.getAttribute('data-ship') ?? '',
        frame: box(c.querySelector('rect.frame')),
        name: box(c.querySelector('text.name')),
        text: c.querySelector('text.name')?.textContent ?? '',
      })),
    }));
  });
}

const E = 0.5;
const inside = (a: Box, b: Box) => a.x >= b.x - E && a.y >= b.y - E && a.x + a.w <= b.x + b.w + E && a.y + a.h <= b.y + b.h + E;
const overlap = (a: Box, b: Box) => a.x < b.x + b.w - E && b.x < a.x + a.w - E && a.y < b.y + b.h - E && b.y < a.y + a.h - E;

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('issue 42 item 8 on %s: crowded boxes and the replay arrows', (name, size) => {
  test(`Rabaul harbour at the set-up (V): no two counters overlap, none leaves its base's box, no name is cut or spills (${name})`, async () => {
    const m = await ssjDeploying(e2e.url);
    const page = await e2e.open(matchPath(m, 'japanese'), size);
    await page.locator('g.base[data-base="rabaul"] g.counter.face-up').first().waitFor();
    const bases = await drawn(page);
    const rabaul = bases.find((b) => b.base === 'rabaul')!;
    // The crowded box the issue names: its cruisers among many ships.
    expect(rabaul.counters.length).toBeGreaterThanOrEqual(10);
    const names = rabaul.counters.map((c) => c.text);
    expect(names).toEqual(expect.arrayContaining(['FURUTAKA', 'KINUGASA']));
    for (const b of bases) {
      expect({ base: b.base, fits: inside(b.baseName, b.baseBox) }).toEqual({ base: b.base, fits: true });
      for (const c of b.counters) {
        expect({ id: c.id, inBase: inside(c.frame, b.baseBox), nameInCounter: inside(c.name, c.frame) }).toEqual({ id: c.id, inBase: true, nameInCounter: true });
      }
    }
    const all = bases.flatMap((b) => b.counters);
    const clashes: string[] = [];
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) if (overlap(all[i]!.frame, all[j]!.frame)) clashes.push(`${all[i]!.id} × ${all[j]!.id}`);
    expect(clashes).toEqual([]);
    await page.locator('g.base[data-base="rabaul"]').scrollIntoViewIfNeeded();
    await keepScreenshot(page, `ssj-rabaul-${name}`);
    expect(e2e.pageErrors).toEqual([]);
  });

  test(`the replay's step buttons draw their arrows: each has a drawn icon with a width and no ⏮ ⏭ character (${name})`, async () => {
    const m = await ssjDeploying(e2e.url);
    const page = await e2e.open(matchPath(m, 'japanese'), size);
    await page.getByTestId('replay-open').click();
    await page.getByTestId('replay-dialog').waitFor();
    for (const id of ['replay-start', 'replay-back', 'replay-forward', 'replay-end']) {
      const button = page.getByTestId(id);
      expect(await button.textContent()).not.toMatch(/[\u23ea-\u23ef\u25c0\u25b6]/);
      const icon = await button.locator('svg.step-icon polygon').boundingBox();
      expect(icon && icon.width > 4 && icon.height > 4).toBe(true);
    }
    expect(e2e.pageErrors).toEqual([]);
  });
});
