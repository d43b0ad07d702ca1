import { createHash } from 'node:crypto';
import { ageCookie, AGE_VERIFIED_KEY } from '../app/age-verification';
import { PAGE_STATE_ID, scriptSafeJson, type PageState } from '../page-state';

/**
 * Runs before anything is painted. Marks the page as scripted (sections that scroll into view may start
 * hidden, controls that only a script can work are shown). Marks a visitor who answered the age gate
 * before in this browser's storage (spec: localStorage 'ageVerified'), so the gate the page may carry
 * stays hidden for them, and gives the server the answer too (its cookie), so the pages it renders from
 * then on (a form it completes, say) are an adult's. Until the page has hydrated, it answers the gate's YES itself (storage, cookie,
 * hidden at once), and keeps taps on controls that only a script can work (data-replay) for the page
 * to replay once it can; forms meanwhile post to the server, which completes them. A link standing as a
 * button (the cart's) is pressed by Space too, as a button is, rather than Space scrolling the page; and
 * Escape closes a panel the server rendered open (its data-escape link is the page without it).
 */
const EARLY_SCRIPT = [
  '(function(d,w){',
  "d.setAttribute('data-scripted','');",
  `var v=${JSON.stringify(AGE_VERIFIED_KEY)};`,
  "function yes(){d.setAttribute('data-age-verified','');",
  `document.cookie=${JSON.stringify(ageCookie(false))}+(location.protocol==='https:'?'; Secure':'')}`,
  "try{if(localStorage.getItem(v)==='true')yes()}catch(e){}",
  'w.__storefrontReplay=[];',
  "document.addEventListener('keydown',function(e){",
  "if(d.hasAttribute('data-hydrated')||!e.target.closest)return;",
  "var b=e.key===' '?e.target.closest('a[role=button]'):e.key==='Escape'?d.querySelector('[data-escape]'):null;",
  'if(b){e.preventDefault();b.click()}',
  '},true);',
  "document.addEventListener('click',function(e){",
  // A click a script made (a kept tap carried out by its control, which may hydrate before the page
  // has) is never kept again: carried out twice, a menu would open and close.
  "if(d.hasAttribute('data-hydrated')||!e.isTrusted||!e.target.closest)return;",
  "if(e.target.closest('[data-age-confirm]')){e.preventDefault();yes();",
  "try{localStorage.setItem(v,'true')}catch(e){}return}",
  "var t=e.target.closest('[data-replay]');",
  'if(t){e.preventDefault();w.__storefrontReplay.push(t)}',
  '},true)})(document.documentElement,window)',
].join('');

/**
 * Runs at the end of the page: requests the shell's scripts (listed in its data-scripts, in order) once
 * the page has been painted. On a phone's slow link the page's HTML, styles and first pictures then
 * have the bandwidth to themselves; the server-rendered page is readable, and its links work, while the
 * scripts arrive. A tab opened in the background paints nothing, so a timer starts them there.
 */
const SCRIPT_LOADER =
  "(function(s){var done=false;function load(){if(done)return;done=true;s.getAttribute('data-scripts').split(' ').forEach(function(u){var e=document.createElement('script');e.src=u;e.async=false;e.onerror=function(){document.documentElement.removeAttribute('data-scripted')};document.head.appendChild(e)})}requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000)})(document.currentScript)";

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** For the Content-Security-Policy: the inline scripts a page runs, and no other. */
export const INLINE_SCRIPT_HASHES = [sha256(EARLY_SCRIPT), sha256(SCRIPT_LOADER)];

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 34 34'%3E%3Cpath d='M17 2 30 9.5v15L17 32 4 24.5v-15Z' fill='%230b3d61'/%3E%3C/svg%3E";

export interface DocumentParts {
  /** Title, meta, canonical, Open Graph and JSON-LD tags. */
  headTags: string;
  /** Files the page will need next (the page's module), announced so they download at once. */
  preloads: string[];
}

/**
 * The start of the page, up to where the rendered styles go: it can be sent before the page is
 * rendered, so the browser starts on the page module's files while the server renders.
 */
export function documentStart({ headTags, preloads }: DocumentParts): string {
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#0b3d61">',
    headTags,
    `<link rel="icon" href="${FAVICON}">`,
    `<script>${EARLY_SCRIPT}</script>`,
    ...preloads.map((href) => `<link rel="preload" as="script" href="${href}">`),
  ].join('');
}

export interface DocumentEndParts {
  /** The styles the render collected. */
  styles: string;
  /** The rendered page; empty when the browser renders it. */
  html: string;
  state: PageState;
  /** The shell's scripts, in order. */
  scripts: string[];
}

/** The rest of the page: styles, the rendered body, the state, and what loads the scripts. */
export function documentEnd({ styles, html, state, scripts }: DocumentEndParts): string {
  return [
    styles,
    '</head><body>',
    `<div id="root">${html}</div>`,
    `<script id="${PAGE_STATE_ID}" type="application/json">${scriptSafeJson(state)}</script>`,
    `<script data-scripts="${scripts.join(' ')}">${SCRIPT_LOADER}</script>`,
    '</body></html>',
  ].join('');
}
