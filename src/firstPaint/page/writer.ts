import { deleteKv } from '../../session/core/sessionDb';
import { currentScope, scopeKeyOf, writeKvForScope } from '../../session/core/sessionScope';
import { chromeSnapshotKey } from '../../session/core/sessionKeys';
import type { ChromeSnapshot } from '../core/snapshot';
import { keptStylesheet } from '../core/snapshotStylesheets';
import { toChromeTree } from './barElements';
import { captureWarmUp, forgetWarmUp, keepWarmUp } from './warmUp';

/**
 * Keeps the top bar as it is on screen (firstPaint/core/snapshot), for the next start's pre-paint, and
 * keeps it current: whenever the bar or the document's language, direction, theme or brand changes (a
 * rename, a new brand, a permission lost, a language switch), and when the layout's width class
 * changes. Written like the last known state: only while the scope (member, tenant, organisation
 * group, role) and language it shows are still the signed-in ones, checked in the write's own
 * IndexedDB transaction.
 */
export interface SnapshotWriterOptions {
  /** What the first screen does not show yet, or shows only for the moment (menus, the clock, status notes): left out. */
  leaveOut: readonly string[];
  /** The media query that switches the bar's layout. */
  layoutQuery: string;
  /**
   * The scope key of the state the bar shows (null before any is shown). A copy is kept only while
   * it is the stored session's: a bar still showing the old scope just after a switch is not kept
   * under the new one.
   */
  shownScope: () => string | null;
}

/** What the kept copy leaves out: hidden parts (closed menus) and what the options name. */
const notKept = (options: SnapshotWriterOptions): string[] => ['[hidden]', ...options.leaveOut];

/** Coalesces a burst of changes (a state load updates the bar several times) into one write. */
const settleMs = 300;

const brandVariables = ['primary', 'secondary', 'tertiary'].flatMap((name) => [`--brand-${name}`, `--brand-on-${name}`]);

export function snapshotWriter(bar: HTMLElement, options: SnapshotWriterOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void keepNow(bar, options).catch(() => false), settleMs);
  };
  // A change only inside what the copy leaves out (the clock's minute, an open menu, a status
  // note) changes nothing kept: no capture, no write.
  const leftOut = options.leaveOut.join(', ');
  const isLeftOut = (node: Node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return leftOut !== '' && element !== null && element.closest(leftOut) !== null;
  };
  const changesKept = (record: MutationRecord) => {
    if (record.target === document.documentElement) return true;
    if (isLeftOut(record.target)) return false;
    const nodes = [...record.addedNodes, ...record.removedNodes];
    return nodes.length === 0 || !nodes.every(isLeftOut);
  };
  const observer = new MutationObserver((records) => {
    if (records.some(changesKept)) schedule();
  });
  observer.observe(bar, { subtree: true, childList: true, attributes: true, characterData: true });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'dir', 'data-brand', 'data-theme', 'data-color-scheme', 'style'] });
  const media = matchMedia(options.layoutQuery);
  media.addEventListener('change', schedule);
  schedule();
  return () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    observer.disconnect();
    media.removeEventListener('change', schedule);
  };
}

/** Captures the bar now and writes it when the scope allows. False when not written. */
export async function keepNow(bar: HTMLElement, options: SnapshotWriterOptions): Promise<boolean> {
  if (!bar.isConnected) return false;
  const scope = await currentScope();
  const root = document.documentElement;
  // A bar whose texts are not (yet) in the session's language is not the one to keep.
  if (!scope || root.lang.toLowerCase() !== scope.language.toLowerCase() || options.shownScope() !== scopeKeyOf(scope)) return false;
  const snapshot = captureChrome(bar, options, scopeKeyOf(scope), scope.language);
  if (!snapshot || !(await writeChromeSnapshot(snapshot))) return false;
  keepWarmUp(captureWarmUp(bar, notKept(options), snapshot.styles));
  return true;
}

/** The snapshot of `bar` as it is on screen. */
export function captureChrome(bar: HTMLElement, options: SnapshotWriterOptions, scopeKey: string, language: string): ChromeSnapshot | null {
  const root = document.documentElement;
  const copy = bar.cloneNode(true) as HTMLElement;
  for (const selector of notKept(options)) for (const element of copy.querySelectorAll(selector)) element.remove();
  const tree = toChromeTree(copy);
  if (tree === null) return null;
  const vars: Record<string, string> = {};
  for (const name of brandVariables) {
    const value = root.style.getPropertyValue(name).trim();
    if (value) vars[name] = value;
  }
  return {
    scopeKey,
    language,
    lang: root.lang,
    dir: root.dir === 'rtl' ? 'rtl' : 'ltr',
    ...(root.dataset.theme ? { theme: root.dataset.theme } : {}),
    ...(root.dataset.colorScheme ? { colorScheme: root.dataset.colorScheme } : {}),
    brand: root.dataset.brand ?? '',
    vars,
    styles: stylesheetsOf(bar),
    media: { query: options.layoutQuery, matches: matchMedia(options.layoutQuery).matches },
    bar: tree,
  };
}

/**
 * The build's stylesheets (same origin, /assets/) with a rule for the bar, its container or
 * anything in it, in document order: the pre-paint loads these before it shows the copy.
 */
function stylesheetsOf(bar: HTMLElement): string[] {
  const elements = [bar.parentElement ?? bar, bar, ...bar.querySelectorAll('*')];
  const styles: string[] = [];
  for (const sheet of document.styleSheets) {
    if (!sheet.href) continue;
    const url = new URL(sheet.href);
    if (url.origin !== location.origin || !keptStylesheet.test(url.pathname)) continue;
    if (!styles.includes(url.pathname) && appliesTo(sheet, elements)) styles.push(url.pathname);
  }
  return styles;
}

function appliesTo(sheet: CSSStyleSheet, elements: readonly Element[]): boolean {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    return true; // unreadable: kept, to be safe
  }
  const matches = (list: CSSRuleList): boolean =>
    Array.from(list).some((rule) => {
      if (rule instanceof CSSStyleRule && selects(rule.selectorText, elements)) return true;
      return 'cssRules' in rule && matches((rule as CSSGroupingRule).cssRules);
    });
  return matches(rules);
}

function selects(selector: string, elements: readonly Element[]): boolean {
  // A pseudo-element never matches an element itself: the rule is about its element.
  const own = selector.replace(/::?(?:before|after|marker|placeholder|selection|backdrop)\b/g, '');
  try {
    return elements.some((element) => element.matches(own));
  } catch {
    return false;
  }
}

export function writeChromeSnapshot(snapshot: ChromeSnapshot): Promise<boolean> {
  return writeKvForScope({ [chromeSnapshotKey]: snapshot }, snapshot.scopeKey, snapshot.language);
}

/** Sign-out: the kept chrome goes with the last known state, and its warm-up note with it. */
export async function clearChromeSnapshot(): Promise<void> {
  forgetWarmUp();
  await deleteKv(chromeSnapshotKey).catch(() => undefined);
}
