//! A game as lichess's Board and Bot API show it: the `gameFull` line that opens a game
//! stream and the `gameState` lines that follow each change, built from a room's state and
//! its events ([`BoardGame`]).
//!
//! Shapes (times in milliseconds, moves in UCI separated by spaces, our FEN dialect):
//!
//! - `{"type": "gameFull", "id", "variant": {"key": "asean", "name": "ASEAN", "short":
//!   "ASEAN"}, "speed": "blitz", "perf": {"name": "blitz"}, "rated", "clock": {"initial",
//!   "increment"} | null, "white": {"id", "name", "rating", "provisional"} | {"name":
//!   "Anonymous"}, "black": ..., "initialFen": "startpos" | FEN, "state": gameState}`;
//! - `{"type": "gameState", "moves", "wtime", "btime", "winc", "binc", "status", "winner"?,
//!   "wdraw", "bdraw"}`: `status` is lichess's ([`rules::GameStatus`]: `created` while a
//!   seat is free, `started`, then the ending's); an untimed game's times are 2147483647 as
//!   lichess gives its games without a clock;
//! - `{"type": "opponentGone", "gone": true, "claimWinInSeconds": n}` or `{"type":
//!   "opponentGone", "gone": false}`.
//!
//! Left out of lichess's: `createdAt`, `title`, `chatLine` lines and `rematch`.

use protocol::{RoomEvent, RoomState, SeatRating};
use rules::{Color, GameStatus, Position, Rules};
use serde_json::{Value, json};

/// The time lichess gives for a game without a clock.
const NO_CLOCK_MS: u64 = 2_147_483_647;

/// A game followed from its room's state and events.
#[derive(Debug, Clone)]
pub struct BoardGame {
    id: String,
    state: RoomState,
}

/// What an event changes for a stream: a new `gameState` line, or nothing.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// The game's state changed: send [`BoardGame::game_state`].
    State,
    /// Nothing a stream shows.
    Nothing,
}

impl BoardGame {
    /// The game of room `id` whose state is `state`.
    #[must_use]
    pub fn new(id: String, state: RoomState) -> BoardGame {
        BoardGame { id, state }
    }

    /// The moves played.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.state.moves.len()
    }

    /// Whether the game is over.
    #[must_use]
    pub fn over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// Follows `event`.
    pub fn apply(&mut self, event: &RoomEvent) -> Change {
        let s = &mut self.state;
        match event {
            RoomEvent::Seated {
                seat,
                user,
                seat_rating,
            } => {
                s.seats.get_mut(*seat).taken = true;
                *s.players.get_mut(*seat) = user.clone();
                *s.seat_ratings.get_mut(*seat) = *seat_rating;
                Change::State
            }
            RoomEvent::Moved { uci, clocks, .. } => {
                s.moves.push(*uci);
                if clocks.is_some() {
                    s.clocks = *clocks;
                }
                Change::State
            }
            RoomEvent::DrawOffered { by } => {
                s.draw_offer = Some(*by);
                Change::State
            }
            RoomEvent::DrawDeclined { .. } => {
                s.draw_offer = None;
                Change::State
            }
            RoomEvent::GameOver { result, .. } => {
                s.outcome = Some(*result);
                s.draw_offer = None;
                Change::State
            }
            RoomEvent::Presence { .. }
            | RoomEvent::RematchOffered { .. }
            | RoomEvent::RematchReady { .. }
            | RoomEvent::Listed { .. }
            | RoomEvent::Closed { .. } => Change::Nothing,
        }
    }

    /// Lichess's status of the game now.
    #[must_use]
    pub fn status(&self) -> GameStatus {
        match self.state.outcome {
            Some(o) => o.game_status(),
            None if self.state.seats.white.taken && self.state.seats.black.taken => {
                GameStatus::Started
            }
            None => GameStatus::Created,
        }
    }

    /// The `gameState` line.
    #[must_use]
    pub fn game_state(&self) -> Value {
        let s = &self.state;
        let moves: Vec<String> = s.moves.iter().map(ToString::to_string).collect();
        let left = |c: Color| {
            s.clocks.map_or_else(
                || s.clock.map_or(NO_CLOCK_MS, |tc| ms(tc.initial())),
                |k| ms(*k.left.get(c)),
            )
        };
        let inc = s.clock.map_or(0, |tc| ms(tc.increment()));
        let mut v = json!({
            "type": "gameState",
            "moves": moves.join(" "),
            "wtime": left(Color::White),
            "btime": left(Color::Black),
            "winc": inc,
            "binc": inc,
            "status": self.status().name(),
            "wdraw": s.draw_offer == Some(Color::White),
            "bdraw": s.draw_offer == Some(Color::Black),
        });
        if let Some(w) = s.outcome.and_then(|o| o.winner()) {
            v["winner"] = json!(color_name(w));
        }
        v
    }

    /// The `gameFull` line.
    #[must_use]
    pub fn game_full(&self) -> Value {
        let s = &self.state;
        let start = Position::new(Rules {
            promotion: s.promotion,
        })
        .fen();
        let speed = s
            .clock
            .map_or("correspondence", |tc| rating::Perf::of(tc).name());
        json!({
            "type": "gameFull",
            "id": self.id,
            "variant": {"key": "asean", "name": "ASEAN", "short": "ASEAN"},
            "speed": speed,
            "perf": {"name": speed},
            "rated": s.rated,
            "clock": s.clock.map(|tc| json!({
                "initial": ms(tc.initial()),
                "increment": ms(tc.increment()),
            })),
            "white": self.player(Color::White),
            "black": self.player(Color::Black),
            "initialFen": if s.initial_fen == start { "startpos".to_owned() } else { s.initial_fen.clone() },
            "state": self.game_state(),
        })
    }

    fn player(&self, c: Color) -> Value {
        match self.state.players.get(c) {
            Some(user) => {
                let mut v = json!({"id": user.id().as_str(), "name": user.as_str()});
                if let Some(SeatRating {
                    rating,
                    provisional,
                }) = *self.state.seat_ratings.get(c)
                {
                    v["rating"] = json!(rating);
                    v["provisional"] = json!(provisional);
                }
                v
            }
            None => json!({"name": "Anonymous"}),
        }
    }
}

/// The `opponentGone` line: gone with the seconds until the win may be claimed, or back.
#[must_use]
pub fn opponent_gone(claim_in_ms: Option<u64>) -> Value {
    match claim_in_ms {
        Some(ms) => {
            json!({"type": "opponentGone", "gone": true, "claimWinInSeconds": ms.div_ceil(1000)})
        }
        None => json!({"type": "opponentGone", "gone": false}),
    }
}

/// `white` or `black`.
#[must_use]
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn ms(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::{ByColor, ClockSnapshot, PromotionRule, Seat, Seats, TimeControl};
    use std::time::Duration;

    fn state() -> RoomState {
        RoomState {
            initial_fen: Position::new(Rules::default()).fen(),
            promotion: PromotionRule::default(),
            clock: TimeControl::fischer(300, 3).ok(),
            public: false,
            moves: vec![],
            seats: Seats(ByColor {
                white: Seat {
                    taken: true,
                    online: true,
                },
                black: Seat::default(),
            }),
            outcome: None,
            draw_offer: None,
            rematch_offer: None,
            rematch_room: None,
            clocks: None,
            claim_in_ms: None,
            closed: None,
            listed: false,
            expires_at_ms: None,
            players: ByColor {
                white: "Somchai".parse().ok(),
                black: None,
            },
            rated: true,
            seat_ratings: ByColor {
                white: Some(SeatRating {
                    rating: 1612,
                    provisional: false,
                }),
                black: None,
            },
        }
    }

    #[test]
    fn a_game_reads_as_lichess_shows_it_from_its_creation_to_its_end() {
        let mut g = BoardGame::new("0123".into(), state());
        let full = g.game_full();
        assert_eq!(full["type"], "gameFull");
        assert_eq!(full["variant"]["key"], "asean");
        assert_eq!(full["speed"], "blitz");
        assert_eq!(full["initialFen"], "startpos");
        assert_eq!(
            full["clock"],
            json!({"initial": 300_000, "increment": 3_000})
        );
        assert_eq!(
            full["white"],
            json!({"id": "somchai", "name": "Somchai", "rating": 1612, "provisional": false})
        );
        assert_eq!(full["black"], json!({"name": "Anonymous"}));
        assert_eq!(full["state"]["status"], "created");
        assert_eq!(full["state"]["wtime"], 300_000);
        let seated = RoomEvent::Seated {
            seat: Color::Black,
            user: "Malee".parse().ok(),
            seat_rating: None,
        };
        assert_eq!(g.apply(&seated), Change::State);
        assert_eq!(g.game_state()["status"], "started");
        let clocks = Some(ClockSnapshot {
            left: ByColor {
                white: Duration::from_millis(299_500),
                black: Duration::from_secs(300),
            },
            running: Some(Color::Black),
        });
        g.apply(&RoomEvent::Moved {
            ply: 0,
            uci: "e3e4".parse().expect("uci"),
            san: "e4".into(),
            clocks,
            at_ms: None,
        });
        g.apply(&RoomEvent::DrawOffered { by: Color::White });
        let s = g.game_state();
        assert_eq!(
            (&s["moves"], &s["wtime"], &s["wdraw"], &s["bdraw"]),
            (&json!("e3e4"), &json!(299_500), &json!(true), &json!(false))
        );
        g.apply(&RoomEvent::GameOver {
            result: rules::Outcome::Win {
                winner: Color::Black,
                reason: rules::WinReason::Resignation,
            },
            winner: Some(Color::Black),
            at_ms: None,
            ratings: None,
        });
        let s = g.game_state();
        assert_eq!(
            (&s["status"], &s["winner"]),
            (&json!("resign"), &json!("black"))
        );
        assert!(g.over());
        assert_eq!(
            g.apply(&RoomEvent::Listed { listed: false }),
            Change::Nothing
        );
    }

    #[test]
    fn an_untimed_game_has_lichess_s_times_without_a_clock() {
        let mut s = state();
        s.clock = None;
        let g = BoardGame::new("x".into(), s);
        let full = g.game_full();
        assert_eq!(full["clock"], Value::Null);
        assert_eq!(full["speed"], "correspondence");
        assert_eq!(full["state"]["wtime"], NO_CLOCK_MS);
        assert_eq!(opponent_gone(Some(29_001))["claimWinInSeconds"], 30);
        assert_eq!(
            opponent_gone(None),
            json!({"type": "opponentGone", "gone": false})
        );
    }
}
