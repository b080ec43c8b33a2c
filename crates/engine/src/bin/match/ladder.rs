//! The ladder: each of our levels against one fixed reference engine, and a table of each
//! level's Elo over it.
//!
//! Level `L` plays as `setoption name Skill Level value L` (its depth cap and noise) with a node
//! budget standing for its move time: `nodes = move time in ms × nodes_per_ms`, so the ladder is
//! robust to a loaded machine and still gives the higher levels the larger budgets they get on
//! the page (the level's move time stays a ceiling, which binds only on a machine slower than
//! `nodes_per_ms`).

use engine::Level;

use crate::runner::{self, Schedule, Summary};
use crate::spec::{EngineSpec, MoveLimit};
use crate::stats::Estimate;

/// Our engine at `level`: `cmd` with the Skill Level and the node budget of its move time.
#[must_use]
pub fn level_spec(cmd: &str, level: Level, nodes_per_ms: u64) -> EngineSpec {
    let ms = u64::try_from(level.move_time().as_millis()).unwrap_or(u64::MAX);
    EngineSpec {
        cmd: cmd.to_owned(),
        args: Vec::new(),
        name: Some(format!("level {level}")),
        options: vec![
            ("UCI_Variant".to_owned(), "asean".to_owned()),
            ("Skill Level".to_owned(), level.to_string()),
        ],
        limit: MoveLimit::Nodes(ms.saturating_mul(nodes_per_ms).max(1)),
    }
}

/// One row of the ladder.
#[derive(Debug, Clone)]
pub struct Rung {
    /// The level.
    pub level: Level,
    /// Its limit.
    pub limit: MoveLimit,
    /// Its match against the reference.
    pub summary: Summary,
}

/// Plays `base` (its reference as engine B, its openings, games and referee) once for each of
/// `levels`, our engine (`cmd`) as engine A; `on_rung` hears of each finished level.
pub fn run(
    base: &Schedule,
    cmd: &str,
    levels: &[Level],
    nodes_per_ms: u64,
    mut on_rung: impl FnMut(&Rung),
) -> Vec<Rung> {
    let mut rungs = Vec::new();
    for &level in levels {
        let mut schedule = base.clone();
        schedule.specs[0] = level_spec(cmd, level, nodes_per_ms);
        let summary = runner::run(&schedule, |report, tally| {
            eprint!(
                "{}",
                match report.a_half_points() {
                    2 => "+",
                    1 => "=",
                    _ => "-",
                }
            );
            if tally.games() as usize == schedule.games {
                eprintln!();
            }
        });
        let rung = Rung {
            level,
            limit: schedule.specs[0].limit,
            summary,
        };
        on_rung(&rung);
        rungs.push(rung);
    }
    rungs
}

/// The ladder as a Markdown table: each level's limit, results, score and Elo over the
/// reference (95% interval), and the step from the level below (`clearly` when the two
/// intervals do not overlap).
#[must_use]
pub fn table(reference: &str, rungs: &[Rung]) -> String {
    let mut out = format!(
        "| level | limit | +/=/- | score | Elo vs {reference} (95%) | step from the level below |\n\
         | ---: | --- | --- | ---: | --- | --- |\n"
    );
    let mut below: Option<Estimate> = None;
    for r in rungs {
        let t = &r.summary.tally;
        let e = t.elo();
        let step = match below {
            None => String::new(),
            Some(b) => {
                let diff = e.elo - b.elo;
                let verdict = if e.low > b.high {
                    "clearly stronger"
                } else if e.high < b.low {
                    "clearly weaker"
                } else {
                    "not separated"
                };
                if diff.is_finite() {
                    format!("{diff:+.0} ({verdict})")
                } else {
                    verdict.to_owned()
                }
            }
        };
        out.push_str(&format!(
            "| {} | {} | +{} ={} -{} | {:.1}% | {} | {step} |\n",
            r.level,
            r.limit,
            t.wins,
            t.draws,
            t.losses,
            t.score() * 100.0,
            e
        ));
        below = Some(e);
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;
    use crate::stats::Tally;

    #[test]
    fn level_specs_scale_with_the_move_time() {
        let one = level_spec("ours", Level::MIN, 100);
        assert_eq!(one.limit, MoveLimit::Nodes(5_000));
        assert!(
            one.options
                .contains(&("Skill Level".to_owned(), "1".to_owned()))
        );
        assert_eq!(
            level_spec("ours", Level::MAX, 100).limit,
            MoveLimit::Nodes(400_000)
        );
    }

    #[test]
    fn the_table_compares_neighbours() {
        let rung = |n, wins, losses| Rung {
            level: Level::new(n).unwrap(),
            limit: MoveLimit::Nodes(1),
            summary: Summary {
                tally: Tally {
                    wins,
                    draws: 0,
                    losses,
                    pairs: [0; 5],
                },
                ..Summary::default()
            },
        };
        let text = table("FS", &[rung(1, 2, 18), rung(2, 18, 2), rung(3, 17, 3)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(lines[3].contains("clearly stronger"), "{text}");
        assert!(lines[4].contains("not separated"), "{text}");
    }
}
