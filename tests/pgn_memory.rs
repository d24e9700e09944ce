//! The PGN reader keeps memory bounded on huge input: a counting allocator
//! measures the peak while they read tens of megabytes of comment and tag value that are
//! generated on the fly (never held in memory).
//!
//! One test in this binary, so no other test's allocations are counted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};

use vdmchess::notation::pgn::{PgnError, PgnErrorKind, PgnReader, RawTag, TextPos, Visitor};

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// A source that yields `head`, then `fill` repeated `n` times, then `tail`, generated as read.
struct Generated {
    parts: Vec<(Vec<u8>, u64)>,
    part: usize,
    done: u64,
    offset: usize,
}

impl Generated {
    fn new(head: &[u8], fill: u8, n: u64, tail: &[u8]) -> Generated {
        Generated {
            parts: vec![
                (head.to_vec(), 1),
                (vec![fill; 4096], n / 4096),
                (tail.to_vec(), 1),
            ],
            part: 0,
            done: 0,
            offset: 0,
        }
    }
}

impl Read for Generated {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.part < self.parts.len() {
            let (bytes, times) = &self.parts[self.part];
            if self.done == *times || bytes.is_empty() {
                self.part += 1;
                self.done = 0;
                self.offset = 0;
                continue;
            }
            let n = (bytes.len() - self.offset).min(out.len());
            out[..n].copy_from_slice(&bytes[self.offset..self.offset + n]);
            self.offset += n;
            if self.offset == bytes.len() {
                self.offset = 0;
                self.done += 1;
            }
            return Ok(n);
        }
        Ok(0)
    }
}

#[derive(Default)]
struct Record {
    longest_text: usize,
    sans: Vec<String>,
    errors: Vec<PgnError>,
}

impl Visitor for Record {
    type Output = ();
    fn tag(&mut self, _name: &[u8], value: &RawTag<'_>) {
        self.longest_text = self.longest_text.max(value.as_bytes().len());
    }
    fn comment(&mut self, text: &[u8], _at: TextPos) {
        self.longest_text = self.longest_text.max(text.len());
    }
    fn san(&mut self, san: &[u8], _at: TextPos) {
        self.sans.push(String::from_utf8_lossy(san).into_owned());
    }
    fn error(&mut self, err: PgnError) {
        self.errors.push(err);
    }
    fn end_game(&mut self) {}
}

const HUGE: u64 = 48 << 20;
const LIMIT: usize = 8 << 20;

fn peak_during(f: impl FnOnce()) -> usize {
    PEAK.store(CURRENT.load(Ordering::Relaxed), Ordering::Relaxed);
    let before = CURRENT.load(Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed) - before
}

#[test]
fn huge_comments_and_tags_are_cut_and_memory_stays_bounded() {
    // A 48 MiB comment.
    let peak = peak_during(|| {
        let src = Generated::new(b"1. e4 {", b'a', HUGE, b"} e5 2. Nf3 *\n");
        let mut reader = PgnReader::new(src);
        let mut v = Record::default();
        reader.read_game(&mut v).unwrap().unwrap();
        assert_eq!(v.sans, ["e4", "e5", "Nf3"]);
        assert_eq!(v.longest_text, 1 << 20);
        assert_eq!(
            v.errors,
            [PgnError {
                pos: TextPos { line: 1, column: 7 },
                kind: PgnErrorKind::TextTruncated { kept: 1 << 20 }
            }]
        );
        assert!(reader.read_game(&mut v).unwrap().is_none());
    });
    assert!(peak < LIMIT, "comment: peak {peak} bytes");

    // A 48 MiB tag value, then a game.
    let peak = peak_during(|| {
        let src = Generated::new(b"[Event \"", b'x', HUGE, b"\"]\n[Site \"?\"]\n\n1. d4 *\n");
        let mut reader = PgnReader::new(src);
        let mut v = Record::default();
        reader.read_game(&mut v).unwrap().unwrap();
        assert_eq!(v.sans, ["d4"]);
        assert_eq!(v.longest_text, 1 << 20);
        assert_eq!(v.errors.len(), 1);
        assert_eq!(
            v.errors[0].kind,
            PgnErrorKind::TextTruncated { kept: 1 << 20 }
        );
    });
    assert!(peak < LIMIT, "tag: peak {peak} bytes");

    // 48 MiB of one token, of garbage, and of a `;` comment, with no line break.
    for (head, fill) in [(&b"1. "[..], b'e'), (b"1. e4 ", 0u8), (b"1. e4 ;", b'z')] {
        let peak = peak_during(|| {
            let src = Generated::new(head, fill, HUGE, b"\n1-0");
            let mut reader = PgnReader::new(src);
            let mut v = Record::default();
            reader.read_game(&mut v).unwrap().unwrap();
            assert!(!v.errors.is_empty() || fill == b'z');
            assert!(reader.read_game(&mut v).unwrap().is_none());
        });
        assert!(peak < LIMIT, "fill {fill}: peak {peak} bytes");
    }

    // Skipping a 48 MiB comment keeps nothing of it; the next game is read whole.
    let peak = peak_during(|| {
        let src = Generated::new(b"1. e4 {", b'c', HUGE, b"} *\n[Event \"next\"]\n1. d4 *\n");
        let mut reader = PgnReader::new(src);
        assert!(reader.skip_game().unwrap());
        let mut v = Record::default();
        reader.read_game(&mut v).unwrap().unwrap();
        assert!(v.errors.is_empty(), "{:?}", v.errors);
        assert!(reader.read_game(&mut v).unwrap().is_none());
    });
    assert!(peak < LIMIT, "skipping: peak {peak} bytes");
}
