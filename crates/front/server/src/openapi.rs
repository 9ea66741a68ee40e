//! The OpenAPI document of the API, served at `/api/openapi.json`. [`ROUTES`] lists every route
//! the router serves; a test checks the document against it and against the live server.

use serde_json::{Value, json};

/// Every route: method and path (in OpenAPI's `{param}` form).
pub const ROUTES: &[(&str, &str)] = &[
    ("get", "/health"),
    ("get", "/ready"),
    ("get", "/api/openapi.json"),
    ("get", "/api/variants"),
    ("get", "/api/variants/{name}"),
    ("post", "/api/variants/check"),
    ("post", "/api/analysis"),
    ("get", "/api/games"),
    ("post", "/api/games"),
    ("post", "/api/games/import"),
    ("get", "/api/games/{id}"),
    ("post", "/api/games/{id}/join"),
    ("post", "/api/games/{id}/act"),
    ("post", "/api/games/{id}/resign"),
    ("post", "/api/games/{id}/draw/offer"),
    ("post", "/api/games/{id}/draw/accept"),
    ("post", "/api/games/{id}/draw/decline"),
    ("post", "/api/games/{id}/takeback/request"),
    ("post", "/api/games/{id}/takeback/accept"),
    ("post", "/api/games/{id}/takeback/decline"),
    ("get", "/api/games/{id}/record"),
    ("get", "/api/games/{id}/pgn"),
    ("get", "/api/games/{id}/positions"),
    ("get", "/api/games/{id}/ws"),
];

fn error_responses() -> Value {
    json!({
        "400": {"$ref": "#/components/responses/Error"},
        "401": {"$ref": "#/components/responses/Error"},
        "403": {"$ref": "#/components/responses/Error"},
        "404": {"$ref": "#/components/responses/Error"},
        "409": {"$ref": "#/components/responses/Error"},
        "413": {"$ref": "#/components/responses/Error"},
        "429": {"$ref": "#/components/responses/Error"}
    })
}

fn operation(summary: &str, params: &[&str], body: Option<&str>, ok: Value) -> Value {
    let mut parameters: Vec<Value> = params
        .iter()
        .map(|p| match *p {
            "id" | "name" => json!({"name": p, "in": "path", "required": true, "schema": {"type": "string"}}),
            "token" => json!({"name": "token", "in": "query", "required": false, "description": "a seat's token (or Authorization: Bearer)", "schema": {"type": "string"}}),
            "since" => json!({"name": "since", "in": "query", "required": false, "description": "the last event number the client has", "schema": {"type": "integer", "minimum": 0}}),
            other => json!({"name": other, "in": "query", "required": false, "schema": {"type": "string"}}),
        })
        .collect();
    parameters.dedup();
    let mut op = json!({
        "summary": summary,
        "parameters": parameters,
        "responses": error_responses(),
    });
    op["responses"]["200"] = ok;
    if let Some(schema) = body {
        op["requestBody"] = json!({"required": true, "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}});
    }
    op
}

fn json_ok(description: &str, schema: &str) -> Value {
    json!({"description": description, "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}})
}

/// The document.
pub fn document() -> Value {
    let state = json_ok("the game as this seat sees it", "State");
    let seat_op = |summary: &str| operation(summary, &["id", "token"], None, json_ok("the game after it", "State"));
    let mut paths = json!({});
    let mut put = |method: &str, path: &str, op: Value| {
        paths[path][method] = op;
    };
    put(
        "get",
        "/health",
        operation(
            "liveness: the server answers and its database takes a write (503 when it does not)",
            &[],
            None,
            json!({"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}),
        ),
    );
    put(
        "get",
        "/ready",
        operation(
            "readiness: as /health, and 503 once the server is shutting down",
            &[],
            None,
            json!({"description": "ready", "content": {"application/json": {"schema": {"type": "object"}}}}),
        ),
    );
    put(
        "get",
        "/api/openapi.json",
        operation(
            "this document",
            &[],
            None,
            json!({"description": "the OpenAPI document"}),
        ),
    );
    put(
        "get",
        "/api/variants",
        operation(
            "every built-in game",
            &[],
            None,
            json!({"description": "the games", "content": {"application/json": {"schema": {"type": "object"}}}}),
        ),
    );
    put(
        "get",
        "/api/variants/{name}",
        operation(
            "a game's rules as data: the rules in prose, board, start, pieces with their XBetza moves; the cafeteria game's options",
            &["name"],
            None,
            json_ok("the rules", "Rules"),
        ),
    );
    put(
        "post",
        "/api/variants/check",
        operation(
            "compile a variant file",
            &[],
            Some("VariantFile"),
            json_ok("its rules", "Rules"),
        ),
    );
    put(
        "post",
        "/api/analysis",
        operation(
            "the engine's score and best line for a position of a built-in chess game (about a second)",
            &[],
            Some("Analysis"),
            json_ok("the analysis", "Rules"),
        ),
    );
    put(
        "get",
        "/api/games",
        operation(
            "list games, newest first",
            &["status", "player", "limit"],
            None,
            json!({"description": "the games", "content": {"application/json": {"schema": {"type": "object"}}}}),
        ),
    );
    put(
        "post",
        "/api/games",
        operation(
            "create a game; the creator's seat tokens and the open seats' join codes come once",
            &[],
            Some("CreateGame"),
            json_ok("created (status 201)", "Created"),
        ),
    );
    put(
        "post",
        "/api/games/import",
        operation(
            "a game from a record or PGN; the importer holds every seat",
            &[],
            Some("Import"),
            json_ok("created (status 201)", "Created"),
        ),
    );
    put(
        "get",
        "/api/games/{id}",
        operation(
            "the state for a seat (with its token) or a spectator",
            &["id", "token"],
            None,
            state,
        ),
    );
    put(
        "post",
        "/api/games/{id}/join",
        operation(
            "take an open seat with its join code",
            &["id"],
            Some("Join"),
            json_ok("the seat and its token", "Joined"),
        ),
    );
    put(
        "post",
        "/api/games/{id}/act",
        operation(
            "a move or action of the seat of the token",
            &["id", "token"],
            Some("Act"),
            json_ok("the game after it", "State"),
        ),
    );
    put("post", "/api/games/{id}/resign", seat_op("resign"));
    put("post", "/api/games/{id}/draw/offer", seat_op("offer a draw"));
    put(
        "post",
        "/api/games/{id}/draw/accept",
        seat_op("accept the draw offered"),
    );
    put(
        "post",
        "/api/games/{id}/draw/decline",
        seat_op("decline the draw offered"),
    );
    put(
        "post",
        "/api/games/{id}/takeback/request",
        seat_op("ask to take back your last action (granted at once against the computer, with its reply)"),
    );
    put(
        "post",
        "/api/games/{id}/takeback/accept",
        seat_op("grant the take-back asked for"),
    );
    put(
        "post",
        "/api/games/{id}/takeback/decline",
        seat_op("refuse the take-back asked for"),
    );
    put(
        "get",
        "/api/games/{id}/record",
        operation(
            "the record, JSON (once over: it holds the seed)",
            &["id"],
            None,
            json!({"description": "the record", "content": {"application/json": {"schema": {"type": "object"}}}}),
        ),
    );
    put(
        "get",
        "/api/games/{id}/pgn",
        operation(
            "a chess game's PGN (once over)",
            &["id"],
            None,
            json!({"description": "PGN", "content": {"application/x-chess-pgn": {"schema": {"type": "string"}}}}),
        ),
    );
    put(
        "get",
        "/api/games/{id}/positions",
        operation(
            "a finished chess game's board after each action, for a replay",
            &["id"],
            None,
            json_ok("the positions", "Rules"),
        ),
    );
    put(
        "get",
        "/api/games/{id}/ws",
        operation(
            "WebSocket of the game's numbered events (upgrade)",
            &["id", "token", "since"],
            None,
            json!({"description": "not an upgrade request"}),
        ),
    );
    json!({
        "openapi": "3.1.0",
        "info": {"title": "messhall play server", "version": messhall_records::catalog::VERSION, "license": {"name": "GPL-3.0-or-later"}},
        "paths": paths,
        "components": {
            "responses": {
                "Error": {"description": "refused; nothing changed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
            },
            "schemas": {
                "Error": {"type": "object", "required": ["code", "message"], "properties": {"code": {"type": "string"}, "message": {"type": "string"}}},
                "Analysis": {"type": "object", "required": ["game", "fen"], "properties": {"game": {"type": "string"}, "fen": {"type": "string"}}},
                "VariantFile": {"type": "object", "required": ["name", "text"], "properties": {"name": {"type": "string", "maxLength": 40}, "text": {"type": "string", "maxLength": 32768}}},
                "Seat": {"type": "object", "required": ["player"], "properties": {"player": {"type": "string", "description": "me, open, or a computer player: level=N, depth=N, nodes=N, random, greedy; cafeteria random, rules, search"}, "name": {"type": "string", "maxLength": 40}}},
                "CreateGame": {"type": "object", "required": ["seats"], "properties": {
                    "game": {"type": "string"},
                    "variant": {"$ref": "#/components/schemas/VariantFile"},
                    "seats": {"type": "array", "minItems": 2, "maxItems": 4, "items": {"$ref": "#/components/schemas/Seat"}},
                    "clock": {"type": "object", "properties": {"base_ms": {"type": "integer"}, "increment_ms": {"type": "integer"}}},
                    "fen": {"type": "string"},
                    "options": {"type": "array", "items": {"type": "string", "enum": ["a-new-beginning", "mystery-meat", "table-tipping", "salad-bar"]}}
                }},
                "Created": {"type": "object", "properties": {"id": {"type": "string"}, "tokens": {"type": "array"}, "joins": {"type": "array"}, "state": {"$ref": "#/components/schemas/State"}}},
                "Join": {"type": "object", "required": ["code"], "properties": {"code": {"type": "string"}, "name": {"type": "string"}}},
                "Joined": {"type": "object", "properties": {"seat": {"type": "integer"}, "token": {"type": "string"}, "state": {"$ref": "#/components/schemas/State"}}},
                "Act": {"type": "object", "required": ["ply", "action"], "properties": {"ply": {"type": "integer"}, "action": {"type": "string", "maxLength": 200}}},
                "Import": {"type": "object", "properties": {"record": {"type": "object"}, "pgn": {"type": "string"}, "names": {"type": "array", "items": {"type": "string"}}}},
                "Rules": {"type": "object", "properties": {
                    "name": {"type": "string"}, "chess": {"type": "boolean"},
                    "description": {"type": "string", "description": "one line"},
                    "rules_text": {"type": ["string", "null"], "description": "the rules in prose, a small Markdown subset (#, ##, ### headings, paragraphs, - lists, **bold**, *italic*, `code`): a built-in game's own, a variant file's rules_text, or null"},
                    "files": {"type": "integer"}, "ranks": {"type": "integer"}, "start": {"type": "string"},
                    "pieces": {"type": "array", "items": {"type": "object"}}
                }},
                "State": {"type": "object", "required": ["id", "game", "status", "ply", "event", "seats", "legal"], "properties": {
                    "id": {"type": "string"}, "game": {"type": "string"},
                    "status": {"type": "string", "enum": ["waiting", "playing", "over"]},
                    "ply": {"type": "integer"}, "event": {"type": "integer"},
                    "you": {"type": ["integer", "null"]},
                    "seats": {"type": "array"}, "turn": {"type": ["object", "null"]},
                    "board": {"type": ["object", "null"]}, "cafeteria": {"type": ["object", "null"]},
                    "legal": {"type": "object"}, "clock": {"type": ["object", "null"]},
                    "draw_offers": {"type": "array"}, "takeback_request": {"type": ["integer", "null"]},
                    "result": {"type": ["object", "null"]}, "moves": {"type": "array"}, "events": {"type": "array"},
                    "seed": {"type": ["string", "null"]}
                }}
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_lists_exactly_the_routes() {
        let doc = document();
        let paths = doc["paths"].as_object().unwrap();
        let mut listed: Vec<(String, String)> = paths
            .iter()
            .flat_map(|(p, ops)| ops.as_object().unwrap().keys().map(move |m| (m.clone(), p.clone())))
            .collect();
        listed.sort();
        let mut routes: Vec<(String, String)> = ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
        routes.sort();
        assert_eq!(listed, routes);
    }
}
