//! How robustly the engine converts won endings against a lone king: each won line of
//! `tests/endgames.fen` (or of the file named by `LINES`), played at each node budget of the
//! first argument (comma-separated; default `20000,40000,80000,160000`), our engine attacking
//! with level 3's style (full strength against a lone king) against level 8 defending at
//! 20,000 nodes a move. Prints the attacker's moves to mate per budget (`-`: no mate within the
//! count) and the total converted. `DUMP=n` prints `n` random starting positions as suite lines
//! (attacker to move, no piece en prise), to be confirmed as wins with Fairy-Stockfish before
//! use; `SHOW=1` prints each game's moves. The second argument keeps the lines whose material
//! contains it.
//!
//! ```text
//! cargo run --release -p engine --example lone_king -- 15000,25000,40000,60000,90000,120000,160000,240000
//! ```
use core::sync::atomic::AtomicBool;
use engine::{Engine, Level, Limits, NoClock};
use rules::{Color, Game, Outcome, Rules, WinReason};

fn main() {
    let budgets: Vec<u64> = std::env::args()
        .nth(1)
        .unwrap_or("20000,40000,80000,160000".into())
        .split(',')
        .map(|s| {
            s.parse()
                .expect("lone_king: bad argument, file or position")
        })
        .collect();
    let only = std::env::args().nth(2).unwrap_or_default();
    if let Ok(n) = std::env::var("DUMP") {
        print!(
            "{}",
            random_lines(
                n.parse()
                    .expect("lone_king: bad argument, file or position")
            )
        );
        return;
    }
    let random = std::env::var("RANDOM_LINES").ok().map(|n| {
        random_lines(
            n.parse()
                .expect("lone_king: bad argument, file or position"),
        )
    });
    let file = std::env::var("LINES")
        .ok()
        .map(|p| std::fs::read_to_string(p).expect("lone_king: bad argument, file or position"));
    let suite: &str = random
        .as_deref()
        .or(file.as_deref())
        .unwrap_or(include_str!("../tests/endgames.fen"));
    let mut total = 0;
    let mut ok = 0;
    for l in suite
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains("| win"))
    {
        let f: Vec<&str> = l.split('|').map(str::trim).collect();
        if !only.is_empty() && !f[1].contains(&only) {
            continue;
        }
        let mut row = format!("{:45} {:14}", f[0], f[1]);
        for &n in &budgets {
            total += 1;
            let mut game = Game::from_fen(f[0], Rules::default())
                .expect("lone_king: bad argument, file or position");
            let us = if game.position().by_color(Color::White).count() > 1 {
                Color::White
            } else {
                Color::Black
            };
            let mut a = Engine::new(4);
            a.style = Level::new(3)
                .expect("lone_king: bad argument, file or position")
                .style(7);
            let mut d = Engine::new(4);
            d.style = Level::MAX.style(8);
            let mut moves = 0;
            let res = loop {
                if let Some(o) = game.outcome() {
                    break matches!(o, Outcome::Win { winner, reason: WinReason::Checkmate } if winner == us);
                }
                let t = game.position().turn();
                if t != us && !game.claimable().is_empty() {
                    break false;
                }
                let (e, lim) = if t == us {
                    moves += 1;
                    (&mut a, n)
                } else {
                    (&mut d, 20_000)
                };
                let r = e.search(
                    game.positions(),
                    Limits::Nodes(lim),
                    &NoClock,
                    &AtomicBool::new(false),
                    &mut |_| {},
                );
                game.play(
                    r.best_move
                        .expect("lone_king: bad argument, file or position"),
                )
                .expect("lone_king: bad argument, file or position");
            };
            if std::env::var("SHOW").is_ok() {
                println!("{:?}", game.san_moves());
            }
            if res {
                ok += 1;
                row += &format!(" {:>6}", moves);
            } else {
                row += "      -";
            }
        }
        println!("{row}");
    }
    println!("converted {ok}/{total}");
}

/// Random starting positions (attacker to move, no piece hanging to the lone king), as suite lines.
fn random_lines(n: usize) -> String {
    use rules::Position;
    let sets = ["BQ", "BQ", "BQ", "BQQ", "NB", "NNQ", "NQQ", "QQQ"];
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut rnd = |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let mut out = String::new();
    let mut made = 0;
    while made < n {
        let set = sets[made % sets.len()];
        let black = rnd(2) == 1;
        let mut board = [' '; 64];
        let mut pieces: Vec<char> = vec!['K', 'k'];
        pieces.extend(set.chars());
        let mut ok = true;
        for &c in &pieces {
            let c = if c == 'k' {
                if black { 'K' } else { 'k' }
            } else if black {
                c.to_ascii_lowercase()
            } else {
                c
            };
            let sq = rnd(64) as usize;
            if board[sq] != ' ' {
                ok = false;
                break;
            }
            board[sq] = c;
        }
        if !ok {
            continue;
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let c = board[rank * 8 + file];
                if c == ' ' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        fen += &empty.to_string();
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
            if empty > 0 {
                fen += &empty.to_string();
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let count = if set.contains('B') {
            "88 1"
        } else if set.contains('N') {
            "128 1"
        } else {
            "- 0"
        };
        let fen = format!("{fen} {} - {count} 1", if black { 'b' } else { 'w' });
        let Ok(pos) = Position::from_fen(&fen, Rules::default()) else {
            continue;
        };
        let us = pos.turn();
        if pos.is_check() || pos.legal_moves().is_empty() {
            continue;
        }
        if set == "QQQ" {
            let mets = pos.by_role(rules::Role::Met);
            if (mets & rules::Bitboard::LIGHT).count() == 0
                || (mets & rules::Bitboard::DARK).count() == 0
            {
                continue;
            }
        }
        let lone = pos.king_square(us.other());
        let hanging = pos.by_color(us).into_iter().any(|sq| {
            !pos.attackers_to(sq, us.other()).is_empty() && pos.attackers_to(sq, us).is_empty()
        });
        let _ = lone;
        if hanging {
            continue;
        }
        out += &format!("{fen} | {set} | x | win |  | random\n");
        made += 1;
    }
    out
}
