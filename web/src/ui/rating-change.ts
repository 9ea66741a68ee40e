// The rating a rated game's end gave a player, in a sentence for the end screen.

import { call, type PlayerPage } from './api.js';
import { ratingWords } from './player-page.js';

/** "Your rating: 1662? (+162)" for player `player` after game `game`, or null when the game
 * changed no rating of its (not rated, or not settled after a few tries). */
export async function ratingChange(game: string, player: string): Promise<string | null> {
  for (const wait of [0, 300, 700, 1500]) {
    await new Promise(r => setTimeout(r, wait));
    const page = await call<PlayerPage>('GET', `/api/players/${player}`);
    const i = page.history.findIndex(p => p.game_id === game);
    const point = page.history[i];
    if (point === undefined) continue;
    const earlier = page.history.slice(0, i).filter(p => p.game === point.game).pop();
    const rating = page.ratings.find(r => r.game === point.game);
    if (rating === undefined) return null;
    const glicko = rating.model === 'Glicko-2';
    const before = earlier?.rating ?? (glicko ? 1500 : 25);
    const change = point.rating - before;
    const shown = glicko ? Math.round(change) : Number(change.toFixed(1));
    const now = ratingWords({ ...rating, rating: point.rating, deviation: point.deviation, provisional: rating.provisional });
    return `Your rating: ${now} (${shown >= 0 ? '+' : ''}${shown}).`;
  }
  return null;
}
