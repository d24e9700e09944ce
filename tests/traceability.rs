//! Traceability: every name the VDM++ model defines has a Rust counterpart of the same name.
//!
//! Reads `spec/*.vdmpp`, extracts every type, value and function each class defines, plus the
//! predicates VDM derives from them (`inv_T` for a type with an `inv` clause, `pre_f` and
//! `post_f` for a function with `pre` and `post` clauses), and checks that
//!
//! 1. each one has a row in the traceability table of `spec/README.md`,
//! 2. each row names a VDM definition that exists (no stale rows),
//! 3. the Rust item a row names is defined (`fn`, `struct`, `enum`, `type`, `trait`, `const`)
//!    in the source file its path leads to (`model::board::possible_moves` is looked up in
//!    `src/model/board.rs`, or in the files of `src/model/board/`),
//! 4. the Rust name is the VDM name in snake case (`isCheck` -> `is_check`, `inv_Board` ->
//!    `inv_board`, types keep their CamelCase), with a trailing `_` on Rust keywords
//!    (`move` -> `move_`), unless the pair is listed among the renames of `spec/README.md`.
//!
//! Every missing name is reported at once. Plain std: this is text scanning, not parsing Rust.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// What a VDM definition is, which decides how its Rust name is spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Type,
    Value,
    Function,
    /// `inv_T`, `pre_f`, `post_f`.
    Predicate,
}

/// One name a VDM class defines.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct VdmName {
    class: String,
    name: String,
    kind: Kind,
}

/// Removes `-- ...` line comments and `/* ... */` block comments.
fn strip_comments(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut rest = src;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            out.push(' ');
        } else if rest.starts_with("--") {
            rest = rest.find('\n').map_or("", |end| &rest[end..]);
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    out
}

/// Splits text into words and single punctuation characters; `mk_A`B`-style quoting keeps
/// the backtick as its own token.
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    for ch in text.chars() {
        if ch.is_alphanumeric() || ch == '_' || ch == '\'' {
            word.push(ch);
        } else {
            if !word.is_empty() {
                out.push(std::mem::take(&mut word));
            }
            if !ch.is_whitespace() {
                out.push(ch.to_string());
            }
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

const SECTIONS: [&str; 8] = [
    "types",
    "values",
    "functions",
    "operations",
    "instance",
    "thread",
    "sync",
    "traces",
];

/// Every name defined in VDM++ source text: types, values, functions, and the derived
/// `inv_`, `pre_` and `post_` predicates.
fn extract(src: &str) -> Vec<VdmName> {
    let toks = tokens(&strip_comments(src));
    let mut names = Vec::new();
    let mut class = String::new();
    let mut section = "";
    // The tokens of the current definition, up to its `;` at bracket depth 0.
    let mut def: Vec<&str> = Vec::new();
    let mut depth = 0i32;
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i].as_str();
        if depth == 0 && def.is_empty() && t == "class" && i + 1 < toks.len() {
            class = toks[i + 1].clone();
            section = "";
            i += 2;
            // skip `is subclass of A, B`
            if toks.get(i).map(String::as_str) == Some("is") {
                while i < toks.len() && !SECTIONS.contains(&toks[i].as_str()) {
                    i += 1;
                }
            }
            continue;
        }
        if depth == 0 && t == "end" && toks.get(i + 1) == Some(&class) {
            finish(&class, section, &def, &mut names);
            def.clear();
            i += 2;
            continue;
        }
        if depth == 0 && SECTIONS.contains(&t) {
            // a new section closes a definition that lacked its final `;`
            finish(&class, section, &def, &mut names);
            def.clear();
            section = t;
            i += 1;
            if t == "instance" {
                i += 1; // `instance variables`
            }
            continue;
        }
        match t {
            "(" | "{" | "[" => depth += 1,
            ")" | "}" | "]" => depth -= 1,
            _ => {}
        }
        if depth == 0 && t == ";" {
            finish(&class, section, &def, &mut names);
            def.clear();
        } else {
            def.push(t);
        }
        i += 1;
    }
    names.sort();
    names.dedup();
    names
}

/// Records the names one definition (its tokens, without the `;`) introduces.
fn finish(class: &str, section: &str, def: &[&str], names: &mut Vec<VdmName>) {
    let mut rest = def;
    while let Some((first, tail)) = rest.split_first() {
        if ["public", "private", "protected", "static", "pure"].contains(first) {
            rest = tail;
        } else {
            break;
        }
    }
    let Some(&name) = rest.first() else {
        return;
    };
    if !name.chars().next().is_some_and(char::is_alphabetic) {
        return;
    }
    let push = |names: &mut Vec<VdmName>, name: String, kind| {
        names.push(VdmName {
            class: class.to_string(),
            name,
            kind,
        })
    };
    let has = |word: &str| rest.contains(&word);
    match section {
        "types" => {
            push(names, name.to_string(), Kind::Type);
            if has("inv") {
                push(names, format!("inv_{name}"), Kind::Predicate);
            }
        }
        "values" => push(names, name.to_string(), Kind::Value),
        "functions" | "operations" => {
            push(names, name.to_string(), Kind::Function);
            if has("pre") {
                push(names, format!("pre_{name}"), Kind::Predicate);
            }
            if has("post") {
                push(names, format!("post_{name}"), Kind::Predicate);
            }
        }
        _ => {}
    }
}

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

/// Whether `item` is defined in the Rust sources that the module path `path` leads to.
fn rust_item_exists(src: &Path, path: &str) -> Result<(), String> {
    let segments: Vec<&str> = path
        .trim_start_matches("crate::")
        .split("::")
        .filter(|s| !s.is_empty())
        .collect();
    let Some((item, modules)) = segments.split_last() else {
        return Err("empty Rust path".to_string());
    };
    // the longest module prefix that names a file or a folder under src/
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
        if files.is_empty() {
            continue;
        }
        for f in &files {
            if defines(&fs::read_to_string(f).unwrap_or_default(), item) {
                return Ok(());
            }
        }
        return Err(format!(
            "no `fn`/`struct`/`enum`/`type`/`trait`/`const` {item} in {}",
            files
                .iter()
                .map(|f| f.strip_prefix(src).unwrap_or(f).display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
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

/// Everything wrong with the traceability of `spec` against `readme` and the sources in `src`.
fn problems(names: &[VdmName], readme: &str, src: &Path) -> Vec<String> {
    let mut problems = Vec::new();
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
        if let Err(why) = rust_item_exists(src, path) {
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
fn every_vdm_name_has_a_rust_counterpart() {
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
    let names: BTreeSet<String> = spec_names(root)
        .into_iter()
        .map(|n| format!("{}`{}", n.class, n.name))
        .collect();
    for expected in [
        "PieceModule`Coordinate",
        "PieceModule`inv_Coordinate",
        "PieceModule`type_based_moves",
        "PieceModule`possible_moves_direction",
        "BoardModule`inv_Move",
        "BoardModule`inv_BoardState",
        "BoardModule`inv_Board",
        "BoardModule`attacked_by",
        "BoardModule`possible_moves",
        "BoardModule`pre_move",
        "BoardModule`post_move",
        "GameModule`winner",
        "GameModule`pre_move",
    ] {
        assert!(
            names.contains(expected),
            "{expected} missing from spec/*.vdmpp"
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
end Tiny
"#;

#[test]
fn extractor_finds_types_functions_and_derived_predicates() {
    let got: Vec<(String, Kind)> = extract(SNIPPET)
        .into_iter()
        .map(|n| {
            assert_eq!(n.class, "Tiny");
            (n.name, n.kind)
        })
        .collect();
    let want = vec![
        ("Colour".to_string(), Kind::Type),
        ("Square".to_string(), Kind::Type),
        ("LIMIT".to_string(), Kind::Value),
        ("isDark".to_string(), Kind::Function),
        ("move".to_string(), Kind::Function),
        ("step".to_string(), Kind::Function),
        ("inv_Square".to_string(), Kind::Predicate),
        ("pre_move".to_string(), Kind::Predicate),
        ("pre_step".to_string(), Kind::Predicate),
        ("post_move".to_string(), Kind::Predicate),
    ];
    let mut want = want;
    want.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    let mut got = got;
    got.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    assert_eq!(got, want);
}

#[test]
fn rust_names_are_snake_case_with_keyword_escapes() {
    let name = |name: &str, kind| {
        rust_name(&VdmName {
            class: "C".into(),
            name: name.into(),
            kind,
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
fn checker_reports_missing_rows_wrong_names_and_missing_items() {
    let dir = std::env::temp_dir().join(format!("vdmchess-trace-{}", std::process::id()));
    fs::create_dir_all(dir.join("tiny")).unwrap();
    fs::write(
        dir.join("tiny.rs"),
        "pub enum Colour { White, Black }\npub fn is_dark() {}\npub fn move_() {}\n\
         pub fn pre_move() {}\npub const LIMIT: u8 = 8;\n",
    )
    .unwrap();
    fs::write(dir.join("tiny/square.rs"), "pub struct Square;\n").unwrap();
    let readme = "\
| VDM class | VDM name | Rust item | FIDE |
|---|---|---|---|
| Tiny | `Colour` | `tiny::Colour` | 1.1 |
| Tiny | `Square` | `tiny::square::Square` | 2.4 |
| Tiny | `inv_Square` | `tiny::inv_square` | 2.4 |
| Tiny | `LIMIT` | `tiny::LIMIT` | |
| Tiny | `isDark` | `tiny::is_dark` | |
| Tiny | `move` | `tiny::move_` | |
| Tiny | `pre_move` | `tiny::pre_move` | |
| Tiny | `post_move` | `tiny::check_move` | |
| Tiny | `step` | `tiny::step` | |
| Tiny | `ghost` | `tiny::ghost` | |
";
    let problems = problems(&extract(SNIPPET), readme, &dir);
    fs::remove_dir_all(&dir).unwrap();
    let expected = [
        "Tiny`inv_Square -> tiny::inv_square: no `fn`",
        "Tiny`post_move maps to tiny::check_move, but its Rust name should be post_move",
        "Tiny`post_move -> tiny::check_move: no `fn`",
        "Tiny`step -> tiny::step: no `fn`",
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
