//! Who plays whom in one wave of a pool: a pure decision, no tokio and no store.
//!
//! Each wave takes the players waiting in one pool and pairs as many as it can. The players
//! who waited longest choose first; each takes the nearest rating within the gap it may
//! accept, which widens with the wait ([`allowed_gap`]) as lichess's pools widen theirs, so a
//! newcomer at an odd hour still gets a game. Two players never meet twice in a row while
//! someone else waits, an account never meets itself, and colours go to whoever had fewer
//! whites lately ([`colors`]).

use protocol::Color;

/// A player waiting in a pool, as the wave sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// Who the player is across waves (an account, or an anonymous connection).
    pub key: String,
    /// The rating in the pool's perf (1500 for anonymous players).
    pub rating: i32,
    /// How long the player has waited, in milliseconds.
    pub waited_ms: u64,
    /// The key of the last opponent met through the pools, if remembered.
    pub last_opponent: Option<String>,
    /// Whites minus blacks over the player's recent pool games.
    pub color_balance: i32,
}

/// The rating gap a player accepts after waiting `waited_ms`: 100 points at once, 25 more each
/// second, up to 600 at 20 s; after 30 s anyone.
///
/// ```
/// use server::pairing::wave::allowed_gap;
/// assert_eq!(allowed_gap(0), 100);
/// assert_eq!(allowed_gap(4_000), 200);
/// assert_eq!(allowed_gap(25_000), 600);
/// assert_eq!(allowed_gap(30_000), u32::MAX);
/// ```
#[must_use]
pub fn allowed_gap(waited_ms: u64) -> u32 {
    if waited_ms >= ANYONE_AFTER_MS {
        return u32::MAX;
    }
    let secs = u32::try_from(waited_ms / 1000).unwrap_or(u32::MAX);
    secs.saturating_mul(25).saturating_add(100).min(600)
}

/// After this wait (ms) a player takes any opponent.
pub const ANYONE_AFTER_MS: u64 = 30_000;

/// Whether `a` and `b` may meet: not the same account, within the gap the longer waiter of the
/// two accepts.
fn compatible(a: &Candidate, b: &Candidate) -> bool {
    if a.key == b.key {
        return false;
    }
    let gap = allowed_gap(a.waited_ms.max(b.waited_ms));
    a.rating.abs_diff(b.rating) <= gap
}

/// The pairs of one wave, as indices into `waiting` (each index at most once). The longest
/// waiter chooses first, the nearest rating within the gap; a rematch of the last pairing is
/// taken only when nobody else in the pool could be met instead.
#[must_use]
pub fn pair(waiting: &[Candidate]) -> Vec<(usize, usize)> {
    // By rating, so that each player's nearest ratings are its neighbours.
    let mut by_rating: Vec<usize> = (0..waiting.len()).collect();
    by_rating.sort_by_key(|&i| (waiting[i].rating, i));
    let mut place = vec![0; waiting.len()];
    for (at, &i) in by_rating.iter().enumerate() {
        place[i] = at;
    }
    let mut by_wait: Vec<usize> = (0..waiting.len()).collect();
    by_wait.sort_by_key(|&i| (std::cmp::Reverse(waiting[i].waited_ms), i));
    let mut taken = vec![false; waiting.len()];
    let mut pairs = Vec::new();
    for &a in &by_wait {
        if taken[a] {
            continue;
        }
        let me = &waiting[a];
        let mut best: Option<(u32, usize)> = None;
        let mut rematch: Option<(u32, usize)> = None;
        // Walk outwards from a's place in rating order: each side until it leaves a's gap
        // (only players who waited no longer than a are left, and they accept no wider gap)
        // or can no longer beat the nearest found.
        let gap = allowed_gap(me.waited_ms);
        for downwards in [true, false] {
            let mut at = place[a];
            loop {
                let next = if downwards {
                    at.checked_sub(1)
                } else {
                    Some(at + 1).filter(|&u| u < by_rating.len())
                };
                let Some(n) = next else { break };
                at = n;
                let b = by_rating[n];
                let diff = me.rating.abs_diff(waiting[b].rating);
                if diff > gap || best.is_some_and(|(d, _)| diff >= d) {
                    break;
                }
                if taken[b] || !compatible(me, &waiting[b]) {
                    continue;
                }
                let is_rematch = me.last_opponent.as_deref() == Some(waiting[b].key.as_str())
                    || waiting[b].last_opponent.as_deref() == Some(me.key.as_str());
                let slot = if is_rematch { &mut rematch } else { &mut best };
                if slot.is_none_or(|(d, _)| diff < d) {
                    *slot = Some((diff, b));
                }
            }
        }
        // A rematch only when the two of them are the whole pool's choice: nobody else waits.
        let others_wait = waiting.len() > 2;
        let chosen = best.or(if others_wait { None } else { rematch });
        if let Some((_, b)) = chosen {
            taken[a] = true;
            taken[b] = true;
            pairs.push((a, b));
        }
    }
    pairs
}

/// The colour of `a` against `b`: White to whoever had fewer whites lately, else to whoever
/// waited longer, else `coin`'s choice.
#[must_use]
pub fn colors(a: &Candidate, b: &Candidate, coin: bool) -> Color {
    use std::cmp::Ordering;
    match a.color_balance.cmp(&b.color_balance) {
        Ordering::Less => Color::White,
        Ordering::Greater => Color::Black,
        Ordering::Equal if coin => Color::White,
        Ordering::Equal => Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(key: &str, rating: i32, waited_s: u64) -> Candidate {
        Candidate {
            key: key.into(),
            rating,
            waited_ms: waited_s * 1000,
            last_opponent: None,
            color_balance: 0,
        }
    }

    fn keys(w: &[Candidate]) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = pair(w)
            .into_iter()
            .map(|(a, b)| {
                let (x, y) = (w[a].key.clone(), w[b].key.clone());
                if x < y { (x, y) } else { (y, x) }
            })
            .collect();
        v.sort();
        v
    }

    fn p(a: &str, b: &str) -> (String, String) {
        (a.into(), b.into())
    }

    #[test]
    fn nearest_ratings_meet() {
        let w = [
            c("a", 1500, 0),
            c("b", 1900, 0),
            c("c", 1550, 0),
            c("d", 1880, 0),
        ];
        assert_eq!(keys(&w), [p("a", "c"), p("b", "d")]);
    }

    #[test]
    fn the_gap_widens_with_the_wait() {
        // 400 points apart: not at once, not after 10 s (350), yes after 12 s (400).
        for (waited, paired) in [(0, false), (10, false), (12, true), (31, true)] {
            let w = [c("a", 1500, waited), c("b", 1900, 0)];
            assert_eq!(!pair(&w).is_empty(), paired, "waited {waited} s");
        }
        // After 30 s, any gap.
        let w = [c("a", 800, 30), c("b", 2600, 1)];
        assert_eq!(pair(&w), [(0, 1)]);
    }

    #[test]
    fn the_longest_waiter_chooses_first() {
        // b waited longest and takes c (nearest), leaving a alone although a-c is closer.
        let w = [c("a", 1560, 0), c("b", 1500, 9), c("c", 1550, 1)];
        assert_eq!(keys(&w), [p("b", "c")]);
    }

    #[test]
    fn no_rematch_while_others_wait() {
        let mut a = c("a", 1500, 5);
        a.last_opponent = Some("b".into());
        let b = c("b", 1510, 5);
        // Alone together: they meet again.
        assert_eq!(keys(&[a.clone(), b.clone()]), [p("a", "b")]);
        // With a third player in range, a meets c; b waits.
        let w = [a.clone(), b.clone(), c("c", 1600, 0)];
        assert_eq!(keys(&w), [p("a", "c")]);
        // The rule holds whichever side remembers the game.
        let mut b2 = b;
        b2.last_opponent = Some("a".into());
        a.last_opponent = None;
        let w = [a, b2, c("c", 1600, 0)];
        assert_eq!(keys(&w), [p("a", "c")]);
    }

    #[test]
    fn an_account_never_meets_itself() {
        let w = [c("u1", 1500, 5), c("u1", 1500, 4)];
        assert!(pair(&w).is_empty());
    }

    #[test]
    fn everyone_is_paired_at_most_once() {
        // 101 players over a wide range, all waiting long: 50 pairs, no index twice.
        let w: Vec<Candidate> = (0..101)
            .map(|i| c(&format!("p{i}"), 1000 + (i * 37 % 1500), 40))
            .collect();
        let pairs = pair(&w);
        assert_eq!(pairs.len(), 50);
        let mut seen = std::collections::HashSet::new();
        for (a, b) in pairs {
            assert!(seen.insert(a) && seen.insert(b));
        }
    }

    #[test]
    fn colours_balance_recent_history() {
        let mut a = c("a", 1500, 0);
        let mut b = c("b", 1500, 0);
        a.color_balance = 2;
        b.color_balance = -1;
        assert_eq!(colors(&a, &b, true), Color::Black);
        assert_eq!(colors(&b, &a, true), Color::White);
        a.color_balance = -1;
        assert_eq!(colors(&a, &b, true), Color::White);
        assert_eq!(colors(&a, &b, false), Color::Black);
    }
}
