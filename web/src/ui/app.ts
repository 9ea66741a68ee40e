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
import { siteBar } from './session.js';
import { studioEditor } from './studio-editor.js';
import { studioList, studioVariantPage } from './studio-page.js';
import { variantPage } from './variant-page.js';

const root = h('main', { id: 'app' });
document.body.append(siteBar(), root);
let leave: () => void = () => {};

async function route(): Promise<void> {
  leave();
  leave = () => {};
  const parts = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [page, a, b] = parts;
  document.body.dataset['page'] = page ?? 'home';
  // A new page starts at its top, as a page loaded from the server would.
  window.scrollTo(0, 0);
  if (page === undefined) await homePage(root);
  else if (page === 'game' && a !== undefined) leave = await gamePage(root, a);
  else if (page === 'join' && a !== undefined && b !== undefined) joinPage(root, a, b);
  else if (page === 'games') await listsPage(root);
  else if (page === 'replay' && a !== undefined) leave = await replayPage(root, a);
  else if (page === 'rules') leave = await rulesPage(root, a ?? null);
  else if (page === 'learn' && a !== undefined) leave = await learnPage(root, a);
  else if (page === 'variant') leave = variantPage(root);
  else if (page === 'lobby') leave = await lobbyPage(root);
  else if (page === 'studio' && a === undefined) await studioList(root);
  else if (page === 'studio' && a === 'new') leave = await studioEditor(root, null);
  else if (page === 'studio' && a !== undefined && b === 'edit') leave = await studioEditor(root, a);
  else if (page === 'studio' && a !== undefined) leave = await studioVariantPage(root, a, new URLSearchParams(location.search).get('version'));
  else if (page === 'player' && a !== undefined) await playerPage(root, a);
  else if (page === 'leaderboard' && a !== undefined) await leaderboardPage(root, a);
  else if (page === 'account') await accountPage(root);
  else root.replaceChildren(h('h1', {}, 'No such page'), link('/', 'home'));
  document.title = page === undefined ? 'messhall: play and learn five food-fight games' : `${root.querySelector('h1')?.textContent ?? ''} · messhall`;
}

window.addEventListener('popstate', () => void route());
void route();
