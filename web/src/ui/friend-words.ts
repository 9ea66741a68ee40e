// A Friend's caption in words, from the lenders the server's board view gives (`borrows`): short
// enough for one line however much a lending Friend itself borrows.

/** One piece lending to a Friend, as the server's board view gives it. */
export interface Lender {
  square: string;
  name: string;
  /** The piece types whose moves it lends: its own, or for a lending Friend what it borrows. */
  lends: string[];
}

// A lending Friend's borrowed types are named up to this many; past it they are counted, and
// that Friend's own caption (pointed at, or under the keyboard cursor) names its lenders.
const NAMED_LENDS = 2;

/**
 * The caption's words for `side`'s Friend on `square` and its `lenders`: those lending their own
 * moves in one list, and each lending Friend by its square with what it borrows named when short
 * ("the moves of Caliph it borrows") or counted when long, so the caption stays one line.
 */
export function friendCaption(side: string, square: string, lenders: readonly Lender[]): string {
  if (!lenders.length) return `${side}'s Friend on ${square} borrows nothing: no friendly piece guards it`;
  const own = lenders.filter(l => l.lends.length === 1 && l.lends[0] === l.name);
  const parts = own.length ? [`the moves of ${and(own.map(l => `${l.name} on ${l.square}`))}`] : [];
  const long: Lender[] = [];
  for (const l of lenders) {
    if (own.includes(l)) continue;
    if (l.lends.length > NAMED_LENDS) {
      long.push(l);
      continue;
    }
    parts.push(`from the ${l.name} on ${l.square} ${l.lends.length ? `the moves of ${and(l.lends)} it borrows` : 'nothing'}`);
  }
  if (long.length === 1 && long[0] !== undefined) {
    const l = long[0];
    parts.push(`what the ${l.name} on ${l.square} borrows (${l.lends.length} pieces' moves; its own caption names its lenders)`);
  } else if (long.length) {
    const names = [...new Set(long.map(l => l.name))];
    parts.push(`what the ${and(names)}s on ${and(long.map(l => l.square))} borrow (${and(long.map(l => String(l.lends.length)))} pieces' moves; their own captions name their lenders)`);
  }
  return `${side}'s Friend on ${square} borrows ${parts.join('; and ')}`;
}

function and(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
