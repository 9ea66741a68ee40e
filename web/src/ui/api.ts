// The play server's HTTP API as the UI uses it, and the seats' tokens kept in this browser.

import type { components } from './api-types.js';

/** A refusal of the server: its code and one-line message (and a variant file's faults, each
 * where it is). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(readonly code: string, message: string, readonly problems: Problem[] = []) {
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
    const err = data as { code?: string; message?: string; problems?: Problem[] } | null;
    throw new ApiError(err?.code ?? 'http', err?.message ?? `HTTP ${resp.status}`, err?.problems ?? []);
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

// The API's types are generated from the server's OpenAPI document (api-types.ts); these are
// the names the pages use.
type Schemas = components['schemas'];

/** A game's list entry. */
export type GameSummary = Schemas['GameSummary'];

/** A seat of a game. */
export type Seat = Schemas['SeatView'];

/** How a game ended. */
export type Result = Schemas['GameResult'];

/** A move open to the seat. */
export type MoveView = Schemas['MoveView'];

/** What the seat may do now. */
export type Legal = Schemas['LegalView'];

/** A piece on the board. */
export type PieceView = Schemas['PieceView'];

/** A chess board. */
export type BoardView = Schemas['BoardView'];

/** A square of the cafeteria, from the top left. */
export type Sq = Schemas['Sq'];

/** The cafeteria. */
export type CafeteriaView = Schemas['CafeteriaView'];

/** An event of the game's feed (the table's events carry fields of their own), or another
 * message of its WebSocket. */
export type GameEvent = (Schemas['FeedEvent'] | Schemas['WsNote']) & { [k: string]: unknown };

/** A game as one seat (or a spectator) sees it. */
export type GameState = Schemas['GameState'];

/** A numbered event of a game's feed, as a state lists it. */
export type FeedEvent = Schemas['FeedEvent'];

/** The WebSocket's game after an entry: everyone's view, and the seat's legal actions for a seat. */
export type ViewMessage = Extract<Schemas['WsNote'], { type: 'view' }>;

/** The WebSocket's message of every seat's presence, on connecting and whenever one comes or goes. */
export type PresenceMessage = Extract<Schemas['WsNote'], { type: 'presence' }>;

/** A seat's presence: at the table, or gone since when. */
export type SeatPresence = Schemas['SeatPresence'];

/** A piece of a game's rules, for diagrams. */
export type RulePiece = Schemas['RulePiece'];

/** A piece's reach: squares it moves to and captures on, only moves to, only captures on, and
 * reaches only while it has never moved. */
export type Reach = Schemas['Reach'];

/** A game's rules as data: a chess game's, or the cafeteria game's. */
export type VariantInfo = Schemas['Rules'];

/** A chess game's rules as data. */
export type ChessRules = Schemas['ChessRules'];

/** A built-in game's balance figures from self-play (`messhall balance`). */
export type BalanceSummary = Schemas['BalanceSummary'];

/** A chess game's rules, or null for the cafeteria game's. */
export function chessRules(info: VariantInfo): ChessRules | null {
  return 'pieces' in info ? info : null;
}

/** A staff member of the cafeteria game, from its rules. */
export type FacultyInfo = Schemas['FacultyInfo'];

/** A built-in game in the list of `GET /api/variants`. */
export type VariantSummary = Schemas['VariantSummary'];

/** `GET /api/variants`. */
export type VariantList = Schemas['VariantList'];

/** A level of the computer, from `GET /api/variants`. */
export type LevelInfo = Schemas['LevelInfo'];

/** `GET /api/games`. */
export type GameList = Schemas['GameList'];

/** A request to create a game (`POST /api/games`). */
export type CreateGame = Schemas['CreateGame'];

/** A seat as the creator asks for it. */
export type SeatRequest = Schemas['SeatRequest'];

/** A new game: its id, the creator's tokens and the open seats' join codes. */
export type Created = Schemas['Created'];

/** A seat taken with a join code. */
export type Joined = Schemas['Joined'];

/** The engine's view of a position (`POST /api/analysis`). */
export type Analysis = Schemas['Analysis'];

/** A position to analyse. */
export type AnalysisRequest = Schemas['AnalysisRequest'];

/** A variant file given whole (`POST /api/variants/check`). */
export type VariantFile = Schemas['VariantFile'];

/** The body of a join. */
export type JoinRequest = Schemas['JoinRequest'];

/** The body of a move or action. */
export type ActRequest = Schemas['ActRequest'];

/** A board of a replay (`GET /api/games/{id}/positions`). */
export type PositionStep = Schemas['PositionStep'];

/** `GET /api/games/{id}/positions`. */
export type Positions = Schemas['Positions'];

/** `GET /api/lessons/{game}`: a game's lessons. */
export type LessonList = Schemas['LessonList'];

/** A step of a lesson. */
export type LessonStep = Schemas['LessonStep'];
/** `POST /api/positions/moves`: a position to try moves from (and one to play first). */
export type PositionRequest = Schemas['PositionRequest'];

/** A position's moves, or its chance event's odds. */
export type PositionMoves = Schemas['PositionMoves'];

/** `GET /api/games/{id}/analysis`: a finished game analysed whole. */
export type GameAnalysis = Schemas['GameAnalysis'];

/** A move of a chess game so far. */
export type MoveRecord = Schemas['MoveRecord'];

/** A player as everyone sees it. */
export type Player = Schemas['PlayerView'];

/** `GET /api/me`. */
export type MeView = Schemas['MeView'];

/** A player's page: its games, ratings and rating history. */
export type PlayerPage = Schemas['PlayerPage'];

/** A player's rating in one game. */
export type RatingView = Schemas['RatingView'];

/** A seek of the lobby. */
export type SeekView = Schemas['SeekView'];

/** What posting, joining or starting a seek gave: the seek, or its game. */
export type SeekAnswer = Schemas['SeekAnswer'];

/** A message of the lobby's WebSocket. */
export type LobbyMessage = Schemas['LobbyMessage'];

/** `GET /api/leaderboard/{game}`. */
export type Leaderboard = Schemas['Leaderboard'];

/** A room of a game's chat, as `GET /api/games/{id}/chat` gives it. */
export type ChatLog = Schemas['ChatLog'];

/** `GET /api/games/{id}/join`: the seat a join would take, and the game. */
export type Invitation = Schemas['Invitation'];

/** A fault of a variant file: its field, line and column (0 when the field is missing). */
export type Problem = Schemas['Problem'];

/** A published variant: its owner, visibility, latest version with its text, every version. */
export type StudioVariant = Schemas['StudioVariant'];

/** A published variant as lists show it. */
export type StudioSummary = Schemas['StudioSummary'];

/** A page of published variants. */
export type StudioList = Schemas['StudioList'];

/** One version of a published variant, with its text. */
export type VariantVersion = Schemas['VariantVersion'];

/** Who may see a published variant. */
export type Visibility = Schemas['Visibility'];

/** The start position's perft counts. */
export type PerftAnswer = Schemas['PerftAnswer'];

/** A balance report of a published variant's version: asked, running, or made. */
export type ReportView = Schemas['ReportView'];

/** The balance reports of a version. */
export type ReportList = Schemas['ReportList'];

/** The published variant's version a game was made from. */
export type GameOrigin = Schemas['GameOrigin'];
