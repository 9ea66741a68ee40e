//! Choosing an action from a game's state, as a client would; shared with the `messhall`
//! binary's tests.

use serde_json::Value;

/// The text of the first legal action in a state.
pub fn first_action(state: &Value) -> Option<String> {
    let legal = &state["legal"];
    match legal["kind"].as_str()? {
        "moves" => {
            let from = legal["from"].as_object()?;
            // Prefer a quiet move so short games stay simple.
            let moves: Vec<&Value> = from.values().flat_map(|v| v.as_array().unwrap().iter()).collect();
            let pick = moves.iter().find(|m| m["kind"] == "quiet").or(moves.first())?;
            Some(pick["coordinates"].as_str()?.to_string())
        }
        "steps" => Some(legal["steps"][0]["text"].as_str()?.to_string()),
        "student" => Some(legal["actions"][0]["text"].as_str()?.to_string()),
        _ => None,
    }
}
