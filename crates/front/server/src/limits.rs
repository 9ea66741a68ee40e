//! The limits on what a client may send.

/// The largest request body, but imports.
pub const BODY_BYTES: usize = 64 * 1024;
/// The largest import body (a record or PGN of a long game).
pub const IMPORT_BYTES: usize = 2 * 1024 * 1024;
/// The longest name.
pub const NAME_CHARS: usize = 40;
/// The longest action text.
pub const ACTION_BYTES: usize = 200;
/// The longest FEN.
pub const FEN_BYTES: usize = 2000;
/// The largest variant file.
pub const VARIANT_BYTES: usize = 32 * 1024;
/// The longest a variant file may take to compile (and, for a check, to describe), in ms,
/// counted from the request, waiting for a thread included.
pub const VARIANT_MS: u64 = 2000;
/// The longest an import may take to replay, in ms, counted from the request.
pub const IMPORT_MS: u64 = 5000;
/// How many untrusted pieces of work (variant files compiled or described, imports replayed)
/// run at once.
pub const UNTRUSTED_THREADS: usize = 2;
/// The most a variant's rules may cost to work out ([`crate::variants::cost`]): every built-in
/// fits with room to spare.
pub const VARIANT_COST: u64 = 1_000_000;
/// The largest WebSocket message a client may send.
pub const WS_MESSAGE_BYTES: usize = 4 * 1024;
/// The largest WebSocket message read at all: one over [`WS_MESSAGE_BYTES`] up to this size is
/// refused with close code 1009, a larger one drops the connection.
pub const WS_MESSAGE_CEILING: usize = 64 * 1024;
/// The most WebSocket connections to one game at once by default
/// ([`crate::Config::watchers_per_game`]).
pub const WS_PER_GAME: usize = 200;
/// The most WebSocket connections one client may have open at once by default
/// ([`crate::Config::watchers_per_client`]).
pub const WS_PER_CLIENT: usize = 32;
/// The most WebSocket messages a client may send per second (more closes the connection).
pub const WS_MESSAGES_PER_SECOND: u32 = 20;
/// The most events sent to catch a client up by default; a longer gap gets the full state
/// ([`crate::Config::catch_up_events`]).
pub const CATCH_UP_EVENTS: u64 = 500;
/// How long a client has to send a request's headers by default, in seconds
/// ([`crate::Config::header_timeout`]).
pub const HEADER_SECONDS: u64 = 10;
/// How long a request may take by default, in seconds ([`crate::Config::request_timeout`]).
pub const REQUEST_SECONDS: u64 = 30;
/// The most connections from one address by default
/// ([`crate::Config::connections_per_address`]).
pub const CONNECTIONS_PER_ADDRESS: usize = 64;
/// How long a shutdown waits for requests under way by default, in seconds
/// ([`crate::Config::shutdown_grace`]).
pub const SHUTDOWN_SECONDS: u64 = 10;
/// How long a request waits for a database connection (and, at start, for PostgreSQL to
/// answer), in seconds.
pub const DATABASE_SECONDS: u64 = 5;
/// How long a game not over and untouched stays in memory by default, in seconds
/// ([`crate::Config::idle_kept`]).
pub const IDLE_SECONDS: u64 = 600;
/// How long a seat to move must have been gone before the other side may claim the win or a
/// draw in a timed game, by default, in seconds ([`crate::Config::claim_after`]).
pub const CLAIM_SECONDS: u64 = 30;
/// How long a seat to move must have been gone before the server ends the game, by default, in
/// seconds; a clock's base time longer than this is waited for instead
/// ([`crate::Config::abandoned_after`]).
pub const ABANDONED_SECONDS: u64 = 300;
/// How often a server vouches for the WebSockets it holds and reads its games' presence again,
/// by default, in seconds ([`crate::Config::presence_beat`]); a seat whose server has not
/// vouched for it in three beats is gone.
pub const PRESENCE_BEAT_SECONDS: u64 = 5;
/// The most variants one account may publish (forks included).
pub const STUDIO_VARIANTS: i64 = 50;
/// The most versions one account may make in 24 hours (a publish or fork is one).
pub const STUDIO_VERSIONS_PER_DAY: i64 = 100;
/// Published variants on a page of the studio's list.
pub const STUDIO_PAGE: i64 = 20;
/// The longest search of the studio's list, in characters.
pub const STUDIO_QUERY_CHARS: usize = 100;
/// The deepest perft of a variant file's start the server counts.
pub const PERFT_DEPTH: u32 = 3;
/// The most positions a perft of a variant file may expand (generate the moves of), over every
/// depth: a count that would pass it is refused before it starts.
pub const PERFT_NODES: u64 = 50_000;
/// The most self-play games a balance report asked on the site plays (the command has more).
pub const REPORT_GAMES: u32 = 200;
/// The largest node budget a move of a site's balance report may have.
pub const REPORT_NODES: u64 = 20_000;
/// The highest level a site's balance report plays at.
pub const REPORT_LEVEL: u8 = 6;
/// How long a balance report may run before it is stopped and kept as it stands (partial).
pub const REPORT_SECONDS: u64 = 600;
/// Balance reports one player may ask for in a day.
pub const REPORTS_PER_DAY: i64 = 20;
