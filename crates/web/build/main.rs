//! The build script of the page's crate: reads the texts (`texts/<code>.ftl`, one Fluent file
//! per language), checks every language against English and writes them as Rust into
//! `$OUT_DIR/texts.rs`, which `src/i18n.rs` includes. A language that lacks a message, has one
//! English does not, or uses other variables stops the build with the file, line and key.

mod texts;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    println!("cargo::rerun-if-changed=texts");
    println!("cargo::rerun-if-changed=build");
    let (Some(manifest), Some(out)) = (
        std::env::var_os("CARGO_MANIFEST_DIR"),
        std::env::var_os("OUT_DIR"),
    ) else {
        eprintln!("the page's texts: cargo sets neither CARGO_MANIFEST_DIR nor OUT_DIR");
        return ExitCode::FAILURE;
    };
    let languages = match texts::read_dir(&PathBuf::from(manifest).join("texts")) {
        Ok(languages) => languages,
        Err(errors) => {
            eprintln!("the page's texts are not complete:");
            for e in errors {
                eprintln!("  {e}");
            }
            return ExitCode::FAILURE;
        }
    };
    let path = PathBuf::from(out).join("texts.rs");
    if let Err(e) = std::fs::write(&path, texts::generate(&languages)) {
        eprintln!("the page's texts: cannot write {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
