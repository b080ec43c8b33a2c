//! Finished rated games written straight into a store, for the tests of profiles and
//! leaderboards that want established players without playing their games. Shared by the
//! server's integration tests and the browser tests (included there with `#[path]`).

use protocol::user::Username;
use protocol::{PromotionRule, RatingChange, RoomEvent, RoomId};
use rules::{ByColor, Color, Outcome, WinReason};
use server::store::accounts::all_perfs;
use server::store::{Append, Phase, RatingUpdate, RoomMeta, SecretHash, Store};

/// Now, in milliseconds since the Unix epoch.
pub fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Writes into `store` a private rated blitz game (3+2) in the room whose id is the byte
/// `n` ten times: created ten minutes before `at_ms` (milliseconds since the Unix epoch),
/// won by `players.0` (White) against `players.1` (Black) by resignation at `at_ms`, and
/// rated then, leaving them at `ratings` (White's, Black's) with deviation 60
/// (established) and volatility 0.06; the game's end carries the rating changes, as a
/// room announces them. Both accounts must exist.
///
/// Errors, as text: a name that is not a username, a player's ratings that cannot be read,
/// the write refused or the store gone.
pub async fn seed_rated_game(
    store: &dyn Store,
    n: u8,
    players: (&str, &str),
    ratings: (f64, f64),
    at_ms: u64,
) -> Result<(), String> {
    let name = |s: &str| {
        s.parse::<Username>()
            .map_err(|e| format!("the name {s:?}: {e}"))
    };
    let (white, black) = (name(players.0)?, name(players.1)?);
    let id = RoomId::from_bytes([n; 10]);
    let seat = |seat, user: &Username| RoomEvent::Seated {
        seat,
        user: Some(user.clone()),
        seat_rating: None,
    };
    let mut before = Vec::new();
    for u in [&white, &black] {
        let perfs = store
            .perfs(&u.id())
            .await
            .map_err(|e| format!("the ratings of {u}: {e}"))?;
        let blitz = all_perfs(&perfs)
            .into_iter()
            .find(|(p, _)| *p == rating::Perf::Blitz)
            .map(|(_, r)| r)
            .ok_or_else(|| format!("no blitz rating for {u}"))?;
        before.push(blitz);
    }
    // As the room announces them: rounded, established (deviation 60).
    let change = |b: rating::Rated, after: f64| RatingChange {
        before: b.glicko.rating.round() as i32,
        after: after.round() as i32,
        provisional: false,
    };
    let mut a = Append::events(
        id.clone(),
        1,
        vec![
            seat(Color::White, &white),
            seat(Color::Black, &black),
            RoomEvent::GameOver {
                result: Outcome::win(Color::White, WinReason::Resignation),
                winner: Some(Color::White),
                at_ms: Some(at_ms),
                ratings: Some(ByColor {
                    white: change(before[0], ratings.0),
                    black: change(before[1], ratings.1),
                }),
            },
        ],
    );
    a.create = Some(RoomMeta {
        id,
        created_ms: at_ms - 600_000,
        public: false,
        promotion: PromotionRule::Any,
        clock: protocol::TimeControl::fischer(180, 2).ok(),
        initial_fen: rules::Position::new(rules::Rules::default()).fen(),
        rated: true,
        seek: server::store::SeekTerms::default(),
    });
    a.seats = vec![
        (Color::White, SecretHash("w".into())),
        (Color::Black, SecretHash("b".into())),
    ];
    a.phase = Some(Phase::Finished);
    let after = |rating: f64, b: rating::Rated| rating::Rated {
        glicko: rating::Glicko {
            rating,
            deviation: 60.0,
            volatility: 0.06,
        },
        games: b.games + 1,
        last_ms: Some(at_ms),
    };
    a.ratings = Some(Box::new(RatingUpdate {
        perf: rating::Perf::Blitz,
        at_ms,
        players: ByColor {
            white: (white.id(), before[0], after(ratings.0, before[0])),
            black: (black.id(), before[1], after(ratings.1, before[1])),
        },
    }));
    store
        .append(a)
        .await
        .map_err(|_| "the store went away".to_owned())?
        .map_err(|e| format!("the game not written: {e}"))
}
