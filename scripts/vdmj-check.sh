#!/usr/bin/env bash
# Type-check (and optionally execute) the VDM++ model in spec/*.vdmpp with VDMJ.
#
# VDMJ is built OUTSIDE the repository; nothing of it is committed. Not run by CI: it needs a
# JDK (17 was used) and a VDMJ source tree or jar.
#
# Usage:
#   scripts/vdmj-check.sh [--vdmj SRC] [--eval EXPR]... [--perft FEN DEPTH]... [--game ...]
#                         [--replay PGN [INDEX]]... [--movetext FEN TEXT]... [--inv]
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
#   --replay PGN [INDEX]
#                replay game INDEX (0-based, default 0) of a PGN file through the spec's Runner
#                and print its plies and final FEN, or its first failure (ply, SAN, reason) and
#                the FEN before it. The movetext goes to Runner`replay_file (the one operation
#                of the spec, which reads it with the standard library's IO`freadval) when the
#                game starts from the standard position, to Runner`replay_movetext from its FEN
#                tag otherwise. python3 extracts the movetext and writes the FEN of the result.
#   --movetext FEN TEXT
#                replay movetext TEXT (e.g. '1. e4 e5 2. Nf3 Nc6') from FEN (or startpos) through
#                Runner`replay_movetext, and print as --replay does.
#   --inv        keep checking type invariants at run time during --replay and --movetext. By
#                default a replay runs with VDMJ's -inv: inv_Board rebuilds every earlier board
#                of the history (and repetition_count builds every one), which makes a whole
#                game cubic in its length; preconditions, postconditions and measures stay on.
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
replays=()
replay_inv=0
# The movetext files written for Runner`replay_file, removed at the end.
temporary_files="$(mktemp)"
trap 'xargs rm -f < "$temporary_files"; rm -f "$temporary_files"' EXIT

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

# A VDM expression replaying one game through the Runner and giving what the FEN needs:
#   replay_expr file PGN INDEX   (game INDEX of a PGN file)
#   replay_expr text FEN TEXT    (movetext TEXT from FEN)
# The movetext of a game from the standard start is written, as a VDM string value, to a file
# that Runner`replay_file reads.
replay_expr() {
    local kind="$1" a="$2" b="$3" fen="" text="" start=""
    if [ "$kind" = file ]; then
        local game
        game="$(python3 - "$a" "$b" <<'PY'
import json, re, sys
text = open(sys.argv[1], encoding="utf-8-sig", errors="replace").read()
games = re.split(r"\n\s*\n(?=\[)", text.strip())
index = int(sys.argv[2])
if index >= len(games):
    sys.exit("vdmj-check: %s has %d games" % (sys.argv[1], len(games)))
tags, moves = {}, []
for line in games[index].splitlines():
    m = re.match(r'\s*\[(\w+)\s+"(.*)"\s*\]\s*$', line)
    if m and not moves:
        tags[m.group(1)] = m.group(2)
    else:
        moves.append(line)
print(json.dumps({"fen": tags.get("FEN", ""), "movetext": "\n".join(moves).strip()}))
PY
)"
        fen="$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["fen"])' "$game")"
        text="$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["movetext"])' "$game")"
    else
        fen="$a"; text="$b"
    fi
    local literal
    literal="$(python3 -c 'import sys; t = sys.argv[1]; print("\"" + t.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", " ").replace("\r", "") + "\"")' "$text")"
    local outcome
    if [ "$kind" = file ] && [ -z "$fen" ]; then
        local movetext_file
        movetext_file="$(mktemp --suffix=.vdmstring)"
        echo "$movetext_file" >> "$temporary_files"
        printf '%s\n' "$literal" > "$movetext_file"
        outcome="Runner\`replay_file(\"$movetext_file\")"
    else
        [ -z "$fen" ] && fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        outcome="Runner\`replay_movetext($(fen_to_vdm "$fen"), $literal)"
    fi
    echo "let o = $outcome, g = Runner\`final_game(o), b = g.board in mk_(Runner\`plies(o), if is_Runner\`Failure(o) then mk_(o.ply, o.san, o.reason) else nil, b.state, BoardModule\`turn(b), BoardModule\`castling_rights(b), GameModule\`legal_en_passant(b), BoardModule\`halfmove_clock(b), BoardModule\`fullmove_number(b), GameModule\`winner(g))"
}

# Prints what replay_expr's expression gave ($1: VDMJ's output) as plies, FEN and failure.
replay_report() {
    python3 - "$1" <<'PY'
import re, sys
out = sys.argv[1].strip().splitlines()
value = out[-1] if out else ""
if not value.startswith("mk_("):
    print("\n".join(out))
    sys.exit(1)
plies = int(re.match(r"mk_\((\d+),", value).group(1))
failure = None
m = re.match(r'mk_\(\d+, mk_\((\d+), "((?:[^"\\]|\\.)*)", <(\w+)>\)', value)
if m:
    failure = (int(m.group(1)), m.group(2), m.group(3))
pieces = re.findall(r"mk_(?:PieceModule`)?Piece\(<(\w+)>, mk_(?:PieceModule`)?Coordinate\((\d), (\d)\), <(\w+)>\)", value)
board = {}
for kind, x, y, colour in pieces:
    letter = {"Pawn": "p", "Knight": "n", "Bishop": "b", "Rook": "r", "Queen": "q", "King": "k"}[kind]
    board[(int(x), int(y))] = letter.upper() if colour == "White" else letter
rows = []
for y in range(8, 0, -1):
    row, empty = "", 0
    for x in range(1, 9):
        if (x, y) in board:
            row += (str(empty) if empty else "") + board[(x, y)]
            empty = 0
        else:
            empty += 1
    rows.append(row + (str(empty) if empty else ""))
m = re.search(r"\},\s*<(\w+)>,\s*\{([^{}]*)\},\s*(nil|mk_(?:PieceModule`)?Coordinate\((\d), (\d)\)),\s*(\d+),\s*(\d+),\s*<(\w+)>\)$", value)
turn, rights, ep, _, _, half, full, winner = m.groups()
epx, epy = m.group(4), m.group(5)
castling = ""
for colour, y in (("White", 1), ("Black", 8)):
    own = [(x, yy) for (x, yy) in re.findall(r"Coordinate\((\d), (\d)\)", rights) if int(yy) == y]
    files = sorted((int(x) for x, _ in own), reverse=True)
    king = [x for (x, yy), p in board.items() if yy == y and p == ("K" if y == 1 else "k")]
    kx = king[0] if king else 5
    rooks = [x for (x, yy), p in board.items() if yy == y and p == ("R" if y == 1 else "r")]
    kside = max([x for x in rooks if x > kx], default=8)
    qside = min([x for x in rooks if x < kx], default=1)
    for f in files:
        c = "k" if f == kside else "q" if f == qside else "abcdefgh"[f - 1]
        castling += c.upper() if y == 1 else c
fen = "%s %s %s %s %s %s" % ("/".join(rows), "w" if turn == "White" else "b", castling or "-",
                            "-" if ep == "nil" else "abcdefgh"[int(epx) - 1] + epy, half, full)
if failure:
    print("failure at ply %d %r: %s; %d plies played, winner %s, before it: %s"
          % (failure[0], failure[1], {"NotSan": "not SAN", "Illegal": "illegal", "Ambiguous": "ambiguous", "GameOver": "the game is over"}[failure[2]], plies, "<%s>" % winner, fen))
else:
    print("%d plies, winner <%s>, %s" % (plies, winner, fen))
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
        --replay)
            if [ $# -ge 3 ] && [[ "$3" =~ ^[0-9]+$ ]]; then
                replays+=("$(replay_expr file "$2" "$3")"); shift 3
            else
                replays+=("$(replay_expr file "$2" 0)"); shift 2
            fi ;;
        --movetext)
            fen="$2"; [ "$fen" = startpos ] && fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            replays+=("$(replay_expr text "$fen" "$3")")
            shift 3 ;;
        --inv) replay_inv=1; shift ;;
        -h|--help) sed -n '2,43p' "$0"; exit 0 ;;
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

# Runner`replay_file reads with the standard library's IO class (stdlib/ of the VDMJ
# repository: IO.vdmpp, and IO.java, its native half). With a jar, VDMJ_STDLIB names the
# stdlib jar (stdlib-<version>.jar, the same releases).
libs=()
if [[ "$src" == *.jar ]]; then
    cp="$src"
    if [ -z "${VDMJ_STDLIB:-}" ]; then
        echo "vdmj-check: with a VDMJ jar, set VDMJ_STDLIB to the stdlib jar (spec/Runner.vdmpp uses IO)" >&2
        exit 2
    fi
    cp="$cp:$VDMJ_STDLIB"
    mkdir -p "$classes"
    unzip -p "$VDMJ_STDLIB" IO.vdmpp > "$classes/IO.vdmpp"
else
    cp="$classes"
    if [ ! -f "$classes/VDMJ.class" ] || [ ! -f "$classes/IO.class" ]; then
        tmp="$(mktemp -d)"
        if [ -d "$src/vdmj/src/main/java" ]; then
            cp -r "$src/vdmj" "$src/stdlib" "$tmp/"
        elif git --git-dir="$src" rev-parse --git-dir >/dev/null 2>&1; then
            # a bare git repository: export the vdmj and stdlib modules of HEAD
            git --git-dir="$src" archive HEAD vdmj stdlib | tar -x -C "$tmp"
        else
            echo "vdmj-check: $src is neither a VDMJ source tree, a git directory nor a jar" >&2
            how_to_get_vdmj
            exit 2
        fi
        mkdir -p "$classes"
        if [ ! -f "$classes/VDMJ.class" ]; then
            find "$tmp/vdmj/src/main/java" -name '*.java' > "$tmp/sources.txt"
            javac -nowarn -encoding UTF-8 -d "$classes" @"$tmp/sources.txt"
            cp -r "$tmp/vdmj/src/main/resources/." "$classes/"
        fi
        javac -nowarn -encoding UTF-8 -cp "$classes" -d "$classes" "$tmp/stdlib/src/main/java/IO.java"
        cp "$tmp/stdlib/src/main/resources/IO.vdmpp" "$classes/IO.vdmpp"
        rm -rf "$tmp"
    fi
fi
libs+=("$classes/IO.vdmpp")

cd "$root"
out="$(java -cp "$cp" VDMJ -vdmpp spec/*.vdmpp "${libs[@]}" 2>&1)" || { echo "$out"; exit 1; }
echo "$out"
grep -q "No syntax errors" <<<"$out" && grep -q "No type errors" <<<"$out" || exit 1

for e in "${evals[@]}"; do
    res="$(java -Xss512m -cp "$cp" VDMJ -vdmpp -q spec/*.vdmpp "${libs[@]}" -e "$e" 2>&1)" || { echo "$res"; exit 1; }
    echo "$res"
    if grep -q "Error" <<<"$res"; then exit 1; fi
done

for e in "${replays[@]}"; do
    flags=()
    [ "$replay_inv" = 1 ] || flags+=(-inv)
    res="$(java -Xss512m -cp "$cp" VDMJ -vdmpp -q "${flags[@]}" spec/*.vdmpp "${libs[@]}" -e "$e" 2>&1)" || { echo "$res"; exit 1; }
    if grep -q "Error" <<<"$res"; then echo "$res"; exit 1; fi
    replay_report "$res"
done
