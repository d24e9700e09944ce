#!/usr/bin/env python3
"""The playground in a real browser: Debian's chromium, driven by Playwright, against
`vdmchess serve`.

It plays 1. e4 e5 2. Nf3 by clicks (and Nf3 once more by drag after an undo), steps back with
the arrow key, asks why a played move was legal, sets a position by FEN, tries an illegal
castle, and reads from the page the reason, the clause name and the quoted VDM++ line that
decides it; then it saves a screenshot.

    python3 tests/browser/playground.py --bin target/release/vdmchess [--screenshot FILE]

Exits 0 after printing "skipped: ..." when chromium or Playwright is absent (never runs
`playwright install`: it uses the chromium of the system).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def skip(reason):
    print(f"skipped: {reason}")
    sys.exit(0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="the vdmchess binary")
    ap.add_argument("--screenshot", default="target/playground.png")
    ap.add_argument("--width", type=int, default=1180)
    ap.add_argument("--height", type=int, default=760)
    args = ap.parse_args()

    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        skip(f"no chromium at {CHROMIUM} (apt-get install chromium)")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        skip("the Python package playwright is not installed (pip install playwright)")
    chromium = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")

    server = subprocess.Popen(
        [args.bin, "serve", "--addr", "127.0.0.1:0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()
        found = re.search(r"http://(127\.0\.0\.1:\d+)/", line)
        assert found, f"vdmchess serve printed {line!r}, stderr {server.stderr.read()!r}"
        url = f"http://{found.group(1)}/"
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
            )
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            run(page, expect)
            os.makedirs(os.path.dirname(os.path.abspath(args.screenshot)), exist_ok=True)
            page.screenshot(path=args.screenshot)
            assert not errors, f"script errors on the page: {errors}"
            browser.close()
        assert server.poll() is None, "the server died"
        print(f"ok: the playground plays, refuses and quotes; screenshot {args.screenshot}")
    finally:
        server.terminate()
        server.wait(timeout=10)


def square_point(page, square, flipped=False):
    """The centre of a square on the page (the board is the crate's SVG: 15-unit margin,
    45-unit squares, 390 units a side)."""
    box = page.locator("#board").bounding_box()
    file, rank = ord(square[0]) - ord("a"), int(square[1]) - 1
    col, row = (7 - file, rank) if flipped else (file, 7 - rank)
    scale = box["width"] / 390
    return (
        box["x"] + (15 + col * 45 + 22.5) * scale,
        box["y"] + (15 + row * 45 + 22.5) * scale,
    )


def click(page, square):
    x, y = square_point(page, square)
    page.mouse.click(x, y)


def click_move(page, expect, frm, to, san):
    click(page, frm)
    click(page, to)
    expect(page.locator("#moves button.mv").last).to_have_text(san)


def run(page, expect):
    expect(page.locator("#status")).to_have_text("White to move")
    # 1. e4 e5 2. Nf3, by clicks.
    click_move(page, expect, "e2", "e4", "e4")
    click_move(page, expect, "e7", "e5", "e5")
    click_move(page, expect, "g1", "f3", "Nf3")
    moves = page.locator("#moves button.mv").all_inner_texts()
    assert moves == ["e4", "e5", "Nf3"], moves
    expect(page.locator("#status")).to_have_text("Black to move")
    expect(page.locator("#fen")).to_have_value(
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    )
    # Undo, and Nf3 again by drag.
    page.click("#undo")
    expect(page.locator("#moves button.mv")).to_have_count(2)
    (x0, y0), (x1, y1) = square_point(page, "g1"), square_point(page, "f3")
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=4)
    page.mouse.move(x1, y1, steps=4)
    page.mouse.up()
    expect(page.locator("#moves button.mv").last).to_have_text("Nf3")
    # The arrow key steps back; a played move explains why it was legal.
    page.locator("#board").focus()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#moves button.mv.current")).to_have_text("e5")
    page.keyboard.press("ArrowRight")
    page.locator("#moves button.mv", has_text="Nf3").click()
    expect(page.locator("#why-verdict")).to_have_text("Legal: Nf3")
    expect(page.locator("#why-clause")).to_have_text("BoardModule`simple_possible_moves")
    # A position by FEN (after 1. g3 b6 2. Bg2 Ba6 3. Nf3 e6), two more moves by clicks, and
    # an illegal castle: the bishop on a6 sees f1.
    page.fill("#fen", "rn1qkbnr/p1pp1ppp/bp2p3/8/8/5NP1/PPPPPPBP/RNBQK2R w KQkq - 0 4")
    page.click("#set-fen")
    expect(page.locator("#moves button.mv")).to_have_count(0)
    click_move(page, expect, "e2", "e4", "e4")
    click_move(page, expect, "g8", "f6", "Nf6")
    expect(page.locator("#fen")).to_have_value(
        "rn1qkb1r/p1pp1ppp/bp2pn2/8/4P3/5NP1/PPPP1PBP/RNBQK2R w KQkq - 1 5"
    )
    click(page, "e1")
    click(page, "g1")
    expect(page.locator("#explain")).to_be_visible()
    expect(page.locator("#why-reason")).to_have_text("castling_check")
    expect(page.locator("#why-clause")).to_have_text("BoardModule`may_castle")
    expect(page.locator("#why-detail")).to_have_text(
        "f1, which the king crosses, is attacked by the black bishop on a6."
    )
    expect(page.locator("#why-fide")).to_have_text("Article 3.8.2.2.1")
    expect(page.locator("#why-twin")).to_have_text("model::board::may_castle")
    marked = page.locator("#why-quote .mark").all_inner_texts()
    assert len(marked) == 1, marked
    assert "not exists c in set king_path & attacked_by(s, PieceModule`opposite_colour(colour), c);" in marked[0], marked
    # The explanation's picture: the attack drawn in red on the board.
    assert page.locator("#board-svg g.arrow.a6f1").count() == 1
    assert page.locator("#board-svg rect.marked.f1").count() == 1
    # The move was refused: nothing was played.
    expect(page.locator("#moves button.mv")).to_have_count(2)
    expect(page.locator("#status")).to_contain_text("Refused: e1g1")


if __name__ == "__main__":
    main()
