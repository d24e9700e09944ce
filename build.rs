//! Embeds the specification for the playground (`vdmchess serve`): every `spec/*.vdmpp` file
//! and `spec/README.md` (the clause -> Rust twin table), and the place of each top-level
//! `pub fn` of `src/model/` (the twins), so the page quotes the clauses as they are in the
//! repository at build time. A new `.vdmpp` file in `spec/` is picked up with no change here.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=spec");
    println!("cargo:rerun-if-changed=src/model");

    let mut code = String::new();
    code.push_str("/// Every `spec/*.vdmpp` file: its path in the repository and its text.\n");
    code.push_str("pub(crate) const SPEC_FILES: &[(&str, &str)] = &[\n");
    let mut specs: Vec<PathBuf> = fs::read_dir(root.join("spec"))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "vdmpp"))
                .collect()
        })
        .unwrap_or_default();
    specs.sort();
    for path in &specs {
        let name = path.file_name().expect("a file").to_string_lossy();
        let _ = writeln!(
            code,
            "    (\"spec/{name}\", include_str!({:?})),",
            path.display().to_string()
        );
    }
    code.push_str("];\n");
    let readme = root.join("spec/README.md");
    let _ = writeln!(
        code,
        "/// `spec/README.md`, whose tables name each clause's Rust twin.\npub(crate) const SPEC_README: &str = {};",
        if readme.exists() {
            format!("include_str!({:?})", readme.display().to_string())
        } else {
            "\"\"".to_string()
        }
    );

    let mut twins = Vec::new();
    collect_functions(&root, &root.join("src/model"), &mut twins);
    twins.sort();
    code.push_str(
        "/// Each top-level `pub fn` of `src/model/`: its name, its file and its line.\n",
    );
    code.push_str("pub(crate) const MODEL_FUNCTIONS: &[(&str, &str, u32)] = &[\n");
    for (name, file, line) in &twins {
        let _ = writeln!(code, "    ({name:?}, {file:?}, {line}),");
    }
    code.push_str("];\n");
    fs::write(out.join("spec_files.rs"), code).expect("OUT_DIR is writable");
}

/// The top-level `pub fn NAME` lines of the Rust files under `dir`.
fn collect_functions(root: &Path, dir: &Path, out: &mut Vec<(String, String, u32)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.is_dir() {
            collect_functions(root, &path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            let file = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            for (i, line) in text.lines().enumerate() {
                let Some(rest) = line
                    .strip_prefix("pub fn ")
                    .or_else(|| line.strip_prefix("pub const fn "))
                else {
                    continue;
                };
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.push((name, file.clone(), u32::try_from(i + 1).unwrap_or(0)));
                }
            }
        }
    }
}
