//! The ladder: each of our levels against one fixed reference engine, and a table of each
//! level's Elo over it.
//!
//! Level `L` plays as `setoption name Skill Level value L` (its depth cap and noise) with a node
//! budget standing for its move time: `nodes = move time in ms × nodes_per_ms`, so the ladder is
//! robust to a loaded machine and still gives the higher levels the larger budgets they get on
//! the page (the level's move time stays a ceiling, which binds only on a machine slower than
//! `nodes_per_ms`).
//!
//! One reference cannot tell apart levels that all lose (or all win) against it, so the ladder
//! can also play each level directly against the level below it (`steps`).

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
    /// Its match against the level below it in the ladder (when asked for, and not the first).
    pub step: Option<Summary>,
}

/// Plays `schedule`, printing a mark for each game (`+` `=` `-` for engine A) on one line.
fn play_marked(schedule: &Schedule) -> Summary {
    runner::run(schedule, |report, tally| {
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
    })
}

/// Plays `base` (its reference as engine B, its openings, games and referee) once for each of
/// `levels`, our engine (`cmd`) as engine A, and with `steps` each level but the first against
/// the one before it too; `on_rung` hears of each finished level.
pub fn run(
    base: &Schedule,
    cmd: &str,
    levels: &[Level],
    nodes_per_ms: u64,
    steps: bool,
    mut on_rung: impl FnMut(&Rung),
) -> Vec<Rung> {
    let mut rungs: Vec<Rung> = Vec::new();
    for &level in levels {
        let mut schedule = base.clone();
        schedule.specs[0] = level_spec(cmd, level, nodes_per_ms);
        let summary = play_marked(&schedule);
        let step = match rungs.last() {
            Some(below) if steps => {
                schedule.specs[1] = level_spec(cmd, below.level, nodes_per_ms);
                Some(play_marked(&schedule))
            }
            _ => None,
        };
        let rung = Rung {
            level,
            limit: schedule.specs[0].limit,
            summary,
            step,
        };
        on_rung(&rung);
        rungs.push(rung);
    }
    rungs
}

/// The ladder as a Markdown table: each level's limit, results, score and Elo over the
/// reference (95% interval), and the step from the level below (`clearly` when the two
/// intervals do not overlap); with steps played, the direct match against the level below.
#[must_use]
pub fn table(reference: &str, rungs: &[Rung]) -> String {
    let steps = rungs.iter().any(|r| r.step.is_some());
    let mut out = format!(
        "| level | limit | +/=/- | score | Elo vs {reference} (95%) | step from the level below |"
    );
    out.push_str(if steps {
        " against the level below: +/=/-, Elo (95%) |\n| ---: | --- | --- | ---: | --- | --- | --- |\n"
    } else {
        "\n| ---: | --- | --- | ---: | --- | --- |\n"
    });
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
            "| {} | {} | +{} ={} -{} | {:.1}% | {} | {step} |",
            r.level,
            r.limit,
            t.wins,
            t.draws,
            t.losses,
            t.score() * 100.0,
            e
        ));
        if steps {
            match &r.step {
                Some(s) => {
                    let d = &s.tally;
                    out.push_str(&format!(
                        " +{} ={} -{}, {} |",
                        d.wins,
                        d.draws,
                        d.losses,
                        d.elo()
                    ));
                }
                None => out.push_str(" |"),
            }
        }
        out.push('\n');
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
            step: None,
        };
        let text = table("FS", &[rung(1, 2, 18), rung(2, 18, 2), rung(3, 17, 3)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5, "{text}");
        assert!(lines[3].contains("clearly stronger"), "{text}");
        assert!(lines[4].contains("not separated"), "{text}");
        let mut with_step = rung(2, 10, 10);
        with_step.step = Some(Summary {
            tally: Tally {
                wins: 15,
                draws: 0,
                losses: 5,
                pairs: [0; 5],
            },
            ..Summary::default()
        });
        let text = table("FS", &[rung(1, 2, 18), with_step]);
        assert!(text.contains("| +15 =0 -5, +191"), "{text}");
    }
}
