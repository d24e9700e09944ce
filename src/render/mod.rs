//! Pictures of a board: [`text`] (ASCII letters or Unicode figurines) and [`svg`].

mod pieces;
pub mod svg;
pub mod text;
