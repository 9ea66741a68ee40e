//! A browser as the server sees one: it keeps its session cookie and says where it comes from.

use serde_json::{Value, json};

/// A browser: an HTTP client that keeps the session cookie it is given, and says it comes from
/// the server's own page (`Origin`), as a browser's fetch does.
pub struct Browser {
    pub base: String,
    pub http: reqwest::Client,
    pub cookie: Option<String>,
    pub origin: Option<String>,
    /// The answer to the last game it made with [`Browser::with_game`].
    pub created: Value,
}

impl Browser {
    pub fn new(addr: std::net::SocketAddr) -> Browser {
        let base = format!("http://{addr}");
        Browser {
            origin: Some(base.clone()),
            base,
            http: reqwest::Client::new(),
            cookie: None,
            created: Value::Null,
        }
    }

    pub async fn send(&mut self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.header("cookie", format!("messhall_session={c}"));
        }
        if let Some(o) = &self.origin {
            req = req.header("origin", o);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        if let Some(set) = resp.headers().get("set-cookie") {
            let set = set.to_str().unwrap();
            assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax"), "{set}");
            let value = set.split(';').next().unwrap().split_once('=').unwrap().1;
            self.cookie = (!value.is_empty()).then(|| value.to_string());
        }
        let text = resp.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    pub async fn get(&mut self, path: &str) -> (u16, Value) {
        self.send(reqwest::Method::GET, path, None).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, Some(body)).await
    }

    /// Starts an anonymous player; its id.
    pub async fn start(&mut self) -> String {
        let (status, v) = self.post("/api/me", json!({})).await;
        assert_eq!(status, 201, "{v}");
        assert!(self.cookie.is_some());
        v["player"]["id"].as_str().unwrap().to_string()
    }
}

impl Browser {
    /// A new player's browser and a chess game it made, White its own and Black `black` (a
    /// computer's specification or `open`); the game's id.
    pub async fn with_game(addr: std::net::SocketAddr, black: &str) -> (Browser, String) {
        let mut b = Browser::new(addr);
        b.start().await;
        let (status, created) = b
            .post(
                "/api/games",
                json!({"game": "chess", "seats": [{"player": "me"}, {"player": black}]}),
            )
            .await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        b.created = created;
        (b, id)
    }

    /// The lobby's WebSocket, with this browser's cookie and origin.
    pub async fn lobby(&self) -> super::Socket {
        let url = format!("{}/api/lobby/ws", self.base.replacen("http", "ws", 1));
        let mut request = tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url).unwrap();
        if let Some(c) = &self.cookie {
            request
                .headers_mut()
                .insert("cookie", format!("messhall_session={c}").parse().unwrap());
        }
        if let Some(o) = &self.origin {
            request.headers_mut().insert("origin", o.parse().unwrap());
        }
        tokio_tungstenite::connect_async(request).await.unwrap().0
    }
}
