//! Who a request comes from, for the limits per client: the peer's address, or behind a trusted
//! reverse proxy the address it forwards; an IPv6 address counts as its /64 (one site's
//! network), since anyone given a /64 has more addresses than any limit.

use crate::error::ApiError;
use crate::state::Server;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

/// The client a request counts against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Client(pub String);

impl FromRequestParts<Arc<Server>> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Client, ApiError> {
        let Address(address) = Address::from_request_parts(parts, server).await?;
        Ok(Client(key(address)))
    }
}

/// The address a request comes from ([`client_address`]): the peer's, or behind a trusted proxy
/// the client's it forwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Address(pub IpAddr);

impl FromRequestParts<Arc<Server>> for Address {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Address, ApiError> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(peer)| peer.ip())
            .ok_or_else(|| ApiError::new(500, "no-peer", "the connection's address is unknown"))?;
        Ok(Address(client_address(
            peer,
            &parts.headers,
            &server.config.trusted_proxies,
        )))
    }
}

/// The address a request comes from: `peer`, or when `peer` is a trusted proxy, the nearest
/// address in `X-Forwarded-For` (or `Forwarded: for=`) that is not one: addresses further out
/// were written by the client itself and prove nothing.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let peer = canonical(peer);
    if !trusted.contains(&peer) {
        return peer;
    }
    let mut hops: Vec<IpAddr> = Vec::new();
    for value in headers.get_all("forwarded") {
        let Ok(text) = value.to_str() else { continue };
        for element in text.split(',') {
            for pair in element.split(';') {
                let Some((name, value)) = pair.trim().split_once('=') else {
                    continue;
                };
                if name.trim().eq_ignore_ascii_case("for") {
                    hops.extend(parse_node(value.trim().trim_matches('"')));
                }
            }
        }
    }
    if hops.is_empty() {
        for value in headers.get_all("x-forwarded-for") {
            let Ok(text) = value.to_str() else { continue };
            hops.extend(text.split(',').filter_map(|hop| parse_node(hop.trim())));
        }
    }
    hops.iter()
        .rev()
        .map(|hop| canonical(*hop))
        .find(|hop| !trusted.contains(hop))
        .unwrap_or(peer)
}

/// An address as a header writes it: `1.2.3.4`, `1.2.3.4:80`, `[::1]`, `[::1]:80` or `::1`.
fn parse_node(text: &str) -> Option<IpAddr> {
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Some(addr.ip());
    }
    text.strip_prefix('[')?.split(']').next()?.parse().ok()
}

/// An IPv4 address mapped into IPv6 as the IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The key the limits count under: an IPv4 address, or an IPv6 address's /64.
pub fn key(ip: IpAddr) -> String {
    match canonical(ip) {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{}/64", Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
    }
}

/// What each client holds open at once (connections, WebSockets), counted under a cap; a
/// [`Hold`] gives its place back when dropped.
#[derive(Default)]
pub struct Holds {
    by_client: Mutex<HashMap<String, usize>>,
}

/// One place held by a client.
pub struct Hold {
    holds: Arc<Holds>,
    client: String,
}

impl Holds {
    /// A place for one more for `client`, or none when it holds `cap` already.
    pub fn take(self: &Arc<Holds>, client: String, cap: usize) -> Option<Hold> {
        let mut map = self.by_client.lock().unwrap_or_else(PoisonError::into_inner);
        let count = map.entry(client.clone()).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(Hold {
            holds: self.clone(),
            client,
        })
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        let mut map = self.holds.by_client.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = map.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                map.remove(&self.client);
            }
        }
    }
}

/// Request headers from name-value pairs, for tests.
#[cfg(test)]
pub(crate) fn test_headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (name, value) in pairs {
        map.append(*name, value.parse().unwrap());
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_headers as headers;

    #[test]
    fn an_ipv6_client_counts_as_its_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(key(a), key(b));
        assert_ne!(key(a), key(c));
        assert_eq!(key("::ffff:10.0.0.1".parse().unwrap()), "10.0.0.1");
    }

    #[test]
    fn forwarded_addresses_count_only_from_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let h = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7")]);
        // Off by default: the header is anyone's to write.
        assert_eq!(client_address(proxy, &h, &[]), proxy);
        // From the proxy: the nearest address it did not add itself.
        assert_eq!(
            client_address(proxy, &h, &[proxy]),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        let other: IpAddr = "198.51.100.1".parse().unwrap();
        assert_eq!(client_address(other, &h, &[proxy]), other);
        let f = headers(&[("forwarded", "for=6.6.6.6, for=\"[2001:db8::5]:4711\";proto=https")]);
        assert_eq!(
            client_address(proxy, &f, &[proxy]),
            "2001:db8::5".parse::<IpAddr>().unwrap()
        );
        // A chain of trusted proxies is skipped.
        let second: IpAddr = "10.0.0.2".parse().unwrap();
        let h = headers(&[("x-forwarded-for", "203.0.113.7, 10.0.0.2")]);
        assert_eq!(
            client_address(proxy, &h, &[proxy, second]),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        // Nothing forwarded: the proxy itself.
        assert_eq!(client_address(proxy, &HeaderMap::new(), &[proxy]), proxy);
    }

    #[test]
    fn a_client_gets_its_place_back_when_it_lets_go() {
        let holds = Arc::new(Holds::default());
        let first = holds.take("a".into(), 2);
        let second = holds.take("a".into(), 2);
        assert!(first.is_some() && second.is_some());
        assert!(holds.take("a".into(), 2).is_none());
        assert!(holds.take("b".into(), 2).is_some());
        drop(first);
        assert!(holds.take("a".into(), 2).is_some());
    }
}
