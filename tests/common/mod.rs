//! Helpers shared by the integration tests.

#![allow(dead_code)]

pub mod agree;
pub mod chunked;
pub mod perft_data;
