//! `cargo xtask build`: the browser bundle in `www/pkg/`.
//!
//! 1. `rustup toolchain install` (adds the wasm32 target on a fresh machine);
//! 2. `cargo build -p first -p web -p worker --target wasm32-unknown-unknown --profile
//!    wasm-release`: three modules, the first board's (`crates/first`: the game to resume,
//!    drawn before the rest has loaded), the page's (`crates/web`, the full app) and the AI
//!    worker's (`crates/worker`, with the engine), so the first board needs only the smallest;
//! 3. wasm-bindgen (as a library, target `web`) writes `www/pkg/first.js` + `first_bg.wasm`,
//!    `www/pkg/web.js` + `web_bg.wasm` and `www/pkg/worker.js` + `worker_bg.wasm`;
//! 4. wasm-opt `-Oz --converge --low-memory-unused` (and the unread sections stripped) on each, only if a wasm-opt of version >= 116 is found (older ones, such
//!    as Debian's 108, produce broken bundles);
//! 5. prints each module's raw and gzipped size;
//! 6. writes the language catalogs `www/pkg/i18n/<code>.json` (every language but English,
//!    which is built into the page's module; the page loads the player's on demand) by running
//!    `cargo run -p web --example catalogs` on the host;
//! 7. writes the service worker's asset list `www/pkg/assets.js` ([`crate::assets`]), which
//!    names the catalogs too, so they are precached for offline play.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use flate2::Compression;
use flate2::write::GzEncoder;

use crate::{browser, cmd};

/// The wasm target of the browser bundle.
pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// The cargo profile of the browser bundle (defined in the workspace `Cargo.toml`).
const PROFILE: &str = "wasm-release";
/// The package and library name of the first board's crate.
const FIRST_PACKAGE: &str = "first";
/// The package and library name of the UI crate.
const WEB_PACKAGE: &str = "web";
/// The package and library name of the AI worker's crate.
const WORKER_PACKAGE: &str = "worker";
/// The wasm modules of the bundle, each built from the package of the same name.
const MODULES: [&str; 3] = [FIRST_PACKAGE, WEB_PACKAGE, WORKER_PACKAGE];
/// The oldest wasm-opt known to produce working bundles.
const MIN_WASM_OPT_VERSION: u32 = 116;

/// Options of `cargo xtask build` (shared by `serve`).
#[derive(Debug, Default, Clone, clap::Args)]
pub struct BuildOptions {
    /// Skip wasm-opt even when a suitable one is installed.
    #[arg(long)]
    pub no_wasm_opt: bool,
}

/// Builds the bundle into `<workspace>/www/pkg/`.
pub fn build(opts: &BuildOptions) -> Result<()> {
    let started = Instant::now();
    let root = cmd::workspace_root();
    ensure_toolchain(&root);

    println!(
        "xtask: building crates/{FIRST_PACKAGE}, crates/{WEB_PACKAGE} and crates/{WORKER_PACKAGE} \
         for {WASM_TARGET} (profile {PROFILE})"
    );
    let wasms = cargo_build_modules(&root)?;

    let www = root.join("www");
    let out_dir = www.join("pkg");
    if out_dir.exists() {
        std::fs::remove_dir_all(&out_dir)
            .with_context(|| format!("removing the old bundle {}", out_dir.display()))?;
    }
    std::fs::create_dir_all(&out_dir).with_context(|| format!("creating {}", out_dir.display()))?;
    for (name, wasm) in &wasms {
        wasm_bindgen_cli_support::Bindgen::new()
            .input_path(wasm)
            .out_name(name)
            .web(true)
            .context("selecting wasm-bindgen's `web` target")?
            // Without this the generated `init()` has no default URL for the wasm file.
            .omit_default_module_path(false)
            .typescript(false)
            .generate(&out_dir)
            .with_context(|| format!("wasm-bindgen on {}", wasm.display()))?;

        let bundle_wasm = out_dir.join(format!("{name}_bg.wasm"));
        let bundle_js = out_dir.join(format!("{name}.js"));
        if !bundle_wasm.is_file() || !bundle_js.is_file() {
            bail!(
                "wasm-bindgen did not produce {} and {}",
                bundle_js.display(),
                bundle_wasm.display()
            );
        }
        if opts.no_wasm_opt {
            println!("xtask: wasm-opt skipped (--no-wasm-opt)");
        } else {
            optimise(&root, &bundle_wasm);
        }
        report_size(&bundle_wasm)?;
        report_size(&bundle_js)?;
    }
    write_catalogs(&out_dir.join("i18n"))?;
    let list = crate::assets::write(&www)?;
    println!(
        "xtask: service worker asset list {} ({} files)",
        out_dir.join(crate::assets::LIST_FILE).display(),
        list.len()
    );
    println!(
        "xtask: bundle ready in {} ({:.1} s)",
        out_dir.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Writes the language catalogs into `dir` with the page crate's `catalogs` example (built for
/// the host), and prints their gzipped total.
fn write_catalogs(dir: &Path) -> Result<()> {
    let mut cargo = cmd::cargo();
    cargo
        .args([
            "run",
            "--quiet",
            "--package",
            WEB_PACKAGE,
            "--example",
            "catalogs",
            "--",
        ])
        .arg(dir);
    cmd::run(&mut cargo, "the language catalogs")?;
    let mut raw = 0;
    let mut gzipped = 0;
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let bytes = std::fs::read(entry?.path()).context("reading a catalog")?;
        raw += bytes.len();
        gzipped += gzip_len(&bytes)?;
    }
    println!(
        "xtask: language catalogs in {}: {} raw, {} gzipped in all (one is loaded at a time)",
        dir.display(),
        human(raw),
        human(gzipped)
    );
    Ok(())
}

/// Installs the pinned toolchain and its targets if missing (a no-op when present). Only warns
/// on failure: the build that follows reports a missing target clearly enough.
fn ensure_toolchain(root: &Path) {
    let Some(rustup) = browser::which("rustup") else {
        println!("xtask: rustup not found; assuming the {WASM_TARGET} target is installed");
        return;
    };
    // Quiet when all is present; rustup's own messages are shown if it fails.
    match Command::new(&rustup)
        .current_dir(root)
        .args(["toolchain", "install"])
        .output()
    {
        Ok(out) if out.status.success() => {}
        Ok(out) => {
            let _ = std::io::stderr().write_all(&out.stderr);
        }
        Err(err) => println!("xtask: could not run rustup: {err}"),
    }
    // A toolchain installed before (without the file's targets) is left as it is by `toolchain
    // install`, and older rustup versions ignore the file's targets: the target is added when
    // the toolchain does not list it.
    let listed = Command::new(&rustup)
        .current_dir(root)
        .args(["target", "list", "--installed"])
        .output()
        .is_ok_and(|out| {
            out.status.success()
                && String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .any(|l| l.trim() == WASM_TARGET)
        });
    if listed {
        return;
    }
    let added = Command::new(&rustup)
        .current_dir(root)
        .args(["target", "add", WASM_TARGET])
        .status()
        .is_ok_and(|s| s.success());
    if !added {
        println!("xtask: warning: could not install the {WASM_TARGET} target with rustup");
    }
}

/// Builds the first board's, the page's and the worker's crates and returns each module's name with the path of
/// its `.wasm` artifact, in the order of [`MODULES`].
fn cargo_build_modules(root: &Path) -> Result<Vec<(&'static str, PathBuf)>> {
    let mut cargo = cmd::cargo();
    cargo.current_dir(root).arg("build");
    for package in MODULES {
        cargo.args(["--package", package]);
    }
    cargo
        .args(["--lib", "--target", WASM_TARGET])
        .args([
            "--profile",
            PROFILE,
            "--message-format=json-render-diagnostics",
        ])
        .stdout(Stdio::piped());
    let mut child = cargo
        .spawn()
        .with_context(|| format!("could not start {cargo:?}"))?;
    let mut found: Vec<(&'static str, PathBuf)> = Vec::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines() {
            let line = line.context("reading cargo's output")?;
            if let Some((name, path)) = wasm_artifact(&line) {
                found.retain(|(n, _)| *n != name);
                found.push((name, path));
            }
        }
    }
    let status = child.wait().context("waiting for cargo build")?;
    if !status.success() {
        bail!("building the wasm modules for {WASM_TARGET} failed ({status})");
    }
    MODULES
        .iter()
        .map(|name| {
            found
                .iter()
                .find(|(n, _)| n == name)
                .cloned()
                .with_context(|| {
                    format!("cargo build succeeded but reported no .wasm artifact for {name}")
                })
        })
        .collect()
}

/// The module name and `.wasm` file named by a cargo `compiler-artifact` JSON message for one
/// of the [`MODULES`].
fn wasm_artifact(line: &str) -> Option<(&'static str, PathBuf)> {
    let message: serde_json::Value = serde_json::from_str(line).ok()?;
    if message.get("reason")?.as_str()? != "compiler-artifact" {
        return None;
    }
    let target = message.get("target")?.get("name")?.as_str()?;
    let name = MODULES.into_iter().find(|m| *m == target)?;
    message
        .get("filenames")?
        .as_array()?
        .iter()
        .filter_map(|f| f.as_str())
        .find(|f| f.ends_with(".wasm"))
        .map(|f| (name, PathBuf::from(f)))
}

/// Runs wasm-opt `-Oz` on `wasm` in place if a suitable wasm-opt exists; otherwise, or if it
/// fails, leaves the (working) unoptimised file and says why.
fn optimise(root: &Path, wasm: &Path) {
    let Some((wasm_opt, version)) = find_wasm_opt(root).or_else(|| install_binaryen(root)) else {
        println!(
            "xtask: wasm-opt >= {MIN_WASM_OPT_VERSION} not found; bundle left unoptimised \
             (optional: `npm install binaryen` in the workspace root, or set WASM_OPT)"
        );
        return;
    };
    let optimised = wasm.with_extension("opt.wasm");
    let status = Command::new(&wasm_opt)
        .arg(wasm)
        .arg("-o")
        .arg(&optimised)
        .arg("-Oz")
        // Repeat the passes while they still shrink the module.
        .arg("--converge")
        // Rust's stack sits below the data (growing down to address 0), so the low 1 KiB is
        // only reached by a stack already overflowing: constant offsets may be folded.
        .arg("--low-memory-unused")
        // Sections the browser never reads.
        .args(["--strip-producers", "--strip-target-features"])
        // The features rustc enables by default for wasm32-unknown-unknown.
        .args([
            "--enable-bulk-memory",
            "--enable-mutable-globals",
            "--enable-nontrapping-float-to-int",
            "--enable-sign-ext",
            "--enable-reference-types",
            "--enable-multivalue",
        ])
        .status();
    match status {
        Ok(s) if s.success() => match std::fs::rename(&optimised, wasm) {
            Ok(()) => println!(
                "xtask: optimised with {} (version {version})",
                wasm_opt.display()
            ),
            Err(err) => println!("xtask: warning: keeping the unoptimised bundle: {err}"),
        },
        Ok(s) => {
            let _ = std::fs::remove_file(&optimised);
            println!("xtask: warning: wasm-opt failed ({s}); keeping the unoptimised bundle");
        }
        Err(err) => println!("xtask: warning: could not run wasm-opt: {err}"),
    }
}

/// The npm package that ships a working wasm-opt, pinned.
const BINARYEN_NPM: &str = "binaryen@132.0.0";

/// Installs npm's `binaryen` under `target/tools/` (once; later builds find it there) when npm
/// is available, and returns its wasm-opt. Any failure just means an unoptimised bundle.
fn install_binaryen(root: &Path) -> Option<(PathBuf, u32)> {
    let prefix = root.join("target/tools");
    let wasm_opt = prefix.join("node_modules/.bin/wasm-opt");
    if !wasm_opt.exists() {
        browser::which("npm")?;
        println!("xtask: installing {BINARYEN_NPM} (npm) into target/tools for wasm-opt");
        std::fs::create_dir_all(&prefix).ok()?;
        let status = Command::new("npm")
            .args([
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
            ])
            .arg("--prefix")
            .arg(&prefix)
            .arg(BINARYEN_NPM)
            .stdin(std::process::Stdio::null())
            .status()
            .ok()?;
        if !status.success() {
            println!("xtask: warning: npm could not install {BINARYEN_NPM}");
            return None;
        }
    }
    let text = cmd::output(Command::new(&wasm_opt).arg("--version"))?;
    let version = parse_wasm_opt_version(&text)?;
    (version >= MIN_WASM_OPT_VERSION).then_some((wasm_opt, version))
}

/// The first wasm-opt of version >= 116 among `$WASM_OPT`, `node_modules/.bin/wasm-opt` and
/// `PATH`, with its version.
fn find_wasm_opt(root: &Path) -> Option<(PathBuf, u32)> {
    let candidates = [
        std::env::var_os("WASM_OPT").map(PathBuf::from),
        Some(root.join("node_modules/.bin/wasm-opt")),
        Some(root.join("target/tools/node_modules/.bin/wasm-opt")),
        Some(cmd::target_dir().join("tools/node_modules/.bin/wasm-opt")),
        browser::which("wasm-opt"),
    ];
    candidates.into_iter().flatten().find_map(|path| {
        let text = cmd::output(Command::new(&path).arg("--version"))?;
        let version = parse_wasm_opt_version(&text)?;
        if version >= MIN_WASM_OPT_VERSION {
            Some((path, version))
        } else {
            println!(
                "xtask: ignoring {} (version {version} < {MIN_WASM_OPT_VERSION} breaks bundles)",
                path.display()
            );
            None
        }
    })
}

/// Parses `wasm-opt version 116 (version_116)` into 116.
fn parse_wasm_opt_version(text: &str) -> Option<u32> {
    let after = text.split("version").nth(1)?;
    let digits: String = after
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Prints the raw and gzipped size of `path`.
fn report_size(path: &Path) -> Result<()> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let gzipped = gzip_len(&bytes)?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    println!(
        "xtask: {name}: {} raw, {} gzipped",
        human(bytes.len()),
        human(gzipped)
    );
    Ok(())
}

/// The size of `bytes` gzipped at the best compression.
fn gzip_len(bytes: &[u8]) -> Result<usize> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).context("gzip")?;
    Ok(encoder.finish().context("gzip")?.len())
}

/// `123456` -> `120.6 KiB`.
fn human(bytes: usize) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else {
        // Precision loss is irrelevant for a display value.
        #[allow(clippy::cast_precision_loss)]
        let kib = bytes as f64 / 1024.0;
        format!("{kib:.1} KiB")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_wasm_opt_versions() {
        assert_eq!(
            parse_wasm_opt_version("wasm-opt version 116 (version_116)"),
            Some(116)
        );
        assert_eq!(parse_wasm_opt_version("wasm-opt version 108"), Some(108));
        assert_eq!(parse_wasm_opt_version("garbage"), None);
    }

    #[test]
    fn finds_the_wasm_artifact() {
        let line = r#"{"reason":"compiler-artifact","target":{"name":"web"},"filenames":["/t/web.d","/t/web.wasm"]}"#;
        assert_eq!(
            wasm_artifact(line),
            Some(("web", PathBuf::from("/t/web.wasm")))
        );
        let worker = r#"{"reason":"compiler-artifact","target":{"name":"worker"},"filenames":["/t/worker.wasm"]}"#;
        assert_eq!(
            wasm_artifact(worker),
            Some(("worker", PathBuf::from("/t/worker.wasm")))
        );
        let other = r#"{"reason":"compiler-artifact","target":{"name":"js_sys"},"filenames":["/t/x.wasm"]}"#;
        assert_eq!(wasm_artifact(other), None);
        assert_eq!(wasm_artifact("not json"), None);
    }

    #[test]
    fn formats_sizes() {
        assert_eq!(human(10), "10 B");
        assert_eq!(human(2048), "2.0 KiB");
    }
}
