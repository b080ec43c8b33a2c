//! Writes the language catalogs the page loads on demand: `<dir>/<code>.json` for every
//! language but English (built into the module), from the tables of `web::i18n`.
//!
//! Run by `cargo xtask build` as `cargo run -p web --example catalogs -- www/pkg/i18n`.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use web::i18n::{Lang, catalog_json};
    let Some(dir) = std::env::args_os().nth(1).map(std::path::PathBuf::from) else {
        eprintln!("usage: catalogs <output folder>");
        return std::process::ExitCode::FAILURE;
    };
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("catalogs: cannot create {}: {e}", dir.display());
        return std::process::ExitCode::FAILURE;
    }
    for &lang in Lang::ALL.iter().filter(|&&l| l != Lang::En) {
        let path = dir.join(format!("{}.json", lang.code()));
        if let Err(e) = std::fs::write(&path, catalog_json(lang)) {
            eprintln!("catalogs: cannot write {}: {e}", path.display());
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Nothing to do in the browser: the catalogs are written on the host.
#[cfg(target_arch = "wasm32")]
fn main() {}
