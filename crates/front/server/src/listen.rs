//! Accepting connections: HTTP/1.1 with a header timeout (which also closes a kept-alive
//! connection idle for as long), a cap on connections per peer address, and a shutdown that
//! waits for requests under way no longer than a deadline.
//!
//! `axum::serve` has none of these, so connections are served here with hyper directly.

use crate::client::Holds;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::task::JoinSet;
use tower::ServiceExt;

/// The connection settings ([`crate::Config`] holds them).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// How long a client has to send a request's headers, and how long a kept-alive
    /// connection may wait for its next request.
    pub header_timeout: Duration,
    /// The most connections open at once from one peer address.
    pub connections_per_address: usize,
    /// How long a shutdown waits for requests under way before closing their connections.
    pub shutdown_grace: Duration,
}

/// Serves `app` on `listener` until `stop` resolves; then accepts no more connections, asks each
/// open one to finish its request under way, and closes what is left after
/// [`Limits::shutdown_grace`].
///
/// # Errors
/// Never today: a failed accept (such as too many open files) is logged and retried.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    stop: impl std::future::Future<Output = ()> + Send,
) -> Result<(), std::io::Error> {
    let open = Arc::new(Holds::default());
    let (closing, closing_rx) = tokio::sync::watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(slot) = open.take(crate::client::key(peer.ip()), limits.connections_per_address) else {
            tracing::debug!(%peer, "connection refused: too many from this address");
            drop(stream);
            continue;
        };
        let service = app
            .clone()
            .map_request(move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let mut closing_rx = closing_rx.clone();
        connections.spawn(async move {
            let _slot = slot;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout);
            let connection = builder
                .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
                .with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!(%peer, error = %e, "connection closed");
                    }
                    return;
                }
                _ = closing_rx.wait_for(|closing| *closing) => {}
            }
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
    drop(listener);
    let _ = closing.send(true);
    let drained = tokio::time::timeout(limits.shutdown_grace, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            left = connections.len(),
            "shutdown deadline reached: closing connections still open"
        );
        connections.shutdown().await;
    }
    Ok(())
}
