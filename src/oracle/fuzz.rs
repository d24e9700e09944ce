//! Property-based conformance of an engine: generated cases compared one by one, the first
//! difference shrunk and bisected.
//!
//! [`fuzz`] draws [`Recipe`]s from a [`SplitMix64`] seeded with the seed given, builds each
//! into a valid [`Case`], and compares the engine's divide at the depth asked with ours. On
//! the first difference it [`shrink`]s the case while the difference remains, then
//! [`bisect`]s the smallest case to say where and how the engine differs. An engine that
//! fails on a case (dies, hangs, prints garbage) is a finding too, reported with that case.
//! The same seed, depth, limits and engine give the same run.

use std::time::{Duration, Instant};

use super::case::Case;
use super::diff::{bisect, divides_agree, DiffReport};
use super::divide::our_divide;
use super::engine::{Engine, EngineError};
use super::recipe::Recipe;
use super::rng::SplitMix64;
use super::shrink::shrink;
use crate::setup::MaterialLimits;

/// What [`fuzz`] runs.
///
/// ```
/// use vdmchess::oracle::fuzz::FuzzOptions;
/// let options = FuzzOptions { cases: 10_000, seed: 7, ..FuzzOptions::default() };
/// assert_eq!((options.depth, options.shrink_budget), (1, 5000));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FuzzOptions {
    /// How many cases to compare at most.
    pub cases: u64,
    /// The seed of the case generator.
    pub seed: u64,
    /// The perft depth of each comparison (1 or 2 in practice).
    pub depth: u32,
    /// Whether cases may break the material limits (see [`MaterialLimits`]).
    pub limits: MaterialLimits,
    /// How many simpler cases the shrinker may try.
    pub shrink_budget: usize,
}

impl Default for FuzzOptions {
    fn default() -> FuzzOptions {
        FuzzOptions {
            cases: 1000,
            seed: 0,
            depth: 1,
            limits: MaterialLimits::Enforced,
            shrink_budget: 5000,
        }
    }
}

/// What a fuzz run found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// Every case agreed.
    None,
    /// The engine's divide differs: the smallest failing case, its bisect, the case as first
    /// generated, and how many simpler cases were accepted.
    Differs {
        /// The shrunk case.
        case: Case,
        /// Its bisect.
        report: Box<DiffReport>,
        /// The case as generated.
        original: Case,
        /// Shrinking steps taken.
        steps: usize,
    },
    /// The engine failed on this case.
    EngineFailed {
        /// The case it failed on.
        case: Case,
        /// How it failed.
        error: EngineError,
    },
}

/// The result of [`fuzz`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FuzzReport {
    /// The seed.
    pub seed: u64,
    /// The cases compared (the failing one included).
    pub cases: u64,
    /// The depth.
    pub depth: u32,
    /// The leaf nodes the engine counted over the cases compared.
    pub engine_nodes: u64,
    /// The leaf nodes we counted over them.
    pub our_nodes: u64,
    /// What was found.
    pub finding: Finding,
    /// How long the comparisons took (shrinking and bisecting excluded).
    pub elapsed: Duration,
}

/// Runs the cases of `options` against the engine `make_engine` starts (again after it
/// failed during shrinking); `progress` hears the number of cases compared so far.
///
/// # Errors
///
/// The [`EngineError`] of starting the engine the first time.
///
/// # Examples
///
/// A move generator (in this process) that forgets that a king may not step next to the other
/// king, found and shrunk to a few pieces:
///
/// ```
/// use vdmchess::core::Chess;
/// use vdmchess::oracle::{fuzz::{fuzz, Finding, FuzzOptions}, generator::InProcess};
/// use vdmchess::{CastlingMode, Rules, Setup};
///
/// let careless = |setup: &Setup, mode: CastlingMode| -> Vec<String> {
///     let pos = Chess::from_setup(setup, mode).unwrap();
///     let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_uci(mode)).collect();
///     let (us, them) = (setup.king(setup.turn).unwrap(), setup.king(setup.turn.other()).unwrap());
///     for (df, dr) in vdmchess::setup::KING_OFFSETS {
///         if let Some(to) = us.offset(df, dr) {
///             let touches = to.file().abs_diff(them.file()) <= 1 && to.rank().abs_diff(them.rank()) <= 1;
///             let empty = setup.piece_at(to).is_none();
///             let others_attack = {
///                 let mut s = *setup;
///                 s.board[them.index()] = None;
///                 s.board[us.index()] = None;
///                 s.attacked_by(setup.turn.other(), to)
///             };
///             if touches && empty && !others_attack {
///                 moves.push(format!("{us}{to}"));
///             }
///         }
///     }
///     moves
/// };
/// let options = FuzzOptions { cases: 2000, seed: 1, ..FuzzOptions::default() };
/// let report = fuzz(|| Ok(InProcess::new(careless)), &options, |_| {}).unwrap();
/// let Finding::Differs { case, report: diff, .. } = report.finding else { panic!("not found") };
/// assert!(!diff.extra.is_empty());
/// assert!(case.piece_count() <= 4);
/// ```
pub fn fuzz<E, M>(
    mut make_engine: M,
    options: &FuzzOptions,
    mut progress: impl FnMut(u64),
) -> Result<FuzzReport, EngineError>
where
    E: Engine,
    M: FnMut() -> Result<E, EngineError>,
{
    let mut engine = make_engine()?;
    let mut rng = SplitMix64::new(options.seed);
    let mut report = FuzzReport {
        seed: options.seed,
        cases: 0,
        depth: options.depth,
        engine_nodes: 0,
        our_nodes: 0,
        finding: Finding::None,
        elapsed: Duration::ZERO,
    };
    let started = Instant::now();
    while report.cases < options.cases {
        let case = Recipe::random(&mut rng, options.limits).build(options.limits);
        let Ok(pos) = case.validate(options.limits) else {
            continue;
        };
        report.cases += 1;
        let ours = our_divide(pos.position(), options.depth);
        let theirs = match engine.divide(&case, options.depth) {
            Ok(d) => d,
            Err(error) => {
                report.finding = Finding::EngineFailed { case, error };
                break;
            }
        };
        report.engine_nodes += theirs.total;
        report.our_nodes += ours.total;
        progress(report.cases);
        if divides_agree(&pos, &theirs, &ours) {
            continue;
        }
        report.elapsed = started.elapsed();
        report.finding = found(&mut engine, &mut make_engine, case, options);
        return Ok(report);
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

/// Shrinks and bisects the failing `case`.
fn found<E, M>(engine: &mut E, make_engine: &mut M, case: Case, options: &FuzzOptions) -> Finding
where
    E: Engine,
    M: FnMut() -> Result<E, EngineError>,
{
    let limits = options.limits;
    let shrunk = shrink(&case, limits, options.shrink_budget, |candidate| {
        let Ok(pos) = candidate.validate(limits) else {
            return false;
        };
        let ours = our_divide(pos.position(), options.depth);
        match engine.divide(candidate, options.depth) {
            Ok(theirs) => !divides_agree(&pos, &theirs, &ours),
            Err(_) => {
                // A failure on a simpler case is not the difference being shrunk; go on
                // with a fresh engine (when one starts).
                if let Ok(fresh) = make_engine() {
                    *engine = fresh;
                }
                false
            }
        }
    });
    let smallest = shrunk.case;
    let Ok(pos) = smallest.validate(limits) else {
        unreachable!("the shrinker accepts only valid cases")
    };
    match bisect(engine, &smallest, &pos, options.depth) {
        Ok(report) => Finding::Differs {
            case: smallest,
            report: Box::new(report),
            original: case,
            steps: shrunk.steps,
        },
        Err(error) => Finding::EngineFailed {
            case: smallest,
            error,
        },
    }
}
