//! An engine as the command line describes it: `cmd=PATH,name=X,option.Hash=16,nodes=50000`.

use core::fmt;
use core::str::FromStr;
use core::time::Duration;

/// How long an engine may think for each move. Each engine of a match has its own, so a
/// handicap (ours at 100,000 nodes against theirs at 5,000) is one command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveLimit {
    /// `go nodes N`.
    Nodes(u64),
    /// `go depth N` (plies).
    Depth(u32),
    /// `go movetime MS`.
    MoveTime(Duration),
    /// A clock per game: `base` at the start and `increment` after each move
    /// (`go wtime .. btime .. winc .. binc ..`); running out of time loses.
    Clock {
        /// Time on the clock at the start of the game.
        base: Duration,
        /// Time added after each move.
        increment: Duration,
    },
}

impl fmt::Display for MoveLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveLimit::Nodes(n) => write!(f, "nodes={n}"),
            MoveLimit::Depth(d) => write!(f, "depth={d}"),
            MoveLimit::MoveTime(t) => write!(f, "movetime={}", t.as_millis()),
            MoveLimit::Clock { base, increment } => {
                write!(f, "tc={}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
        }
    }
}

/// One engine of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// The program to run.
    pub cmd: String,
    /// Its command-line arguments (`arg=` keys, in order).
    pub args: Vec<String>,
    /// The name in reports and PGN; `None`: the engine's own `id name`.
    pub name: Option<String>,
    /// UCI options sent with `setoption` after the handshake, in order (`UCI_Variant` first).
    pub options: Vec<(String, String)>,
    /// How long it thinks per move.
    pub limit: MoveLimit,
}

/// Seconds as a [`Duration`]: a finite, non-negative decimal number.
fn seconds(key: &str, value: &str) -> Result<Duration, String> {
    value
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("{key}={value}: expected seconds, e.g. 10 or 0.1"))
}

impl EngineSpec {
    /// How to start its engine.
    #[must_use]
    pub fn command(&self) -> engine::uci_client::EngineCommand {
        engine::uci_client::EngineCommand {
            cmd: self.cmd.clone(),
            args: self.args.clone(),
            name: self.name.clone(),
            options: self.options.clone(),
        }
    }
}

impl FromStr for EngineSpec {
    type Err = String;

    /// Parses comma-separated `key=value` pairs: `cmd=PATH` (required), `arg=ARG` (repeatable),
    /// `name=NAME`, `option.NAME=VALUE` (repeatable), and exactly one limit: `nodes=N`,
    /// `depth=N`, `movetime=MS` or `tc=BASE+INC` (seconds, e.g. `tc=10+0.1`). Values cannot
    /// contain commas. `option.UCI_Variant=asean` is implied unless given.
    fn from_str(text: &str) -> Result<EngineSpec, String> {
        let mut cmd = None;
        let mut args = Vec::new();
        let mut name = None;
        let mut options = vec![("UCI_Variant".to_owned(), "asean".to_owned())];
        let mut limit = None;
        for pair in text.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("{pair}: expected key=value"))?;
            let (key, value) = (key.trim(), value.trim());
            let number = |what: &str| {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("{key}={value}: expected {what}"))
            };
            let new_limit = match key {
                "cmd" => {
                    cmd = Some(value.to_owned());
                    None
                }
                "arg" => {
                    args.push(value.to_owned());
                    None
                }
                "name" => {
                    name = Some(value.to_owned());
                    None
                }
                "nodes" => Some(MoveLimit::Nodes(number("a number of nodes")?.max(1))),
                "depth" => Some(MoveLimit::Depth(
                    u32::try_from(number("a depth in plies")?.clamp(1, 255)).unwrap_or(255),
                )),
                "movetime" => Some(MoveLimit::MoveTime(Duration::from_millis(
                    number("milliseconds")?.max(1),
                ))),
                "tc" => {
                    let (base, inc) = value.split_once('+').unwrap_or((value, "0"));
                    Some(MoveLimit::Clock {
                        base: seconds(key, base)?,
                        increment: seconds(key, inc)?,
                    })
                }
                _ => {
                    let option = key.strip_prefix("option.").ok_or_else(|| {
                        format!(
                            "unknown key {key} (expected cmd, arg, name, option.NAME, nodes, \
                             depth, movetime or tc)"
                        )
                    })?;
                    if option.is_empty() {
                        return Err(format!("{key}: the option needs a name"));
                    }
                    match options
                        .iter_mut()
                        .find(|(n, _)| n.eq_ignore_ascii_case(option))
                    {
                        Some(slot) => slot.1 = value.to_owned(),
                        None => options.push((option.to_owned(), value.to_owned())),
                    }
                    None
                }
            };
            if let Some(l) = new_limit {
                if limit.is_some() {
                    return Err(format!(
                        "{text}: give one limit (nodes, depth, movetime or tc)"
                    ));
                }
                limit = Some(l);
            }
        }
        Ok(EngineSpec {
            cmd: cmd.ok_or_else(|| format!("{text}: missing cmd=PATH"))?,
            args,
            name,
            options,
            limit: limit.ok_or_else(|| {
                format!("{text}: missing a limit (nodes=N, depth=N, movetime=MS or tc=BASE+INC)")
            })?,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // a failed unwrap is the test failing
mod tests {
    use super::*;

    #[test]
    fn parses_every_key() {
        let s: EngineSpec = "cmd=/usr/games/fairy-stockfish,name=FS,option.Hash=16,nodes=5000"
            .parse()
            .unwrap();
        assert_eq!(s.cmd, "/usr/games/fairy-stockfish");
        assert_eq!(s.name.as_deref(), Some("FS"));
        assert_eq!(s.limit, MoveLimit::Nodes(5000));
        assert_eq!(
            s.options,
            [
                ("UCI_Variant".to_owned(), "asean".to_owned()),
                ("Hash".to_owned(), "16".to_owned())
            ]
        );
        let t: EngineSpec = "cmd=x,arg=-v,tc=10+0.1,option.uci_variant=makruk"
            .parse()
            .unwrap();
        assert_eq!(t.args, ["-v"]);
        assert_eq!(
            t.limit,
            MoveLimit::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert_eq!(t.options, [("UCI_Variant".to_owned(), "makruk".to_owned())]);
        let m: EngineSpec = "cmd=x,movetime=100".parse().unwrap();
        assert_eq!(m.limit, MoveLimit::MoveTime(Duration::from_millis(100)));
    }

    #[test]
    fn rejects_bad_specs() {
        for bad in [
            "nodes=5",
            "cmd=x",
            "cmd=x,nodes=5,movetime=3",
            "cmd=x,nodes=many",
            "cmd=x,tc=-1+0",
            "cmd=x,nodes=5,colour=red",
            "cmd=x,nodes",
            "cmd=x,nodes=5,option.=3",
        ] {
            assert!(bad.parse::<EngineSpec>().is_err(), "{bad}");
        }
    }
}
