/**
 * A small example business screen (micro-frontend) as the platform would host it: an ES module
 * whose default export is mount(element, host) returning an unmount function (contract
 * RuntimeConfig.microFrontends). It only uses the shell's documented host API: it never sees a
 * token, and its platform calls go through the shell's request pipeline.
 *
 * For tests it also honours `?calls=N` on the shell's address: a button that makes N concurrent
 * calls through host.fetch and shows their statuses in an <output>; and `?fetch=<url>`: a button
 * that calls that address through host.fetch (a trusted API origin's, say) and shows the outcome.
 *
 * Its "Vendors under review" figure is labelled in the tenant's own term of the translation module
 * "vendor" (host.i18n.module), its own default text while none is there, and follows live language
 * switches (host.i18n.onLanguageChange). For tests, `?module=<name>` asks for one more module and
 * shows the outcome (loaded, or the host's refusal) in an <output>.
 *
 * Its notes field is open work: when the shell announces a save (a timed-out session, before
 * sign-out) it keeps the draft in local storage under `example-remote.draft.<id>`, with the status of a
 * platform call it made while saving (200: the session was still valid). While it holds text it tells
 * the shell through host.unsavedWork, so a session that ends meanwhile keeps the page.
 */
import { text, type Reply } from '../http.ts';
import type { RouteDef } from '../router.ts';

export const EXAMPLE_REMOTE_PATH = '/remotes/example/remote.js';

const exampleRemote = `
export default function mount(element, host) {
  const doc = element.ownerDocument;
  // Styled through the shell's design tokens (CSS custom properties), set with the CSSOM so a
  // strict style-src lets them through; the fall-backs keep it readable in any host.
  const css = (el, styles) => Object.assign(el.style, styles);
  const section = doc.createElement('section');
  section.className = 'example-remote';
  section.setAttribute('aria-labelledby', 'example-remote-title');
  css(section, { display: 'grid', gap: 'var(--space-5, 1.5rem)' });
  const header = doc.createElement('div');
  css(header, { display: 'grid', gap: 'var(--space-1, 0.25rem)' });
  const title = doc.createElement('h2');
  title.id = 'example-remote-title';
  css(title, { margin: '0', fontSize: 'var(--font-size-xl, 1.625rem)' });
  const user = doc.createElement('p');
  user.setAttribute('data-testid', 'example-remote-user');
  // Its line is kept while the name is on its way: the tiles under it never move when it comes.
  css(user, { margin: '0', color: 'var(--color-muted, #4c5a60)', minBlockSize: '1lh' });
  header.append(title, user);
  const panel = () => {
    const box = doc.createElement('div');
    css(box, {
      background: 'var(--color-bg, #fff)', color: 'var(--color-text, inherit)', border: '1px solid var(--color-border, #d5dde0)',
      borderRadius: 'var(--radius-lg, 0.75rem)', padding: 'var(--space-5, 1.5rem)', boxShadow: 'var(--shadow-1, none)',
      display: 'grid', gap: 'var(--space-2, 0.5rem)', minWidth: '0',
    });
    return box;
  };
  const tiles = doc.createElement('ul');
  tiles.setAttribute('aria-label', 'Overview');
  css(tiles, { listStyle: 'none', margin: '0', padding: '0', display: 'grid', gap: 'var(--space-4, 1rem)', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' });
  const labels = [];
  for (const [label, value] of [['Open assessments', '12'], ['Data subject requests', '3'], ['Vendors under review', '48']]) {
    const tile = panel();
    const item = doc.createElement('li');
    const name = doc.createElement('span');
    name.textContent = label;
    labels.push(name);
    css(name, { color: 'var(--color-muted, #4c5a60)', fontSize: 'var(--font-size-sm, 0.875rem)' });
    const figure = doc.createElement('strong');
    figure.textContent = value;
    css(figure, { fontSize: 'var(--font-size-xl, 1.625rem)', fontVariantNumeric: 'tabular-nums' });
    tile.append(name, figure);
    item.append(tile);
    tiles.append(item);
  }
  const notesPanel = panel();
  const notesLabel = doc.createElement('label');
  notesLabel.textContent = 'Notes';
  css(notesLabel, { fontWeight: '600' });
  const notes = doc.createElement('textarea');
  notes.id = 'example-remote-notes';
  notesLabel.htmlFor = notes.id;
  css(notes, {
    font: 'inherit', minHeight: '6rem', width: '100%', boxSizing: 'border-box', padding: 'var(--space-2, 0.5rem)', resize: 'vertical',
    color: 'var(--color-text, inherit)', background: 'var(--color-bg, #fff)', border: '1px solid var(--color-border-strong, #7a8a90)', borderRadius: 'var(--radius-md, 0.375rem)',
  });
  notesPanel.append(notesLabel, notes);
  // Typed notes are unsaved work until saved: a session that ends meanwhile keeps the page.
  if (host.unsavedWork) notes.addEventListener('input', () => host.unsavedWork(notes.value !== ''));
  section.append(header, tiles, notesPanel);
  element.append(section);
  let alive = true;
  // Texts: the shell's catalogue and the tenant's terms of module "vendor", in the language on screen.
  let vendor = null;
  const render = () => {
    title.textContent = host.i18n.t('Home');
    labels[2].textContent = vendor ? vendor.t('VendorsUnderReview', 'Vendors under review') : 'Vendors under review';
  };
  render();
  const stopFollowing = host.i18n.onLanguageChange ? host.i18n.onLanguageChange(render) : () => undefined;
  if (host.i18n.module) {
    host.i18n.module('vendor').then(
      (texts) => {
        vendor = texts;
        if (alive) render();
      },
      (error) => console.error('example remote: module vendor', error),
    );
  }
  const draftId = Math.random().toString(36).slice(2);
  const stopSaving = host.onSave
    ? host.onSave(async () => {
        // A platform call while saving: 200 only if the session was still valid when it saved.
        const status = await host.fetch('/api/access/v1/users/current/legacy').then((r) => r.status, () => 0);
        const draft = { text: notes.value, status };
        element.ownerDocument.defaultView.localStorage.setItem('example-remote.draft.' + draftId, JSON.stringify(draft));
      })
    : () => undefined;
  host
    .fetch('/api/access/v1/users/current/legacy')
    .then((response) => (response.ok ? response.json() : null))
    .then((current) => {
      if (alive && current) user.textContent = current.FullName;
    })
    .catch(() => undefined);
  const calls = Number(new URLSearchParams(host.navigation.search()).get('calls') || 0);
  if (calls > 0) {
    const run = doc.createElement('button');
    run.type = 'button';
    run.textContent = 'Run ' + calls + ' calls';
    const output = doc.createElement('output');
    output.setAttribute('data-testid', 'example-remote-statuses');
    run.addEventListener('click', () => {
      output.textContent = '';
      Promise.all(Array.from({ length: calls }, () => host.fetch('/api/access/v1/permissions').then((r) => r.status)))
        .then((statuses) => {
          if (alive) output.textContent = statuses.join(',');
        })
        .catch((error) => {
          if (alive) output.textContent = String(error);
        });
    });
    section.append(run, output);
  }
  // For tests: ?fetch=<url> (repeatable) gives a button per address that calls it through host.fetch.
  for (const address of new URLSearchParams(host.navigation.search()).getAll('fetch')) {
    const call = doc.createElement('button');
    call.type = 'button';
    call.textContent = 'Call ' + address;
    const answer = doc.createElement('output');
    answer.setAttribute('aria-label', 'Answer of ' + address);
    call.addEventListener('click', () => {
      host.fetch(address).then((r) => r.status, (error) => error.name).then((outcome) => {
        if (alive) answer.textContent = String(outcome);
      });
    });
    section.append(call, answer);
  }
  // For tests: ?module=<name> asks the host for that module's texts and shows the outcome.
  const extraModule = new URLSearchParams(host.navigation.search()).get('module');
  if (extraModule !== null) {
    const outcome = doc.createElement('output');
    outcome.setAttribute('aria-label', 'Module ' + extraModule);
    section.append(outcome);
    Promise.resolve()
      .then(() => host.i18n.module(extraModule))
      .then(() => 'loaded', (error) => error.name + ': ' + error.message)
      .then((text) => {
        if (alive) outcome.textContent = text;
      });
  }
  console.info('example remote mounted');
  return () => {
    alive = false;
    stopFollowing();
    stopSaving();
    section.remove();
    console.info('example remote unmounted');
  };
}
`;

function serveExample(): Reply {
  const reply = text(200, exampleRemote, 'text/javascript; charset=utf-8');
  return { ...reply, headers: { ...reply.headers, 'cache-control': 'no-cache' } };
}

export const remoteRoutes: RouteDef[] = [{ method: 'GET', pattern: EXAMPLE_REMOTE_PATH, auth: 'none', handler: serveExample }];
