//! The ASEAN chess engine as a UCI program: `cargo run -p engine --release --bin asean-engine`.

fn main() -> std::io::Result<()> {
    engine::uci::run_stdio()
}
