//! The JSON API: each request is a pure function of its method, path and body. The server
//! keeps no game: the page sends the start position and the moves played with every request.
//!
//! [`answer`] is the whole API; the HTTP layer (`serve::router`) only carries bytes to it and
//! back, so the tests can call either.

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::error::ApiError;
use super::page;
use super::spec;
use super::Config;
use crate::core::Chess;
use crate::game::MoveError;
use crate::model::piece::PieceType;
use crate::notation::fen::parse_fen;
use crate::notation::san::SanPlus;
use crate::notation::uci::UciMove;
use crate::oracle::explain::{explain_game, ExplainError, Explanation, Reason};
use crate::render::svg::{Arrow, Picture, Tint};
use crate::rules::{Move, Rules, Status};
use crate::setup::{CastlingMode, Setup};
use crate::types::{Color, Square};
use crate::Game;

/// The largest request body, in bytes (a larger one is refused with 413).
pub const MAX_BODY: usize = 96 * 1024;
/// The longest FEN, in bytes.
pub const MAX_FEN: usize = 128;
/// The longest move text (SAN or UCI), in bytes.
pub const MAX_MOVE: usize = 16;
/// The most moves a request may carry (half-moves from the start).
pub const MAX_MOVES: usize = 1200;
/// The longest PGN text, in bytes.
pub const MAX_PGN: usize = 64 * 1024;
/// The most arrows or marked squares an SVG request may ask for.
pub const MAX_MARKS: usize = 64;

/// What the API answers: an HTTP status, a content type and a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status: 200, or a 4xx for a refused request.
    pub status: u16,
    /// The `Content-Type` of the body.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    fn json(value: &Value) -> Answer {
        Answer {
            status: 200,
            content_type: "application/json",
            body: value.to_string().into_bytes(),
        }
    }

    fn error(e: &ApiError) -> Answer {
        Answer {
            status: e.status,
            content_type: "application/json",
            body: e.body().into_bytes(),
        }
    }
}

impl From<Result<Value, ApiError>> for Answer {
    fn from(result: Result<Value, ApiError>) -> Answer {
        match result {
            Ok(value) => Answer::json(&value),
            Err(e) => Answer::error(&e),
        }
    }
}

/// The answer to one request.
#[must_use]
pub fn answer(config: &Config, method: &str, path: &str, body: &[u8]) -> Answer {
    let post = |f: fn(&[u8]) -> Result<Value, ApiError>| match method {
        "POST" => Answer::from(f(body)),
        _ => not_allowed(method, path, "POST"),
    };
    match path {
        "/" | "/index.html" | "/page.js" | "/page.css" => match method {
            "GET" | "HEAD" => page::asset(path).map_or_else(
                || not_found(path),
                |(content_type, text)| Answer {
                    status: 200,
                    content_type,
                    body: text.as_bytes().to_vec(),
                },
            ),
            _ => not_allowed(method, path, "GET"),
        },
        "/api/config" => match method {
            "GET" | "HEAD" => Answer::json(&config_value(config)),
            _ => not_allowed(method, path, "GET"),
        },
        "/api/position" => post(position),
        "/api/play" => post(play),
        "/api/explain" => post(explain),
        "/api/svg" => match method {
            "POST" => match svg(body) {
                Ok(svg) => Answer {
                    status: 200,
                    content_type: "image/svg+xml",
                    body: svg.into_bytes(),
                },
                Err(e) => Answer::error(&e),
            },
            _ => not_allowed(method, path, "POST"),
        },
        "/api/pgn" => post(pgn),
        "/api/chess960" => post(chess960),
        "/api/clause" => post(clause),
        _ => not_found(path),
    }
}

fn not_found(path: &str) -> Answer {
    let shown: String = path.chars().take(64).collect();
    Answer::error(&ApiError::new(
        404,
        "not_found",
        "Route",
        format!("no such route {shown:?}: see the README's API section"),
    ))
}

fn not_allowed(method: &str, path: &str, allowed: &str) -> Answer {
    let shown: String = method.chars().take(16).collect();
    Answer::error(&ApiError::new(
        405,
        "method_not_allowed",
        "Route",
        format!("{path} answers {allowed}, not {shown}"),
    ))
}

fn config_value(config: &Config) -> Value {
    json!({
        "fen": config.fen,
        "chess960": config.chess960,
        "version": env!("CARGO_PKG_VERSION"),
        "spec_files": spec::files(),
        "limits": {
            "body": MAX_BODY, "fen": MAX_FEN, "move": MAX_MOVE, "moves": MAX_MOVES,
            "pgn": MAX_PGN, "marks": MAX_MARKS,
        },
    })
}

// ------------------------------------------------------------------ requests

/// A position: a start (FEN, the standard start when absent) and the moves played from it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    chess960: bool,
    #[serde(default)]
    flip: bool,
}

/// A position and a move to play or explain.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    chess960: bool,
    #[serde(default)]
    flip: bool,
    #[serde(rename = "move")]
    text: String,
}

/// What `show --svg` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SvgRequest {
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    chess960: bool,
    #[serde(default)]
    flip: bool,
    lastmove: Option<String>,
    #[serde(default)]
    arrows: Vec<String>,
    #[serde(default)]
    squares: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PgnRequest {
    pgn: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Chess960Request {
    n: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClauseRequest {
    clause: String,
    reason: Option<Reason>,
}

/// The body read as JSON of type `T`, or `bad_json` saying where it is wrong.
fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|e| ApiError::new(400, "bad_json", "serde_json::Error", e.to_string()))
}

fn check_len(field: &str, text: &str, max: usize) -> Result<(), ApiError> {
    if text.len() > max {
        Err(ApiError::new(
            400,
            "too_long",
            "Limit",
            format!(
                "{field} is {} bytes long; at most {max} are accepted",
                text.len()
            ),
        )
        .at(field))
    } else {
        Ok(())
    }
}

// ------------------------------------------------------------------ positions

/// A game replayed from a request: the start, its castling mode, and the game after the moves.
struct Replayed {
    start: Setup,
    mode: CastlingMode,
    game: Game,
}

/// The start of `fen` (the standard start when absent), validated.
fn start_of(fen: Option<&str>, chess960: bool) -> Result<(Setup, CastlingMode), ApiError> {
    let setup = match fen {
        Some(fen) => {
            check_len("fen", fen, MAX_FEN)?;
            parse_fen(fen).map_err(|e| {
                ApiError::new(400, "bad_fen", "FenError::Parse", e.to_string()).at("fen")
            })?
        }
        None => Setup::start(),
    };
    let mode = if chess960 {
        CastlingMode::Chess960
    } else {
        setup.castling_mode_hint()
    };
    setup.validate(mode).map_err(|e| {
        ApiError::new(422, "illegal_position", "FenError::Setup", e.to_string()).at("fen")
    })?;
    Ok((setup, mode))
}

/// The game from `fen` through `moves` (UCI move text, or SAN).
fn replay(fen: Option<&str>, moves: &[String], chess960: bool) -> Result<Replayed, ApiError> {
    let (start, mode) = start_of(fen, chess960)?;
    if moves.len() > MAX_MOVES {
        return Err(ApiError::new(
            400,
            "too_long",
            "Limit",
            format!("{} moves; at most {MAX_MOVES} are accepted", moves.len()),
        )
        .at("moves"));
    }
    let first = Chess::from_setup(&start, mode).map_err(|e| {
        ApiError::new(422, "illegal_position", "FenError::Setup", e.to_string()).at("fen")
    })?;
    let mut game = Game::from_position(first);
    for (i, text) in moves.iter().enumerate() {
        let field = format!("moves[{i}]");
        check_len(&field, text, MAX_MOVE)?;
        play_text(&mut game, text).map_err(|e| move_error(&e).at(field))?;
    }
    Ok(Replayed { start, mode, game })
}

/// Plays UCI text (`e2e4`; in Chess960, king takes rook) or else SAN.
fn play_text(game: &mut Game, text: &str) -> Result<String, MoveError> {
    let san = if UciMove::from_ascii(text.trim().as_bytes()).is_ok() {
        game.play_uci(text)?
    } else {
        game.play_san(text)?
    };
    Ok(san.to_string())
}

/// The front door's refusal as an API error.
fn move_error(e: &MoveError) -> ApiError {
    let (status, code, kind) = match e {
        MoveError::UnreadableSan(_) => (400, "bad_move", "MoveError::UnreadableSan"),
        MoveError::UnreadableUci(_) => (400, "bad_move", "MoveError::UnreadableUci"),
        MoveError::NullMove(_) => (400, "bad_move", "MoveError::NullMove"),
        MoveError::GameOver { .. } => (422, "game_over", "MoveError::GameOver"),
        MoveError::Ambiguous(_) => (422, "ambiguous_move", "MoveError::Ambiguous"),
        MoveError::Illegal { .. } => (422, "illegal_move", "MoveError::Illegal"),
    };
    ApiError::new(status, code, kind, e.to_string())
}

/// The square a click aims at to play `m`: the king's destination when castling in standard
/// chess, the rook (king takes rook) in Chess960.
fn target(m: &Move, mode: CastlingMode) -> Square {
    if m.is_castle() && mode == CastlingMode::Standard {
        m.castle_king_to()
    } else {
        m.to
    }
}

/// The squares the last move tints: from the king's square to its destination for castling.
fn last_move_squares(m: &Move) -> (Square, Square) {
    let to = if m.is_castle() {
        m.castle_king_to()
    } else {
        m.to
    };
    (m.from, to)
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// One line on how the game stands, with the FIDE article.
fn summary(game: &Game) -> String {
    let turn = game.turn();
    match game.status() {
        Status::Checkmate => format!("Checkmate: {} wins (FIDE Laws 5.1.1)", side(turn.other())),
        Status::Stalemate => format!("Stalemate: {} has no legal move, drawn (5.2.1)", side(turn)),
        Status::InsufficientMaterial => {
            "Drawn: neither side has the material to mate (5.2.2)".to_string()
        }
        Status::SeventyfiveMoves => "Drawn by the 75-move rule (9.6.2)".to_string(),
        Status::FivefoldRepetition => "Drawn by fivefold repetition (9.6.1)".to_string(),
        Status::Ongoing => {
            let mut s = format!("{} to move", side(turn));
            if game.is_check() {
                s.push_str(", in check (3.9.1)");
            }
            let claims: Vec<&str> = game
                .position()
                .claims()
                .iter()
                .map(|c| match c {
                    crate::Claim::ThreefoldRepetition => "threefold repetition (9.2)",
                    crate::Claim::FiftyMoves => "the fifty-move rule (9.3)",
                })
                .collect();
            if !claims.is_empty() {
                s.push_str(&format!("; a draw may be claimed: {}", claims.join(", ")));
            }
            s
        }
    }
}

/// Everything the page shows of a position.
fn state(r: &Replayed, flip: bool) -> Value {
    let game = &r.game;
    let pos = game.position();
    let setup = pos.to_setup();
    let legal: Vec<Value> = game
        .legal_moves()
        .iter()
        .map(|m| {
            json!({
                "uci": m.to_uci(r.mode),
                "san": SanPlus::from_move(pos, m).to_string(),
                "from": m.from,
                "to": target(m, r.mode),
                "promotion": m.promotion().map(|role| role.char().to_string()),
            })
        })
        .collect();
    let history: Vec<Value> = game
        .history_moves()
        .iter()
        .zip(game.history())
        .map(|(m, san)| json!({ "uci": m.to_uci(r.mode), "san": san.to_string() }))
        .collect();
    let last = game.history_moves().last().map(last_move_squares);
    let mut picture = Picture::new(&setup);
    picture.bottom = if flip { Color::Black } else { Color::White };
    picture.last_move = last;
    json!({
        "fen": setup.to_fen(),
        "start_fen": r.start.to_fen(),
        "chess960": r.mode == CastlingMode::Chess960,
        "turn": if game.turn() == Color::White { "white" } else { "black" },
        "status": game.status().as_str(),
        "check": game.is_check(),
        "check_square": picture.check,
        "claims": pos.claims().iter().map(|c| c.as_str()).collect::<Vec<_>>(),
        "result": game.result(),
        "summary": summary(game),
        "last_move": last.map(|(from, to)| json!({ "from": from, "to": to })),
        "legal": legal,
        "history": history,
        "pgn": game.pgn(),
        "svg": picture.to_svg(),
    })
}

/// `POST /api/position`: the position after the moves, its legal moves, status and picture.
fn position(body: &[u8]) -> Result<Value, ApiError> {
    let req: GameRequest = parse(body)?;
    let r = replay(req.fen.as_deref(), &req.moves, req.chess960)?;
    Ok(state(&r, req.flip))
}

/// `POST /api/play`: the position after one more move; an illegal move is refused (422) with
/// the model's explanation.
fn play(body: &[u8]) -> Result<Value, ApiError> {
    let req: MoveRequest = parse(body)?;
    check_len("move", &req.text, MAX_MOVE)?;
    let mut r = replay(req.fen.as_deref(), &req.moves, req.chess960)?;
    match play_text(&mut r.game, &req.text) {
        Ok(san) => {
            let mut value = state(&r, req.flip);
            let uci = r
                .game
                .history_moves()
                .last()
                .map(|m| m.to_uci(r.mode))
                .unwrap_or_default();
            value["played"] = json!({ "san": san, "uci": uci });
            Ok(value)
        }
        Err(e) => {
            let mut error = move_error(&e).at("move");
            if matches!(e, MoveError::Illegal { .. } | MoveError::GameOver { .. }) {
                error.explanation = Some(Box::new(explanation(&r, &req.text, req.flip)?));
            }
            Err(error)
        }
    }
}

/// `POST /api/explain`: why a move is legal or not, as `vdmchess explain` says, with the
/// deciding clause quoted and a picture.
fn explain(body: &[u8]) -> Result<Value, ApiError> {
    let req: MoveRequest = parse(body)?;
    check_len("move", &req.text, MAX_MOVE)?;
    let r = replay(req.fen.as_deref(), &req.moves, req.chess960)?;
    explanation(&r, &req.text, req.flip)
}

/// The model's explanation of `text` after the replayed game (its history counts), with the
/// clause quoted and the picture of the explanation.
fn explanation(r: &Replayed, text: &str, flip: bool) -> Result<Value, ApiError> {
    let why = explain_in(r, text)?;
    let setup = r.game.position().to_setup();
    let piece = why
        .uci
        .as_deref()
        .and_then(|u| u.get(..2))
        .and_then(|s| s.parse::<Square>().ok())
        .and_then(|sq| setup.piece_at(sq))
        .map(|p| PieceType::from(p.role));
    let mut picture = why.picture(&setup);
    picture.bottom = if flip { Color::Black } else { Color::White };
    let mut value = serde_json::to_value(&why).unwrap_or(Value::Null);
    if let Value::Object(ref mut map) = value {
        map.insert(
            "quote".into(),
            serde_json::to_value(spec::quote(&why.clause, why.reason, piece))
                .unwrap_or(Value::Null),
        );
        map.insert("svg".into(), Value::String(picture.to_svg()));
    }
    Ok(value)
}

/// [`explain_game`] on the model, replayed through the same moves as the front door's game.
fn explain_in(r: &Replayed, text: &str) -> Result<Explanation, ApiError> {
    let mut model = crate::model::game::Game::from_setup(&r.start, r.mode).map_err(|e| {
        ApiError::new(422, "illegal_position", "SetupError", e.to_string()).at("fen")
    })?;
    for (i, m) in r.game.history_moves().iter().enumerate() {
        model = model.play(m).map_err(|e| {
            ApiError::new(422, "illegal_move", "PlayError", e.to_string()).at(format!("moves[{i}]"))
        })?;
    }
    explain_game(&model, text).map_err(|e| {
        let (status, code, kind) = match e {
            ExplainError::Setup(_) => (422, "illegal_position", "ExplainError::Setup"),
            ExplainError::Unreadable(_) => (400, "bad_move", "ExplainError::Unreadable"),
            ExplainError::NullMove(_) => (400, "bad_move", "ExplainError::NullMove"),
            ExplainError::Ambiguous { .. } => (422, "ambiguous_move", "ExplainError::Ambiguous"),
            ExplainError::Unexplained { .. } => (422, "unexplained", "ExplainError::Unexplained"),
        };
        ApiError::new(status, code, kind, e.to_string()).at("move")
    })
}

/// `POST /api/svg`: the picture `vdmchess show --svg` draws for the same arguments.
fn svg(body: &[u8]) -> Result<String, ApiError> {
    let req: SvgRequest = parse(body)?;
    let r = replay(req.fen.as_deref(), &req.moves, req.chess960)?;
    if req.arrows.len() > MAX_MARKS || req.squares.len() > MAX_MARKS {
        return Err(ApiError::new(
            400,
            "too_long",
            "Limit",
            format!("at most {MAX_MARKS} arrows and {MAX_MARKS} squares are accepted"),
        ));
    }
    let mut picture = Picture::new(&r.game.position().to_setup());
    picture.bottom = if req.flip { Color::Black } else { Color::White };
    picture.last_move = match &req.lastmove {
        Some(text) => Some(two_squares(text).map_err(|e| e.at("lastmove"))?),
        None => r.game.history_moves().last().map(last_move_squares),
    };
    for (i, a) in req.arrows.iter().enumerate() {
        let (from, to) = two_squares(a).map_err(|e| e.at(format!("arrows[{i}]")))?;
        picture.arrows.push(Arrow {
            from,
            to,
            tint: Tint::Green,
        });
    }
    for (i, sq) in req.squares.iter().enumerate() {
        let square = sq.parse::<Square>().map_err(|e| {
            ApiError::new(400, "bad_square", "ParseSquareError", e.to_string())
                .at(format!("squares[{i}]"))
        })?;
        picture.marked.push(square);
    }
    Ok(picture.to_svg())
}

/// Two squares written `e2e4` (a promotion letter is ignored; `e4e4` names one square).
fn two_squares(text: &str) -> Result<(Square, Square), ApiError> {
    let bad = || {
        ApiError::new(
            400,
            "bad_square",
            "ParseSquareError",
            format!(
                "invalid squares {:?}: expected two squares such as e2e4",
                text.chars().take(16).collect::<String>()
            ),
        )
    };
    let (a, b) = (
        text.get(..2).ok_or_else(bad)?,
        text.get(2..4).ok_or_else(bad)?,
    );
    if text.len() > 5 {
        return Err(bad());
    }
    Ok((a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?))
}

/// `POST /api/pgn`: the first game of PGN text as a start and moves, to step through.
fn pgn(body: &[u8]) -> Result<Value, ApiError> {
    let req: PgnRequest = parse(body)?;
    check_len("pgn", &req.pgn, MAX_PGN)?;
    let game = Game::from_pgn(&req.pgn).map_err(|e| {
        let kind = match e {
            crate::game::PgnGameError::NoGame => "PgnGameError::NoGame",
            crate::game::PgnGameError::Syntax(_) => "PgnGameError::Syntax",
            crate::game::PgnGameError::Fen(_) => "PgnGameError::Fen",
            crate::game::PgnGameError::Move { .. } => "PgnGameError::Move",
        };
        ApiError::new(422, "bad_pgn", kind, e.to_string()).at("pgn")
    })?;
    let start = game.start().to_setup();
    let mode = game.start().castling_mode();
    if game.history_moves().len() > MAX_MOVES {
        return Err(ApiError::new(
            400,
            "too_long",
            "Limit",
            format!("the game has more than {MAX_MOVES} moves"),
        )
        .at("pgn"));
    }
    let mut tags = Map::new();
    for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
        if let Some(v) = game.tag(name) {
            tags.insert(name.into(), Value::String(v.to_string()));
        }
    }
    Ok(json!({
        "fen": start.to_fen(),
        "chess960": mode == CastlingMode::Chess960,
        "moves": game.history_moves().iter().map(|m| m.to_uci(mode)).collect::<Vec<_>>(),
        "san": game.history().iter().map(ToString::to_string).collect::<Vec<_>>(),
        "tags": tags,
        "result": game.result(),
    }))
}

/// `POST /api/chess960`: the start array with Scharnagl number `n` (0..960).
fn chess960(body: &[u8]) -> Result<Value, ApiError> {
    let req: Chess960Request = parse(body)?;
    if req.n >= 960 {
        return Err(ApiError::new(
            400,
            "bad_number",
            "Limit",
            format!("n is {}; the Chess960 starts are numbered 0 to 959", req.n),
        )
        .at("n"));
    }
    Ok(json!({ "n": req.n, "fen": Setup::chess960_start(req.n).to_fen() }))
}

/// `POST /api/clause`: a clause of the spec, quoted, with the lines deciding `reason` marked.
fn clause(body: &[u8]) -> Result<Value, ApiError> {
    let req: ClauseRequest = parse(body)?;
    check_len("clause", &req.clause, 80)?;
    let quote = spec::quote(&req.clause, req.reason, None).ok_or_else(|| {
        ApiError::new(
            404,
            "unknown_clause",
            "Clause",
            format!(
                "no spec file defines {:?} (write Class`name, e.g. BoardModule`may_castle)",
                req.clause
            ),
        )
        .at("clause")
    })?;
    Ok(serde_json::to_value(quote).unwrap_or(Value::Null))
}
