//! The OpenAPI document of the API, served at `/api/openapi.json`, generated from the handlers'
//! `#[utoipa::path]` and the [`crate::wire`] types. [`routes()`] is where every API route is added:
//! one call registers a handler with the router and in the document, so neither can list a route
//! the other lacks.

use crate::state::Server;
use crate::wire;
use std::sync::Arc;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The document's frame: its title and the schemas no route names directly.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "messhall",
        description = "Every messhall game over HTTP and WebSocket. A refusal is an `ErrorBody` with a stable code; nothing changed.",
        license(name = "GPL-3.0-or-later")
    ),
    components(schemas(wire::WsMessage, wire::LobbyMessage, wire::ErrorBody))
)]
struct Frame;

/// Every API route with its handler and its documentation (the web app's files and the refusal
/// of an unknown route are the router's fallbacks, not API routes).
pub fn routes() -> OpenApiRouter<Arc<Server>> {
    use crate::{
        accounts, analysis, api, chat, game_analysis, lobby, players, positions, rematch, replay, reports, studio,
        variants, ws,
    };
    let mut doc = Frame::openapi();
    doc.info.version = messhall_records::catalog::VERSION.to_string();
    let (schemas, paths, import) = routes!(api::import);
    let import = import.layer(axum::extract::DefaultBodyLimit::max(crate::limits::IMPORT_BYTES));
    OpenApiRouter::with_openapi(doc)
        .routes(routes!(crate::health))
        .routes(routes!(crate::ready))
        .routes(routes!(crate::metrics::serve))
        .routes(routes!(crate::openapi_document))
        .routes(routes!(variants::list))
        .routes(routes!(variants::check))
        .routes(routes!(variants::one))
        .routes(routes!(analysis::analyse))
        .routes(routes!(crate::lessons::lessons))
        .routes(routes!(positions::moves))
        .routes(routes!(api::list, api::create))
        .routes((schemas, paths, import))
        .routes(routes!(api::state))
        .routes(routes!(reports::ask, reports::of_version))
        .routes(routes!(reports::one))
        .routes(routes!(reports::html))
        .routes(routes!(reports::cancel))
        .routes(routes!(api::join, api::invitation))
        .routes(routes!(api::act))
        .routes(routes!(api::resign))
        .routes(routes!(api::claim_win))
        .routes(routes!(api::claim_draw))
        .routes(routes!(api::draw_offer))
        .routes(routes!(api::draw_accept))
        .routes(routes!(api::draw_decline))
        .routes(routes!(api::takeback_request))
        .routes(routes!(api::takeback_accept))
        .routes(routes!(api::takeback_decline))
        .routes(routes!(api::record))
        .routes(routes!(api::pgn))
        .routes(routes!(replay::positions))
        .routes(routes!(game_analysis::analyse_game))
        .routes(routes!(variants::of_game))
        .routes(routes!(ws::connect))
        .routes(routes!(accounts::me, accounts::start))
        .routes(routes!(accounts::rename))
        .routes(routes!(accounts::register))
        .routes(routes!(accounts::login))
        .routes(routes!(accounts::logout))
        .routes(routes!(players::my_games))
        .routes(routes!(players::page))
        .routes(routes!(players::leaderboard))
        .routes(routes!(chat::read, chat::say))
        .routes(routes!(rematch::state, rematch::offer))
        .routes(routes!(lobby::list, lobby::post))
        .routes(routes!(lobby::join))
        .routes(routes!(lobby::start))
        .routes(routes!(lobby::leave))
        .routes(routes!(lobby::quick))
        .routes(routes!(lobby::connect))
        .routes(routes!(variants::perft))
        .routes(routes!(studio::list, studio::publish))
        .routes(routes!(studio::one))
        .routes(routes!(studio::version))
        .routes(routes!(studio::new_version))
        .routes(routes!(studio::visibility))
        .routes(routes!(studio::fork))
        .routes(routes!(studio::mine))
        .routes(routes!(studio::of_game))
}

/// The document.
pub fn document() -> utoipa::openapi::OpenApi {
    routes().split_for_parts().1
}

/// The document as pretty JSON with a final newline, as committed in `web/openapi.json`.
pub fn document_text() -> String {
    let mut text = document().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `web/openapi.json` is what the web app's types are generated from: it must be this
    /// document. `MESSHALL_WRITE_OPENAPI=1 cargo test -p messhall-server openapi` writes it.
    #[test]
    fn the_committed_document_is_the_generated_one() {
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../web/openapi.json");
        let text = document_text();
        if std::env::var_os("MESSHALL_WRITE_OPENAPI").is_some() {
            std::fs::write(&file, &text).unwrap();
        }
        let committed = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(
            committed == text,
            "web/openapi.json differs from the server's document: run MESSHALL_WRITE_OPENAPI=1 cargo test -p messhall-server openapi, then npm run build in web/"
        );
    }

    /// Generated clients name a function after each operation: two routes may not share one.
    #[test]
    fn every_operation_has_its_own_id() {
        let doc = serde_json::to_value(document()).unwrap();
        let mut seen = std::collections::BTreeMap::new();
        for (path, ops) in doc["paths"].as_object().unwrap() {
            for (method, op) in ops.as_object().unwrap() {
                let id = op["operationId"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{method} {path} has no id"));
                if let Some(other) = seen.insert(id.to_string(), format!("{method} {path}")) {
                    panic!("{method} {path} and {other} are both {id}");
                }
            }
        }
    }

    #[test]
    fn every_operation_has_its_error_answer() {
        let doc = serde_json::to_value(document()).unwrap();
        for (path, ops) in doc["paths"].as_object().unwrap() {
            for (method, op) in ops.as_object().unwrap() {
                if path == "/api/openapi.json" {
                    continue;
                }
                let answers = op["responses"].as_object().unwrap();
                assert!(
                    answers.keys().any(|k| k.starts_with('4') || k.starts_with('5')),
                    "{method} {path}"
                );
            }
        }
    }
}
