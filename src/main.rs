//! The `vdmchess` command line.

fn main() {
    println!("vdmchess {}", env!("CARGO_PKG_VERSION"));
}
