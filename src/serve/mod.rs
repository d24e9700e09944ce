//! The playground: `vdmchess serve`, a local web server and the page it serves.
//!
//! A student plays on the crate's SVG board; an illegal move is refused and explained as
//! `vdmchess explain` does, with the VDM++ clause that decides it quoted from `spec/` (embedded
//! at build time) and its deciding line marked, and the name and place of the clause's Rust
//! twin. The page (HTML, CSS and script in `serve/page/`) is embedded in the binary: it loads
//! nothing from elsewhere.
//!
//! The JSON API ([`api`]) is stateless: every answer is a pure function of the request's
//! method, path and body (the start position and the moves come with each request), so one
//! server serves any number of students. Bodies, FEN, move and PGN lengths are bounded; every
//! bad request gets a 4xx with the crate's typed error as JSON ([`error::ApiError`]); a
//! request that takes longer than [`TIMEOUT`] (a client that stops sending its body) gets 408.
//!
//! The HTTP layer is axum on tokio (see `spec/decisions/0009-serve-axum.md`).
//!
//! # Examples
//!
//! ```
//! use vdmchess::serve::{api::answer, Config};
//! let config = Config::default();
//! let a = answer(&config, "POST", "/api/explain", br#"{"fen": "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", "move": "O-O"}"#);
//! assert_eq!(a.status, 200);
//! let why: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
//! assert_eq!(why["reason"], "castling_check");
//! assert_eq!(why["quote"]["twin"]["item"], "model::board::may_castle");
//! ```

pub mod api;
pub mod error;
mod page;
pub mod spec;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue, Method, Response, StatusCode, Uri};
use axum::Router;

use crate::setup::Setup;
use error::ApiError;

/// How long one request may take, body included, before it is answered 408.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// What the server starts the page with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The position the page starts from (FEN).
    pub fen: String,
    /// Whether castling is read as in Chess960.
    pub chess960: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            fen: Setup::start().to_fen(),
            chess960: false,
        }
    }
}

/// The HTTP router: every method and path go to [`api::answer`], bodies are bounded by
/// [`api::MAX_BODY`] (413 past it) and each request by [`TIMEOUT`] (408).
pub fn router(config: Config) -> Router {
    let config = Arc::new(config);
    let handler = move |method: Method, uri: Uri, body: Result<Bytes, BytesRejection>| {
        let config = Arc::clone(&config);
        async move {
            let body = match body {
                Ok(body) => body,
                Err(rejection) => return rejected(&rejection),
            };
            let path = uri.path().to_string();
            let method_text = method.as_str().to_string();
            let work = tokio::task::spawn_blocking(move || {
                api::answer(&config, &method_text, &path, &body)
            });
            match work.await {
                Ok(a) => respond(a, method == Method::HEAD),
                // The API does not panic (the tests hunt for one); if it ever did, the worker
                // thread's panic is reported as the server's fault, and the server goes on.
                Err(e) => error_response(&ApiError::new(
                    500,
                    "internal",
                    "JoinError",
                    format!("the request's worker failed: {e} (a bug: please report it)"),
                )),
            }
        }
    };
    Router::new()
        .fallback(handler)
        .layer(DefaultBodyLimit::max(api::MAX_BODY))
        .layer(axum::middleware::from_fn(with_timeout))
}

async fn with_timeout(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response<Body> {
    match tokio::time::timeout(TIMEOUT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => error_response(&ApiError::new(
            408,
            "timeout",
            "Timeout",
            format!("the request took longer than {} s", TIMEOUT.as_secs()),
        )),
    }
}

fn rejected(rejection: &BytesRejection) -> Response<Body> {
    let status = rejection.status().as_u16();
    let (status, code) = if status == 413 {
        (413, "too_large")
    } else {
        (400, "bad_body")
    };
    error_response(&ApiError::new(
        status,
        code,
        "BytesRejection",
        format!(
            "{} (at most {} bytes)",
            rejection.body_text(),
            api::MAX_BODY
        ),
    ))
}

fn error_response(e: &ApiError) -> Response<Body> {
    respond(
        api::Answer {
            status: e.status,
            content_type: "application/json",
            body: e.body().into_bytes(),
        },
        false,
    )
}

fn respond(a: api::Answer, head: bool) -> Response<Body> {
    let body = if head { Vec::new() } else { a.body };
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = StatusCode::from_u16(a.status).unwrap_or(StatusCode::BAD_REQUEST);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(a.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        ),
    );
    response
}

/// Serves the playground on `listener` until Ctrl-C.
///
/// # Errors
///
/// When the listener fails.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}

/// Binds `addr`, prints the address to open, and serves until Ctrl-C (on a runtime of its
/// own).
///
/// # Errors
///
/// When the address cannot be read or bound, or the server fails.
pub fn run(addr: &str, config: Config) -> Result<(), String> {
    let addr: SocketAddr = addr
        .parse()
        .map_err(|e| format!("--addr {addr:?}: {e} (expected IP:PORT, e.g. 127.0.0.1:8080)"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        if !local.ip().is_loopback() {
            eprintln!(
                "warning: listening on {local}, which other machines may reach (the default is 127.0.0.1)"
            );
        }
        println!("vdmchess playground: open http://{local}/ (Ctrl-C stops it)");
        serve(listener, config).await.map_err(|e| e.to_string())
    })
}
