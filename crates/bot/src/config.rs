//! The config file ([`Config`], TOML): where the server is, the token, the engine, which
//! challenges to take and when to offer or accept a draw or to resign. Every key and its
//! default is in the crate's documentation; `asean-bot.example.toml` is a whole file.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use serde::Deserialize;

/// The whole config file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `[server]`.
    pub server: ServerConfig,
    /// `[engine]`.
    pub engine: EngineConfig,
    /// `[challenge]`.
    #[serde(default)]
    pub challenge: ChallengeRules,
    /// `[draw]`.
    #[serde(default)]
    pub draw: DrawPolicy,
    /// `[resign]`.
    #[serde(default)]
    pub resign: ResignPolicy,
}

/// `[server]`: the server and the account.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerConfig {
    /// `url`: the server's address, `http://host:port` (no path).
    pub url: String,
    /// `token`: the bot account's personal API token (`lip_...`) in the file itself.
    #[serde(default)]
    pub token: Option<String>,
    /// `token_file`: a file holding the token (its first line).
    #[serde(default)]
    pub token_file: Option<String>,
    /// `token_env`: an environment variable holding the token.
    #[serde(default)]
    pub token_env: Option<String>,
    /// `upgrade`: upgrade the account to a bot account when it is not one yet (default
    /// `false`: a runner for an account that is no bot stops with an error).
    #[serde(default)]
    pub upgrade: bool,
    /// `reconnect_max_ms`: the longest wait between two attempts to reach the server after
    /// it went away (default 30 000); the waits start at 250 ms and double.
    #[serde(default = "default_reconnect_max_ms")]
    pub reconnect_max_ms: u64,
}

impl fmt::Debug for ServerConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the token.
        f.debug_struct("ServerConfig")
            .field("url", &self.url)
            .field("token_file", &self.token_file)
            .field("token_env", &self.token_env)
            .field("upgrade", &self.upgrade)
            .finish_non_exhaustive()
    }
}

fn default_reconnect_max_ms() -> u64 {
    30_000
}

/// `[engine]`: the UCI engine, one process per game.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineConfig {
    /// `command`: the program (a path, or a name looked up in `PATH`).
    pub command: String,
    /// `args`: its arguments (default none).
    #[serde(default)]
    pub args: Vec<String>,
    /// `[engine.options]`: UCI options, `Name = value` (a string, number or boolean), sent
    /// with `setoption` after the handshake: `UCI_Variant` first, the others by name.
    #[serde(default)]
    pub options: BTreeMap<String, toml::Value>,
    /// `depth`: add `depth <n>` to every `go` (default none: the clock alone).
    #[serde(default)]
    pub depth: Option<u32>,
    /// `movetime_ms`: add `movetime <ms>` to every `go` (default none).
    #[serde(default)]
    pub movetime_ms: Option<u64>,
    /// `nodes`: add `nodes <n>` to every `go` (default none).
    #[serde(default)]
    pub nodes: Option<u64>,
    /// `start_timeout_ms`: how long the engine may take to start and answer `uciok` and
    /// `readyok` (default 10 000).
    #[serde(default = "default_start_timeout_ms")]
    pub start_timeout_ms: u64,
}

fn default_start_timeout_ms() -> u64 {
    10_000
}

impl EngineConfig {
    /// The engine's command, its options in the order sent.
    #[must_use]
    pub fn command(&self) -> engine::uci_client::EngineCommand {
        let text = |v: &toml::Value| match v {
            toml::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        let mut options: Vec<(String, String)> = self
            .options
            .iter()
            .map(|(k, v)| (k.clone(), text(v)))
            .collect();
        // The variant first: Fairy-Stockfish resets other options for a new variant.
        options.sort_by_key(|(k, _)| k != "UCI_Variant");
        engine::uci_client::EngineCommand {
            cmd: self.command.clone(),
            args: self.args.clone(),
            name: None,
            options,
        }
    }

    /// What every `go` adds after the clock: ` depth n`, ` movetime ms`, ` nodes n`.
    #[must_use]
    pub fn go_limits(&self) -> String {
        let mut s = String::new();
        if let Some(d) = self.depth {
            s.push_str(&format!(" depth {d}"));
        }
        if let Some(m) = self.movetime_ms {
            s.push_str(&format!(" movetime {m}"));
        }
        if let Some(n) = self.nodes {
            s.push_str(&format!(" nodes {n}"));
        }
        s
    }
}

/// `[challenge]`: which challenges the bot accepts; the others it declines with the reason
/// lichess defines for them.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ChallengeRules {
    /// `variants`: the variant keys accepted (default `["asean"]`); another is declined
    /// `variant`.
    pub variants: Vec<String>,
    /// `rated`: accept rated challenges (default `true`; else declined `casual`).
    pub rated: bool,
    /// `casual`: accept casual challenges (default `true`; else declined `rated`).
    pub casual: bool,
    /// `unlimited`: accept challenges without a clock (default `false`; declined
    /// `timeControl`).
    pub unlimited: bool,
    /// `min_base_s`: the shortest initial time accepted, in seconds (default 0; shorter is
    /// declined `tooFast`).
    pub min_base_s: u64,
    /// `max_base_s`: the longest initial time accepted, in seconds (default 10 800; longer is
    /// declined `tooSlow`).
    pub max_base_s: u64,
    /// `min_increment_s`: the smallest increment accepted, in seconds (default 0; declined
    /// `timeControl`).
    pub min_increment_s: u64,
    /// `max_increment_s`: the largest increment accepted, in seconds (default 180; declined
    /// `timeControl`).
    pub max_increment_s: u64,
    /// `max_games`: games played at once, at most (default 1); a challenge past it is
    /// declined `later`.
    pub max_games: usize,
}

impl Default for ChallengeRules {
    fn default() -> ChallengeRules {
        ChallengeRules {
            variants: vec!["asean".to_owned()],
            rated: true,
            casual: true,
            unlimited: false,
            min_base_s: 0,
            max_base_s: 10_800,
            min_increment_s: 0,
            max_increment_s: 180,
            max_games: 1,
        }
    }
}

/// `[draw]`: when the bot offers a draw, and accepts one.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DrawPolicy {
    /// `enabled` (default `true`; `false`: never offers, declines every offer).
    pub enabled: bool,
    /// `max_score_cp`: the engine's score must be within ± this many centipawns (default 20).
    pub max_score_cp: i32,
    /// `min_move`: not before this move number (full moves, default 40).
    pub min_move: u32,
    /// `consecutive_moves`: for this many of its moves in a row (default 5) before it offers
    /// (an offer of the opponent's is accepted on the last score alone).
    pub consecutive_moves: u32,
}

impl Default for DrawPolicy {
    fn default() -> DrawPolicy {
        DrawPolicy {
            enabled: true,
            max_score_cp: 20,
            min_move: 40,
            consecutive_moves: 5,
        }
    }
}

/// `[resign]`: when the bot resigns.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ResignPolicy {
    /// `enabled` (default `true`).
    pub enabled: bool,
    /// `score_cp`: resign when the engine's score is at most this, in centipawns (default
    /// -1000; a mate against it counts as below any score).
    pub score_cp: i32,
    /// `consecutive_moves`: for this many of its moves in a row (default 3).
    pub consecutive_moves: u32,
}

impl Default for ResignPolicy {
    fn default() -> ResignPolicy {
        ResignPolicy {
            enabled: true,
            score_cp: -1000,
            consecutive_moves: 3,
        }
    }
}

/// The account's token, as read from the config; its `Debug` hides it.
#[derive(Clone)]
pub struct Token(String);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(..)")
    }
}

impl Token {
    /// The token's text, for the `Authorization` header only.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl Config {
    /// The config in the file at `path`.
    ///
    /// # Errors
    /// The file cannot be read, is not TOML, or has a wrong or unknown key: the message says
    /// which.
    pub fn load(path: &Path) -> Result<Config, String> {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("config {}: {e}", path.display()))?;
        Config::parse(&text).map_err(|e| format!("config {}: {e}", path.display()))
    }

    /// The config in `text`.
    ///
    /// # Errors
    /// As [`Config::load`].
    pub fn parse(text: &str) -> Result<Config, String> {
        let c: Config = toml::from_str(text).map_err(|e| e.to_string())?;
        if !(c.server.url.starts_with("http://")) {
            return Err(format!(
                "server.url {:?}: expected http://host:port (this build speaks plain HTTP; \
                 reach an HTTPS server through a local proxy)",
                c.server.url
            ));
        }
        let sources = [
            c.server.token.is_some(),
            c.server.token_file.is_some(),
            c.server.token_env.is_some(),
        ];
        if sources.iter().filter(|s| **s).count() != 1 {
            return Err("server: give the token once: token, token_file or token_env".to_owned());
        }
        if c.challenge.max_games == 0 {
            return Err("challenge.max_games: at least 1".to_owned());
        }
        Ok(c)
    }

    /// The server's address without a trailing `/`.
    #[must_use]
    pub fn base_url(&self) -> &str {
        self.server.url.trim_end_matches('/')
    }

    /// The token, from the file, the token file or the environment.
    ///
    /// # Errors
    /// The file or variable is missing or empty (the message names it, never the token).
    pub fn token(&self) -> Result<Token, String> {
        let s = &self.server;
        let text = if let Some(t) = &s.token {
            t.clone()
        } else if let Some(path) = &s.token_file {
            std::fs::read_to_string(path)
                .map_err(|e| format!("server.token_file {path}: {e}"))?
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned()
        } else if let Some(var) = &s.token_env {
            std::env::var(var).map_err(|e| format!("server.token_env {var}: {e}"))?
        } else {
            String::new()
        };
        let text = text.trim().to_owned();
        if text.is_empty() || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err("the token is empty or not one word".to_owned());
        }
        Ok(Token(text))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const FULL: &str = r#"
[server]
url = "http://127.0.0.1:8080/"
token = "lip_secret"
upgrade = true

[engine]
command = "fairy-stockfish"
args = ["--quiet"]
depth = 3
movetime_ms = 100
[engine.options]
Hash = 16
Threads = 1
UCI_Variant = "asean"

[challenge]
variants = ["asean"]
rated = false
max_base_s = 600
max_games = 2

[draw]
max_score_cp = 10

[resign]
enabled = false
"#;

    #[test]
    fn a_config_reads_with_its_defaults_and_hides_its_token() {
        let c = Config::parse(FULL).unwrap();
        assert_eq!(c.base_url(), "http://127.0.0.1:8080");
        assert_eq!(c.token().unwrap().expose(), "lip_secret");
        assert!(!format!("{c:?}").contains("lip_secret"));
        assert!(!format!("{:?}", c.token().unwrap()).contains("lip_secret"));
        let cmd = c.engine.command();
        assert_eq!(
            cmd.options,
            vec![
                ("UCI_Variant".to_owned(), "asean".to_owned()),
                ("Hash".to_owned(), "16".to_owned()),
                ("Threads".to_owned(), "1".to_owned()),
            ]
        );
        assert_eq!(c.engine.go_limits(), " depth 3 movetime 100");
        assert!(!c.challenge.rated && c.challenge.casual);
        assert_eq!((c.challenge.max_base_s, c.challenge.max_games), (600, 2));
        assert_eq!((c.draw.max_score_cp, c.draw.min_move), (10, 40));
        assert!(!c.resign.enabled);
        assert_eq!(c.engine.start_timeout_ms, 10_000);
    }

    #[test]
    fn the_example_file_reads_with_the_documented_defaults() {
        let c = Config::parse(include_str!("../asean-bot.example.toml")).unwrap();
        assert_eq!(c.server.token_env.as_deref(), Some("ASEAN_BOT_TOKEN"));
        assert_eq!(c.server.reconnect_max_ms, default_reconnect_max_ms());
        assert_eq!(c.engine.start_timeout_ms, default_start_timeout_ms());
        let d = ChallengeRules::default();
        let e = &c.challenge;
        assert_eq!(
            (e.rated, e.casual, e.unlimited, e.min_base_s, e.max_base_s),
            (d.rated, d.casual, d.unlimited, d.min_base_s, d.max_base_s)
        );
        assert_eq!(
            (
                e.min_increment_s,
                e.max_increment_s,
                e.max_games,
                &e.variants
            ),
            (
                d.min_increment_s,
                d.max_increment_s,
                d.max_games,
                &d.variants
            )
        );
        let (dd, dr) = (DrawPolicy::default(), ResignPolicy::default());
        assert_eq!(
            (
                c.draw.enabled,
                c.draw.max_score_cp,
                c.draw.min_move,
                c.draw.consecutive_moves
            ),
            (
                dd.enabled,
                dd.max_score_cp,
                dd.min_move,
                dd.consecutive_moves
            )
        );
        assert_eq!(
            (
                c.resign.enabled,
                c.resign.score_cp,
                c.resign.consecutive_moves
            ),
            (dr.enabled, dr.score_cp, dr.consecutive_moves)
        );
        assert_eq!(c.engine.go_limits(), "");
    }

    #[test]
    fn a_wrong_config_says_what_is_wrong() {
        let minimal = "[server]\nurl = \"http://h:1\"\n[engine]\ncommand = \"e\"\n";
        assert!(Config::parse(minimal).unwrap_err().contains("token"));
        let two = FULL.replace("upgrade = true", "token_env = \"X\"");
        assert!(Config::parse(&two).unwrap_err().contains("once"));
        let typo = FULL.replace("max_games = 2", "max_game = 2");
        assert!(Config::parse(&typo).unwrap_err().contains("max_game"));
        let tls = FULL.replace("http://", "https://");
        assert!(Config::parse(&tls).unwrap_err().contains("plain HTTP"));
        assert!(Config::parse("not toml [").is_err());
        let env = FULL.replace(
            "token = \"lip_secret\"",
            "token_env = \"ASEAN_BOT_NO_SUCH_VAR\"",
        );
        let c = Config::parse(&env).unwrap();
        let e = c.token().unwrap_err();
        assert!(e.contains("ASEAN_BOT_NO_SUCH_VAR"), "{e}");
    }
}
