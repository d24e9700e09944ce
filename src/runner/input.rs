//! Opening PGN inputs: plain, zstd or gzip files (by extension), or standard input; and a
//! reader that counts the bytes that pass through it, for the progress bar and the summary.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// How an input is compressed, decided by its file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// `.pgn` and anything else.
    None,
    /// `.zst`.
    Zstd,
    /// `.gz`.
    Gzip,
}

impl Compression {
    /// The compression of a file name: `.zst` is zstd, `.gz` gzip, anything else plain.
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
}

/// Opens `name` (`-` is standard input), decompressing by extension, counting the bytes read
/// after decompression into `counter`.
///
/// # Errors
///
/// The I/O error of opening the file or starting the decoder, with the file name.
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
    let raw: Box<dyn Read + Send> = if name == "-" {
        Box::new(io::stdin())
    } else {
        let file = File::open(Path::new(name))
            .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
        Box::new(Counting {
            inner: file,
            counter: stored,
        })
    };
    let decoded: Box<dyn Read + Send> = match Compression::of(name) {
        Compression::None => raw,
        Compression::Zstd => Box::new(
            zstd::stream::read::Decoder::new(raw)
                .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?,
        ),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(BufReader::new(raw))),
    };
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
