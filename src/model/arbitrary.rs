//! Generators for property tests: quickcheck [`Arbitrary`](quickcheck::Arbitrary) values of the
//! model's types and proptest strategies for games reached by random legal play.
//!
//! Exported behind the `quickcheck` and `proptest` features so that other move generators can
//! be tested against the model from their own test suites.
//!
//! Games are generated *into* the domain, never filtered: a game is its start and a list of
//! numbers, and the number `i` plays the move `legal[i % legal.len()]`. Shrinking the list
//! shrinks the game.

use crate::model::board::{self, Board};
use crate::model::game::Game;

/// The games along a random legal play from `start`: `start` itself, then the game after each
/// move, where `indices[k]` picks the k-th move as `legal[indices[k] % legal.len()]`. Stops
/// early when no move is legal.
#[must_use]
pub fn random_play(start: &Game, indices: &[usize]) -> Vec<Game> {
    let mut games = vec![start.clone()];
    let mut board: Board = start.board().clone();
    for &i in indices {
        let legal = board::possible_moves(&board);
        if legal.is_empty() {
            break;
        }
        board = board::move_unchecked(&board, legal[i % legal.len()]);
        games.push(Game::new(board.clone()));
    }
    games
}

#[cfg(any(test, feature = "quickcheck"))]
mod qc {
    use quickcheck::{Arbitrary, Gen};

    use crate::model::board::{BoardState, PieceSet};
    use crate::model::piece::{Colour, Coordinate, Piece, PieceType};

    impl Arbitrary for Colour {
        fn arbitrary(g: &mut Gen) -> Colour {
            *g.choose(&[Colour::White, Colour::Black])
                .unwrap_or(&Colour::White)
        }
    }

    impl Arbitrary for PieceType {
        fn arbitrary(g: &mut Gen) -> PieceType {
            *g.choose(&[
                PieceType::Pawn,
                PieceType::Knight,
                PieceType::Bishop,
                PieceType::Rook,
                PieceType::Queen,
                PieceType::King,
            ])
            .unwrap_or(&PieceType::Pawn)
        }
    }

    impl Arbitrary for Coordinate {
        fn arbitrary(g: &mut Gen) -> Coordinate {
            Coordinate::from_index(usize::from(u8::arbitrary(g) % 64))
        }

        fn shrink(&self) -> Box<dyn Iterator<Item = Coordinate>> {
            // Towards a1: lower files, then lower ranks.
            let (x, y) = (self.x(), self.y());
            let smaller = [(x - 1, y), (x, y - 1)];
            Box::new(
                smaller
                    .into_iter()
                    .filter_map(|(x, y)| Coordinate::new(x, y).ok())
                    .collect::<Vec<_>>()
                    .into_iter(),
            )
        }
    }

    impl Arbitrary for Piece {
        fn arbitrary(g: &mut Gen) -> Piece {
            Piece::new(
                PieceType::arbitrary(g),
                Coordinate::arbitrary(g),
                Colour::arbitrary(g),
            )
        }
    }

    /// A random non-empty set of up to 32 pieces on distinct coordinates: it satisfies
    /// `inv_board_state` by construction. It need not be a legal chess position.
    impl Arbitrary for BoardState {
        fn arbitrary(g: &mut Gen) -> BoardState {
            let count = 1 + usize::from(u8::arbitrary(g)) % 32;
            let mut free: Vec<usize> = (0..64).collect();
            let mut pieces = PieceSet::new();
            for _ in 0..count {
                let k = usize::from(u8::arbitrary(g)) % free.len();
                let coord = Coordinate::from_index(free.swap_remove(k));
                pieces.insert(Piece::new(
                    PieceType::arbitrary(g),
                    coord,
                    Colour::arbitrary(g),
                ));
            }
            BoardState::new(pieces).unwrap_or_else(|_| unreachable!("distinct coordinates"))
        }

        fn shrink(&self) -> Box<dyn Iterator<Item = BoardState>> {
            let pieces = self.pieces().clone();
            let smaller: Vec<BoardState> = pieces
                .iter()
                .filter_map(|p| BoardState::new(pieces.without(p)).ok())
                .collect();
            Box::new(smaller.into_iter())
        }
    }
}

#[cfg(any(test, feature = "proptest"))]
mod pt {
    use proptest::collection::vec;
    use proptest::prelude::*;

    use super::random_play;
    use crate::model::game::{default_game, Game};
    use crate::setup::{CastlingMode, Setup};

    /// The Chess960 start array with Scharnagl number `n` (518 is the standard start).
    #[must_use]
    pub fn chess960_game(n: u32) -> Game {
        Game::from_setup(&Setup::chess960_start(n), CastlingMode::Chess960)
            .unwrap_or_else(|_| unreachable!("every Chess960 start is legal"))
    }

    /// The standard start, or one of the 960 Chess960 starts, and a list of move choices.
    pub fn starts_and_choices(
        chess960: bool,
        max_plies: usize,
    ) -> impl Strategy<Value = (Game, Vec<usize>)> {
        let start = if chess960 {
            (0u32..960).prop_map(chess960_game).boxed()
        } else {
            Just(default_game()).boxed()
        };
        (start, vec(any::<usize>(), 0..=max_plies))
    }

    /// Games reached by up to `max_plies` random legal moves from the standard start.
    pub fn games_from_start(max_plies: usize) -> impl Strategy<Value = Game> {
        starts_and_choices(false, max_plies).prop_map(|(start, ix)| last(random_play(&start, &ix)))
    }

    /// Games reached by up to `max_plies` random legal moves from a random Chess960 start.
    pub fn games_from_chess960(max_plies: usize) -> impl Strategy<Value = Game> {
        starts_and_choices(true, max_plies).prop_map(|(start, ix)| last(random_play(&start, &ix)))
    }

    fn last(mut games: Vec<Game>) -> Game {
        games.pop().unwrap_or_else(default_game)
    }
}

#[cfg(any(test, feature = "proptest"))]
pub use pt::{chess960_game, games_from_chess960, games_from_start, starts_and_choices};
