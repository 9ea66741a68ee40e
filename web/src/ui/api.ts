// The play server's HTTP API as the UI uses it, and the seats' tokens kept in this browser.

/** A refusal of the server: its code and one-line message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** Calls the API; JSON in and out. Throws an {@link ApiError} for a refusal or a network failure. */
export async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== undefined) headers['Authorization'] = `Bearer ${token}`;
  let resp: Response;
  try {
    resp = await fetch(path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError('network', `the server does not answer (${String(e)})`);
  }
  const text = await resp.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (!resp.ok) throw new ApiError('http', `${resp.status}: ${text.slice(0, 200)}`);
    return text as T;
  }
  if (!resp.ok) {
    const err = data as { code?: string; message?: string } | null;
    throw new ApiError(err?.code ?? 'http', err?.message ?? `HTTP ${resp.status}`);
  }
  return data as T;
}

/** The text of a route (the PGN). */
export async function text(path: string, token?: string): Promise<string> {
  const resp = await fetch(path, { headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });
  const body = await resp.text();
  if (!resp.ok) throw new ApiError('http', body);
  return body;
}

const KEY = 'messhall.tokens';

/** The tokens of this browser's seats, by game id. */
function tokens(): Record<string, string> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v !== null && typeof v === 'object' ? (v as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** This browser's token for a game, if it holds a seat. */
export function tokenFor(game: string): string | undefined {
  return tokens()[game];
}

/** Keeps a seat's token so that a reload (or another tab) plays on. */
export function keepToken(game: string, token: string): void {
  const all = tokens();
  all[game] = token;
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** A game's list entry. */
export interface GameSummary {
  id: string;
  game: string;
  status: string;
  seats: Seat[];
  ply?: number;
  result?: Result | null;
  created?: string;
}

/** A seat of a game. */
export interface Seat {
  seat: number;
  kind: string;
  player: string;
  name: string | null;
}

/** How a game ended. */
export interface Result {
  scores: number[];
  ending: { by: string; seat?: number; [k: string]: unknown };
}

/** A move open to the seat. */
export interface MoveView {
  to: string;
  coordinates: string;
  san: string;
  promotion: string | null;
  kind: string;
  victims: string[];
}

/** What the seat may do now. */
export type Legal =
  | { kind: 'nothing' }
  | { kind: 'moves'; from: Record<string, MoveView[]> }
  | { kind: 'steps'; from: string; steps: { to: string; text: string }[] }
  | { kind: 'student'; student?: number; actions: { text: string; action: unknown }[] };

/** A piece on the board. */
export interface PieceView {
  square: string;
  color: string;
  letter: string;
  name: string;
  energy: number | null;
  /** For a piece that borrows (a Friend): who lends it what (the rules' answer). */
  borrows?: { square: string; name: string; lends: string[] }[];
}

/** A chess board. */
export interface BoardView {
  files: number;
  ranks: number;
  fen: string;
  side_to_move: 'white' | 'black';
  energy_name: string | null;
  pieces: PieceView[];
  neutrals: string[];
  hands: { color: string; letter: string; name: string; count: number }[];
}

/** A square of the cafeteria, from the top left. */
export interface Sq {
  x: number;
  y: number;
}

/** The cafeteria. */
export interface CafeteriaView {
  round: number;
  students: { id?: number; name: string; player: number; square: Sq; ar: number; max_ar: number; aa: number; status: unknown; stunned: boolean; carrying: number }[];
  faculty: { name: string; square: Sq | null }[];
  floor: Sq[];
  stacks: number[];
  [k: string]: unknown;
}

/** An event of the game's feed. */
export interface GameEvent {
  n?: number;
  ply?: number;
  type: string;
  [k: string]: unknown;
}

/** A game as one seat (or a spectator) sees it. */
export interface GameState {
  id: string;
  game: string;
  status: string;
  ply: number;
  event: number;
  you: number | null;
  seats: Seat[];
  turn: { seat: number; kind: string } | null;
  board: BoardView | null;
  cafeteria: CafeteriaView | null;
  legal: Legal;
  clock: { base_ms: number; increment_ms: number; left_ms: number[]; running: number | null } | null;
  draw_offers: number[];
  takeback_request: number | null;
  result: Result | null;
  moves: { seat: number; san?: string; coordinates?: string; text?: string }[];
  events: GameEvent[];
  seed: unknown;
}

/** A piece of a game's rules, for diagrams. */
export interface RulePiece {
  letter: string;
  name: string;
  betza: string;
  value: number;
  royal: boolean;
  pawn: boolean;
  /** Where it goes alone on a central square of an empty board (the server's move generator). */
  reach?: Reach | null;
}

/** A piece's reach: squares it moves to and captures on, only moves to, only captures on, and
 * reaches only while it has never moved. */
export interface Reach {
  from: string;
  both: string[];
  moves: string[];
  captures: string[];
  initial: string[];
}

/** A game's rules as data. */
export interface VariantInfo {
  name: string;
  description?: string;
  /** The rules in prose, a small Markdown subset (`prose.ts`), or null. */
  rules_text?: string | null;
  files?: number;
  ranks?: number;
  start?: string;
  pieces?: RulePiece[];
  [k: string]: unknown;
}
