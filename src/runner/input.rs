//! Opening PGN inputs: plain, zstd or gzip files (told apart by their first bytes, whatever
//! their name), or standard input; content that is not text is refused once, as not PGN; a
//! reader that counts the bytes that pass through it, for the progress bar and the summary;
//! and one that can be stopped from another thread, when the reports' reader has gone.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// How an input is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    None,
    /// zstd (Lichess's database).
    Zstd,
    /// gzip.
    Gzip,
}

/// The magic number that starts a zstd frame.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];
/// The magic number that starts a gzip member.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

impl Compression {
    /// The compression a file name announces: `.zst` zstd, `.gz` gzip, anything else none.
    /// [`open`] decides by the content ([`Compression::of_content`]); the name only words
    /// the error when the content is not what it announces.
    ///
    /// ```
    /// use vdmchess::runner::input::Compression;
    /// assert_eq!(Compression::of("games.pgn.zst"), Compression::Zstd);
    /// assert_eq!(Compression::of("games.pgn"), Compression::None);
    /// ```
    #[must_use]
    pub fn of(name: &str) -> Compression {
        if name.ends_with(".zst") {
            Compression::Zstd
        } else if name.ends_with(".gz") {
            Compression::Gzip
        } else {
            Compression::None
        }
    }

    /// The compression of content that starts with `head`, by its magic number (zstd
    /// `28 b5 2f fd`, gzip `1f 8b`); anything else is taken as not compressed.
    ///
    /// ```
    /// use vdmchess::runner::input::Compression;
    /// assert_eq!(Compression::of_content(&[0x1f, 0x8b, 8, 0]), Compression::Gzip);
    /// assert_eq!(Compression::of_content(b"[Event \"?\"]"), Compression::None);
    /// ```
    #[must_use]
    pub fn of_content(head: &[u8]) -> Compression {
        if head.starts_with(&ZSTD_MAGIC) {
            Compression::Zstd
        } else if head.starts_with(&GZIP_MAGIC) {
            Compression::Gzip
        } else {
            Compression::None
        }
    }

    fn name(self) -> &'static str {
        match self {
            Compression::None => "plain text",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
        }
    }
}

/// Why content that starts with `head` is not PGN text, if it is not: a known binary format
/// by its magic number, or a NUL byte (never in text) among the first bytes.
///
/// ```
/// use vdmchess::runner::input::not_text;
/// assert_eq!(not_text(b"\x7fELF\x02\x01\x01\0").as_deref(), Some("an ELF executable"));
/// assert_eq!(not_text(b"1. e4 e5 *"), None);
/// ```
#[must_use]
pub fn not_text(head: &[u8]) -> Option<String> {
    const KNOWN: [(&[u8], &str); 8] = [
        (b"\x7fELF", "an ELF executable"),
        (b"PK\x03\x04", "a zip archive"),
        (b"\xfd7zXZ\0", "xz-compressed data"),
        (b"BZh", "bzip2-compressed data"),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
        (b"\x89PNG", "a PNG image"),
        (b"%PDF-", "a PDF document"),
        (b"\x04\x22\x4d\x18", "lz4-compressed data"),
    ];
    if let Some((_, what)) = KNOWN.iter().find(|(magic, _)| head.starts_with(magic)) {
        return Some((*what).to_string());
    }
    head.iter()
        .position(|&b| b == 0)
        .map(|at| format!("binary data (a NUL byte at offset {at})"))
}

/// Opens `name` (`-` is standard input), decompressing as its first bytes say, counting the
/// bytes read after decompression into `counter`.
///
/// # Errors
///
/// With the file name: the I/O error of opening the file or starting the decoder; or
/// `InvalidData` when the content is not PGN text (an executable, an archive, binary data),
/// said once for the whole input.
pub fn open(name: &str, counter: Arc<AtomicU64>) -> io::Result<Box<dyn Read + Send>> {
    open_counting(name, counter, Arc::new(AtomicU64::new(0)))
}

/// The size in bytes of input `name` as stored (compressed, if it is), when it is known: a
/// regular file's length; `None` for standard input and anything else.
#[must_use]
pub fn stored_size(name: &str) -> Option<u64> {
    if name == "-" {
        return None;
    }
    std::fs::metadata(name)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len())
}

/// The bytes looked at to tell the compression and whether the content is text.
const HEAD: usize = 64 * 1024;

/// [`open`], also counting the bytes read from the file as stored (before decompression)
/// into `stored`: set against [`stored_size`], they tell how far through the input a run is.
///
/// # Errors
///
/// As [`open`].
pub fn open_counting(
    name: &str,
    counter: Arc<AtomicU64>,
    stored: Arc<AtomicU64>,
) -> io::Result<Box<dyn Read + Send>> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
    let raw: Box<dyn Read + Send> = if name == "-" {
        Box::new(io::stdin())
    } else {
        let file = File::open(Path::new(name)).map_err(named)?;
        Box::new(Counting {
            inner: file,
            counter: stored,
        })
    };
    decode(name, raw, counter)
}

/// The PGN text of `raw`, an input already open (a file object, a network stream) named
/// `name`: decompressed as its first bytes say and checked to be text, exactly as [`open`]
/// does for a file, counting the bytes read after decompression into `counter`.
///
/// # Errors
///
/// As [`open`].
pub fn decode(
    name: &str,
    raw: Box<dyn Read + Send>,
    counter: Arc<AtomicU64>,
) -> io::Result<Box<dyn Read + Send>> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
    let mut raw = BufReader::with_capacity(HEAD, raw);
    let found = Compression::of_content(raw.fill_buf().map_err(named)?);
    let mut decoded: Box<dyn BufRead + Send> = match found {
        Compression::None => Box::new(raw),
        Compression::Zstd => Box::new(BufReader::with_capacity(
            HEAD,
            zstd::stream::read::Decoder::with_buffer(raw).map_err(named)?,
        )),
        Compression::Gzip => Box::new(BufReader::with_capacity(
            HEAD,
            flate2::bufread::MultiGzDecoder::new(raw),
        )),
    };
    if let Some(what) = not_text(decoded.fill_buf().map_err(named)?) {
        let announced = Compression::of(name);
        let content = if found == Compression::None && announced != Compression::None {
            format!("the content is not {} but {what}", announced.name())
        } else if found != Compression::None {
            format!("{} data that holds {what}", found.name())
        } else {
            what
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{name}: not PGN: {content}"),
        ));
    }
    Ok(Box::new(Counting {
        inner: decoded,
        counter,
    }))
}

/// A reader that adds the number of bytes it yields to a shared counter.
pub struct Counting<R> {
    inner: R,
    counter: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A reader that fails once `stop` is set, which ends a replay early: how the CLI stops
/// reading when standard output has closed, and the Python batch replay when its iterator is
/// dropped. Until then it reads as `inner` does.
///
/// ```
/// use std::io::Read;
/// use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
/// use vdmchess::runner::input::Stoppable;
/// let stop = Arc::new(AtomicBool::new(false));
/// let mut r = Stoppable::new(&b"1. e4 e5 *"[..], Arc::clone(&stop));
/// let mut two = [0; 2];
/// r.read_exact(&mut two).unwrap();
/// stop.store(true, Ordering::Relaxed);
/// assert!(r.read(&mut two).is_err());
/// ```
pub struct Stoppable<R> {
    inner: R,
    stop: Arc<AtomicBool>,
}

impl<R> Stoppable<R> {
    /// `inner`, stopped when `stop` is set.
    pub fn new(inner: R, stop: Arc<AtomicBool>) -> Stoppable<R> {
        Stoppable { inner, stop }
    }
}

impl<R: Read> Read for Stoppable<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(io::Error::other(
                "reading stopped: the reports' reader went away",
            ));
        }
        self.inner.read(buf)
    }
}
