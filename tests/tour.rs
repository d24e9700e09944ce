//! `spec/TOUR.md` stays true: every `vdmchess` command in its `console` blocks runs as
//! written and prints what the tour shows; the picture it writes is `spec/tour/castling.svg`;
//! every VDM++ clause it quotes is in `spec/*.vdmpp`; the Rust twins and test files it names
//! exist.
//!
//! `cargo test --test NAME` commands are checked to name an existing test file, not run:
//! Cargo holds its build directory lock while this test runs, so a nested `cargo test` would
//! wait for it forever.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The fenced blocks of `text` in the given language: (first line number, content).
fn blocks(text: &str, language: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim_start() == format!("```{language}") => {
                current = Some((i + 2, String::new()))
            }
            Some(_) if line.trim_start() == "```" => out.extend(current.take()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
            None => {}
        }
    }
    out
}

/// The commands of a console block, each with the output shown after it.
fn commands(block: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in block.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => out.push((command.to_string(), String::new())),
            None => {
                let (_, shown) = out
                    .last_mut()
                    .expect("a console block starts with a command");
                shown.push_str(line);
                shown.push('\n');
            }
        }
    }
    out
}

fn tour() -> String {
    fs::read_to_string(root().join("spec/TOUR.md")).unwrap()
}

#[test]
fn every_command_prints_what_the_tour_shows() {
    let text = tour();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_vdmchess"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = std::env::temp_dir().join(format!("vdmchess-tour-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let mut ran = 0;
    for (line, block) in blocks(&text, "console") {
        for (command, shown) in commands(&block) {
            if let Some(rest) = command.strip_prefix("cargo test --test ") {
                let name = rest.split_whitespace().next().unwrap();
                let file = root().join("tests").join(format!("{name}.rs"));
                assert!(
                    file.is_file(),
                    "TOUR.md line {line}: no test file {}",
                    file.display()
                );
                continue;
            }
            assert!(
                command.starts_with("vdmchess ") || command.contains("| vdmchess "),
                "TOUR.md line {line}: {command}"
            );
            let out = Command::new("sh")
                .arg("-c")
                .arg(&command)
                .current_dir(&dir)
                .env("PATH", &path)
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                shown,
                "TOUR.md line {line}: {command}\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 6, "the tour's commands ran ({ran})");
    let written = fs::read_to_string(dir.join("castling.svg")).unwrap();
    fs::remove_dir_all(&dir).ok();
    let shipped = fs::read_to_string(root().join("spec/tour/castling.svg")).unwrap();
    assert!(
        written == shipped,
        "spec/tour/castling.svg is out of date: write it again with the tour's --svg command"
    );
    assert!(text.contains("](tour/castling.svg)"));
}

#[test]
fn the_quoted_clauses_are_the_spec() {
    let spec: String = [
        "PieceModule",
        "BoardModule",
        "GameModule",
        "PgnModule",
        "Runner",
    ]
    .iter()
    .map(|m| fs::read_to_string(root().join(format!("spec/{m}.vdmpp"))).unwrap())
    .collect();
    let quoted = blocks(&tour(), "vdm");
    assert_eq!(quoted.len(), 7);
    for (line, block) in quoted {
        assert!(
            spec.contains(&block),
            "TOUR.md line {line}: not in spec/*.vdmpp:\n{block}"
        );
    }
}

fn rust_sources(dir: &Path, out: &mut String) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn the_named_twins_and_tests_exist() {
    let mut model = String::new();
    rust_sources(&root().join("src/model"), &mut model);
    for name in [
        "may_castle",
        "attacked_by",
        "castling_destinations",
        "castling_moves",
        "possible_moves",
    ] {
        assert!(
            model.contains(&format!("fn {name}(")),
            "no fn {name} in src/model"
        );
    }
    let text = tour();
    for file in [
        "tests/model_chesspp_flaws.rs",
        "tests/crosscheck.rs",
        "tests/castling_attacks.rs",
        "spec/README.md",
    ] {
        assert!(text.contains(file) && root().join(file).is_file(), "{file}");
    }
}
