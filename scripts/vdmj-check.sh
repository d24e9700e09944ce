#!/usr/bin/env bash
# Type-check (and optionally execute) the VDM++ model in spec/*.vdmpp with VDMJ.
#
# VDMJ is built OUTSIDE the repository; nothing of it is committed. Not run by CI: it needs a
# JDK (17 was used) and a VDMJ source tree or jar.
#
# Usage:
#   scripts/vdmj-check.sh [--vdmj SRC] [--eval EXPR]... [--perft FEN DEPTH]... [--game ...]
#
#   --vdmj SRC   where VDMJ comes from (or the environment variable VDMJ; the option wins):
#                a git clone of github.com/nickbattle/vdmj (bare or not: the folder holding
#                vdmj/src/main/java, or a git directory), or a built vdmj-*.jar. There is no
#                default: without either, the script says how to get VDMJ and exits 2.
#   --eval EXPR  evaluate a VDM expression after the check, e.g.
#                'card BoardModule`possible_moves(BoardModule`default_board())'   (20)
#   --perft FEN DEPTH
#                count the leaves of the legal move tree (DEPTH 1..3) from a FEN, X-FEN or
#                Shredder-FEN position, by evaluating a set of move sequences under VDMJ.
#                The FEN is turned into a BoardModule`Start expression by python3.
#   --game FEN MOVES EXPR
#                play MOVES (UCI, castling as king-takes-rook: e1h1) from FEN with GameModule`move
#                and evaluate EXPR, in which g names the game reached, e.g.
#                --game startpos 'f2f3 e7e5 g2g4 d8h4' 'GameModule`winner(g)'   (<Black>)
#
# Environment: VDMJ_CLASSES (default /tmp/vdmj-classes) is where the classes are compiled;
# an existing build there is reused.
#
# Exit status: 0 when VDMJ reports no syntax and no type errors (and every evaluation ran).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
src="${VDMJ:-}"
classes="${VDMJ_CLASSES:-/tmp/vdmj-classes}"
evals=()

how_to_get_vdmj() {
    cat >&2 <<'TXT'
Pass --vdmj SRC or set VDMJ=SRC, where SRC is one of
  - a clone of VDMJ's source:  git clone https://github.com/nickbattle/vdmj  (needs a JDK; 17
    was used: the script compiles it with javac into $VDMJ_CLASSES, /tmp/vdmj-classes by default)
  - a built jar: vdmj-<version>.jar from https://github.com/nickbattle/vdmj/releases
    or Maven Central (group dk.au.ece.vdmj, artifact vdmj)
TXT
}

fen_to_vdm() {
    python3 - "$1" <<'PY'
import sys
fen = sys.argv[1].split()
place, turn = fen[0], fen[1]
castle = fen[2] if len(fen) > 2 else "-"
ep = fen[3] if len(fen) > 3 else "-"
half = fen[4] if len(fen) > 4 else "0"
full = fen[5] if len(fen) > 5 else "1"
kinds = {"p": "<Pawn>", "n": "<Knight>", "b": "<Bishop>", "r": "<Rook>", "q": "<Queen>", "k": "<King>"}
board = {}
for i, row in enumerate(place.split("/")):
    y, x = 8 - i, 1
    for ch in row:
        if ch.isdigit():
            x += int(ch)
        else:
            board[(x, y)] = (kinds[ch.lower()], "<White>" if ch.isupper() else "<Black>")
            x += 1
coord = lambda x, y: "mk_PieceModule`Coordinate(%d, %d)" % (x, y)
rights = set()
for ch in ("" if castle == "-" else castle):
    colour, y = ("<White>", 1) if ch.isupper() else ("<Black>", 8)
    king = [x for (x, yy), p in board.items() if yy == y and p == ("<King>", colour)][0]
    rooks = sorted(x for (x, yy), p in board.items() if yy == y and p == ("<Rook>", colour))
    c = ch.lower()
    if c == "k":
        rights.add((max(x for x in rooks if x > king), y))
    elif c == "q":
        rights.add((min(x for x in rooks if x < king), y))
    else:
        rights.add((ord(c) - ord("a") + 1, y))
pieces = ", ".join("mk_PieceModule`Piece(%s, %s, %s)" % (k, coord(x, y), c)
                   for (x, y), (k, c) in sorted(board.items()))
eps = "nil" if ep == "-" else coord(ord(ep[0]) - ord("a") + 1, int(ep[1]))
print("mk_BoardModule`Start({%s}, %s, {%s}, %s, %s, %s)" % (
    pieces, "<White>" if turn == "w" else "<Black>",
    ", ".join(coord(x, y) for x, y in sorted(rights)), eps, half, full))
PY
}

# A let expression playing UCI moves $2 from setup expression $1, then evaluating $3 with g.
game_expr() {
    python3 - "$1" "$2" "$3" <<'PY'
import sys
setup, moves, expr = sys.argv[1], sys.argv[2].split(), sys.argv[3]
kinds = {"n": "<Knight>", "b": "<Bishop>", "r": "<Rook>", "q": "<Queen>"}
sq = lambda s: "mk_PieceModule`Coordinate(%d, %s)" % (ord(s[0]) - ord("a") + 1, s[1])
binds = ["g0 = mk_GameModule`Game(BoardModule`from_start(%s))" % setup]
for i, mv in enumerate(moves, 1):
    cond = "m.from_.coord = %s and m.to_.coord = %s" % (sq(mv[0:2]), sq(mv[2:4]))
    if len(mv) > 4:
        cond += " and m.to_.type = %s" % kinds[mv[4]]
    binds.append("g%d = GameModule`move(g%d, iota m in set GameModule`legal_moves(g%d) & %s)"
                 % (i, i - 1, i - 1, cond))
binds.append("g = g%d" % len(moves))
print("let " + ", ".join(binds) + " in " + expr)
PY
}

# The set of all legal move sequences of length depth from board expression $1.
sequences() {
    local board="$1" depth="$2" level="$3"
    if [ "$depth" -eq 0 ]; then
        echo "{[]}"
    else
        local m="m$level" b="b$level"
        echo "(let $b = $board in dunion { { [$m] ^ s | s in set $(sequences "BoardModule\`move($b, $m)" $((depth - 1)) $((level + 1))) } | $m in set BoardModule\`possible_moves($b) })"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        --vdmj) src="$2"; shift 2 ;;
        --eval) evals+=("$2"); shift 2 ;;
        --perft)
            setup="$(fen_to_vdm "$2")"
            evals+=("card $(sequences "BoardModule\`from_start($setup)" "$3" 1)")
            shift 3 ;;
        --game)
            fen="$2"; [ "$fen" = startpos ] && fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            evals+=("$(game_expr "$(fen_to_vdm "$fen")" "$3" "$4")")
            shift 4 ;;
        -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
        *) echo "vdmj-check: unknown argument: $1" >&2; exit 2 ;;
    esac
done

if [ -z "$src" ]; then
    echo "vdmj-check: no VDMJ given." >&2
    how_to_get_vdmj
    exit 2
fi
if [ ! -e "$src" ]; then
    echo "vdmj-check: $src does not exist" >&2
    how_to_get_vdmj
    exit 2
fi

if [[ "$src" == *.jar ]]; then
    cp="$src"
else
    cp="$classes"
    if [ ! -f "$classes/VDMJ.class" ]; then
        tmp="$(mktemp -d)"
        if [ -d "$src/vdmj/src/main/java" ]; then
            cp -r "$src/vdmj" "$tmp/"
        elif git --git-dir="$src" rev-parse --git-dir >/dev/null 2>&1; then
            # a bare git repository: export the vdmj module of HEAD
            git --git-dir="$src" archive HEAD vdmj | tar -x -C "$tmp"
        else
            echo "vdmj-check: $src is neither a VDMJ source tree, a git directory nor a jar" >&2
            how_to_get_vdmj
            exit 2
        fi
        mkdir -p "$classes"
        find "$tmp/vdmj/src/main/java" -name '*.java' > "$tmp/sources.txt"
        javac -nowarn -encoding UTF-8 -d "$classes" @"$tmp/sources.txt"
        cp -r "$tmp/vdmj/src/main/resources/." "$classes/"
        rm -rf "$tmp"
    fi
fi

cd "$root"
out="$(java -cp "$cp" VDMJ -vdmpp spec/*.vdmpp 2>&1)" || { echo "$out"; exit 1; }
echo "$out"
grep -q "No syntax errors" <<<"$out" && grep -q "No type errors" <<<"$out" || exit 1

for e in "${evals[@]}"; do
    res="$(java -cp "$cp" VDMJ -vdmpp -q spec/*.vdmpp -e "$e" 2>&1)" || { echo "$res"; exit 1; }
    echo "$res"
    if grep -q "Error" <<<"$res"; then exit 1; fi
done
