// The browser UI of the play server: a page per route, drawn from the server's API.

import '../board.css';
import './app.css';
import './analysis.css';
import './studio.css';
import { accountPage } from './account-page.js';
import { h, link } from './dom.js';
import { gamePage } from './game-page.js';
import { homePage, joinPage } from './home-page.js';
import { learnPage } from './learn-page.js';
import { listsPage } from './lists-page.js';
import { lobbyPage } from './lobby-page.js';
import { leaderboardPage, playerPage } from './player-page.js';
import { replayPage } from './replay-page.js';
import { rulesPage } from './rules-page.js';
import { refreshTurns, siteBar } from './session.js';
import { studioEditor } from './studio-editor.js';
import { studioList, studioVariantPage } from './studio-page.js';
import { variantPage } from './variant-page.js';

let root = h('main', { id: 'app' });
document.body.append(siteBar(), root);
let leave: () => void = () => {};
// The latest navigation: a page still loading when another begins draws into a detached element
// and is left as soon as it is ready, so that it never covers the newer one.
let latest = 0;

async function route(): Promise<void> {
  const mine = ++latest;
  leave();
  leave = () => {};
  const view = h('main', { id: 'app' });
  root.replaceWith(view);
  root = view;
  const parts = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [page, a, b] = parts;
  document.body.dataset['page'] = page ?? 'home';
  // A new page starts at its top, as a page loaded from the server would.
  window.scrollTo(0, 0);
  let done: (() => void) | void = undefined;
  if (page === undefined) await homePage(view);
  else if (page === 'game' && a !== undefined) done = await gamePage(view, a);
  else if (page === 'join' && a !== undefined && b !== undefined) await joinPage(view, a, b);
  else if (page === 'games') await listsPage(view);
  else if (page === 'replay' && a !== undefined) done = await replayPage(view, a);
  else if (page === 'rules') done = await rulesPage(view, a ?? null);
  else if (page === 'learn' && a !== undefined) done = await learnPage(view, a);
  else if (page === 'variant') done = variantPage(view);
  else if (page === 'lobby') done = await lobbyPage(view);
  else if (page === 'studio' && a === undefined) await studioList(view);
  else if (page === 'studio' && a === 'new') done = await studioEditor(view, null);
  else if (page === 'studio' && a !== undefined && b === 'edit') done = await studioEditor(view, a);
  else if (page === 'studio' && a !== undefined) done = await studioVariantPage(view, a, new URLSearchParams(location.search).get('version'));
  else if (page === 'player' && a !== undefined) await playerPage(view, a);
  else if (page === 'leaderboard' && a !== undefined) await leaderboardPage(view, a);
  else if (page === 'account') await accountPage(view);
  else view.replaceChildren(h('h1', {}, 'No such page'), link('/', 'home'));
  if (mine !== latest) {
    done?.();
    return;
  }
  if (done) leave = done;
  void refreshTurns();
  document.title = page === undefined ? 'messhall: play and learn five food-fight games' : `${view.querySelector('h1')?.textContent ?? ''} · messhall`;
}

window.addEventListener('popstate', () => void route());
void route();
