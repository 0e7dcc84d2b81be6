import { bounded } from '../../core/bounded';
import type { ChromeSnapshot } from '../core/snapshot';
import { readPaintableSnapshot } from '../core/reader';
import { initTheme } from '../../lib/theme/theme';
import { brandName, brandVariable, hexColor, keptChromeStylePath, languageTag } from '../core/servedDocument';
import { prePaintRootAttribute } from '../core/prePaintRoot';
import { snapshotStylesheets } from '../core/snapshotStylesheets';
import { linkedStylesheet, linkStylesheet, loadOutcome } from './stylesheetLinks';
import { forwardKeptClicks } from './clickForwarder';
import { restoreBar } from './barElements';
import { readWarmUp, warmUp } from './warmUp';

/**
 * The pre-paint: the kept top bar (firstPaint/core/snapshot) on screen before the app's code has run.
 * `src/boot.ts` calls it first, before it imports the app, so neither the IndexedDB answers nor the
 * stylesheets' load events wait behind the app's long first evaluation. It paints only for a live
 * session of the snapshot's member and tenant, in the snapshot's language, at the same layout
 * width; otherwise nothing, and the app starts as it would without it. The copy is inert and
 * hidden from assistive technology: the live chrome replaces it when the app first renders.
 *
 * A page the service worker served with the copy already in it (firstPaint/core/servedDocument)
 * is checked the same way: the copy is adopted (its colours moved to <html>'s own style, the
 * member's stored theme applied) or taken away, before the app starts.
 */

/** A stylesheet that is not there by then (none should take long: the service worker's precache serves them) leaves the start as it was. */
const stylesheetWaitMs = 1000;

export async function paintSnapshot(): Promise<boolean> {
  const served = document.querySelector<HTMLElement>(`[${prePaintRootAttribute}]`);
  // Answered by the page's first script's reads (src/boot.ts) when it made them.
  const reads = readPaintableSnapshot();
  // The main thread is idle until IndexedDB answers: the fonts and images the bar's frame would set up go first.
  const note = served ? null : readWarmUp();
  if (note) warmUp(note);
  const kept = await reads;
  if (!kept || matchMedia(kept.media.query).matches !== kept.media.matches) {
    if (served) dropServed(served);
    return false;
  }
  if (served) {
    paintRoot(kept);
    servedStyle()?.remove();
    handOver(served);
    await onScreen();
    return true;
  }
  // Asked for before the bar is built, so they load while it is.
  const styles = stylesheetsLoaded(kept.styles);
  const bar = restoreBar(kept.bar);
  if (!bar || !(await styles)) return false;
  paint(kept, bar);
  await onScreen();
  return true;
}

/**
 * How long a frame may take to come before the app starts anyway (a throttled tab). A visible
 * tab's next frame is due within 17 ms; the bound is for a machine too busy to draw one, where
 * starting the app sooner would not show anything sooner either.
 */
const frameWaitMs = 250;

/**
 * Resolves once the frame with the copy has been painted. The app's first evaluation (React DOM and
 * the shell) is one long task: started at once, it could hold that frame back until it ends (seen
 * in one start of three on a 2-core machine). A hidden tab paints nothing and goes on at once; one
 * that draws no frame in time goes on after `frameWaitMs`.
 */
function onScreen(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    const bound = setTimeout(resolve, frameWaitMs);
    requestAnimationFrame(() => {
      // A task queued from the frame's callback runs once that frame's rendering is done.
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => {
        clearTimeout(bound);
        port1.close();
        resolve();
      };
      port2.postMessage(null);
    });
  });
}

/** Every stylesheet the bar needs, loaded (the live chrome's lazy code then finds them there). */
async function stylesheetsLoaded(paths: readonly string[]): Promise<boolean> {
  const wanted = snapshotStylesheets(paths);
  const present = new Map<string, HTMLLinkElement>();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) present.set(new URL(link.href, location.href).pathname, link);
  const loads = wanted.map((path) => {
    // The first script's link (the warm-up note named it), whose outcome it kept.
    const linked = linkedStylesheet(path);
    if (linked) return linked;
    const existing = present.get(path);
    if (!existing) return linkStylesheet(path);
    return existing.sheet ? Promise.resolve(true) : loadOutcome(existing);
  });
  return bounded(
    Promise.all(loads).then((results) => results.every(Boolean)),
    stylesheetWaitMs,
    false,
  );
}

function paint(kept: ChromeSnapshot, bar: HTMLElement): void {
  paintRoot(kept);
  const container = document.createElement('div');
  container.className = 'shell';
  container.setAttribute(prePaintRootAttribute, '');
  container.inert = true;
  container.setAttribute('aria-hidden', 'true');
  container.append(bar);
  const app = document.getElementById('root');
  if (!app) return void document.body.prepend(container);
  app.before(container);
  handOver(container);
}

/** <html>'s language, direction, brand and colours as the copy shows them, and the stored theme. */
function paintRoot(kept: ChromeSnapshot): void {
  const root = document.documentElement;
  if (languageTag.test(kept.lang)) root.lang = kept.lang;
  root.dir = kept.dir;
  if (brandName.test(kept.brand)) root.dataset.brand = kept.brand;
  // Through the CSSOM: the policy allows no inline style attribute.
  for (const [name, value] of Object.entries(kept.vars)) if (brandVariable.test(name) && hexColor.test(value)) root.style.setProperty(name, value);
  // The stored theme, as the app's start applies it first.
  initTheme();
}

function handOver(container: HTMLElement): void {
  const app = document.getElementById('root');
  if (!app) return;
  // Whatever the app first renders (the signed-in layout, or the loading display, the sign-in page,
  // an error) takes the copy's place: a mutation observer runs before the browser paints again, so
  // no frame shows both, or neither. A click on the copy meanwhile goes to the live chrome.
  const clicked = forwardKeptClicks(container, app);
  const observer = new MutationObserver(() => {
    if (app.childElementCount === 0) return;
    observer.disconnect();
    container.remove();
    clicked();
  });
  observer.observe(app, { childList: true });
}

/** The served copy's stylesheet (its colours and layout rule). */
const servedStyle = () => document.querySelector(`link[href^="${keptChromeStylePath}?"]`);

/** A served copy the page would not paint: gone before anything else is painted, with what it set on <html>. */
function dropServed(container: HTMLElement): void {
  container.remove();
  servedStyle()?.remove();
  delete document.documentElement.dataset.brand;
}

/** Takes the pre-painted copy away (the app could not start). */
export function dropPaintedCopy(): void {
  document.querySelector(`[${prePaintRootAttribute}]`)?.remove();
}
