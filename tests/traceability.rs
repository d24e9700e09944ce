//! Traceability: every name the VDM++ model defines has a Rust twin of the same name and the
//! same signature.
//!
//! Reads `spec/*.vdmpp`, extracts every type, value and function each class defines (with its
//! signature), plus the predicates VDM derives from them (`inv_T` for a type with an `inv`
//! clause, taking what `mk_T` takes; `pre_f` taking `f`'s parameters and `post_f` taking them
//! and `RESULT`, for a function with `pre` and `post` clauses), and checks that
//!
//! 1. each one has a row in the traceability table of `spec/README.md`, and each row names a
//!    VDM definition that exists (no stale rows);
//! 2. the Rust item a row names is defined (`fn`, `struct`, `enum`, `type`, `trait`, `const`)
//!    in the source files its path leads to (`model::board::possible_moves` is looked up in
//!    `src/model/board.rs` and the files of `src/model/board/`);
//! 3. the Rust name is the VDM name in snake case (`isCheck` -> `is_check`), with a trailing
//!    `_` on Rust keywords (`move` -> `move_`), unless the pair is listed among the renames;
//! 4. a function's Rust signature is its VDM signature mapped by the type table of
//!    `spec/README.md`: the same number of parameters, each of the mapped type (by reference
//!    or by value as the table says), and the mapped result (`Result<R, E>` for a function
//!    with a precondition, which it checks).
//!
//! Every problem is reported at once. Plain std: this is text scanning, not parsing Rust.

#[path = "traceability/vdm.rs"]
mod vdm;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use vdm::{extract, tokens, Kind, VdmName, VdmType};

/// Rust's reserved words that a VDM name may collide with.
const RUST_KEYWORDS: [&str; 12] = [
    "move", "type", "match", "loop", "ref", "self", "use", "where", "impl", "fn", "mod", "in",
];

/// The Rust spelling of a VDM name: snake case for everything but types (and for the type
/// part of `inv_T`), a trailing `_` on Rust keywords.
fn rust_name(v: &VdmName) -> String {
    let snake = |s: &str| {
        let mut out = String::new();
        for (i, ch) in s.chars().enumerate() {
            if ch.is_uppercase() {
                if i > 0 && !out.ends_with('_') {
                    out.push('_');
                }
                out.extend(ch.to_lowercase());
            } else {
                out.push(ch);
            }
        }
        out
    };
    let name = match v.kind {
        Kind::Type => v.name.clone(),
        Kind::Value => v.name.to_uppercase(),
        Kind::Function | Kind::Predicate => snake(&v.name),
    };
    if RUST_KEYWORDS.contains(&name.as_str()) {
        format!("{name}_")
    } else {
        name
    }
}

/// The rows of every markdown table in `readme` whose header starts with `first_header`,
/// as trimmed cells without backticks.
fn table_rows(readme: &str, first_header: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        let line = line.trim();
        if !line.starts_with('|') {
            inside = false;
            continue;
        }
        let cells: Vec<String> = line
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().replace('`', ""))
            .collect();
        if cells.first().map(String::as_str) == Some(first_header) {
            inside = true;
            continue;
        }
        if inside && !cells.iter().all(|c| c.chars().all(|ch| "-: ".contains(ch))) {
            rows.push(cells);
        }
    }
    rows
}

/// How a parameter of a mapped type is passed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Passing {
    Value,
    Reference,
    /// `[T]` passes as `T` does.
    LikeInner,
}

/// The type table of `spec/README.md`: VDM type (or pattern: `set of T`, `seq of T`, `[T]`,
/// `T1 * T2`) -> (Rust type or template, how it is passed).
struct TypeTable(BTreeMap<String, (String, Passing)>);

impl TypeTable {
    fn read(readme: &str) -> Result<TypeTable, String> {
        let mut map = BTreeMap::new();
        for row in table_rows(readme, "VDM type") {
            let [vdm, rust, passing, ..] = row.as_slice() else {
                return Err(format!("type table row with fewer than 3 cells: {row:?}"));
            };
            let passing = match passing.as_str() {
                "value" => Passing::Value,
                "reference" => Passing::Reference,
                "like T" => Passing::LikeInner,
                other => return Err(format!("type table: unknown passing {other:?}")),
            };
            map.insert(vdm.clone(), (rust.clone(), passing));
        }
        Ok(TypeTable(map))
    }

    fn row(&self, key: &str) -> Result<&(String, Passing), String> {
        self.0
            .get(key)
            .ok_or_else(|| format!("VDM type `{key}` has no row in the type table"))
    }

    /// The Rust type of a VDM type, without the `&` of a parameter.
    fn rust(&self, t: &VdmType) -> Result<String, String> {
        let fill = |key: &str, inner: &VdmType| -> Result<String, String> {
            Ok(self.row(key)?.0.replace('T', &self.rust(inner)?))
        };
        match t {
            VdmType::Named(name) => Ok(self.row(name)?.0.clone()),
            VdmType::SetOf(inner) => fill("set of T", inner),
            VdmType::SeqOf(inner) => fill("seq of T", inner),
            VdmType::Optional(inner) => fill("[T]", inner),
            VdmType::Product(parts) => {
                let template = &self.row("T1 * T2")?.0;
                let inside: Vec<String> = parts
                    .iter()
                    .map(|p| self.rust(p))
                    .collect::<Result<_, _>>()?;
                Ok(template.replace("T1, T2", &inside.join(", ")))
            }
        }
    }

    /// The Rust type of a parameter of VDM type `t`: `&R` when the table says reference.
    fn parameter(&self, t: &VdmType) -> Result<String, String> {
        let by_reference = match t {
            VdmType::Named(name) => self.row(name)?.1 == Passing::Reference,
            VdmType::SetOf(_) => self.row("set of T")?.1 == Passing::Reference,
            VdmType::SeqOf(_) => self.row("seq of T")?.1 == Passing::Reference,
            VdmType::Optional(inner) => match &self.row("[T]")?.1 {
                Passing::LikeInner => self.parameter(inner)?.starts_with('&'),
                other => *other == Passing::Reference,
            },
            VdmType::Product(_) => self.row("T1 * T2")?.1 == Passing::Reference,
        };
        let rust = self.rust(t)?;
        Ok(if by_reference {
            format!("&{rust}")
        } else {
            rust
        })
    }
}

/// A Rust function's signature as text: parameter types and result type, without spaces.
#[derive(Debug, PartialEq, Eq)]
struct RustSignature {
    parameters: Vec<String>,
    result: String,
}

/// The signature of `fn item` in Rust source `text`, if it defines one.
fn rust_signature(text: &str, item: &str) -> Option<RustSignature> {
    let compact: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = compact
        .match_indices(&format!("fn {item}("))
        .map(|(i, _)| i)
        .find(|&i| i == 0 || !compact[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_'))?;
    let rest = &compact[at + "fn (".len() + item.len()..];
    let (inside, after) = split_balanced(rest)?;
    let parameters = split_top_level(inside)
        .into_iter()
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.split_once(':').map_or("", |(_, t)| t).replace(' ', ""))
        .collect();
    let after = after.trim_start();
    let result = match after.strip_prefix("->") {
        Some(r) => {
            let end = [r.find('{'), r.find(';'), r.find(" where ")]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(r.len());
            r[..end].replace(' ', "")
        }
        None => "()".to_string(),
    };
    Some(RustSignature { parameters, result })
}

/// The text inside the parentheses that `s` starts after (its `(` already consumed), and the
/// text after the matching `)`.
fn split_balanced(s: &str) -> Option<(&str, &str)> {
    let mut depth = 1;
    for (i, ch) in s.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&s[..i], &s[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// `s` split at the commas outside `()`, `<>` and `[]`.
fn split_top_level(s: &str) -> Vec<String> {
    let (mut parts, mut current, mut depth) = (Vec::new(), String::new(), 0i32);
    for ch in s.chars() {
        match ch {
            '(' | '<' | '[' => depth += 1,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    parts.push(current);
    parts
}

/// The Rust source files that the module path `path` leads to, longest module prefix first:
/// `model::board::x` -> `src/model/board.rs` and the files under `src/model/board/`.
fn module_files(src: &Path, path: &str) -> Result<(String, Vec<PathBuf>), String> {
    let segments: Vec<&str> = path
        .trim_start_matches("crate::")
        .split("::")
        .filter(|s| !s.is_empty())
        .collect();
    let Some((item, modules)) = segments.split_last() else {
        return Err("empty Rust path".to_string());
    };
    for k in (0..=modules.len()).rev() {
        let base: PathBuf = modules[..k].iter().collect();
        let mut files = Vec::new();
        if k == 0 {
            files.push(src.join("lib.rs"));
        } else {
            files.push(src.join(&base).with_extension("rs"));
            collect_rs(&src.join(&base), &mut files);
        }
        let files: Vec<PathBuf> = files.into_iter().filter(|f| f.is_file()).collect();
        if !files.is_empty() {
            return Ok((item.to_string(), files));
        }
    }
    Err(format!("no source file for module path {path}"))
}

fn collect_rs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            collect_rs(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Whether Rust source text defines `item` as a fn, struct, enum, type, trait or const.
fn defines(text: &str, item: &str) -> bool {
    let toks = tokens(text);
    toks.windows(2).any(|w| {
        ["fn", "struct", "enum", "type", "trait", "const"].contains(&w[0].as_str()) && w[1] == item
    })
}

/// What is wrong with the Rust item `path` as the twin of `n`: it must exist, and a function
/// or predicate must have the mapped signature.
fn check_item(n: &VdmName, path: &str, types: &TypeTable, src: &Path) -> Vec<String> {
    let (item, files) = match module_files(src, path) {
        Ok(found) => found,
        Err(why) => return vec![why],
    };
    let texts: Vec<String> = files
        .iter()
        .map(|f| fs::read_to_string(f).unwrap_or_default())
        .collect();
    if !texts.iter().any(|t| defines(t, &item)) {
        let names: Vec<String> = files
            .iter()
            .map(|f| f.strip_prefix(src).unwrap_or(f).display().to_string())
            .collect();
        return vec![format!(
            "no `fn`/`struct`/`enum`/`type`/`trait`/`const` {item} in {}",
            names.join(", ")
        )];
    }
    let Some(signature) = &n.signature else {
        return Vec::new();
    };
    let Some(rust) = texts.iter().find_map(|t| rust_signature(t, &item)) else {
        return vec![format!("{item} is not a function, but the VDM name is")];
    };
    let mut problems = Vec::new();
    let expected: Result<Vec<String>, String> = signature
        .parameters
        .iter()
        .map(|t| types.parameter(t))
        .collect();
    match expected {
        Err(why) => problems.push(why),
        Ok(expected) if expected.len() != rust.parameters.len() => problems.push(format!(
            "{} parameter(s) in the spec, {} in Rust",
            expected.len(),
            rust.parameters.len()
        )),
        Ok(expected) => {
            for (i, (want, got)) in expected.iter().zip(&rust.parameters).enumerate() {
                if want.replace(' ', "") != *got {
                    problems.push(format!(
                        "parameter {} is `{got}`, the table maps it to `{want}`",
                        i + 1
                    ));
                }
            }
        }
    }
    match types.rust(&signature.result) {
        Err(why) => problems.push(why),
        Ok(want) => {
            let compact = want.replace(' ', "");
            let ok = if signature.checks_pre {
                rust.result.starts_with(&format!("Result<{compact},"))
            } else {
                rust.result == compact
            };
            if !ok {
                let want = if signature.checks_pre {
                    format!("Result<{want}, _>")
                } else {
                    want
                };
                problems.push(format!(
                    "the result is `{}`, the table maps it to `{want}`",
                    rust.result
                ));
            }
        }
    }
    problems
}

/// Everything wrong with the traceability of `names` against `readme` and the sources in `src`.
fn problems(names: &[VdmName], readme: &str, src: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let types = match TypeTable::read(readme) {
        Ok(types) => types,
        Err(why) => return vec![why],
    };
    // (class, VDM name) -> Rust path
    let mut table: BTreeMap<(String, String), String> = BTreeMap::new();
    for row in table_rows(readme, "VDM class") {
        if row.len() < 3 {
            problems.push(format!("traceability row with fewer than 3 cells: {row:?}"));
            continue;
        }
        table.insert((row[0].clone(), row[1].clone()), row[2].clone());
    }
    let renames: BTreeSet<(String, String)> = table_rows(readme, "VDM name")
        .into_iter()
        .filter(|r| r.len() >= 2)
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    let defined: BTreeSet<(String, String)> = names
        .iter()
        .map(|n| (n.class.clone(), n.name.clone()))
        .collect();
    for n in names {
        let Some(path) = table.get(&(n.class.clone(), n.name.clone())) else {
            problems.push(format!(
                "{}`{} is not in the table of spec/README.md",
                n.class, n.name
            ));
            continue;
        };
        let last = path.rsplit("::").next().unwrap_or(path);
        let expected = rust_name(n);
        if last != expected && !renames.contains(&(n.name.clone(), last.to_string())) {
            problems.push(format!(
                "{}`{} maps to {path}, but its Rust name should be {expected} (or list the rename)",
                n.class, n.name
            ));
        }
        for why in check_item(n, path, &types, src) {
            problems.push(format!("{}`{} -> {path}: {why}", n.class, n.name));
        }
    }
    for (class, name) in table.keys() {
        if !defined.contains(&(class.clone(), name.clone())) {
            problems.push(format!(
                "table row {class}`{name} names nothing defined in spec/*.vdmpp"
            ));
        }
    }
    problems
}

fn spec_names(root: &Path) -> Vec<VdmName> {
    let mut files: Vec<PathBuf> = fs::read_dir(root.join("spec"))
        .expect("spec/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "vdmpp"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no spec/*.vdmpp files");
    files
        .iter()
        .flat_map(|f| extract(&fs::read_to_string(f).expect("readable spec file")))
        .collect()
}

#[test]
fn every_vdm_name_has_a_rust_twin_with_its_signature() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = spec_names(root);
    let readme = fs::read_to_string(root.join("spec/README.md")).expect("spec/README.md exists");
    let problems = problems(&names, &readme, &root.join("src"));
    assert!(
        problems.is_empty(),
        "{} traceability problem(s):\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}

#[test]
fn the_spec_defines_the_catalogue() {
    // The core of the catalogue the model mirrors; a rename in the spec shows up here first.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = spec_names(root);
    let signatures: BTreeMap<String, usize> = names
        .iter()
        .map(|n| {
            let arity = n.signature.as_ref().map_or(0, |s| s.parameters.len());
            (format!("{}`{}", n.class, n.name), arity)
        })
        .collect();
    for (expected, arity) in [
        ("PieceModule`Coordinate", 0),
        ("PieceModule`inv_Coordinate", 2),
        ("PieceModule`type_based_moves", 2),
        ("PieceModule`possible_moves_direction", 3),
        ("BoardModule`inv_Move", 2),
        ("BoardModule`inv_BoardState", 1),
        ("BoardModule`inv_Start", 6),
        ("BoardModule`inv_Board", 3),
        ("BoardModule`attacked_by", 3),
        ("BoardModule`possible_moves", 1),
        ("BoardModule`pre_move", 2),
        ("BoardModule`post_move", 3),
        ("GameModule`winner", 1),
        ("GameModule`pre_move", 2),
        ("GameModule`post_move", 3),
        ("PgnModule`inv_PieceMove", 6),
        ("PgnModule`parse_san", 1),
        ("PgnModule`meaning", 2),
        ("PgnModule`pre_resolve", 2),
        ("PgnModule`san_of", 2),
        ("PgnModule`pre_san_of", 2),
        ("PgnModule`sans_are_distinct", 1),
        ("PgnModule`movetext", 1),
        ("Runner`step", 3),
        ("Runner`replay", 2),
        ("Runner`replay_file", 0),
    ] {
        assert_eq!(
            signatures.get(expected),
            Some(&arity),
            "{expected} in spec/*.vdmpp"
        );
    }
}

const SNIPPET: &str = r#"
/* A tiny class in the shape of the spec. */
class Tiny
types
  public Colour = <White> | <Black>;
  public Square :: x : nat1  -- a comment with inv and pre in it
                   y : nat1
  inv s == s.x <= 8 and s.y <= 8;
  public Squares = set of Square;
values
  public LIMIT : nat = 8;
functions
  public isDark : Square -> bool
  isDark(s) == (s.x + s.y) mod 2 = 0;

  public move : seq of nat * nat -> seq of nat
  move(h, m) == h ^ [m]
  pre m <= LIMIT and pre_step(m)
  post len RESULT = len h + 1;

  public step : nat -> nat
  step(n) == if n = 0 then 0 else step(n - 1)
  pre n < 10
  measure n;

  public corners : () -> Square * [Square]
  corners() == mk_(mk_Square(1, 1), nil);
end Tiny
"#;

#[test]
fn extractor_finds_types_functions_signatures_and_derived_predicates() {
    let got: BTreeMap<String, (Kind, Option<String>)> = extract(SNIPPET)
        .into_iter()
        .map(|n| {
            assert_eq!(n.class, "Tiny");
            (n.name, (n.kind, n.signature.map(|s| s.to_string())))
        })
        .collect();
    let sig = |s: &str| Some(s.to_string());
    let want: BTreeMap<String, (Kind, Option<String>)> = [
        ("Colour", (Kind::Type, None)),
        ("Square", (Kind::Type, None)),
        ("Squares", (Kind::Type, None)),
        ("LIMIT", (Kind::Value, None)),
        ("isDark", (Kind::Function, sig("Square -> bool"))),
        (
            "move",
            (Kind::Function, sig("seq of nat * nat -> seq of nat, pre")),
        ),
        ("step", (Kind::Function, sig("nat -> nat, pre"))),
        ("corners", (Kind::Function, sig("() -> Square * [Square]"))),
        ("inv_Square", (Kind::Predicate, sig("nat1 * nat1 -> bool"))),
        (
            "pre_move",
            (Kind::Predicate, sig("seq of nat * nat -> bool")),
        ),
        ("pre_step", (Kind::Predicate, sig("nat -> bool"))),
        (
            "post_move",
            (
                Kind::Predicate,
                sig("seq of nat * nat * seq of nat -> bool"),
            ),
        ),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(got, want);
}

#[test]
fn rust_names_are_snake_case_with_keyword_escapes() {
    let name = |name: &str, kind| {
        rust_name(&VdmName {
            class: "C".into(),
            name: name.into(),
            kind,
            signature: None,
        })
    };
    assert_eq!(name("isCheckmate", Kind::Function), "is_checkmate");
    assert_eq!(name("move", Kind::Function), "move_");
    assert_eq!(name("pre_move", Kind::Predicate), "pre_move");
    assert_eq!(name("inv_BoardState", Kind::Predicate), "inv_board_state");
    assert_eq!(name("BoardState", Kind::Type), "BoardState");
    assert_eq!(name("type_based_moves", Kind::Function), "type_based_moves");
}

#[test]
fn rust_signatures_are_read_from_source_text() {
    let text = "/// doc\npub const fn inv_square(\n    x: u32,\n    y: u32,\n) -> bool {\n}\n\
                pub fn move_(h: &Seq<u32>, m: u32) -> Result<Seq<u32>, TooFar> where T: X { }\n\
                fn remove_(x: u8) {}";
    assert_eq!(
        rust_signature(text, "inv_square"),
        Some(RustSignature {
            parameters: vec!["u32".into(), "u32".into()],
            result: "bool".into()
        })
    );
    assert_eq!(
        rust_signature(text, "move_"),
        Some(RustSignature {
            parameters: vec!["&Seq<u32>".into(), "u32".into()],
            result: "Result<Seq<u32>,TooFar>".into()
        })
    );
    assert_eq!(rust_signature(text, "ove_"), None, "whole names only");
    assert_eq!(
        rust_signature(text, "remove_").map(|s| s.result),
        Some("()".into())
    );
}

const TYPE_TABLE: &str = "\
| VDM type | Rust type | passed as |
|---|---|---|
| `bool` | `bool` | value |
| `nat` | `u32` | value |
| `nat1` | `u32` | value |
| `set of T` | `Set<T>` | reference |
| `seq of T` | `Seq<T>` | reference |
| `[T]` | `Option<T>` | like T |
| `T1 * T2` | `(T1, T2)` | value |
| `Colour` | `Colour` | value |
| `Square` | `Square` | value |
| `Squares` | `Squares` | reference |
";

const TINY_TABLE: &str = "\
| VDM class | VDM name | Rust item | FIDE |
|---|---|---|---|
| Tiny | `Colour` | `tiny::Colour` | 1.1 |
| Tiny | `Square` | `tiny::square::Square` | 2.4 |
| Tiny | `Squares` | `tiny::Squares` | |
| Tiny | `inv_Square` | `tiny::inv_square` | 2.4 |
| Tiny | `LIMIT` | `tiny::LIMIT` | |
| Tiny | `isDark` | `tiny::is_dark` | |
| Tiny | `move` | `tiny::move_` | |
| Tiny | `pre_move` | `tiny::pre_move` | |
| Tiny | `post_move` | `tiny::post_move` | |
| Tiny | `step` | `tiny::step` | |
| Tiny | `pre_step` | `tiny::pre_step` | |
| Tiny | `corners` | `tiny::corners` | |
";

/// The problems of `SNIPPET` against Rust source `tiny` (in `tiny.rs`, with `Square` in
/// `tiny/square.rs`) and `readme`.
fn tiny_problems(tiny: &str, readme: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!(
        "vdmchess-trace-{}-{}",
        std::process::id(),
        tiny.len() + readme.len()
    ));
    fs::create_dir_all(dir.join("tiny")).unwrap();
    fs::write(dir.join("tiny.rs"), tiny).unwrap();
    fs::write(dir.join("tiny/square.rs"), "pub struct Square;\n").unwrap();
    let problems = problems(&extract(SNIPPET), readme, &dir);
    fs::remove_dir_all(&dir).unwrap();
    problems
}

/// Rust twins of `SNIPPET` with exactly the mapped signatures.
const TINY_RUST: &str = "\
pub enum Colour { White, Black }
pub type Squares = Set<Square>;
pub const LIMIT: u32 = 8;
pub fn inv_square(x: u32, y: u32) -> bool { x <= 8 && y <= 8 }
pub fn is_dark(s: Square) -> bool { true }
pub fn move_(h: &Seq<u32>, m: u32) -> Result<Seq<u32>, TooFar> { todo() }
pub fn pre_move(h: &Seq<u32>, m: u32) -> bool { true }
pub fn post_move(h: &Seq<u32>, m: u32, result: &Seq<u32>) -> bool { true }
pub fn step(n: u32) -> Result<u32, TooBig> { Ok(n) }
pub fn pre_step(n: u32) -> bool { n < 10 }
pub fn corners() -> (Square, Option<Square>) { todo() }
";

#[test]
fn checker_accepts_twins_with_the_mapped_signatures() {
    let readme = format!("{TYPE_TABLE}\n{TINY_TABLE}");
    assert_eq!(tiny_problems(TINY_RUST, &readme), Vec::<String>::new());
}

#[test]
fn checker_reports_drifted_signatures() {
    let readme = format!("{TYPE_TABLE}\n{TINY_TABLE}");
    let drifted = TINY_RUST
        // one parameter too many
        .replace("fn is_dark(s: Square)", "fn is_dark(s: Square, c: Colour)")
        // a set passed by value, a sequence's element type changed
        .replace(
            "fn post_move(h: &Seq<u32>, m: u32, result: &Seq<u32>)",
            "fn post_move(h: Seq<u32>, m: u32, result: &Seq<u8>)",
        )
        // a function with a precondition that does not return Result
        .replace(
            "fn step(n: u32) -> Result<u32, TooBig>",
            "fn step(n: u32) -> u32",
        )
        // an optional mapped to something else
        .replace("(Square, Option<Square>)", "(Square, Square)");
    let mut problems = tiny_problems(&drifted, &readme);
    problems.sort();
    let mut expected = [
        "Tiny`isDark -> tiny::is_dark: 1 parameter(s) in the spec, 2 in Rust",
        "Tiny`post_move -> tiny::post_move: parameter 1 is `Seq<u32>`, the table maps it to `&Seq<u32>`",
        "Tiny`post_move -> tiny::post_move: parameter 3 is `&Seq<u8>`, the table maps it to `&Seq<u32>`",
        "Tiny`step -> tiny::step: the result is `u32`, the table maps it to `Result<u32, _>`",
        "Tiny`corners -> tiny::corners: the result is `(Square,Square)`, the table maps it to `(Square, Option<Square>)`",
    ];
    expected.sort();
    assert_eq!(problems, expected);
}

#[test]
fn checker_reports_missing_rows_wrong_names_missing_items_and_types() {
    let table = TINY_TABLE
        .replace("`tiny::post_move`", "`tiny::check_move`")
        .replace("| Tiny | `pre_step` | `tiny::pre_step` | |\n", "")
        .replace("`tiny::step`", "`tiny::ghost_step`")
        + "| Tiny | `ghost` | `tiny::ghost` | |\n";
    let types = TYPE_TABLE.replace("| `nat1` | `u32` | value |\n", "");
    let problems = tiny_problems(TINY_RUST, &format!("{types}\n{table}"));
    let expected = [
        "Tiny`inv_Square -> tiny::inv_square: VDM type `nat1` has no row in the type table",
        "Tiny`post_move maps to tiny::check_move, but its Rust name should be post_move",
        "Tiny`post_move -> tiny::check_move: no `fn`",
        "Tiny`step maps to tiny::ghost_step, but its Rust name should be step",
        "Tiny`step -> tiny::ghost_step: no `fn`",
        "Tiny`pre_step is not in the table",
        "table row Tiny`ghost names nothing defined",
    ];
    for e in expected {
        assert!(
            problems.iter().any(|p| p.starts_with(e)),
            "expected a problem starting {e:?} in {problems:#?}"
        );
    }
    assert_eq!(problems.len(), expected.len(), "{problems:#?}");
}
