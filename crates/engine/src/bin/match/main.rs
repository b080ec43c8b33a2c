//! Plays two UCI engines against each other and reports the score and the Elo difference.
//!
//! ```text
//! cargo build -p engine --release --bin asean-engine --bin match
//! target/release/match --engine cmd=target/release/asean-engine,nodes=100000 \
//!     --engine cmd=/usr/games/fairy-stockfish,name=Fairy-Stockfish,nodes=5000 --games 20
//! ```
//! Each engine is `cmd=PATH` with one limit (`nodes=N`, `depth=N`, `movetime=MS` or
//! `tc=BASE+INC` in seconds), optionally `name=NAME`, `arg=ARG` and `option.NAME=VALUE`;
//! `option.UCI_Variant=asean` is always sent. Each opening of the set (the built-in
//! `crates/engine/openings/asean.fen`, or `--openings FILE`, in an order shuffled by `--seed`)
//! is played twice, A White first. Games are refereed by the rules crate: checkmate, stalemate,
//! dead position, the count's expiry; a claimable draw (threefold, 50 moves) is taken at once;
//! `--max-plies` plies after the opening is a draw; an engine that plays an illegal or
//! unparsable move, exits, does not answer within `--grace` seconds past its limit, or
//! oversteps its clock by more than `--time-margin` loses that game (and is restarted for the
//! next). Progress goes to standard error, the result to standard output; `--pgn FILE` writes
//! the games.
//!
//! `match openings` makes an opening set (how the built-in one was made: see its header).
//!
//! `match ladder` plays each level of our engine (`Skill Level` 1 to 8, with nodes standing for
//! its move time) against one fixed reference and prints a table of each level's Elo:
//!
//! ```text
//! target/release/match ladder --games 20      # ours: the asean-engine next to this binary
//! ```
//!
//! `match beginner` plays a low level in this process against a random mover and against the
//! level above it, from the start, and reports its results and blunder rate by phase:
//!
//! ```text
//! target/release/match beginner --level 1 --against random,2 --games 100
//! ```

mod adjudication;
mod beginner;
mod game;
mod ladder;
mod openings;
mod rng;
mod runner;
mod spec;
mod stats;

use core::time::Duration;
use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use engine::Level;
use rules::pgn;

use crate::game::{Effort, Referee};
use crate::runner::{Report, Schedule, Summary};
use crate::spec::{EngineSpec, MoveLimit};
use engine::uci_client::UciEngine;

#[derive(Parser, Debug)]
#[command(
    name = "match",
    about = "Plays two UCI engines against each other from varied openings, refereed by the rules crate, and reports the score and Elo.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Prints an opening set (FEN lines) to standard output.
    Openings(OpeningArgs),
    /// Plays each of our levels against one reference engine; prints each level's Elo.
    Ladder(Box<LadderArgs>),
    /// Plays a low level against a random mover and another level, in this process, and reports
    /// its results and its blunder rate by move number and material (see `beginner.rs`).
    Beginner(BeginnerArgs),
}

#[derive(clap::Args, Debug)]
struct BeginnerArgs {
    /// The level under study.
    #[arg(long, default_value_t = 1)]
    level: u8,
    /// Its opponents, each for `--games` games: `random` or a level.
    #[arg(long, value_delimiter = ',', default_value = "random,2")]
    against: Vec<beginner::Opponent>,
    /// Games against each opponent (colours alternate).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Seed of the noise and of the random mover.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes of the full-strength search judging each of the level's moves.
    #[arg(long, default_value_t = 40_000)]
    judge_nodes: u64,
    /// A move losing this many centipawns against the judge's best is a blunder.
    #[arg(long, default_value_t = 180)]
    blunder_cp: i32,
    /// The judge's score (centipawns) from which the level counts as far ahead.
    #[arg(long, default_value_t = 800)]
    far_ahead_cp: i32,
    /// Plies after which a game is a draw.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
}

#[derive(clap::Args, Debug)]
struct PlayArgs {
    /// An engine: `cmd=PATH,nodes=N` (or `depth=N`, `movetime=MS`, `tc=BASE+INC` in seconds),
    /// with optional `name=NAME`, `arg=ARG`, `option.NAME=VALUE`. Give it twice: A, then B.
    #[arg(long = "engine", value_name = "SPEC")]
    engines: Vec<EngineSpec>,
    #[command(flatten)]
    common: CommonArgs,
    /// Writes the games to this PGN file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<std::path::PathBuf>,
}

#[derive(clap::Args, Debug)]
struct LadderArgs {
    /// Our UCI engine (default: `asean-engine` next to this program).
    #[arg(long, value_name = "PATH")]
    ours: Option<std::path::PathBuf>,
    /// The fixed reference every level plays.
    #[arg(
        long,
        value_name = "SPEC",
        default_value = "cmd=/usr/games/fairy-stockfish,name=Fairy-Stockfish,nodes=1000"
    )]
    reference: EngineSpec,
    /// The levels to play, e.g. `1,2,3` (default: 1 to 8).
    #[arg(long, value_delimiter = ',', default_values_t = 1..=8u8)]
    levels: Vec<u8>,
    /// Nodes per millisecond of a level's move time: its node budget (level 1: 50 ms).
    #[arg(long, default_value_t = 100)]
    nodes_per_ms: u64,
    /// Also plays each level against the level below it (as many games).
    #[arg(long)]
    steps: bool,
    #[command(flatten)]
    common: CommonArgs,
}

/// What matches and the ladder share.
#[derive(clap::Args, Debug)]
struct CommonArgs {
    /// Games to play (both colours of each opening: an even number); for the ladder, per level.
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Seed of the openings' order.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (each with its own two engine processes).
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// A file of openings, one FEN a line (default: the built-in set).
    #[arg(long, value_name = "FILE")]
    openings: Option<std::path::PathBuf>,
    /// Plies after the opening after which a game is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Seconds an engine may take past its own limit (with nodes or depth: at all) before it
    /// loses; also the deadline of the handshake.
    #[arg(long, default_value_t = 30.0)]
    grace: f64,
    /// Milliseconds an engine on a clock may overstep it before it loses on time.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
}

impl CommonArgs {
    /// The schedule of these options for `specs` (after [`preflight`]), openings shuffled.
    fn schedule(&self, specs: [EngineSpec; 2]) -> Result<Schedule, String> {
        let mut openings = match &self.openings {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("reading {}: {e}", path.display()))?;
                openings::parse(&text, &path.display().to_string())?
            }
            None => openings::parse(openings::BUILT_IN, "the built-in openings")?,
        };
        rng::SplitMix64::new(self.seed).shuffle(&mut openings);
        Ok(Schedule {
            specs,
            openings,
            games: self.games,
            concurrency: self.concurrency.max(1),
            referee: Referee {
                max_plies: self.max_plies,
                grace: self.grace()?,
                time_margin: Duration::from_millis(self.time_margin),
            },
        })
    }

    fn grace(&self) -> Result<Duration, String> {
        if self.grace.is_finite() && self.grace > 0.0 {
            Ok(Duration::from_secs_f64(self.grace))
        } else {
            Err("--grace must be a positive number of seconds".to_owned())
        }
    }
}

#[derive(clap::Args, Debug)]
struct OpeningArgs {
    /// How many openings.
    #[arg(long, default_value_t = 300)]
    count: usize,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Fewest random plies from the start.
    #[arg(long, default_value_t = 4)]
    min_plies: usize,
    /// Most random plies from the start.
    #[arg(long, default_value_t = 8)]
    max_plies: usize,
    /// Nodes of our engine's search judging each candidate.
    #[arg(long, default_value_t = 50_000)]
    nodes: u64,
    /// Largest score (centipawns, either side) a kept opening may have.
    #[arg(long, default_value_t = 60)]
    max_cp: i32,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Openings(o)) => print_openings(&o),
        Some(Command::Ladder(l)) => run_ladder(*l),
        Some(Command::Beginner(b)) => run_beginner(&b),
        None => play(cli.play),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("match: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_beginner(b: &BeginnerArgs) -> Result<(), String> {
    let level = Level::new(b.level).ok_or_else(|| format!("level {} is not in 1..=8", b.level))?;
    for &against in &b.against {
        let study = beginner::Study {
            level,
            against,
            games: b.games,
            seed: b.seed,
            judge_nodes: b.judge_nodes,
            blunder_cp: b.blunder_cp,
            far_ahead_cp: b.far_ahead_cp,
            max_plies: b.max_plies,
        };
        let tally = beginner::run(&study);
        print!("{}", beginner::report(&study, &tally));
    }
    Ok(())
}

fn print_openings(o: &OpeningArgs) -> Result<(), String> {
    if o.min_plies > o.max_plies {
        return Err("--min-plies is above --max-plies".to_owned());
    }
    let recipe = openings::Recipe {
        count: o.count,
        seed: o.seed,
        min_plies: o.min_plies,
        max_plies: o.max_plies,
        nodes: o.nodes,
        max_cp: o.max_cp,
    };
    let fens = openings::generate(&recipe);
    let mut out = std::io::stdout().lock();
    let w = |out: &mut std::io::StdoutLock<'_>, line: &str| {
        writeln!(out, "{line}").map_err(|e| format!("writing the openings: {e}"))
    };
    w(
        &mut out,
        &format!(
            "# {} ASEAN chess openings: {}..={} uniformly random plies (no king move) from the start (seed {}),",
            fens.len(),
            o.min_plies,
            o.max_plies,
            o.seed
        ),
    )?;
    w(
        &mut out,
        &format!(
            "# kept when new, not in check and scored within ±{} cp by our engine at {} nodes. Made by:",
            o.max_cp, o.nodes
        ),
    )?;
    w(
        &mut out,
        &format!(
            "# match openings --count {} --seed {} --min-plies {} --max-plies {} --nodes {} --max-cp {}",
            o.count, o.seed, o.min_plies, o.max_plies, o.nodes, o.max_cp
        ),
    )?;
    for fen in &fens {
        w(&mut out, fen)?;
    }
    if fens.len() < o.count {
        eprintln!(
            "match: only {} openings passed the filter (asked for {})",
            fens.len(),
            o.count
        );
    }
    Ok(())
}

/// Starts each engine once (a misconfigured engine stops the match before it begins) and fixes
/// the names: each engine's `id name` unless named, suffixed ` A`/` B` when the two are equal.
fn preflight(specs: &mut [EngineSpec; 2], grace: Duration) -> Result<(), String> {
    for spec in specs.iter_mut() {
        let engine = UciEngine::start(&spec.command(), grace)
            .map_err(|e| format!("engine {}: {e}", spec.cmd))?;
        spec.name = Some(engine.name.clone());
    }
    if specs[0].name == specs[1].name {
        for (spec, suffix) in specs.iter_mut().zip([" A", " B"]) {
            if let Some(n) = spec.name.as_mut() {
                n.push_str(suffix);
            }
        }
    }
    Ok(())
}

fn name(spec: &EngineSpec) -> &str {
    spec.name.as_deref().unwrap_or(&spec.cmd)
}

fn play(args: PlayArgs) -> Result<(), String> {
    let [a, b]: [EngineSpec; 2] = args
        .engines
        .try_into()
        .map_err(|v: Vec<EngineSpec>| format!("give --engine twice (got {})", v.len()))?;
    let mut specs = [a, b];
    let common = &args.common;
    preflight(&mut specs, common.grace()?)?;
    let schedule = common.schedule(specs)?;
    let mut pgn_file = match &args.pgn {
        Some(path) => Some(
            std::fs::File::create(path).map_err(|e| format!("creating {}: {e}", path.display()))?,
        ),
        None => None,
    };
    eprintln!(
        "match: A = {} ({}) vs B = {} ({}), {} games from {} openings (seed {}), {} at once",
        name(&schedule.specs[0]),
        schedule.specs[0].limit,
        name(&schedule.specs[1]),
        schedule.specs[1].limit,
        schedule.games,
        schedule.openings.len(),
        common.seed,
        schedule.concurrency
    );
    let mut pgn_error = None;
    let summary = runner::run(&schedule, |report, tally| {
        let (white, black) = colours(&schedule, report);
        eprintln!(
            "[{:>3}/{}] {white} - {black} (opening {}): {} {}, {} plies | A {:.1}/{}",
            report.index + 1,
            schedule.games,
            report.opening + 1,
            report.played.end.to_pgn(white, black).score.token(),
            report.played.end.describe(),
            report.played.game.moves().len(),
            tally.points(),
            tally.games()
        );
        if let Some(file) = pgn_file.as_mut()
            && pgn_error.is_none()
            && let Err(e) = file.write_all(game_pgn(&schedule, report).as_bytes())
        {
            pgn_error = Some(e);
        }
    });
    print_summary(&schedule, &summary);
    match pgn_error {
        Some(e) => Err(format!("writing the PGN: {e}")),
        None => Ok(()),
    }
}

fn run_ladder(args: LadderArgs) -> Result<(), String> {
    let ours = match args.ours {
        Some(p) => p,
        None => std::env::current_exe()
            .map_err(|e| format!("finding this program: {e}"))?
            .with_file_name("asean-engine"),
    };
    let ours = ours.display().to_string();
    let levels = args
        .levels
        .iter()
        .map(|&n| Level::new(n).ok_or_else(|| format!("--levels: {n} is not a level (1 to 8)")))
        .collect::<Result<Vec<Level>, String>>()?;
    let grace = args.common.grace()?;
    let mut specs = [
        ladder::level_spec(&ours, Level::MIN, args.nodes_per_ms),
        args.reference,
    ];
    preflight(&mut specs, grace)?;
    let schedule = args.common.schedule(specs)?;
    let reference = format!("{} ({})", name(&schedule.specs[1]), schedule.specs[1].limit);
    eprintln!(
        "ladder: levels {:?} of {ours} ({} nodes per ms of move time) against {reference}, {} games each",
        args.levels, args.nodes_per_ms, schedule.games
    );
    let rungs = ladder::run(
        &schedule,
        &ours,
        &levels,
        args.nodes_per_ms,
        args.steps,
        |rung| {
            eprintln!("level {}: {}", rung.level, rung.summary.tally);
            if let Some(step) = &rung.step {
                eprintln!(
                    "level {} against the level below: {}",
                    rung.level, step.tally
                );
            }
        },
    );
    print!("{}", ladder::table(&reference, &rungs));
    Ok(())
}

/// The names of White and Black in `report`'s game.
fn colours<'a>(schedule: &'a Schedule, report: &Report) -> (&'a str, &'a str) {
    let (a, b) = (name(&schedule.specs[0]), name(&schedule.specs[1]));
    if report.a_white { (a, b) } else { (b, a) }
}

fn game_pgn(schedule: &Schedule, report: &Report) -> String {
    let (white, black) = colours(schedule, report);
    let (w, b) = if report.a_white { (0, 1) } else { (1, 0) };
    let (wl, bl) = (schedule.specs[w].limit, schedule.specs[b].limit);
    let time_control = match (wl, bl) {
        // A clock the rules play is their time control; one they do not (fractions of a
        // second, over three hours) is written as it is.
        (MoveLimit::Clock { base, increment }, other) if other == wl => {
            Some(pgn::TimeControlTag::from_value(&format!(
                "{}+{}",
                base.as_secs_f64(),
                increment.as_secs_f64()
            )))
        }
        _ => None,
    };
    let tags = pgn::Tags {
        event: "Engine match".to_owned(),
        round: (report.index + 1).to_string(),
        white: white.to_owned(),
        black: black.to_owned(),
        time_control,
        extra: vec![
            ("WhiteLimit".to_owned(), wl.to_string()),
            ("BlackLimit".to_owned(), bl.to_string()),
        ],
        ..pgn::Tags::default()
    };
    let mut text = pgn::write(
        &report.played.game,
        &tags,
        &report.played.end.to_pgn(white, black),
    );
    text.push('\n');
    text
}

fn effort_line(name: &str, e: &Effort) -> String {
    let mean = |sum: u64, n: u64| {
        if n == 0 {
            "?".to_owned()
        } else {
            format!("{:.1}", sum as f64 / n as f64)
        }
    };
    let ms = if e.moves == 0 {
        0.0
    } else {
        e.time.as_secs_f64() * 1000.0 / e.moves as f64
    };
    format!(
        "{name}: {} moves; its last info line gave a mean depth {}, mean nodes {}; mean {ms:.0} ms a move",
        e.moves,
        mean(e.depth_sum, e.depth_moves),
        mean(e.nodes_sum, e.nodes_moves),
    )
}

fn print_summary(schedule: &Schedule, summary: &Summary) {
    let [a, b] = &schedule.specs;
    println!(
        "{} ({}) vs {} ({}): {}",
        name(a),
        a.limit,
        name(b),
        b.limit,
        summary.tally
    );
    let ends: Vec<String> = summary
        .ends
        .iter()
        .map(|(kind, n)| format!("{kind} {n}"))
        .collect();
    println!("ends: {}", ends.join(", "));
    for (spec, e) in schedule.specs.iter().zip(&summary.effort) {
        println!("{}", effort_line(name(spec), e));
    }
}
