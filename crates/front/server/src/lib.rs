//! The messhall play server: every game over HTTP and WebSocket, stored in SQLite or PostgreSQL.
//!
//! It holds no rules and no game loop: each game is the play layer's `Table`, its computer seats
//! the play layer's `Player`s, its clock a `GameClock`, its storage a `Record`'s setup plus one
//! entry per accepted action. `docs/server.md` describes the API.
//!
//! ```no_run
//! # async fn demo() -> Result<(), messhall_server::ServeError> {
//! let config = messhall_server::Config { db: "sqlite:/tmp/messhall.db".into(), ..Default::default() };
//! let running = messhall_server::start("127.0.0.1:0", config).await?;
//! println!("listening on {}", running.addr);
//! running.shutdown().await;
//! # Ok(()) }
//! ```

#![warn(missing_docs)]
#![recursion_limit = "256"]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic))]

pub mod accounts;
pub mod analysis;
pub mod api;
pub mod chat;
pub mod client;
pub mod error;
pub mod game;
pub mod game_analysis;
pub mod identity;
pub mod jobs;
pub mod lessons;
pub mod limits;
pub mod listen;
pub mod lobby;
pub mod metrics;
pub mod names;
pub mod node;
pub mod notify;
pub mod openapi;
pub mod pgn_tags;
pub mod players;
pub mod positions;
pub mod presence;
pub mod rate;
pub mod ratings;
pub mod rematch;
pub mod replay;
pub mod reports;
pub mod state;
pub mod store;
pub mod studio;
pub mod token;
pub mod variants;
pub mod view;
pub mod web;
pub mod wire;
pub mod ws;

pub use error::ApiError;
pub use state::{Config, Server};
pub use store::{Store, StoreError};

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// How long a finished game nobody watches stays in memory.
const FINISHED_KEPT: Duration = Duration::from_secs(60);

/// Why the server did not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The address.
    #[error("cannot listen on {addr}: {why}")]
    Listen {
        /// The address.
        addr: String,
        /// Why.
        why: String,
    },
    /// The runtime or the listener failed.
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// The router: every route of [`openapi::routes`], the web app's files, and refusals of an
/// unknown route or method.
pub fn router(server: Arc<Server>) -> Router {
    metrics::handle();
    let (api, _) = openapi::routes().split_for_parts();
    let timeout = server.config.request_timeout;
    api.fallback(web::serve)
        .method_not_allowed_fallback(no_method)
        .layer(DefaultBodyLimit::max(limits::BODY_BYTES))
        .layer(axum::middleware::from_fn(identity::same_origin))
        .layer(axum::middleware::map_response(security_headers))
        .layer(axum::middleware::from_fn(
            move |request: axum::extract::Request, next: axum::middleware::Next| in_time(timeout, request, next),
        ))
        .layer(axum::middleware::map_response(metrics::count_answers))
        // Text answers (the bundle, JSON) compressed with brotli or gzip as the client accepts;
        // pictures other than SVG, event streams and empty answers (a WebSocket's upgrade) are not.
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(server)
}

/// A request, its body read included, answered within `timeout` or refused with 408: a client
/// that sends its body slowly holds its connection no longer.
async fn in_time(timeout: Duration, request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    match tokio::time::timeout(timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(408, "request-timeout", "the request took too long").into_response(),
    }
}

/// What a browser may load for the UI: its own files only (pictures also inline), no framing,
/// no content-type guessing, and no address (which may hold a game's link) sent on elsewhere.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; \
     style-src 'self' 'unsafe-inline'; font-src 'self' data:; connect-src 'self'; \
     object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

async fn security_headers(mut response: Response) -> Response {
    use axum::http::{HeaderValue, header};
    let headers = response.headers_mut();
    // A route may set a stricter policy of its own (a balance report's page allows nothing).
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

async fn no_method() -> ApiError {
    ApiError::new(
        405,
        "method-not-allowed",
        "this route does not take that method (see /api/openapi.json)",
    )
}

/// `GET /api/openapi.json`: this document.
#[utoipa::path(get, path = "/api/openapi.json", responses((status = 200, description = "the OpenAPI document", body = serde_json::Value)))]
pub(crate) async fn openapi_document() -> Response {
    axum::Json(openapi::document()).into_response()
}

/// `GET /health`: liveness: the server answers and its database takes a write.
#[utoipa::path(get, path = "/health", responses(
    (status = 200, description = "ok", body = wire::Health),
    (status = 503, description = "the database does not take a write", body = wire::ErrorBody),
))]
pub(crate) async fn health(State(server): State<Arc<Server>>) -> Result<Response, ApiError> {
    server.store.ping().await.map_err(ApiError::unavailable)?;
    Ok(axum::Json(wire::Health {
        status: "ok".into(),
        version: messhall_records::catalog::VERSION.into(),
        node: server.config.node.clone(),
    })
    .into_response())
}

/// `GET /ready`: readiness: as `/health`, and 503 once the server is shutting down.
#[utoipa::path(get, path = "/ready", responses(
    (status = 200, description = "ready", body = wire::Health),
    (status = 503, description = "shutting down, or the database does not take a write", body = wire::ErrorBody),
))]
pub(crate) async fn ready(State(server): State<Arc<Server>>) -> Result<Response, ApiError> {
    if server.stopping.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(ApiError::new(503, "stopping", "the server is shutting down"));
    }
    health(State(server)).await
}

/// A server running in the background.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The server.
    pub server: Arc<Server>,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<Result<(), std::io::Error>>,
    background: Vec<tokio::task::JoinHandle<()>>,
}

impl Running {
    /// Stops gracefully: no new connections, searches stopped and their jobs given back,
    /// requests under way finished, the database closed.
    pub async fn shutdown(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
        // The workers give their jobs back before the database closes (a stopped search ends
        // within moments; past the grace the jobs' leases run out instead).
        let grace = self.server.config.shutdown_grace;
        let _ = tokio::time::timeout(grace, futures_util::future::join_all(self.background)).await;
        self.server.store.close().await;
    }
}

/// Opens the database, resumes every game not over, and serves on `addr`.
///
/// # Errors
/// [`ServeError`] when the database cannot be opened or migrated, or `addr` cannot be bound.
pub async fn start(addr: &str, config: Config) -> Result<Running, ServeError> {
    // Before any game is held: a gauge counts from the recorder's start.
    metrics::handle();
    let store = Store::open(&config.db).await?;
    let server = Server::new(config, store);
    let resumed = server.resume_all().await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| ServeError::Listen {
            addr: messhall_rules::echo(addr),
            why: e.to_string(),
        })?;
    let addr = listener.local_addr()?;
    tracing::info!(%addr, resumed, "listening");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app = router(server.clone());
    let connections = listen::Limits {
        header_timeout: server.config.header_timeout,
        connections_per_address: server.config.connections_per_address,
        shutdown_grace: server.config.shutdown_grace,
    };
    let background = background(&server).await?;
    let graceful = server.clone();
    let task = tokio::spawn(async move {
        listen::serve(listener, app, connections, async move {
            let _ = stopped.await;
            graceful.stop_searches().await;
        })
        .await
    });
    Ok(Running {
        addr,
        server,
        stop,
        task,
        background,
    })
}

/// Starts what a server runs beside its requests: following the news of entries (on
/// PostgreSQL, other servers'), the workers that make computer moves, and the round that checks
/// flags and lets idle games go. The tasks end when the server stops.
async fn background(server: &Arc<Server>) -> Result<Vec<tokio::task::JoinHandle<()>>, ServeError> {
    let mut tasks = Vec::new();
    // Entries other servers store (on PostgreSQL) reach the games held here.
    let notices = server.store.notices().await?;
    tasks.push(tokio::spawn(server.clone().follow(notices)));
    tasks.push(tokio::spawn(lobby::follow(server.clone())));
    // Computer moves are jobs: this server's workers take them, as any server's may. A
    // worker's name (in the jobs it holds) is its node's, this process's and its own number.
    let instance = token::game_id().map_err(|e| ServeError::Io(std::io::Error::other(e)))?;
    for i in 0..server.config.ai_threads {
        let worker = format!("{}/{instance}-{i}", server.config.node);
        tasks.push(tokio::spawn(server.clone().work(worker)));
    }
    // Balance reports are jobs too: one at a time on each server, on a blocking thread.
    tasks.push(tokio::spawn(reports::work(
        server.clone(),
        format!("{}/{instance}-reports", server.config.node),
    )));
    let beating = server.clone();
    tasks.push(tokio::spawn(async move {
        let mut every = tokio::time::interval(beating.config.presence_beat);
        loop {
            every.tick().await;
            if beating.stopping.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            beating.presence_beat().await;
        }
    }));
    let flags = server.clone();
    tasks.push(tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_millis(200));
        let mut upkeep = tokio::time::interval(metrics::UPKEEP);
        loop {
            tokio::select! {
                _ = every.tick() => {}
                _ = upkeep.tick() => {
                    metrics::handle().run_upkeep();
                    continue;
                }
            }
            if flags.stopping.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
            flags.check_flags().await;
            flags.evict(FINISHED_KEPT, flags.config.idle_kept).await;
        }
    }));
    Ok(tasks)
}

/// A node that only thinks: workers making the computer moves of the games in `config.db`
/// (`config.ai_threads` at once), without serving requests.
pub struct Worker {
    /// Its state (no requests reach it).
    pub server: Arc<Server>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Worker {
    /// Opens the database and starts the workers.
    ///
    /// # Errors
    /// [`ServeError`] when the database cannot be opened or migrated.
    pub async fn start(config: Config) -> Result<Worker, ServeError> {
        let store = Store::open(&config.db).await?;
        let server = Server::new(config, store);
        let tasks = background(&server).await?;
        Ok(Worker { server, tasks })
    }

    /// Stops claiming jobs; a move being thought is stopped and its job given back for another
    /// worker to take at once; then the database is closed.
    pub async fn shutdown(self) {
        self.server.stop_searches().await;
        for task in self.tasks {
            let _ = task.await;
        }
        self.server.store.close().await;
    }
}

/// Runs a worker node until SIGTERM or Ctrl-C (`messhall worker`); logs go to standard error.
///
/// # Errors
/// [`ServeError`] when it cannot start.
pub fn run_worker(config: Config) -> Result<(), ServeError> {
    init_logs(&config.node);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let threads = config.ai_threads;
        let worker = Worker::start(config).await?;
        eprintln!("messhall worker: thinking for the database's games, {threads} at a time");
        wait_for_signal().await;
        tracing::info!("shutting down");
        worker.shutdown().await;
        Ok(())
    })
}

/// Logs to standard error (`RUST_LOG` filters them), each line starting with the node's name.
fn init_logs(node: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .event_format(node::WithNode::new(node, tracing_subscriber::fmt::format()))
        .try_init();
}

/// The default database: `messhall.db` in the user's data directory
/// (`$XDG_DATA_HOME/messhall`, else `~/.local/share/messhall`), the directory created.
///
/// # Errors
/// When there is no home directory or the directory cannot be created.
pub fn default_db() -> Result<String, std::io::Error> {
    let base = match std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        Some(dir) => std::path::PathBuf::from(dir),
        None => {
            let home = std::env::var_os("HOME")
                .ok_or_else(|| std::io::Error::other("no HOME to put the database in: give --db"))?;
            std::path::PathBuf::from(home).join(".local/share")
        }
    };
    let dir = base.join("messhall");
    std::fs::create_dir_all(&dir)?;
    Ok(format!("sqlite:{}", dir.join("messhall.db").display()))
}

/// Runs the server on `addr` until SIGTERM or Ctrl-C, then shuts down gracefully; logs go to
/// standard error (`RUST_LOG` filters them), each line starting with `node=` and
/// [`Config::node`].
///
/// # Errors
/// [`ServeError`] when it cannot start.
pub fn run(addr: &str, config: Config) -> Result<(), ServeError> {
    init_logs(&config.node);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async move {
        let running = start(addr, config).await?;
        eprintln!("messhall serve: listening on http://{}", running.addr);
        eprintln!("messhall serve: open http://{}/ in a browser to play", running.addr);
        wait_for_signal().await;
        tracing::info!("shutting down");
        running.shutdown().await;
        Ok(())
    })
}

async fn wait_for_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// Sets a new password for the account `name` in the database `db` and ends its sessions (the
/// operator's reset: `messhall account reset-password`).
///
/// # Errors
/// A one-line reason: the database, a bad name or password, or no such account.
pub fn reset_password(db: &str, name: &str, password: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let store = Store::open(db).await.map_err(|e| e.to_string())?;
        let done = accounts::reset_password(&store, name, password).await;
        store.close().await;
        done
    })
}
