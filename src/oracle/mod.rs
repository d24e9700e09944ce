//! The oracle's doors: what the reference model can tell about moves other programs make.
//!
//! - [`explain`]: why a move is legal or illegal, decided by the model alone, naming the VDM
//!   clause and the FIDE Laws article that decide it.

pub mod explain;
