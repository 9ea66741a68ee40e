// The engine's scores as a player reads them: the share of the evaluation bar that is White's,
// a short label ("+1.2", "#3", "-#2"), and each move's quality by how much it lost in the
// mover's view (a mistake from one pawn, a blunder from three). Scores are centipawns from
// White's view, a mate counted as 100 pawns less a tenth of a pawn a move (the server's).

/** A mate's score, less ten a move to it. */
const MATE_CP = 10000;
/** Scores from here on are mates. */
const MATE_FROM = 9000;
/** Beyond this, a score says "winning" and no more: losses are measured inside it. */
const CAP_CP = 1000;

/** A move that loses this much in its mover's view is a mistake... */
export const MISTAKE_CP = 100;
/** ...and this much a blunder. */
export const BLUNDER_CP = 300;

/** The score held inside ±10 pawns. */
export function capped(cp: number): number {
  return Math.max(-CAP_CP, Math.min(CAP_CP, cp));
}

/** White's share of the evaluation bar, 0 to 1 (one half when level or unknown). */
export function barShare(cp: number | null): number {
  if (cp === null) return 0.5;
  if (Math.abs(cp) >= MATE_FROM) return cp > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-cp / 250));
}

/** The score as a short label: "+0.4", "-2.1", "-12", "#3" (White mates in 3), "-#2", "1-0". */
export function scoreLabel(cp: number | null): string {
  if (cp === null) return '?';
  if (Math.abs(cp) >= MATE_FROM) {
    const n = Math.round((MATE_CP - Math.abs(cp)) / 10);
    if (n === 0) return cp > 0 ? '1-0' : '0-1';
    return `${cp > 0 ? '' : '-'}#${n}`;
  }
  const pawns = cp / 100;
  // Whole pawns from ten on, so the label fits the bar.
  return `${pawns > 0 ? '+' : pawns < 0 ? '-' : ''}${Math.abs(pawns).toFixed(Math.abs(pawns) >= 10 ? 0 : 1)}`;
}

/** A move's quality: what it lost in its mover's view (seat 0 White, 1 Black) from the score
 * `before` it to the score `after`, or null when either is unknown or it lost little. */
export function moveQuality(before: number | null, after: number | null, mover: number): 'blunder' | 'mistake' | null {
  if (before === null || after === null) return null;
  const loss = mover === 0 ? capped(before) - capped(after) : capped(after) - capped(before);
  if (loss >= BLUNDER_CP) return 'blunder';
  if (loss >= MISTAKE_CP) return 'mistake';
  return null;
}

/** The mark a move list writes after a move of that quality. */
export function qualityMark(q: 'blunder' | 'mistake' | null): string {
  return q === 'blunder' ? '??' : q === 'mistake' ? '?' : '';
}

/** The graph's height for a score, 0 (top: White winning) to `height`, scores capped. */
export function graphY(cp: number, height: number): number {
  return height / 2 - (capped(cp) / CAP_CP) * (height / 2);
}
