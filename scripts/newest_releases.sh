# Sourced by the bench scripts that build peers from crates.io.
#
# A peer is compared at its newest release when that release builds with the installed Rust,
# even if it declares a newer `rust-version` (a declaration is not always a need: pgn-reader
# 0.29.1 declares 1.97 and builds with 1.95; shakmaty 0.30.2 really uses newer std APIs).

# latest_release DIR CRATE: the newest version of CRATE on crates.io (empty when the one in
# DIR's lock file is the newest).
latest_release() {
  (cd "$1" && cargo info --quiet "$2" 2>/dev/null) |
    awk '/^version:/ {sub(/^version: /, ""); print}' | sed -n 's/.*(latest \(.*\))/\1/p'
}

# build_newest DIR CRATE...: resolve DIR's dependencies as Cargo does for the installed Rust,
# then move each CRATE to its newest release if that still builds, and build DIR (release).
build_newest() { # DIR CRATE...
  local dir=$1 c latest
  shift
  (cd "$dir" && cargo update --quiet)
  for c in "$@"; do
    latest=$(latest_release "$dir" "$c")
    [ -n "$latest" ] || continue
    cp "$dir/Cargo.lock" "$dir/Cargo.lock.ok"
    if (cd "$dir" && CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=allow \
      cargo update --quiet -p "$c" --precise "$latest" 2>/dev/null &&
      cargo build --release --quiet --ignore-rust-version 2>/dev/null); then
      rm "$dir/Cargo.lock.ok"
    else
      mv "$dir/Cargo.lock.ok" "$dir/Cargo.lock"
    fi
  done
  (cd "$dir" && cargo build --release --quiet --ignore-rust-version)
}

# newest_note DIR CRATE...: each peer crate's version in use (as DIR's lock file has it) and,
# when crates.io has a newer one, that one and the Rust it declares (it did not build with the
# installed Rust, or build_newest would have taken it).
newest_note() { # DIR CRATE...
  local dir=$1 c line latest needs declared
  shift
  for c in "$@"; do
    line=$(cd "$dir" && cargo info --quiet "$c" 2>/dev/null | awk '/^version:/ {sub(/^version: /, ""); print}')
    latest=$(echo "$line" | sed -n 's/.*(latest \(.*\))/\1/p')
    declared=$(cd "$dir" && cargo info --quiet "$c@${line%% *}" 2>/dev/null | awk '/^rust-version:/ && $2 != "unknown" {print $2}')
    if [ -n "$latest" ]; then
      needs=$(cd "$dir" && cargo info --quiet "$c@$latest" 2>/dev/null | awk '/^rust-version:/ {print $2}')
      echo "  $c ${line%% *} (crates.io has $latest, which declares Rust ${needs:-?} and does not build with the installed $(rustc --version | cut -d' ' -f2))"
    else
      echo "  $c ${line:-?} (the newest on crates.io${declared:+; it declares Rust $declared})"
    fi
  done
}
