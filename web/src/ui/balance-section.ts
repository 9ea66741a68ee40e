// A built-in game's balance figures on its rules page: what `messhall balance` measured in
// self-play (the first mover's score, the draws, the piece values; the cafeteria game's seats and
// Food-Offs), with the command that made them. The report itself is committed data the server
// embeds; see docs/balance.md for what each figure means.

import type { BalanceSummary } from './api.js';
import { h } from './dom.js';

const percent = (share: number): string => `${(100 * share).toFixed(1)}%`;

/** The section, or null for a game without figures. */
export function balanceSection(balance: BalanceSummary | null | undefined): HTMLElement | null {
  if (balance === null || balance === undefined) return null;
  const lines: HTMLElement[] = [];
  const first = balance.first_mover;
  if (first !== null) {
    const margin = (first.high - first.low) / 2;
    const draws = balance.draw_rate === null ? '' : `, draws ${percent(balance.draw_rate)}`;
    lines.push(h('p', {}, `White scores ${percent(first.score)} ± ${percent(margin)} over ${balance.games} games at ${balance.strength}${draws}.`));
  }
  const values = balance.piece_values.filter(p => p.fitted !== null);
  if (values.length > 0) {
    lines.push(h('p', {}, 'Piece values in pawns, fitted from the games (the engine\'s own in brackets): ',
      values.map(p => `${p.name} ${(p.fitted ?? 0).toFixed(1)} (${p.engine.toFixed(1)})`).join(', '), '.'));
  }
  for (const t of balance.seats) {
    const shares = t.shares.map((s, i) => `seat ${i + 1} ${percent(s)}`).join(', ');
    lines.push(h('p', {}, `${t.players} players: ${shares}; the Food-Off decides ${percent(t.food_off_rate)} of games.`));
  }
  if (balance.seats.length > 0) lines.push(h('p', {}, `Over ${balance.games} games, every seat played by the ${balance.strength}.`));
  return h('section', { class: 'balance' }, h('h2', {}, 'Balance'), ...lines,
    h('p', { class: 'balance-command' }, 'Made by ', h('code', {}, balance.command), ' (see docs/balance.md).'));
}
