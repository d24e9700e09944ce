//! A game as a tree: tags, the mainline and its variations, in text order.
//!
//! The tree is flat: every line (the mainline and each variation) lives in one vector and a
//! variation is referred to by its index, so no operation on it recurses, however deep the
//! nesting (building, dropping and writing 100,000 nested variations is safe).

use std::io::{self, Read};

use super::{decode_text, Outcome, PgnError, PgnReader, RawTag, Skip, TextPos, Visitor};

/// One token of a line, in text order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Item {
    /// A move as written (SAN, or whatever the text had; annotation glyphs are [`Item::Nag`]s).
    Move(String),
    /// A numeric annotation glyph.
    Nag(u8),
    /// A comment's text.
    Comment(String),
    /// A variation: the index in [`Game::lines`] of a line that replaces the last move
    /// before it.
    Variation(usize),
}

/// A sequence of items: the mainline or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Line {
    /// The items in text order.
    pub items: Vec<Item>,
}

/// A PGN game: tags, lines and result.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Game {
    /// The tag pairs, in text order, decoded.
    pub tags: Vec<(String, String)>,
    /// `lines[0]` is the mainline; the others are variations, referred to by
    /// [`Item::Variation`].
    pub lines: Vec<Line>,
    /// The result token: `None` when missing, `Some(None)` for `*`.
    pub result: Option<Option<Outcome>>,
    /// The syntax errors met while reading it.
    pub errors: Vec<PgnError>,
}

impl Default for Game {
    fn default() -> Game {
        Game {
            tags: Vec::new(),
            lines: vec![Line::default()],
            result: None,
            errors: Vec::new(),
        }
    }
}

impl Game {
    /// The value of the first tag called `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The moves of the mainline, as written.
    pub fn mainline(&self) -> impl Iterator<Item = &str> {
        self.lines[0].items.iter().filter_map(|i| match i {
            Item::Move(s) => Some(s.as_str()),
            _ => None,
        })
    }

    /// Reads every game of `src`.
    ///
    /// # Errors
    ///
    /// I/O errors of the source.
    ///
    /// ```
    /// use vdmchess::notation::pgn::Game;
    /// let games = Game::read_all("1. e4 {best by test} e5 1-0 2. d4 *".as_bytes()).unwrap();
    /// assert_eq!(games.len(), 2);
    /// assert_eq!(games[0].mainline().collect::<Vec<_>>(), ["e4", "e5"]);
    /// ```
    pub fn read_all<R: Read>(src: R) -> io::Result<Vec<Game>> {
        let mut reader = PgnReader::new(src);
        let mut builder = GameBuilder::default();
        let mut games = Vec::new();
        while let Some(g) = reader.read_game(&mut builder)? {
            games.push(g);
        }
        Ok(games)
    }
}

/// The [`Visitor`] that builds a [`Game`], variations included.
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Game,
    /// The line being read, innermost last.
    stack: Vec<usize>,
}

impl GameBuilder {
    fn push(&mut self, item: Item) {
        let line = self.stack.last().copied().unwrap_or(0);
        self.game.lines[line].items.push(item);
    }
}

impl Visitor for GameBuilder {
    type Output = Game;

    fn begin_game(&mut self) {
        self.game = Game::default();
        self.stack.clear();
    }

    fn tag(&mut self, name: &[u8], value: &RawTag<'_>) {
        self.game.tags.push((decode_text(name), value.decode()));
    }

    fn san(&mut self, san: &[u8], _at: TextPos) {
        self.push(Item::Move(decode_text(san)));
    }

    fn nag(&mut self, nag: u8, _at: TextPos) {
        self.push(Item::Nag(nag));
    }

    fn comment(&mut self, text: &[u8], _at: TextPos) {
        self.push(Item::Comment(decode_text(text)));
    }

    fn begin_variation(&mut self) -> Skip {
        let index = self.game.lines.len();
        self.push(Item::Variation(index));
        self.game.lines.push(Line::default());
        self.stack.push(index);
        Skip(false)
    }

    fn end_variation(&mut self) {
        self.stack.pop();
    }

    fn outcome(&mut self, outcome: Option<Outcome>, _at: TextPos) {
        self.game.result = Some(outcome);
    }

    fn error(&mut self, err: PgnError) {
        self.game.errors.push(err);
    }

    fn end_game(&mut self) -> Game {
        self.stack.clear();
        std::mem::take(&mut self.game)
    }
}
