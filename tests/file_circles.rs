//! No circle between the source files of `src/`: `scripts/file_cycles.py` finds the files
//! each file names items of (following re-exports to the file that defines an item) and
//! reports every circle. A submodule's uses of its enclosing modules are left out (Rust's
//! privacy lends a parent's vocabulary to its children); every other circle fails this test,
//! with the names that make each step of it.
//!
//! Needs `python3`; without it the test says so and passes.

use std::path::Path;
use std::process::Command;

#[test]
fn no_circle_between_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("scripts/file_cycles.py");
    let out = match Command::new("python3").arg(&script).arg(root).output() {
        Ok(out) => out,
        Err(e) => {
            eprintln!("skipped: python3 is not available ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "circles between files:\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.starts_with("no circle between the "), "{stdout}");
}
