//! The `match` tool end to end: a short real match of our engine against itself, and engines
//! that break the protocol (an illegal move, an exit, silence) losing cleanly.

use std::path::PathBuf;
use std::process::{Command, Output};

const OURS: &str = env!("CARGO_BIN_EXE_asean-engine");

fn run_match(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_match"))
        .args(args)
        .output()
        .expect("the match tool runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fake UCI engine: a shell script that shakes hands, then does `on_go` when told `go`.
fn fake_engine(name: &str, on_go: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fake-engines");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let script = format!(
        "#!/bin/sh\n\
         while read -r cmd rest; do\n\
           case \"$cmd\" in\n\
             uci) echo 'id name {name}'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go) {on_go} ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n"
    );
    std::fs::write(&path, script).expect("write the script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    path
}

#[test]
fn our_engine_against_itself() {
    let pgn = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("self.pgn");
    let ours = format!("cmd={OURS},nodes=1500");
    let out = run_match(&[
        "--engine",
        &ours,
        "--engine",
        &ours,
        "--games",
        "2",
        "--max-plies",
        "60",
        "--pgn",
        pgn.to_str().expect("utf-8 path"),
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("(2 games)"), "{stdout}");
    assert!(stdout.contains("pairs (0, ½, 1, 1½, 2 points)"), "{stdout}");
    assert!(!stdout.contains("forfeit"), "{stdout}");
    assert_eq!(
        stderr.matches("] ").count(),
        2,
        "one progress line a game: {stderr}"
    );
    let games = std::fs::read_to_string(&pgn).expect("the PGN file");
    assert_eq!(games.matches("[Variant \"asean\"]").count(), 2, "{games}");
    assert!(
        games.contains("[White \"ASEAN chess engine 0.1.0 A\"]"),
        "{games}"
    );
    // Both games replay under our rules from their FEN tags.
    for game in games.split("\n\n[Event").skip(1) {
        let game = format!("[Event{game}");
        rules::pgn::read(&game, rules::Rules::default()).expect("a PGN our reader takes back");
    }
}

/// Our engine against `fake` for 2 games: ours must win both, and `expect` be in the log.
fn fake_loses(fake: &std::path::Path, expect: &str) {
    let ours = format!("cmd={OURS},nodes=500");
    let theirs = format!("cmd={},nodes=500", fake.display());
    let out = run_match(&[
        "--engine", &ours, "--engine", &theirs, "--games", "2", "--grace", "1",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("+2 =0 -0 (2 games)"), "{stdout}\n{stderr}");
    assert!(stdout.contains("forfeit 2"), "{stdout}");
    assert!(stderr.contains(expect), "{expect:?} not in {stderr}");
}

#[test]
fn an_illegal_move_loses() {
    fake_loses(
        &fake_engine("illegal", "echo 'bestmove a1a8'"),
        "played \"a1a8\": illegal move",
    );
}

#[test]
fn garbage_loses() {
    fake_loses(
        &fake_engine("garbage", "echo 'bestmove hello'"),
        "invalid UCI move",
    );
}

#[test]
fn an_engine_that_exits_loses() {
    fake_loses(
        &fake_engine("exits", "exit 3"),
        "exited while we waited for bestmove",
    );
}

#[test]
fn an_engine_that_hangs_loses() {
    fake_loses(
        &fake_engine("hangs", "exec sleep 600"),
        "sent no bestmove within 1.0 s",
    );
}

#[test]
fn a_missing_engine_stops_the_match_before_it_starts() {
    let ours = format!("cmd={OURS},nodes=500");
    let out = run_match(&[
        "--engine",
        &ours,
        "--engine",
        "cmd=/nonexistent/engine,nodes=5",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("could not start"),
        "{}",
        text(&out.stderr)
    );
    let out = run_match(&["--engine", &ours]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("give --engine twice"));
}
