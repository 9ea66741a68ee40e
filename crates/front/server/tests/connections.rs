//! Connections that hold the server: half-sent requests, slow bodies, many sockets from one
//! address, and a shutdown with requests under way.

mod common;

use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Reads until the server closes the connection; the time that took, or `None` if it stayed
/// open for `wait`. What the server sent first (if anything) is returned too.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> Option<(Duration, String)> {
    let start = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(wait.saturating_sub(start.elapsed()), stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some((start.elapsed(), String::from_utf8_lossy(&got).into_owned())),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

#[tokio::test]
async fn a_half_sent_request_is_closed_within_the_header_timeout() {
    let mut config = common::config(&common::sqlite_url());
    config.header_timeout = Duration::from_millis(500);
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let mut stream = TcpStream::connect(running.addr).await.unwrap();
    stream.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let (took, _) = closed_within(&mut stream, Duration::from_secs(5))
        .await
        .expect("a half-sent request must not hold its connection");
    assert!(took < Duration::from_secs(2), "closed after {took:?}");
    // A kept-alive connection idle after a full request is let go the same way.
    let mut idle = TcpStream::connect(running.addr).await.unwrap();
    idle.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (took, answer) = closed_within(&mut idle, Duration::from_secs(5))
        .await
        .expect("an idle connection must close");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(took < Duration::from_secs(2), "closed after {took:?}");
    running.shutdown().await;
}

#[tokio::test]
async fn a_slowly_sent_body_is_refused_within_the_request_timeout() {
    let mut config = common::config(&common::sqlite_url());
    config.request_timeout = Duration::from_millis(500);
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let mut stream = TcpStream::connect(running.addr).await.unwrap();
    stream
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"var")
        .await
        .unwrap();
    let (took, answer) = closed_within(&mut stream, Duration::from_secs(5))
        .await
        .expect("a slow body must not hold its connection");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(took < Duration::from_secs(2), "answered after {took:?}");
    running.shutdown().await;
}

#[tokio::test]
async fn a_shutdown_with_requests_under_way_ends_within_its_deadline() {
    let mut config = common::config(&common::sqlite_url());
    config.shutdown_grace = Duration::from_millis(500);
    config.request_timeout = Duration::from_secs(600);
    config.header_timeout = Duration::from_secs(600);
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let mut streams = Vec::new();
    for _ in 0..5 {
        // A request whose body never comes: its handler waits for it.
        let mut stream = TcpStream::connect(running.addr).await.unwrap();
        stream
            .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
            .await
            .unwrap();
        streams.push(stream);
        let mut half = TcpStream::connect(running.addr).await.unwrap();
        half.write_all(b"GET /health HTTP/1.1\r\n").await.unwrap();
        streams.push(half);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let start = Instant::now();
    tokio::time::timeout(Duration::from_secs(5), running.shutdown())
        .await
        .expect("the shutdown must not wait for connections forever");
    assert!(start.elapsed() < Duration::from_secs(2), "took {:?}", start.elapsed());
    for stream in &mut streams {
        assert!(closed_within(stream, Duration::from_secs(1)).await.is_some());
    }
}

#[tokio::test]
async fn health_answers_while_one_address_is_refused_over_its_connection_cap() {
    let mut config = common::config(&common::sqlite_url());
    config.connections_per_address = 8;
    let running = messhall_server::start("127.0.0.1:0", config).await.unwrap();
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut stream = TcpStream::connect(running.addr).await.unwrap();
        stream.write_all(b"GET /health HTTP/1.1\r\n").await.unwrap();
        held.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    for _ in 0..50 {
        let mut stream = TcpStream::connect(running.addr).await.unwrap();
        let _ = stream.write_all(b"GET /health HTTP/1.1\r\n").await;
        assert!(
            closed_within(&mut stream, Duration::from_secs(1)).await.is_some(),
            "a connection over the cap must be closed"
        );
    }
    // Another address is served at once.
    let other = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    let start = Instant::now();
    let health = other
        .get(format!("http://{}/health", running.addr))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 200);
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "took {:?}",
        start.elapsed()
    );
    // The held ones are still open; once they close, the address is served again.
    for stream in &mut held {
        assert!(closed_within(stream, Duration::from_millis(50)).await.is_none());
    }
    drop(held);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let client = common::Client::new(running.addr);
    assert_eq!(client.get("/health", None).await.0, 200);
    running.shutdown().await;
}

#[tokio::test]
async fn starting_with_postgresql_down_says_the_connection_was_refused() {
    // Nothing listens on a port just bound and let go.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let config = common::config(&format!("postgres://messhall@127.0.0.1:{port}/messhall"));
    let start = Instant::now();
    let refused = match messhall_server::start("127.0.0.1:0", config).await {
        Ok(_) => panic!("started without a database"),
        Err(e) => e.to_string(),
    };
    assert!(refused.to_lowercase().contains("refused"), "{refused}");
    assert!(start.elapsed() < Duration::from_secs(3), "took {:?}", start.elapsed());
}
