#!/usr/bin/env python3
"""The mutation check: breaks one rule of the core at a time and shows which tests catch it.

Usage: python3 scripts/mutants.py [--list] [NAME ...]

Each mutant is one small edit of the core's source (a text replacement that must apply
exactly once). For each, the committed tree (`git archive` of HEAD when the run starts) is copied to a scratch
directory, the edit applied, and the CI test run (`cargo test --no-fail-fast`, the test
profile CI uses) is made there; the tests that fail are listed. A mutant that no test
catches *survives*: the script says so and exits with 1. A mutant that does not apply (the
code has moved) or does not compile is reported as such and also fails the run.

The scratch copy and its build live in `target/mutants/` (kept between runs, so only the
crate is rebuilt). Too slow for CI (each mutant rebuilds every test binary and runs the whole
suite); run it by hand after changing the core, and copy the table into MEASUREMENTS.md (Mutation check).
"""

import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
WORK = os.path.join(ROOT, "target", "mutants")

# (name, rule broken, file, text, replacement)
MUTANTS = [
    (
        "double-check-lets-other-pieces-move",
        "in double check only the king may move (FIDE 3.9)",
        "src/core/legality.rs",
        "        } else if more_than_one(checkers) {\n            0\n        } else {",
        "        } else {",
    ),
    (
        "pinned-slider-leaves-its-line",
        "a pinned piece may not expose its king (FIDE 3.9.2)",
        "src/core/legality.rs",
        "        if self.pinned & bit(from) != 0 {\n            to & line(self.king, from)\n"
        "        } else {\n            to\n        }\n",
        "        to\n",
    ),
    (
        "king-hides-in-its-own-shadow",
        "the king may not step along the line of a slider checking it (FIDE 3.9)",
        "src/core/legality.rs",
        "        let occ = (pos.by_color[us] | them) ^ bit(king);",
        "        let occ = pos.by_color[us] | them;",
    ),
    (
        "en-passant-exposes-the-king",
        "an en-passant capture may not expose the king, even along the rank (FIDE 3.7.4, 3.9.2)",
        "src/core/legality.rs",
        "        pos.attackers(self.king, pos.turn.other(), occ) & !bit(captured) == 0\n    }",
        "        true || pos.attackers(self.king, pos.turn.other(), occ) & !bit(captured) == 0\n    }",
    ),
    (
        "castling-through-an-attacked-square",
        "the king may not cross an attacked square when castling (FIDE 3.8.2.2)",
        "src/core/legality.rs",
        "        !Squares(king_path).any(",
        "        !Squares(bit(king_to)).any(",
    ),
    (
        "castling-rook-shields-the-destination",
        "Chess960: the castling rook does not shield the king's destination (Guidelines III)",
        "src/core/legality.rs",
        "        let occ_without = occ ^ bit(king) ^ bit(rook);",
        "        let occ_without = occ ^ bit(king);",
    ),
    (
        "double-push-jumps-a-piece",
        "a pawn's first move of two squares needs both squares empty (FIDE 3.7.2)",
        "src/core/movegen.rs",
        "        if empty & bit(push) != 0 {\n            to |= bit(push);\n",
        "        if true {\n            to |= bit(push) & empty;\n",
    ),
    (
        "no-under-promotion",
        "a pawn may promote to a queen, rook, bishop or knight (FIDE 3.7.5)",
        "src/core/movegen.rs",
        "                for p in Role::PROMOTIONS {\n                    out.push(Move {\n"
        "                        from,\n                        to: to_sq,",
        "                for p in [Role::Queen] {\n                    out.push(Move {\n"
        "                        from,\n                        to: to_sq,",
    ),
    (
        "captured-rook-keeps-its-castling-right",
        "castling with a rook that has been captured is impossible (FIDE 3.8.2.1)",
        "src/core/position.rs",
        "                self.castling &= !(from_bb | to_bb);",
        "                self.castling &= !from_bb;",
    ),
    (
        "capture-does-not-reset-the-clock",
        "the 50- and 75-move counts restart at a capture (FIDE 9.3, 9.6.2)",
        "src/core/position.rs",
        "                    hash ^= piece_key(them, victim, victim_sq);\n"
        "                    self.halfmoves = 0;\n",
        "                    hash ^= piece_key(them, victim, victim_sq);\n",
    ),
    (
        "bishops-on-both-colours-cannot-mate",
        "insufficient material: bishops on squares of both colours can mate (FIDE 5.2.2, 6.9)",
        "src/core/position.rs",
        "            let same_colour = bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0;",
        "            let same_colour = bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES != 0;",
    ),
    (
        "seventyfive-moves-one-move-late",
        "75 moves without a pawn move or capture end the game (FIDE 9.6.2)",
        "src/core/chess.rs",
        "        } else if self.pos.halfmoves() >= 150 {",
        "        } else if self.pos.halfmoves() > 150 {",
    ),
    (
        "an-illegal-en-passant-makes-positions-differ",
        "positions repeat when the en-passant *capture* possibilities are the same (FIDE 9.2.2)",
        "src/core/chess.rs",
        "        if !pos.has_legal_ep() {",
        "        if false {",
    ),
]


def run(cmd, cwd, log):
    with open(log, "w") as out:
        return subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def failing_tests(log):
    """The tests a `cargo test --no-fail-fast` log reports as failed, as `binary::test`."""
    failed, binary = [], "?"
    for line in open(log, errors="replace"):
        m = re.match(r"\s+Running (?:unittests )?(\S+)", line)
        if m:
            binary = os.path.basename(m.group(1)).split("-")[0].replace(".rs", "")
        if line.startswith("   Doc-tests"):
            binary = "doctest"
        m = re.match(r"test (.+?) \.\.\. FAILED", line)
        if m:
            failed.append(f"{binary}::{m.group(1)}")
    return failed


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--list" in sys.argv:
        for name, rule, path, _, _ in MUTANTS:
            print(f"{name}: {rule} ({path})")
        return 0
    chosen = [m for m in MUTANTS if not args or m[0] in args]
    src = os.path.join(WORK, "src")
    os.makedirs(WORK, exist_ok=True)
    env_target = os.path.join(WORK, "target")
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    print(f"mutating commit {rev}", flush=True)
    results = []
    for name, rule, path, old, new in chosen:
        shutil.rmtree(src, ignore_errors=True)
        os.makedirs(src)
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", src], input=archive, check=True)
        file = os.path.join(src, path)
        text = open(file).read()
        if text.count(old) != 1:
            results.append((name, rule, "does not apply (the code has moved)", []))
            print(f"{name}: does not apply", flush=True)
            continue
        open(file, "w").write(text.replace(old, new))
        log = os.path.join(WORK, f"{name}.log")
        started = time.time()
        os.environ["CARGO_TARGET_DIR"] = env_target
        code = run(["cargo", "test", "--no-fail-fast"], src, log)
        failed = failing_tests(log)
        took = time.time() - started
        if failed:
            verdict = "killed"
        elif code != 0:
            verdict = "does not compile" if "error[E" in open(log).read() else f"exit {code}"
        else:
            verdict = "SURVIVED"
        results.append((name, rule, verdict, failed))
        print(f"{name}: {verdict} by {len(failed)} tests ({took:.0f} s); log {log}", flush=True)
    print()
    print("| mutant | rule it breaks | caught by |")
    print("|---|---|---|")
    for name, rule, verdict, failed in results:
        binaries = sorted({f.split("::")[0] for f in failed})
        tests = "1 test" if len(failed) == 1 else f"{len(failed)} tests"
        caught = f"{tests} in {', '.join(binaries)}" if failed else f"**{verdict}**"
        print(f"| `{name}` | {rule} | {caught} |")
    print()
    for name, _, _, failed in results:
        print(f"{name}: {' '.join(failed)}")
    return 0 if all(v == "killed" for _, _, v, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
