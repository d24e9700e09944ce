//! The transposition table: what the search learnt about positions it has seen, keyed by the
//! PolyGlot key the core keeps ([`Position::hash`](crate::core::Position::hash)).
//!
//! The table is an array of buckets of four 16-byte entries (one bucket fills a 64-byte
//! cache line); a key picks its bucket by its low bits and is stored whole, so a hit is a
//! full 64-bit match. Each entry holds the best move found, the score with its [`Bound`], the
//! depth searched and the *generation* of the search that wrote it.
//!
//! **Replacement**: a store goes to the entry of the same key if there is one (keeping a
//! deeper result of the same generation unless the new one is exact), else to the bucket's
//! least valuable entry: the one from the oldest generation, then the shallowest.
//!
//! **Shared between threads** (`Threads`, lazy SMP): every method takes `&self`. An entry is
//! two atomic 64-bit words, the data and the key XOR the data, written and read without a
//! lock; a read that races a write sees a key that does not match and is a miss, never a
//! mixture taken for a hit.
//!
//! **Mate scores** are stored relative to the node, not to the root ([`score_to_tt`],
//! [`score_from_tt`]): "mate in 3 from here" stays true wherever the position is met again.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use crate::rules::{Move, MoveKind};
use crate::types::{Role, Square};

use super::MATE_BOUND;

/// What a stored score says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// Nothing stored.
    None,
    /// The true value is at least this (the search failed high: a beta cutoff).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
    /// The true value (a principal-variation node).
    Exact,
}

impl Bound {
    const fn bits(self) -> u8 {
        match self {
            Bound::None => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
            Bound::Exact => 3,
        }
    }

    const fn from_bits(b: u8) -> Bound {
        match b & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

/// One stored result, as the table hands it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The best (or refuting) move found, if any.
    pub mv: Option<Move>,
    /// The score, node-relative for mates (convert with [`score_from_tt`]).
    pub score: i32,
    /// The static evaluation of the position (or 0 when unknown).
    pub eval: i32,
    /// How deep the position was searched.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

impl Hit {
    /// Whether the stored bound decides a node searched with window (`alpha`, `beta`): its
    /// score (`score`, already ply-adjusted by [`score_from_tt`]) is exact, at least `beta`
    /// as a lower bound, or at most `alpha` as an upper one.
    #[must_use]
    #[inline]
    pub fn decides(&self, score: i32, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
            Bound::None => false,
        }
    }
}

/// An entry unpacked.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u16,
    score: i16,
    eval: i16,
    depth: u8,
    /// Generation in the high 6 bits, bound in the low 2.
    gen_bound: u8,
}

impl Entry {
    fn pack(&self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.eval as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.gen_bound) << 56
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            eval: (data >> 32) as u16 as i16,
            depth: (data >> 48) as u8,
            gen_bound: (data >> 56) as u8,
        }
    }

    fn generation(&self) -> u8 {
        self.gen_bound >> 2
    }

    fn bound(&self) -> Bound {
        Bound::from_bits(self.gen_bound)
    }
}

const BUCKET: usize = 4;

/// An entry as stored: the key XOR the data, and the data (16 bytes).
#[derive(Debug, Default)]
struct Slot {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry, or an empty one when a concurrent write tore it.
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let key = self.key_xor_data.load(Ordering::Relaxed) ^ data;
        Entry::unpack(key, data)
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.pack();
        self.data.store(data, Ordering::Relaxed);
        self.key_xor_data.store(e.key ^ data, Ordering::Relaxed);
    }
}

/// A bucket: four entries, one cache line.
#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([Slot; BUCKET]);

/// The transposition table (see the module docs).
///
/// ```
/// use vdmchess::search::tt::{Bound, TranspositionTable};
/// let tt = TranspositionTable::new(1);
/// tt.store(0x1234, None, 55, 10, 4, Bound::Exact);
/// let hit = tt.probe(0x1234).unwrap();
/// assert_eq!((hit.score, hit.depth, hit.bound), (55, 4, Bound::Exact));
/// assert!(tt.probe(0x4321).is_none());
/// ```
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

/// The smallest and largest table sizes, in MB.
pub const SIZE_MB: std::ops::RangeInclusive<usize> = 1..=4096;

impl TranspositionTable {
    /// A cleared table of about `mb` megabytes (clamped to [`SIZE_MB`]).
    #[must_use]
    pub fn new(mb: usize) -> TranspositionTable {
        let mb = mb.clamp(*SIZE_MB.start(), *SIZE_MB.end());
        let n = ((mb << 20) / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(n);
        // Before the first write touches a page: large pages, fewer misses of the page cache
        // (the TLB) for a table read at random.
        memory::advise_huge_pages(&buckets);
        buckets.resize_with(n, Bucket::default);
        TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// The size in MB it was made with (rounded down).
    #[must_use]
    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for b in &self.buckets {
            for s in &b.0 {
                s.save(&Entry::default());
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: entries written from now on are of a new generation, and older
    /// ones give way first.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto the table evenly, whatever its size.
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Starts loading `key`'s bucket into the cache without waiting for it: the search calls
    /// this as soon as it knows a child's key, so that the child's [`probe`](Self::probe)
    /// finds the bucket there (a probe is otherwise a wait on main memory).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        memory::prefetch(&self.buckets[self.index(key)]);
    }

    /// What is stored for `key`, if anything.
    #[must_use]
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .0
            .iter()
            .map(Slot::load)
            .find(|e| e.key == key && e.bound() != Bound::None)
            .map(|e| Hit {
                mv: decode_move(e.mv),
                score: i32::from(e.score),
                eval: i32::from(e.eval),
                depth: i32::from(e.depth),
                bound: e.bound(),
            })
    }

    /// Stores a result for `key`: `score` already node-relative ([`score_to_tt`]), `depth`
    /// in plies (negative depths are stored as 0).
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation.load(Ordering::Relaxed);
        let i = self.index(key);
        let slots = &self.buckets[i].0;
        let bucket: [Entry; BUCKET] = std::array::from_fn(|j| slots[j].load());
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(j) => {
                let old = bucket[j];
                let keep_deeper = old.generation() == generation
                    && i32::from(old.depth) > depth + 2
                    && bound != Bound::Exact;
                if keep_deeper {
                    return;
                }
                j
            }
            None => {
                let value = |e: &Entry| -> i32 {
                    let age = i32::from((generation.wrapping_sub(e.generation())) & 63);
                    i32::from(e.depth) - 8 * age
                };
                let mut worst = 0;
                for j in 1..BUCKET {
                    if value(&bucket[j]) < value(&bucket[worst]) {
                        worst = j;
                    }
                }
                worst
            }
        };
        let old_move = bucket[slot].mv;
        let keep_move = mv.is_none() && bucket[slot].key == key;
        slots[slot].save(&Entry {
            key,
            mv: if keep_move { old_move } else { encode_move(mv) },
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            eval: eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: (generation << 2) | bound.bits(),
        });
    }

    /// How full the table is, per mille, as UCI's `hashfull` reports it: the share of the
    /// first thousand entries written by the current search.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let mut used = 0u32;
        let mut seen = 0;
        let generation = self.generation.load(Ordering::Relaxed);
        'outer: for b in &self.buckets {
            for e in b.0.iter().map(Slot::load) {
                if seen == 1000 {
                    break 'outer;
                }
                seen += 1;
                if e.bound() != Bound::None && e.generation() == generation {
                    used += 1;
                }
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

/// A move in 16 bits: from (6), to (6), kind (4; 0 means no move).
fn encode_move(mv: Option<Move>) -> u16 {
    let Some(m) = mv else { return 0 };
    let kind: u16 = match m.kind {
        MoveKind::Normal => 1,
        MoveKind::EnPassant => 2,
        MoveKind::Castle => 3,
        MoveKind::Promotion(Role::Knight) => 4,
        MoveKind::Promotion(Role::Bishop) => 5,
        MoveKind::Promotion(Role::Rook) => 6,
        MoveKind::Promotion(_) => 7,
    };
    (m.from.as_u8() as u16) | (m.to.as_u8() as u16) << 6 | kind << 12
}

fn decode_move(bits: u16) -> Option<Move> {
    let kind = match bits >> 12 {
        1 => MoveKind::Normal,
        2 => MoveKind::EnPassant,
        3 => MoveKind::Castle,
        4 => MoveKind::Promotion(Role::Knight),
        5 => MoveKind::Promotion(Role::Bishop),
        6 => MoveKind::Promotion(Role::Rook),
        7 => MoveKind::Promotion(Role::Queen),
        _ => return None,
    };
    Some(Move {
        from: Square::new_masked((bits & 63) as u8),
        to: Square::new_masked(((bits >> 6) & 63) as u8),
        kind,
    })
}

/// A score as the table keeps it: mate scores counted from this node (`ply` plies below the
/// root) rather than from the root.
///
/// ```
/// use vdmchess::search::{tt::{score_from_tt, score_to_tt}, MATE};
/// // Mate in 5 plies from the root, found 2 plies down: mate in 3 plies from that node.
/// let stored = score_to_tt(MATE - 5, 2);
/// assert_eq!(stored, MATE - 3);
/// // Met again 4 plies down, it is mate in 7 plies from the root.
/// assert_eq!(score_from_tt(stored, 4), MATE - 7);
/// assert_eq!(score_to_tt(35, 9), 35);
/// ```
#[must_use]
#[inline]
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`score_to_tt`]: a stored score seen `ply` plies below the root.
#[must_use]
#[inline]
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The two places the table asks the machine for more than safe Rust can say: a prefetch and
/// large pages. Both are hints with no effect on what the program computes; together they
/// make the search 1.27x faster on the same trees (MEASUREMENTS.md, the engine: "the
/// transposition table's memory"), which is what DESIGN.md asks of any `unsafe`.
#[allow(unsafe_code)]
mod memory {
    /// Asks the kernel to back the allocation behind `v` (its capacity, untouched yet) with
    /// transparent huge pages where 2 MB pages fit inside it.
    #[cfg(target_os = "linux")]
    pub(super) fn advise_huge_pages<T>(v: &Vec<T>) {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        let first = start.next_multiple_of(HUGE);
        let last = end / HUGE * HUGE;
        if last > first {
            // SAFETY: madvise reads and writes no memory; it changes only how the kernel backs
            // pages of this process's own allocation (`first..last` lies inside `v`'s
            // capacity), and a refusal (a kernel without huge pages) leaves the mapping as it
            // was, so its result is ignored.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub(super) fn advise_huge_pages<T>(_v: &Vec<T>) {}

    /// Starts loading the cache line of `r` (the hint `T0`: into every level of the cache).
    #[inline]
    pub(super) fn prefetch<T>(r: &T) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch is only a hint to the cache: it never faults, reads nothing into
        // the program and writes nothing, and the address is that of a live reference.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(r).cast::<i8>());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = r;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn moves_round_trip_through_sixteen_bits() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        for m in [
            Move::normal(sq("e2"), sq("e4")),
            Move {
                from: sq("e1"),
                to: sq("h1"),
                kind: MoveKind::Castle,
            },
            Move {
                from: sq("d5"),
                to: sq("e6"),
                kind: MoveKind::EnPassant,
            },
            Move {
                from: sq("a7"),
                to: sq("b8"),
                kind: MoveKind::Promotion(Role::Knight),
            },
            Move {
                from: sq("h2"),
                to: sq("h1"),
                kind: MoveKind::Promotion(Role::Queen),
            },
        ] {
            assert_eq!(decode_move(encode_move(Some(m))), Some(m));
        }
        assert_eq!(decode_move(encode_move(None)), None);
    }

    #[test]
    fn mate_scores_are_stored_node_relative() {
        // Being mated in 4 plies from the root, seen 3 plies down: mated in 1 there.
        assert_eq!(score_to_tt(-(MATE - 4), 3), -(MATE - 1));
        assert_eq!(score_from_tt(-(MATE - 1), 3), -(MATE - 4));
        for ply in 0..100 {
            for s in [MATE - 120, -(MATE - 130), 0, 250, -900] {
                assert_eq!(score_from_tt(score_to_tt(s, ply), ply), s);
            }
        }
    }

    #[test]
    fn replacement_prefers_old_and_shallow_entries() {
        let tt = TranspositionTable::new(1);
        let n = tt.buckets.len() as u64;
        // Keys landing in bucket 0: the multiply-shift index is 0 for keys below 2^64 / n.
        let keys: Vec<u64> = (0..5).map(|i| i * ((u64::MAX / n) / 8)).collect();
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, None, 1, 0, 10 + i as i32, Bound::Exact);
        }
        tt.store(keys[4], None, 2, 0, 20, Bound::Lower);
        // The shallowest (depth 10, keys[0]) gave way.
        assert!(tt.probe(keys[0]).is_none());
        assert!(tt.probe(keys[4]).is_some());
        // A new search: an old deep entry gives way to a new shallow one.
        for _ in 0..4 {
            tt.new_search();
        }
        let k5 = 5 * ((u64::MAX / n) / 8);
        tt.store(k5, None, 3, 0, 1, Bound::Upper);
        assert_eq!(tt.probe(k5).map(|h| h.score), Some(3));
        assert_eq!(tt.hashfull(), 1);
    }

    #[test]
    fn entries_pack_into_sixty_four_bits() {
        let e = Entry {
            key: 0xdead_beef_0123_4567,
            mv: encode_move(Some(Move::normal(
                "g1".parse().unwrap(),
                "f3".parse().unwrap(),
            ))),
            score: -31_990,
            eval: 1_234,
            depth: 200,
            gen_bound: (63 << 2) | Bound::Upper.bits(),
        };
        let back = Entry::unpack(e.key, e.pack());
        assert_eq!(
            (back.mv, back.score, back.eval, back.depth, back.gen_bound),
            (e.mv, e.score, e.eval, e.depth, e.gen_bound)
        );
        // A slot whose two words come from different writes does not match the key.
        let slot = Slot::default();
        slot.save(&e);
        slot.data.store(e.pack() ^ 1, Ordering::Relaxed);
        assert_ne!(slot.load().key, e.key);
    }

    #[test]
    fn a_table_on_large_pages_keeps_every_bucket() {
        // 8 MB: several whole 2 MB pages inside the allocation, asked for as huge pages
        // before the first write; every bucket, first to last, must still hold what it is
        // given (the hint changes how memory is backed, never what it holds).
        let tt = TranspositionTable::new(8);
        assert_eq!(tt.size_mb(), 8);
        let n = tt.buckets.len() as u64;
        // The first key of each bucket: multiply-shift sends key k·2^64/n to bucket k.
        let key = |b: u64| ((u128::from(b) << 64).div_ceil(u128::from(n))) as u64;
        for b in 0..n {
            assert_eq!(tt.index(key(b)), b as usize);
            tt.prefetch(key(b));
            tt.store(key(b), None, (b % 30_000) as i32, 0, 3, Bound::Lower);
        }
        for b in 0..n {
            let hit = tt.probe(key(b)).expect("stored");
            assert_eq!(hit.score, (b % 30_000) as i32);
            assert_eq!(hit.bound, Bound::Lower);
        }
    }

    #[test]
    fn threads_share_one_table() {
        // Keys spread over the table as Zobrist keys are.
        let key = |i: u64| (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let tt = std::sync::Arc::new(TranspositionTable::new(1));
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let tt = &tt;
                s.spawn(move || {
                    for k in 0..500u64 {
                        let i = k * 2 + t;
                        tt.store(key(i), None, i as i32, 0, 5, Bound::Exact);
                    }
                });
            }
        });
        let found = (0..1000u64)
            .filter(|&i| tt.probe(key(i)).is_some_and(|h| h.score == i as i32))
            .count();
        assert!(found > 900, "{found}");
    }

    #[test]
    fn a_deeper_result_of_the_same_search_is_kept() {
        let tt = TranspositionTable::new(1);
        tt.store(99, None, 10, 0, 12, Bound::Lower);
        tt.store(99, None, 20, 0, 3, Bound::Upper);
        assert_eq!(tt.probe(99).map(|h| h.depth), Some(12));
        tt.store(99, None, 30, 0, 3, Bound::Exact);
        assert_eq!(tt.probe(99).map(|h| (h.depth, h.score)), Some((3, 30)));
    }
}
