//! The specification as the page quotes it: every `spec/*.vdmpp` file, embedded at build time
//! (`build.rs` lists the folder, so a new file is quoted with no change here), the clause a
//! name such as ``BoardModule`may_castle`` denotes, the line of it that decides a move, and
//! its Rust twin (from the traceability table of `spec/README.md`).

use serde::Serialize;

use crate::model::piece::PieceType;
use crate::oracle::explain::Reason;

include!(concat!(env!("OUT_DIR"), "/spec_files.rs"));

/// A clause of the specification, quoted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Quote {
    /// The clause's name, ``Class`name`` (as `explain` names it).
    pub clause: String,
    /// The file it is in, e.g. `spec/BoardModule.vdmpp`.
    pub file: String,
    /// The line number of its first line (its comment, if any), from 1.
    pub first_line: usize,
    /// Its lines: the comment above it, the signature, the body.
    pub lines: Vec<String>,
    /// The line numbers (in the file, from 1) of the lines that decide the move.
    pub marked: Vec<usize>,
    /// The Rust function of the same name, when the traceability table names one.
    pub twin: Option<Twin>,
}

/// A clause's Rust twin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Twin {
    /// Its path in the crate, e.g. `model::board::may_castle`.
    pub item: String,
    /// The file that defines it, e.g. `src/model/board/moves.rs`.
    pub file: String,
    /// The line of its `pub fn`, from 1 (none for a type, whose file is its module's).
    pub line: Option<u32>,
}

/// The names of the embedded spec files, e.g. `spec/BoardModule.vdmpp`.
#[must_use]
pub fn files() -> Vec<&'static str> {
    SPEC_FILES.iter().map(|(name, _)| *name).collect()
}

/// The clause named ``Class`name`` (a function, a type, or the `inv_`/`pre_`/`post_` of
/// one), quoted from the embedded spec, with the lines that decide a move of `piece` refused
/// for `reason` (or allowed, when `reason` is `None`) marked. `None` when no spec file
/// defines it.
#[must_use]
pub fn quote(clause: &str, reason: Option<Reason>, piece: Option<PieceType>) -> Option<Quote> {
    let (class, name) = clause.split_once('`')?;
    let (file, text) = SPEC_FILES
        .iter()
        .find(|(_, text)| text.lines().any(|l| l.trim() == format!("class {class}")))?;
    let lines: Vec<&str> = text.lines().collect();
    let (contract, base) = ["inv_", "pre_", "post_"]
        .iter()
        .find_map(|p| {
            name.strip_prefix(p)
                .map(|rest| (Some(p.trim_end_matches('_')), rest))
        })
        .unwrap_or((None, name));
    let def = lines.iter().position(|l| defines(l, base))?;
    let mut first = def;
    while first > 0 && lines[first - 1].trim_start().starts_with("--") {
        first -= 1;
    }
    let mut end = def;
    while end + 1 < lines.len() && !ends_block(lines[end + 1]) {
        end += 1;
    }
    let block = &lines[first..=end];
    let mut marked: Vec<usize> = match contract {
        Some(keyword) => block
            .iter()
            .position(|l| l.trim_start().starts_with(&format!("{keyword} ")))
            .into_iter()
            .collect(),
        None => markers(clause, reason, piece)
            .iter()
            .flat_map(|m| {
                block
                    .iter()
                    .enumerate()
                    .filter(move |(_, l)| l.contains(m))
                    .map(|(i, _)| i)
            })
            .collect(),
    };
    if marked.is_empty() {
        // The defining equation `name(...) ==`, else the line that names it.
        let equation = block
            .iter()
            .position(|l| l.trim_start().starts_with(&format!("{base}(")));
        marked.push(equation.unwrap_or(def - first));
    }
    marked.sort_unstable();
    marked.dedup();
    Some(Quote {
        clause: clause.to_string(),
        file: (*file).to_string(),
        first_line: first + 1,
        lines: block.iter().map(|l| (*l).to_string()).collect(),
        marked: marked.into_iter().map(|i| first + i + 1).collect(),
        twin: twin(class, name),
    })
}

/// Whether `line` starts the definition of `name`: its signature (`public name : ...`), a
/// type (`public Name :: ...`, `Name = ...`), or a value.
fn defines(line: &str, name: &str) -> bool {
    let mut rest = line.trim_start();
    for word in ["public ", "private ", "protected ", "static ", "pure "] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    let Some(after) = rest.strip_prefix(name) else {
        return false;
    };
    let after = after.trim_start();
    after.starts_with(':') || after.starts_with('=') && !after.starts_with("==")
}

/// Whether `line` ends a clause: a blank line, a section or the end of the class.
fn ends_block(line: &str) -> bool {
    let t = line.trim();
    t.is_empty()
        || t.starts_with("end ")
        || matches!(
            t,
            "functions" | "types" | "values" | "operations" | "instance variables"
        )
}

/// What the deciding lines of a clause contain, for a move of `piece` refused for `reason`
/// (`None`: allowed). Each is a fragment of the line as `spec/` writes it; `tests/serve_api.rs`
/// checks that each still matches its clause.
#[must_use]
pub fn markers(
    clause: &str,
    reason: Option<Reason>,
    piece: Option<PieceType>,
) -> Vec<&'static str> {
    let piece_case = match piece {
        Some(PieceType::Pawn) => "<Pawn>   ->",
        Some(PieceType::Knight) => "<Knight> ->",
        Some(PieceType::Bishop) => "<Bishop> ->",
        Some(PieceType::Rook) => "<Rook>   ->",
        Some(PieceType::Queen) => "<Queen>  ->",
        Some(PieceType::King) => "<King>   ->",
        None => "cases piece.type:",
    };
    let found: &[&'static str] = match (clause, reason) {
        ("GameModule`winner", _) => &["if isCheckmate(g)", "elseif automatic_draw(g)"],
        ("BoardModule`piece_at", _) => &["if exists p in set s & p.coord = c"],
        ("BoardModule`own_pieces", _) => &["p.colour = turn(b)"],
        ("PieceModule`type_based_moves", _) => return vec![piece_case],
        ("PieceModule`possible_moves_direction", _) => &["in set obstacles"],
        ("BoardModule`double_push_moves", Some(Reason::Blocked)) => &["= nil"],
        ("BoardModule`double_push_moves", Some(_)) => &["p.coord.y = pawn_start_rank(p.colour)"],
        ("BoardModule`double_push_moves", None) => &["mk_Move(p, mu(p, coord"],
        ("BoardModule`en_passant_moves", Some(_)) => &["let t = en_passant_target(b)"],
        ("BoardModule`en_passant_moves", None) => &["{ mk_Move(p, mu(p, coord |-> t))"],
        ("BoardModule`promotion_moves", _) => &["t in set {<Knight>, <Bishop>, <Rook>, <Queen>}"],
        ("BoardModule`castling_rights", _) => &["not exists m in set elems b.history"],
        ("BoardModule`may_castle", Some(Reason::CastlingCheck)) => {
            &["not exists c in set king_path"]
        }
        ("BoardModule`may_castle", _) => &["forall c in set king_path union rook_path"],
        ("BoardModule`castling_moves", _) => &["r in set castling_rights(b)", "may_castle(b.state"],
        ("BoardModule`stateful_impossible_moves", _) => &["in_check(apply_move(b.state, m)"],
        ("BoardModule`simple_possible_moves", _) => {
            &["q in set PieceModule`type_based_moves(p, obs)"]
        }
        _ => &[],
    };
    found.to_vec()
}

/// The Rust twin of `Class`name`` by the traceability table of `spec/README.md`, with the file
/// and line of its `pub fn` under `src/model/`.
fn twin(class: &str, name: &str) -> Option<Twin> {
    let item = SPEC_README.lines().find_map(|line| {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        match cells.as_slice() {
            ["", c, n, rust, ..] if *c == class && n.trim_matches('`') == name => {
                Some(rust.trim_matches('`').to_string())
            }
            _ => None,
        }
    })?;
    let (module, function) = item.rsplit_once("::")?;
    let folder = format!("src/{}", module.replace("::", "/"));
    let found = MODEL_FUNCTIONS.iter().find(|(f, file, _)| {
        *f == function
            && (file.starts_with(&format!("{folder}/")) || *file == format!("{folder}.rs"))
    });
    Some(Twin {
        file: found.map_or_else(
            || format!("{folder}.rs"),
            |(_, file, _)| (*file).to_string(),
        ),
        line: found.map(|(_, _, line)| *line),
        item,
    })
}
