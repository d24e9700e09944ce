//! Generators for property tests: quickcheck [`Arbitrary`](quickcheck::Arbitrary) values of the
//! model's types and proptest strategies for games reached by random legal play.
//!
//! Exported behind the `quickcheck` and `proptest` features so that other move generators can
//! be tested against the model from their own test suites.
//!
//! Games are generated *into* the domain, never filtered: a game is its start and a list of
//! numbers, and the number `i` plays the move `legal[i % legal.len()]`. Shrinking the list
//! shrinks the game.

use crate::model::array::possible_moves_on_array;
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
        let legal = possible_moves_on_array(&board);
        if legal.is_empty() {
            break;
        }
        board = match board::move_(&board, legal[i % legal.len()]) {
            Ok(next) => next,
            Err(e) => unreachable!("a possible move is refused: {e}"),
        };
        games.push(Game::new(board.clone()));
    }
    games
}

#[cfg(any(test, feature = "quickcheck"))]
mod qc {
    use quickcheck::{Arbitrary, Gen};

    use crate::model::board::BoardState;
    use crate::model::piece::{Colour, Coordinate, Piece, PieceType};
    use crate::model::Set;

    impl Arbitrary for Colour {
        fn arbitrary(g: &mut Gen) -> Colour {
            *g.choose(&[Colour::White, Colour::Black])
                .unwrap_or(&Colour::White)
        }
    }

    impl Arbitrary for PieceType {
        fn arbitrary(g: &mut Gen) -> PieceType {
            *g.choose(&PieceType::ALL).unwrap_or(&PieceType::Pawn)
        }
    }

    impl Arbitrary for Coordinate {
        fn arbitrary(g: &mut Gen) -> Coordinate {
            Coordinate::from_index(usize::from(u8::arbitrary(g) % 64))
        }

        fn shrink(&self) -> Box<dyn Iterator<Item = Coordinate>> {
            // Towards a1: lower files, then lower ranks.
            let (x, y) = (self.x() as i32, self.y() as i32);
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
            let mut pieces = Set::new();
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
    use crate::types::{Color, Piece, Role, Square};

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

    /// Random placements that `Setup::validate` accepts in standard mode: two kings, up to 14
    /// other pieces on distinct squares, no pawn on the first or last rank, the side not to
    /// move not in check (the side to move is chosen so), and no castling rights.
    pub fn placements() -> impl Strategy<Value = Setup> {
        let piece = (0usize..10, 0u8..64);
        (0u8..64, 0u8..64, vec(piece, 0..14), any::<bool>()).prop_filter_map(
            "kings apart and a side not in check",
            |(wk, bk, others, black)| {
                let mut setup = Setup::empty();
                let (wk, bk) = (Square::new(wk)?, Square::new(bk)?);
                if wk == bk {
                    return None;
                }
                setup.board[wk.index()] = Some(Piece {
                    color: Color::White,
                    role: Role::King,
                });
                setup.board[bk.index()] = Some(Piece {
                    color: Color::Black,
                    role: Role::King,
                });
                for (kind, sq) in others {
                    let sq = Square::new(sq)?;
                    let color = if kind % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let roles = [
                        Role::Pawn,
                        Role::Knight,
                        Role::Bishop,
                        Role::Rook,
                        Role::Queen,
                    ];
                    let role = roles[kind / 2];
                    let back_rank = sq.rank() == 0 || sq.rank() == 7;
                    if setup.board[sq.index()].is_some() || (role == Role::Pawn && back_rank) {
                        continue;
                    }
                    setup.board[sq.index()] = Some(Piece { color, role });
                }
                setup.turn = if black { Color::Black } else { Color::White };
                if setup.validate(CastlingMode::Standard).is_err() {
                    setup.turn = setup.turn.other();
                }
                setup.validate(CastlingMode::Standard).ok()?;
                Some(setup)
            },
        )
    }

    /// Games from a random placement ([`placements`]) and up to `max_plies` random moves.
    pub fn games_from_placements(max_plies: usize) -> impl Strategy<Value = Vec<Game>> {
        (placements(), vec(any::<usize>(), 0..=max_plies)).prop_map(|(setup, ix)| {
            let start = Game::from_setup(&setup, CastlingMode::Standard)
                .unwrap_or_else(|e| unreachable!("placements are valid: {e}"));
            random_play(&start, &ix)
        })
    }
}

#[cfg(any(test, feature = "proptest"))]
pub use pt::{
    chess960_game, games_from_chess960, games_from_placements, games_from_start, placements,
    starts_and_choices,
};
