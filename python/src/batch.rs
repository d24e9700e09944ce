//! Batch replay without the GIL: `replay(path)` streams a PGN file's reports, and
//! `replay_movetext` replays a column of movetext into Arrow buffers, on `jobs` threads.

use std::borrow::Cow;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule, PyDict};

use vdmchess::core::Chess;
use vdmchess::model;
use vdmchess::notation::pgn::{
    Outcome as PgnOutcome, PgnError, PgnReader, RawTag, Skip, TextPos, Visitor,
};
use vdmchess::notation::san::SanMode;
use vdmchess::runner::input::Stoppable;
use vdmchess::runner::movetext::{uci_bytes, MovetextReplayer};
use vdmchess::runner::{self, GameReport, Lockstep, Options, Replay, ReplayVisitor, Single};
use vdmchess::{CastlingMode, Move, Status};

use crate::values::json_to_py;
use crate::RulesChoice;

type Received = Result<GameReport, String>;

/// The reports of `vdmchess.replay`, one dict per game, in file order.
#[pyclass(module = "vdmchess._vdmchess")]
pub struct ReplayIter {
    reports: Mutex<Receiver<Received>>,
    stop: Arc<AtomicBool>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

#[pymethods]
impl ReplayIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let next = py.allow_threads(|| match self.reports.lock() {
            Ok(rx) => rx.recv().ok(),
            Err(_) => None,
        });
        match next {
            None => {
                if let Ok(mut thread) = self.thread.lock() {
                    if let Some(t) = thread.take() {
                        let _ = py.allow_threads(|| t.join());
                    }
                }
                Ok(None)
            }
            Some(Err(message)) => Err(PyOSError::new_err(message)),
            Some(Ok(report)) => {
                let value = serde_json::to_value(&report)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
                json_to_py(py, &value).map(Some)
            }
        }
    }
}

impl Drop for ReplayIter {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Replays every game of a PGN file (plain, `.zst` or `.gz`) and yields one report per game,
/// a dict with the fields of `vdmchess replay --json` (`file`, `index`, `plies`,
/// `final_fen`, `result`, `status`, `claims`, `error`), in file order. The replay runs on
/// its own threads, without the GIL; `rules` is `"core"`, `"model"` or `"both"`.
#[pyfunction]
#[pyo3(signature = (path, *, rules = "core", jobs = 1))]
pub fn replay(path: &str, rules: &str, jobs: usize) -> PyResult<ReplayIter> {
    let choice = RulesChoice::parse(rules, true)?;
    if jobs == 0 {
        return Err(PyValueError::new_err("jobs must be at least 1"));
    }
    let input = runner::input::open(path, Arc::new(AtomicU64::new(0)))
        .map_err(|e| PyOSError::new_err(format!("{path}: {e}")))?;
    let stop = Arc::new(AtomicBool::new(false));
    let reader = Stoppable::new(input, Arc::clone(&stop));
    let (tx, rx) = sync_channel::<Received>(1024);
    let file = path.to_string();
    let options = Options {
        san_mode: SanMode::Lenient,
        jobs,
    };
    let thread = std::thread::spawn(move || {
        let mut sink = |r: GameReport| {
            let _ = tx.send(Ok(r));
        };
        let done = match choice {
            RulesChoice::Core => {
                runner::replay_reader::<Single<Chess>, _>(reader, &file, &options, &mut sink)
            }
            RulesChoice::Model => runner::replay_reader::<Single<model::game::Game>, _>(
                reader, &file, &options, &mut sink,
            ),
            RulesChoice::Both => runner::replay_reader::<Lockstep<model::game::Game, Chess>, _>(
                reader, &file, &options, &mut sink,
            ),
        };
        if let Err(e) = done {
            let _ = tx.send(Err(format!("{file}: {e}")));
        }
    });
    Ok(ReplayIter {
        reports: Mutex::new(rx),
        stop,
        thread: Mutex::new(Some(thread)),
    })
}

/// A validity bitmap, least significant bit first (Arrow's layout).
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    len: usize,
}

impl Bits {
    fn push(&mut self, bit: bool) {
        if self.len % 8 == 0 {
            self.bytes.push(0);
        }
        if bit {
            if let Some(last) = self.bytes.last_mut() {
                *last |= 1 << (self.len % 8);
            }
        }
        self.len += 1;
    }
}

/// An Arrow string column (32-bit offsets) being filled.
struct Strings {
    valid: Bits,
    offsets: Vec<i32>,
    data: Vec<u8>,
}

impl Strings {
    fn new() -> Strings {
        Strings::with_capacity(0, 0)
    }

    /// A column with room for `rows` strings of `bytes` in all.
    fn with_capacity(rows: usize, bytes: usize) -> Strings {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        Strings {
            valid: Bits::default(),
            offsets,
            data: Vec::with_capacity(bytes),
        }
    }

    fn end(&mut self, valid: bool) {
        self.valid.push(valid);
        self.offsets.push(self.data.len() as i32);
    }

    fn push(&mut self, s: Option<&str>) {
        if let Some(s) = s {
            self.data.extend_from_slice(s.as_bytes());
        }
        self.end(s.is_some());
    }
}

/// An Arrow list-of-strings column being filled.
struct StringLists {
    offsets: Vec<i32>,
    items: Strings,
}

impl StringLists {
    /// A column with room for `rows` lists of `items` strings of `bytes` in all.
    fn with_capacity(rows: usize, items: usize, bytes: usize) -> StringLists {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        StringLists {
            offsets,
            items: Strings::with_capacity(items, bytes),
        }
    }

    fn end(&mut self) {
        self.offsets.push(self.items.offsets.len() as i32 - 1);
    }
}

/// The columns of one block of rows.
struct Columns {
    rows: usize,
    valid: Bits,
    plies: Vec<i32>,
    error: Strings,
    error_ply: (Bits, Vec<i32>),
    final_fen: Strings,
    termination: Strings,
    claims: StringLists,
    moves: StringLists,
}

impl Columns {
    fn new() -> Columns {
        Columns::with_capacity(0, 0)
    }

    /// Columns with room for `rows` games of `movetext_bytes` of movetext in all (the moves
    /// take about as many bytes as UCI text as their movetext, numbers and blanks included).
    fn with_capacity(rows: usize, movetext_bytes: usize) -> Columns {
        let moves = movetext_bytes / 5;
        Columns {
            rows: 0,
            valid: Bits::default(),
            plies: Vec::with_capacity(rows),
            error: Strings::with_capacity(rows, 0),
            error_ply: (Bits::default(), Vec::with_capacity(rows)),
            final_fen: Strings::with_capacity(rows, rows * 64),
            termination: Strings::with_capacity(rows, 0),
            claims: StringLists::with_capacity(rows, 0, 0),
            moves: StringLists::with_capacity(rows, moves, moves * 4),
        }
    }

    /// A row for a null movetext.
    fn push_null(&mut self) {
        self.rows += 1;
        self.valid.push(false);
        self.plies.push(0);
        self.error.push(Some("the movetext is null"));
        self.error_ply.0.push(false);
        self.error_ply.1.push(0);
        self.final_fen.push(None);
        self.termination.push(None);
        self.claims.end();
        self.moves.end();
    }

    /// A row for a game's report and the moves it played (when they were recorded).
    fn push(&mut self, report: &GameReport, moves: &[Option<Move>], mode: CastlingMode) {
        self.rows += 1;
        self.valid.push(report.error.is_none());
        self.plies.push(report.plies as i32);
        self.error
            .push(report.error.as_ref().map(|e| e.message.as_str()));
        self.error_ply.0.push(report.error.is_some());
        self.error_ply
            .1
            .push(report.error.as_ref().map_or(0, |e| e.ply as i32));
        self.final_fen.push(Some(&report.final_fen));
        let termination = match report.status {
            Status::Ongoing => None,
            s => Some(s.as_str()),
        };
        self.termination.push(termination);
        for claim in &report.claims {
            self.claims.items.push(Some(claim.as_str()));
        }
        self.claims.end();
        let items = &mut self.moves.items;
        for m in moves {
            let (text, len) = uci_bytes(m.as_ref(), mode);
            // Four bytes and perhaps a fifth: copies of fixed length, without a call to memcpy.
            items.data.extend_from_slice(&text[..4]);
            if len == 5 {
                items.data.push(text[4]);
            }
            items.end(true);
        }
        self.moves.end();
    }

    fn into_py(self, py: Python<'_>) -> PyResult<PyObject> {
        Ok(self.into_dict(py)?.into_any().unbind())
    }

    /// The buffers of the columns, by name: (validity, offsets, data) for a string column,
    /// (offsets, item offsets, item data) for a list of strings; each a [`RustBuffer`].
    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("rows", self.rows)?;
        d.set_item("valid", RustBuffer::new(py, self.valid.bytes)?)?;
        d.set_item("plies", RustBuffer::new(py, self.plies)?)?;
        for (name, col) in [
            ("error", self.error),
            ("final_fen", self.final_fen),
            ("termination", self.termination),
        ] {
            d.set_item(name, col.into_py(py)?)?;
        }
        let (ply_valid, ply_values) = self.error_ply;
        d.set_item(
            "error_ply",
            (
                RustBuffer::new(py, ply_valid.bytes)?,
                RustBuffer::new(py, ply_values)?,
            ),
        )?;
        for (name, col) in [("claims", self.claims), ("moves", self.moves)] {
            d.set_item(
                name,
                (
                    RustBuffer::new(py, col.offsets)?,
                    RustBuffer::new(py, col.items.offsets)?,
                    RustBuffer::new(py, col.items.data)?,
                ),
            )?;
        }
        Ok(d)
    }
}

impl Strings {
    /// The column's buffers: (validity, offsets, data).
    fn into_py(self, py: Python<'_>) -> PyResult<(Py<RustBuffer>, Py<RustBuffer>, Py<RustBuffer>)> {
        Ok((
            RustBuffer::new(py, self.valid.bytes)?,
            RustBuffer::new(py, self.offsets)?,
            RustBuffer::new(py, self.data)?,
        ))
    }
}

/// The memory of one output buffer, given to pyarrow without a copy: Python wraps it with
/// `pyarrow.foreign_buffer(b.address, b.size, base=b)`, which reads it in place and keeps
/// this object (so the memory) alive as long as the Arrow buffer lives. Nothing changes the
/// memory once the object is made (it is frozen and has no other methods).
#[pyclass(module = "vdmchess._vdmchess", frozen)]
pub struct RustBuffer {
    memory: Memory,
}

/// What a [`RustBuffer`] holds: bytes, or integers in the machine's byte order (as Arrow
/// lays them out in memory).
enum Memory {
    Bytes(Vec<u8>),
    Int32(Vec<i32>),
    Int64(Vec<i64>),
}

impl From<Vec<u8>> for Memory {
    fn from(v: Vec<u8>) -> Memory {
        Memory::Bytes(v)
    }
}

impl From<Vec<i32>> for Memory {
    fn from(v: Vec<i32>) -> Memory {
        Memory::Int32(v)
    }
}

impl From<Vec<i64>> for Memory {
    fn from(v: Vec<i64>) -> Memory {
        Memory::Int64(v)
    }
}

impl RustBuffer {
    fn new(py: Python<'_>, memory: impl Into<Memory>) -> PyResult<Py<RustBuffer>> {
        Py::new(
            py,
            RustBuffer {
                memory: memory.into(),
            },
        )
    }
}

#[pymethods]
impl RustBuffer {
    /// The address of the first byte.
    #[getter]
    fn address(&self) -> usize {
        match &self.memory {
            Memory::Bytes(v) => v.as_ptr() as usize,
            Memory::Int32(v) => v.as_ptr() as usize,
            Memory::Int64(v) => v.as_ptr() as usize,
        }
    }

    /// The length in bytes.
    #[getter]
    fn size(&self) -> usize {
        match &self.memory {
            Memory::Bytes(v) => v.len(),
            Memory::Int32(v) => std::mem::size_of_val(v.as_slice()),
            Memory::Int64(v) => std::mem::size_of_val(v.as_slice()),
        }
    }
}

/// The movetext column as the Rust side reads it: Arrow's large-string buffers.
pub(crate) struct Texts<'a> {
    /// The offsets, at least `first + rows + 1` of them (checked by [`Texts::check`]).
    pub(crate) offsets: Cow<'a, [i64]>,
    pub(crate) data: &'a [u8],
    /// The validity bitmap, when the array has nulls.
    pub(crate) validity: Option<&'a [u8]>,
    /// The array's offset into its buffers.
    pub(crate) first: usize,
    pub(crate) rows: usize,
}

impl Texts<'_> {
    fn text(&self, row: usize) -> Option<&[u8]> {
        let i = self.first + row;
        if let Some(bits) = &self.validity {
            if bits[i / 8] & (1 << (i % 8)) == 0 {
                return None;
            }
        }
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        Some(&self.data[a..b])
    }

    /// Checks the buffers, so that reading them cannot go out of bounds.
    fn check(&self) -> Result<(), String> {
        let needed = self.first + self.rows + 1;
        if self.offsets.len() < needed {
            return Err(format!(
                "{} offsets for {} rows at offset {}",
                self.offsets.len(),
                self.rows,
                self.first
            ));
        }
        let used = &self.offsets[self.first..needed];
        let ordered = used.windows(2).all(|w| w[0] <= w[1]);
        let in_data = used[0] >= 0 && used[used.len() - 1] as usize <= self.data.len();
        if !ordered || !in_data {
            return Err("the offsets are not ascending within the data".to_string());
        }
        if let Some(bits) = &self.validity {
            if bits.len() * 8 < self.first + self.rows {
                return Err("the validity bitmap is too short".to_string());
            }
        }
        Ok(())
    }

    /// The bytes of rows `range`.
    fn bytes(&self, from: usize, to: usize) -> u64 {
        (self.offsets[self.first + to] - self.offsets[self.first + from]) as u64
    }
}

/// The most movetext bytes in one block: its output stays far below 2 GiB, the limit of
/// 32-bit Arrow offsets (a UCI move takes at most three times its SAN's bytes).
const BLOCK_BYTES: u64 = 64 << 20;
/// The most rows in one block, so that threads share the work.
const BLOCK_ROWS: usize = 1 << 14;

/// Blocks per thread when there are several: a thread that finishes early takes another
/// block instead of waiting for the slowest.
const BLOCKS_PER_JOB: usize = 4;

/// Cuts rows `0..texts.rows` into blocks of at most [`BLOCK_BYTES`] (or one row) and
/// [`BLOCK_ROWS`], and at least `jobs` blocks ([`BLOCKS_PER_JOB`] each when there are
/// several jobs) when there are that many rows.
fn blocks(texts: &Texts, jobs: usize) -> Vec<(usize, usize)> {
    let rows = texts.rows;
    let parts = if jobs > 1 { jobs * BLOCKS_PER_JOB } else { 1 };
    let per_block = rows.div_ceil(parts).clamp(1, BLOCK_ROWS);
    let mut out = Vec::new();
    let mut from = 0;
    while from < rows {
        let mut to = (from + per_block).min(rows);
        while to > from + 1 && texts.bytes(from, to) > BLOCK_BYTES {
            to = from + (to - from) / 2;
        }
        out.push((from, to));
        from = to;
    }
    out
}

fn replay_block<P: Replay>(texts: &Texts, from: usize, to: usize) -> Columns {
    let mut replayer = MovetextReplayer::<P>::new("movetext", SanMode::Lenient);
    replayer.record_moves(true);
    let mut columns = Columns::with_capacity(to - from, texts.bytes(from, to) as usize);
    for row in from..to {
        match texts.text(row) {
            None => columns.push_null(),
            Some(text) => {
                let report = replayer.replay(text);
                columns.push(&report, replayer.moves(), replayer.castling_mode());
            }
        }
    }
    columns
}

fn replay_all<P: Replay>(texts: &Texts, jobs: usize) -> Vec<Columns> {
    let blocks = blocks(texts, jobs);
    if jobs <= 1 || blocks.len() <= 1 {
        return blocks
            .iter()
            .map(|&(from, to)| replay_block::<P>(texts, from, to))
            .collect();
    }
    let next = AtomicUsize::new(0);
    let done: Vec<Mutex<Option<Columns>>> = blocks.iter().map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(blocks.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(from, to)) = blocks.get(i) else {
                    return;
                };
                let columns = replay_block::<P>(texts, from, to);
                if let Ok(mut slot) = done[i].lock() {
                    *slot = Some(columns);
                }
            });
        }
    });
    done.into_iter()
        .filter_map(|slot| slot.into_inner().ok().flatten())
        .collect()
}

/// The engine of `vdmchess.replay_movetext` with pyarrow before 14: replays the rows of a
/// large-string Arrow array given as its buffers (as `bytes`), and returns the buffers of the
/// output columns, one dict per block.
#[pyfunction]
#[pyo3(signature = (offsets, data, validity, first, rows, *, jobs = 1, rules = "core"))]
#[allow(clippy::too_many_arguments)]
pub fn replay_movetext_buffers(
    py: Python<'_>,
    offsets: &[u8],
    data: &[u8],
    validity: Option<&[u8]>,
    first: usize,
    rows: usize,
    jobs: usize,
    rules: &str,
) -> PyResult<Vec<PyObject>> {
    let texts = Texts {
        offsets: offsets
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect(),
        data,
        validity,
        first,
        rows,
    };
    replay_texts(py, &texts, jobs, rules)
}

/// The engine of `vdmchess.replay_movetext`: replays the rows of a large-string Arrow array
/// read in place through the Arrow C data interface (the capsules of
/// `array.__arrow_c_array__()`), and returns the buffers of the output columns, one dict per
/// block.
#[pyfunction]
#[pyo3(signature = (schema, array, *, jobs = 1, rules = "core"))]
pub fn replay_movetext_arrow(
    py: Python<'_>,
    schema: &Bound<'_, PyCapsule>,
    array: &Bound<'_, PyCapsule>,
    jobs: usize,
    rules: &str,
) -> PyResult<Vec<PyObject>> {
    let texts = crate::arrow_c::large_strings(schema, array)?;
    replay_texts(py, &texts, jobs, rules)
}

fn replay_texts(
    py: Python<'_>,
    texts: &Texts,
    jobs: usize,
    rules: &str,
) -> PyResult<Vec<PyObject>> {
    let choice = RulesChoice::parse(rules, true)?;
    if jobs == 0 {
        return Err(PyValueError::new_err("jobs must be at least 1"));
    }
    texts.check().map_err(PyValueError::new_err)?;
    let blocks = py.allow_threads(|| match choice {
        RulesChoice::Core => replay_all::<Single<Chess>>(texts, jobs),
        RulesChoice::Model => replay_all::<Single<model::game::Game>>(texts, jobs),
        RulesChoice::Both => replay_all::<Lockstep<model::game::Game, Chess>>(texts, jobs),
    });
    blocks.into_iter().map(|b| b.into_py(py)).collect()
}

/// A Python file object (anything with `read(n)` returning bytes, such as a pyarrow input
/// stream) as a Rust reader: each read takes the GIL for the call.
struct PyReader {
    file: PyObject,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::with_gil(|py| {
            let got = self
                .file
                .call_method1(py, "read", (buf.len(),))
                .map_err(|e| io::Error::other(e.to_string()))?;
            let got = got.bind(py);
            let bytes: &[u8] = match got.downcast::<PyBytes>() {
                Ok(b) => b.as_bytes(),
                Err(_) => {
                    return Err(io::Error::other(
                        "the file's read() returned something other than bytes",
                    ))
                }
            };
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

/// Replays each game and keeps the values of the tags asked for.
struct TaggedVisitor<P> {
    inner: ReplayVisitor<P>,
    wanted: Vec<Vec<u8>>,
    values: Vec<Option<String>>,
}

impl<P: Replay> Visitor for TaggedVisitor<P> {
    type Output = GameReport;

    fn begin_game(&mut self) {
        self.values.iter_mut().for_each(|v| *v = None);
        self.inner.begin_game();
    }

    fn tag(&mut self, name: &[u8], value: &RawTag<'_>) {
        if let Some(i) = self.wanted.iter().position(|w| w == name) {
            self.values[i] = Some(value.decode());
        }
        self.inner.tag(name, value);
    }

    fn begin_movetext(&mut self) -> Skip {
        self.inner.begin_movetext()
    }

    fn san(&mut self, san: &[u8], at: TextPos) {
        self.inner.san(san, at);
    }

    fn nag(&mut self, nag: u8, at: TextPos) {
        self.inner.nag(nag, at);
    }

    fn comment(&mut self, text: &[u8], at: TextPos) {
        self.inner.comment(text, at);
    }

    fn begin_variation(&mut self) -> Skip {
        self.inner.begin_variation()
    }

    fn end_variation(&mut self) {
        self.inner.end_variation();
    }

    fn outcome(&mut self, outcome: Option<PgnOutcome>, at: TextPos) {
        self.inner.outcome(outcome, at);
    }

    fn error(&mut self, err: PgnError) {
        self.inner.error(err);
    }

    fn end_game(&mut self) -> GameReport {
        self.inner.end_game()
    }
}

/// One block of a PGN file's games: the replay's columns, and the file, game index and tag
/// columns beside them.
struct PgnBlock {
    columns: Columns,
    file: Strings,
    index: Vec<i64>,
    tags: Vec<Strings>,
}

impl PgnBlock {
    fn into_py(self, py: Python<'_>) -> PyResult<PyObject> {
        let d = self.columns.into_dict(py)?;
        d.set_item("file", self.file.into_py(py)?)?;
        d.set_item("index", RustBuffer::new(py, self.index)?)?;
        let tags = self
            .tags
            .into_iter()
            .map(|t| t.into_py(py))
            .collect::<PyResult<Vec<_>>>()?;
        d.set_item("tags", tags)?;
        Ok(d.into_any().unbind())
    }
}

/// Reads the next block of at most `rows` games (`None` at the end of the input).
type NextBlock = Box<dyn FnMut(usize) -> io::Result<Option<PgnBlock>> + Send>;

fn block_reader<P: Replay + Send + 'static>(
    input: Box<dyn Read + Send>,
    file: String,
    tags: Vec<String>,
    moves: bool,
) -> NextBlock {
    let mut pgn = PgnReader::new(input);
    let mut visitor = TaggedVisitor {
        inner: ReplayVisitor::<P>::new(&file, 0, SanMode::Lenient),
        values: vec![None; tags.len()],
        wanted: tags.into_iter().map(String::into_bytes).collect(),
    };
    visitor.inner.record_moves(moves);
    Box::new(move |rows| {
        let mut block = PgnBlock {
            columns: Columns::new(),
            file: Strings::new(),
            index: Vec::new(),
            tags: visitor.wanted.iter().map(|_| Strings::new()).collect(),
        };
        while block.columns.rows < rows {
            let Some(report) = pgn.read_game(&mut visitor)? else {
                break;
            };
            let inner = &visitor.inner;
            block
                .columns
                .push(&report, inner.moves(), inner.castling_mode());
            block.file.push(Some(&report.file));
            block.index.push(report.index as i64);
            for (column, value) in block.tags.iter_mut().zip(&visitor.values) {
                column.push(value.as_deref());
            }
        }
        Ok((block.columns.rows > 0).then_some(block))
    })
}

/// The blocks of `vdmchess.replay_arrow`: a PGN input read and replayed a block at a time.
#[pyclass(module = "vdmchess._vdmchess")]
pub struct PgnBlocks {
    next: Mutex<NextBlock>,
    rows: usize,
    name: String,
}

#[pymethods]
impl PgnBlocks {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let block = py.allow_threads(|| match self.next.lock() {
            Ok(mut next) => next(self.rows),
            Err(_) => Err(io::Error::other("an earlier read failed")),
        });
        match block {
            Ok(Some(block)) => block.into_py(py).map(Some),
            Ok(None) => Ok(None),
            Err(e) => Err(PyOSError::new_err(format!("{}: {e}", self.name))),
        }
    }
}

/// The engine of `vdmchess.replay_arrow`: reads the games of `source` (a path, plain, `.zst`
/// or `.gz`; or a binary file object with `read(n)`, named `name`) with the crate's
/// streaming reader, and replays them a block of `rows` games at a time, without the GIL.
/// Each block is a dict of the buffers of the replay's columns, `file`, `index` and one
/// string column per tag of `tags` (null where a game lacks the tag).
#[pyfunction]
#[pyo3(signature = (source, *, name = None, tags = Vec::new(), rows = 65536, moves = false, rules = "core"))]
pub fn replay_arrow_blocks(
    source: &Bound<'_, PyAny>,
    name: Option<String>,
    tags: Vec<String>,
    rows: usize,
    moves: bool,
    rules: &str,
) -> PyResult<PgnBlocks> {
    let choice = RulesChoice::parse(rules, true)?;
    if rows == 0 {
        return Err(PyValueError::new_err("rows must be at least 1"));
    }
    let (input, name): (Box<dyn Read + Send>, String) = match source.extract::<String>() {
        Ok(path) => {
            let input = runner::input::open(&path, Arc::new(AtomicU64::new(0)))
                .map_err(|e| PyOSError::new_err(e.to_string()))?;
            (input, name.unwrap_or(path))
        }
        Err(_) => {
            let reader = PyReader {
                file: source.clone().unbind(),
            };
            let name = name.unwrap_or_else(|| "-".to_string());
            // The file object's bytes are told apart as a file's are: compression and
            // "not PGN" by their content.
            let input = runner::input::decode(&name, Box::new(reader), Arc::new(AtomicU64::new(0)))
                .map_err(|e| PyOSError::new_err(e.to_string()))?;
            (input, name)
        }
    };
    let file = name.clone();
    let next = match choice {
        RulesChoice::Core => block_reader::<Single<Chess>>(input, file, tags, moves),
        RulesChoice::Model => block_reader::<Single<model::game::Game>>(input, file, tags, moves),
        RulesChoice::Both => {
            block_reader::<Lockstep<model::game::Game, Chess>>(input, file, tags, moves)
        }
    };
    Ok(PgnBlocks {
        next: Mutex::new(next),
        rows,
        name,
    })
}
