// The vdmchess playground. The server keeps no game: this page holds the start position and
// the moves, and sends them with every request to the JSON API (see the README).
"use strict";

const SIZE = 390, MARGIN = 15, SQ = 45;
const NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const game = {
  start: null,        // FEN of the start
  chess960: false,
  moves: [],          // UCI text of every move known (played or loaded)
  sans: [],           // their SAN
  cursor: 0,          // how many of them are on the board
  flip: false,
  state: null,        // the server's answer for the position on the board
  selected: null,     // the selected square, e.g. "e2"
  explaining: false,  // the board shows an explanation's picture
};

// ------------------------------------------------------------------ the API

async function api(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (e) {
    return { ok: false, status: 0, data: { error: { message: "the server does not answer: " + e.message } } };
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: { message: "unreadable answer" } }; }
  return { ok: response.ok, status: response.status, data };
}

function position(extra) {
  return Object.assign({
    fen: game.start,
    moves: game.moves.slice(0, game.cursor),
    chess960: game.chess960,
    flip: game.flip,
  }, extra || {});
}

async function refresh() {
  const r = await api("/api/position", position());
  if (!r.ok) { message(errorText(r.data)); return; }
  game.state = r.data;
  game.explaining = false;
  if (game.cursor === game.moves.length) {
    game.sans = r.data.history.map((h) => h.san);
  }
  render();
}

// ------------------------------------------------------------------ drawing

function render() {
  const s = game.state;
  if (!s) return;
  $("board-svg").innerHTML = s.svg;
  const status = $("status");
  status.textContent = s.summary;
  status.className = "status " + statusClass(s);
  $("fen").value = s.fen;
  $("pgn").value = s.pgn;
  renderMoves();
  renderOverlay();
  $("undo").disabled = game.moves.length === 0;
  $("prev").disabled = $("first").disabled = game.cursor === 0;
  $("next").disabled = $("last").disabled = game.cursor === game.moves.length;
}

function statusClass(s) {
  if (s.status === "checkmate") return "mate";
  if (s.status !== "ongoing") return "draw";
  if (s.check) return "check";
  if (s.claims.length) return "claim";
  return "";
}

function renderMoves() {
  const list = $("moves");
  list.textContent = "";
  // A game from a FEN with Black to move starts its numbering with "1...".
  const startsBlack = game.start && game.start.split(" ")[1] === "b";
  const firstNumber = game.start ? parseInt(game.start.split(" ")[5] || "1", 10) || 1 : 1;
  const cells = startsBlack ? [null].concat(game.sans) : game.sans.slice();
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement("li");
    const num = document.createElement("span");
    num.className = "num";
    num.textContent = (firstNumber + i / 2) + ".";
    li.appendChild(num);
    for (const j of [i, i + 1]) {
      const ply = startsBlack ? j - 1 : j;
      if (j >= cells.length) { li.appendChild(document.createElement("span")); continue; }
      if (cells[j] === null) {
        const dots = document.createElement("span");
        dots.className = "num";
        dots.textContent = "…";
        li.appendChild(dots);
        continue;
      }
      const b = document.createElement("button");
      b.className = "mv" + (ply === game.cursor - 1 ? " current" : "") + (ply >= game.cursor ? " after" : "");
      b.textContent = cells[j];
      b.dataset.ply = ply;
      b.title = "why is " + cells[j] + " legal?";
      b.addEventListener("click", () => explainPlayed(ply));
      li.appendChild(b);
    }
    list.appendChild(li);
  }
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

// Board geometry: the square under a point, and a square's corner (as render/svg.rs).
function squareAt(clientX, clientY) {
  const rect = $("board").getBoundingClientRect();
  const x = (clientX - rect.left) / rect.width * SIZE - MARGIN;
  const y = (clientY - rect.top) / rect.height * SIZE - MARGIN;
  const col = Math.floor(x / SQ), row = Math.floor(y / SQ);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  const file = game.flip ? 7 - col : col, rank = game.flip ? row : 7 - row;
  return "abcdefgh"[file] + (rank + 1);
}

function corner(sq) {
  const file = sq.charCodeAt(0) - 97, rank = parseInt(sq[1], 10) - 1;
  const col = game.flip ? 7 - file : file, row = game.flip ? rank : 7 - rank;
  return [MARGIN + col * SQ, MARGIN + row * SQ];
}

// The pieces of the position, from its FEN: square -> "P", "n", ...
function pieces() {
  const out = {};
  if (!game.state) return out;
  const rows = game.state.fen.split(" ")[0].split("/");
  rows.forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) { f += parseInt(ch, 10); continue; }
      out["abcdefgh"[f] + (8 - r)] = ch;
      f += 1;
    }
  });
  return out;
}

const colourOf = (p) => (p === p.toUpperCase() ? "white" : "black");

function targetsOf(sq) {
  if (!game.state) return [];
  return game.state.legal.filter((m) => m.from === sq);
}

function renderOverlay(hoverSq) {
  const overlay = $("overlay");
  overlay.textContent = "";
  if (!game.selected || game.explaining) return;
  const board = pieces();
  const [x, y] = corner(game.selected);
  overlay.appendChild(el("rect", { class: "sel", x, y, width: SQ, height: SQ }));
  const seen = new Set();
  for (const m of targetsOf(game.selected)) {
    if (seen.has(m.to)) continue;
    seen.add(m.to);
    const [tx, ty] = corner(m.to);
    if (board[m.to] && m.to !== game.selected) {
      overlay.appendChild(el("circle", { class: "ring", cx: tx + SQ / 2, cy: ty + SQ / 2, r: SQ / 2 - 3 }));
    } else {
      overlay.appendChild(el("circle", { class: "dot", cx: tx + SQ / 2, cy: ty + SQ / 2, r: SQ / 7 }));
    }
  }
  if (hoverSq && hoverSq !== game.selected) {
    const [hx, hy] = corner(hoverSq);
    overlay.appendChild(el("rect", { class: "hover", x: hx + 1, y: hy + 1, width: SQ - 2, height: SQ - 2 }));
  }
}

function el(name, attrs) {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  return e;
}

// The <use> element of the piece on sq in the board's SVG.
function pieceElement(sq) {
  const [x, y] = corner(sq);
  return $("board-svg").querySelector(`use[x="${x}"][y="${y}"]`);
}

// ------------------------------------------------------------------ moving

let drag = null;

function onPointerDown(ev) {
  if (ev.button !== undefined && ev.button !== 0) return;
  if (!$("promotion").hidden) return;
  if (game.explaining) { hideExplanationPicture(); return; }
  const sq = squareAt(ev.clientX, ev.clientY);
  if (!sq) return;
  const board = pieces();
  if (game.selected && sq !== game.selected) {
    const isTarget = targetsOf(game.selected).some((m) => m.to === sq);
    const sameSide = board[sq] && board[game.selected] && colourOf(board[sq]) === colourOf(board[game.selected]);
    if (isTarget || !sameSide) {
      const from = game.selected;
      game.selected = null;
      renderOverlay();
      attempt(from, sq);
      return;
    }
  }
  if (!board[sq]) { game.selected = null; renderOverlay(); return; }
  game.selected = sq;
  renderOverlay();
  drag = { from: sq, x: ev.clientX, y: ev.clientY, moving: false, ghost: null, id: ev.pointerId };
  $("board").setPointerCapture(ev.pointerId);
  ev.preventDefault();
}

function onPointerMove(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
  if (!drag.moving && dx * dx + dy * dy < 25) return;
  const rect = $("board").getBoundingClientRect();
  const ux = (ev.clientX - rect.left) / rect.width * SIZE, uy = (ev.clientY - rect.top) / rect.height * SIZE;
  if (!drag.moving) {
    drag.moving = true;
    const original = pieceElement(drag.from);
    if (!original) { drag = null; return; }
    original.style.opacity = "0.25";
    drag.original = original;
    drag.href = original.getAttribute("xlink:href") || original.getAttribute("href");
  }
  renderOverlay(squareAt(ev.clientX, ev.clientY));
  const ghost = el("use", { x: ux - SQ / 2, y: uy - SQ / 2 });
  ghost.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", drag.href);
  $("overlay").appendChild(ghost);
}

function onPointerUp(ev) {
  if (!drag || ev.pointerId !== drag.id) return;
  const d = drag;
  drag = null;
  if (!d.moving) return; // a click: the piece stays selected
  if (d.original) d.original.style.opacity = "";
  const sq = squareAt(ev.clientX, ev.clientY);
  if (!sq || sq === d.from) { renderOverlay(); return; }
  game.selected = null;
  renderOverlay();
  attempt(d.from, sq);
}

// Plays from -> to: the legal move that goes there (asking for the promotion piece when there
// are several), or else the move as written, for the server to refuse and explain.
function attempt(from, to) {
  const candidates = targetsOf(from).filter((m) => m.to === to);
  if (candidates.length > 1 && candidates.every((m) => m.promotion)) {
    choosePromotion(candidates);
    return;
  }
  play(candidates.length ? candidates[0].uci : from + to);
}

function choosePromotion(candidates) {
  const box = $("promotion");
  box.textContent = "";
  const white = game.state.turn === "white";
  for (const letter of ["q", "r", "b", "n"]) {
    const m = candidates.find((c) => c.promotion === letter);
    if (!m) continue;
    const b = document.createElement("button");
    const name = { q: "queen", r: "rook", b: "bishop", n: "knight" }[letter];
    b.setAttribute("aria-label", name);
    b.title = name;
    const icon = el("svg", { viewBox: "0 0 45 45" });
    const use = el("use", {});
    use.setAttributeNS("http://www.w3.org/1999/xlink", "xlink:href", "#" + (white ? "white-" : "black-") + name);
    icon.appendChild(use);
    b.appendChild(icon);
    b.addEventListener("click", () => { box.hidden = true; play(m.uci); });
    box.appendChild(b);
  }
  box.hidden = false;
  box.querySelector("button").focus();
}

async function play(text) {
  const r = await api("/api/play", position({ move: text }));
  if (r.ok) {
    game.moves = game.moves.slice(0, game.cursor).concat([r.data.played.uci]);
    game.sans = game.sans.slice(0, game.cursor).concat([r.data.played.san]);
    game.cursor = game.moves.length;
    game.state = r.data;
    game.explaining = false;
    hideExplanation();
    render();
    return;
  }
  const e = r.data && r.data.error;
  if (e && e.explanation) {
    showExplanation(e.explanation);
    $("board-svg").innerHTML = e.explanation.svg;
    game.explaining = true;
    const status = $("status");
    status.textContent = "Refused: " + text + " · click the board to go back to the game";
    status.className = "status refused";
    renderOverlay();
    message("");
  } else {
    message(errorText(r.data));
    render();
  }
}

function hideExplanationPicture() {
  game.explaining = false;
  render();
}

// ------------------------------------------------------------------ explanations

const TITLES = {
  game_over: "The game is over",
  no_piece: "There is no piece to move",
  not_your_turn: "It is not that side's turn",
  own_piece: "A piece may not take its own side's",
  geometry: "The piece does not move like that",
  blocked: "The way is blocked",
  en_passant: "En passant is not possible here",
  pawn_rules: "Pawns do not move like that",
  promotion: "The promotion piece is wrong",
  castling_right: "The right to castle is gone",
  castling_path: "Castling needs an empty path",
  castling_check: "The king may not castle out of, through or into check",
  king_in_check: "The move would leave the king in check",
};

async function explainPlayed(ply) {
  game.cursor = ply + 1;
  await refresh();
  const r = await api("/api/explain", {
    fen: game.start, moves: game.moves.slice(0, ply), move: game.moves[ply],
    chess960: game.chess960, flip: game.flip,
  });
  if (r.ok) showExplanation(r.data, game.sans[ply]);
  else message(errorText(r.data));
}

function showExplanation(why, san) {
  const box = $("explain");
  box.hidden = false;
  box.className = "card explain " + (why.legal ? "legal" : "illegal");
  const shown = san || why.san || why.move;
  $("why-verdict").textContent = why.legal
    ? "Legal: " + shown
    : "Illegal: " + why.move + (why.uci && why.uci !== why.move ? " (" + why.uci + ")" : "") + " — " + (TITLES[why.reason] || why.reason);
  $("why-detail").textContent = why.detail + ".";
  $("why-reason").textContent = why.legal ? "legal" + (why.effects.length ? " (" + why.effects.join(", ") + ")" : "") : why.reason;
  $("why-fide").textContent = "Article " + why.fide;
  $("why-clause").textContent = why.clause;
  const q = why.quote;
  const twin = q && q.twin;
  $("why-twin").textContent = twin ? twin.item : "—";
  $("why-twin-file").textContent = twin ? twin.file + (twin.line ? ":" + twin.line : "") : "";
  $("why-file").textContent = q ? q.file + ":" + q.first_line : "";
  const pre = $("why-quote");
  pre.textContent = "";
  if (q) {
    q.lines.forEach((line, i) => {
      const n = q.first_line + i;
      const span = document.createElement("span");
      span.className = "l" + (q.marked.includes(n) ? " mark" : "");
      const num = document.createElement("span");
      num.className = "n";
      num.textContent = n;
      span.appendChild(num);
      const text = document.createElement("span");
      text.className = "t";
      highlight(text, line);
      span.appendChild(text);
      pre.appendChild(span);
    });
    const marked = pre.querySelector(".mark");
    if (marked) marked.scrollIntoView({ block: "nearest" });
  }
}

// Comments and keywords of VDM++ lines, told apart for the eye.
const KEYWORDS = /\b(public|private|functions|types|let|in|be|st|if|then|else|elseif|cases|end|forall|exists|exists1|iota|set|seq|of|and|or|not|pre|post|inv|measure|mk_[A-Za-z_]+|mu|dunion|union|inter|card|len|elems|inds|nil|true|false)\b/g;

function highlight(span, line) {
  const comment = line.indexOf("--");
  const code = comment >= 0 ? line.slice(0, comment) : line;
  let last = 0;
  code.replace(KEYWORDS, (m, _w, offset) => {
    span.appendChild(document.createTextNode(code.slice(last, offset)));
    const k = document.createElement("span");
    k.className = "k";
    k.textContent = m;
    span.appendChild(k);
    last = offset + m.length;
    return m;
  });
  span.appendChild(document.createTextNode(code.slice(last)));
  if (comment >= 0) {
    const c = document.createElement("span");
    c.className = "c";
    c.textContent = line.slice(comment);
    span.appendChild(c);
  }
}

function hideExplanation() { $("explain").hidden = true; }

// ------------------------------------------------------------------ the rest

function errorText(data) {
  const e = data && data.error;
  if (!e) return "something went wrong";
  return (e.field ? e.field + ": " : "") + e.message;
}

function message(text, ok) {
  const m = $("message");
  m.hidden = !text;
  m.textContent = text || "";
  m.className = "message" + (ok ? " ok" : "");
}

async function newGame(fen, chess960) {
  const previous = [game.start, game.chess960, game.moves, game.sans, game.cursor];
  game.start = fen;
  game.chess960 = chess960;
  game.moves = [];
  game.sans = [];
  game.cursor = 0;
  game.selected = null;
  const r = await api("/api/position", position());
  if (!r.ok) {
    [game.start, game.chess960, game.moves, game.sans, game.cursor] = previous;
    message(errorText(r.data));
    return false;
  }
  game.state = r.data;
  game.start = r.data.start_fen;
  game.explaining = false;
  hideExplanation();
  message("");
  render();
  return true;
}

function step(to) {
  const cursor = Math.max(0, Math.min(game.moves.length, to));
  if (cursor === game.cursor) return;
  game.cursor = cursor;
  game.selected = null;
  refresh();
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  message(what + " copied", true);
}

async function loadPgn() {
  const r = await api("/api/pgn", { pgn: $("pgn").value });
  if (!r.ok) { message(errorText(r.data)); return; }
  if (await newGame(r.data.fen, r.data.chess960)) {
    game.moves = r.data.moves;
    game.sans = r.data.san;
    game.cursor = 0;
    render();
    message("Loaded " + r.data.moves.length + " moves: → steps through them", true);
  }
}

function downloadPgn() {
  const blob = new Blob([game.state ? game.state.pgn : ""], { type: "application/x-chess-pgn" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "vdmchess.pgn";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function wire() {
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => { drag = null; render(); });
  $("new").addEventListener("click", () => newGame(null, false));
  $("c960").addEventListener("click", async () => {
    const r = await api("/api/chess960", { n: Math.floor(Math.random() * 960) });
    if (r.ok) newGame(r.data.fen, true);
  });
  $("flip").addEventListener("click", () => { game.flip = !game.flip; refresh(); });
  $("undo").addEventListener("click", () => {
    game.moves.pop();
    game.sans.pop();
    game.cursor = game.moves.length;
    game.selected = null;
    hideExplanation();
    refresh();
  });
  $("first").addEventListener("click", () => step(0));
  $("prev").addEventListener("click", () => step(game.cursor - 1));
  $("next").addEventListener("click", () => step(game.cursor + 1));
  $("last").addEventListener("click", () => step(game.moves.length));
  $("fen-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    newGame($("fen").value.trim(), false);
  });
  $("copy-fen").addEventListener("click", () => copy(game.state.fen, "FEN"));
  $("copy-pgn").addEventListener("click", () => copy(game.state.pgn, "PGN"));
  $("download-pgn").addEventListener("click", downloadPgn);
  $("load-pgn").addEventListener("click", loadPgn);
  $("why-close").addEventListener("click", () => { hideExplanation(); if (game.explaining) hideExplanationPicture(); });
  document.addEventListener("keydown", (ev) => {
    const tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea") return;
    if (ev.key === "ArrowLeft") step(game.cursor - 1);
    else if (ev.key === "ArrowRight") step(game.cursor + 1);
    else if (ev.key === "Home") step(0);
    else if (ev.key === "End") step(game.moves.length);
    else if (ev.key === "f") { game.flip = !game.flip; refresh(); }
    else if (ev.key === "u") $("undo").click();
    else if (ev.key === "Escape") {
      $("promotion").hidden = true;
      hideExplanation();
      game.selected = null;
      if (game.explaining) hideExplanationPicture(); else renderOverlay();
    } else return;
    ev.preventDefault();
  });
}

async function main() {
  wire();
  const r = await fetch("/api/config").then((x) => x.json()).catch(() => null);
  if (!r) { message("the server does not answer"); return; }
  await newGame(r.fen, r.chess960);
}

main();
