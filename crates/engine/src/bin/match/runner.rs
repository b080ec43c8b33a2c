//! A match: its games spread over worker threads (each with its own pair of engine processes),
//! each opening played twice with colours swapped, the results tallied in game order.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;

use rules::{Color, Game};

use crate::game::{Effort, Played, Referee, Seats, play};
use crate::spec::EngineSpec;
use crate::stats::{HalfPoints, Tally};

/// What a match plays.
#[derive(Debug, Clone)]
pub struct Schedule {
    /// Engines A and B.
    pub specs: [EngineSpec; 2],
    /// The openings, in the order they are used (game pair `j` plays opening `j % len`).
    pub openings: Vec<Game>,
    /// Games in all (pairs of games, so an odd count leaves the last pair half played).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// How games are refereed.
    pub referee: Referee,
}

/// One finished game of a match.
#[derive(Debug, Clone)]
pub struct Report {
    /// Its number from 0: pair `index / 2`, A White in the even game.
    pub index: usize,
    /// The opening's index in [`Schedule::openings`].
    pub opening: usize,
    /// Whether A had White.
    pub a_white: bool,
    /// The game.
    pub played: Played,
}

impl Report {
    /// A's result in half points.
    #[must_use]
    pub fn a_half_points(&self) -> HalfPoints {
        match self.played.end.winner() {
            None => 1,
            Some(Color::White) if self.a_white => 2,
            Some(Color::Black) if !self.a_white => 2,
            Some(_) => 0,
        }
    }
}

/// The result of a match.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// A's results.
    pub tally: Tally,
    /// What A and B did over all games.
    pub effort: [Effort; 2],
    /// How many games ended each way ([`crate::adjudication::End::describe`] for the rules'
    /// ends; `forfeit` and `ply-cap` for the others), in order of first occurrence.
    pub ends: Vec<(String, u32)>,
}

fn end_kind(p: &Played) -> String {
    match &p.end {
        crate::adjudication::End::Rules(o) => o.label().to_owned(),
        crate::adjudication::End::PlyCap(_) => "ply-cap".to_owned(),
        crate::adjudication::End::Forfeit { .. } => "forfeit".to_owned(),
    }
}

/// Plays `schedule`, calling `on_game` for each finished game in the order games finish (with
/// the tally so far); returns the totals. Every game ends: a faulty engine loses its game and is
/// restarted for the next.
pub fn run(schedule: &Schedule, mut on_game: impl FnMut(&Report, &Tally)) -> Summary {
    let next = AtomicUsize::new(0);
    let (tx, rx) = channel::<Report>();
    let mut summary = Summary::default();
    std::thread::scope(|scope| {
        for _ in 0..schedule.concurrency.clamp(1, schedule.games.max(1)) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut seats: Seats = [None, None];
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= schedule.games {
                        break;
                    }
                    let opening = (index / 2) % schedule.openings.len().max(1);
                    let a_white = index.is_multiple_of(2);
                    let played = play(
                        &mut seats,
                        &schedule.specs,
                        &schedule.openings[opening],
                        a_white,
                        &schedule.referee,
                    );
                    let report = Report {
                        index,
                        opening,
                        a_white,
                        played,
                    };
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Half-finished pairs: the first game's result, by pair.
        let mut halves: HashMap<usize, HalfPoints> = HashMap::new();
        for report in rx {
            let points = report.a_half_points();
            summary.tally.add_game(points);
            if let Some(other) = halves.remove(&(report.index / 2)) {
                summary.tally.add_pair(other, points);
            } else {
                halves.insert(report.index / 2, points);
            }
            for i in 0..2 {
                summary.effort[i].add(&report.played.effort[i]);
            }
            let kind = end_kind(&report.played);
            match summary.ends.iter_mut().find(|(k, _)| *k == kind) {
                Some(slot) => slot.1 += 1,
                None => summary.ends.push((kind, 1)),
            }
            on_game(&report, &summary.tally);
        }
    });
    summary
}
