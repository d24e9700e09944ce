//! The API's refusals: a 4xx status and the crate's typed error, as JSON.

use serde::Serialize;
use serde_json::{json, Value};

/// Why the API refused a request: the HTTP status, a stable code, the Rust error type it
/// comes from, the message that type displays, and the request field at fault.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApiError {
    /// The HTTP status: always a 4xx.
    #[serde(skip)]
    pub status: u16,
    /// A stable snake_case code: `bad_json`, `bad_fen`, `illegal_position`, `bad_move`,
    /// `illegal_move`, `ambiguous_move`, `game_over`, `bad_pgn`, `too_long`, `too_large`,
    /// `not_found`, `method_not_allowed`, `timeout`.
    pub code: &'static str,
    /// The crate's error type and variant it comes from, e.g. `FenError::Parse`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// What went wrong, as the error displays itself.
    pub message: String,
    /// The request field at fault (`fen`, `moves[3]`, `move`, `pgn` ...), when one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// More about it: for an illegal move, the model's explanation (with the clause quoted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Box<Value>>,
}

impl ApiError {
    /// An error of `status` with `code`, from the Rust type `kind`.
    #[must_use]
    pub fn new(
        status: u16,
        code: &'static str,
        kind: &'static str,
        message: impl Into<String>,
    ) -> ApiError {
        ApiError {
            status,
            code,
            kind,
            message: message.into(),
            field: None,
            explanation: None,
        }
    }

    /// The same error, naming the request field at fault.
    #[must_use]
    pub fn at(mut self, field: impl Into<String>) -> ApiError {
        self.field = Some(field.into());
        self
    }

    /// The JSON body: `{"error": {...}}`.
    #[must_use]
    pub fn body(&self) -> String {
        json!({ "error": self }).to_string()
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status, self.code, self.message)
    }
}

impl std::error::Error for ApiError {}
