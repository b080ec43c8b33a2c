//! A small reader of the saved-game entries (`asean.games.v1.<id>`, schema version 1: see
//! `crates/web/src/model/saved.rs`), for the few fields the first board needs, without serde.
//!
//! It accepts what the full app's reader accepts and refuses what it refuses for the fields it
//! looks at (an entry the full app would set aside must not be drawn here): `version` exactly
//! `1`, `id`, `created` and `updated` numbers, `initial_fen`, `rules.promotion` (`any` or
//! `met-only`), `moves` (strings), `result` (`null` or a result label, read by [`Outcome::from_label`]), the optional `mode`
//! (`hotseat`, `ai`, `online`) and `ai` (`level` 1..=8, `human` `white` or `black`, required
//! with `mode` `ai`). Other fields (`online`, `clock`, unknown ones) are skipped.

use rules::{Color, Outcome, PromotionRule};

/// How deep arrays and objects may nest before the text is refused (no deep recursion on
/// damaged input).
const MAX_DEPTH: usize = 16;

/// The stored mode of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two players on one device (also: no `mode` field).
    HotSeat,
    /// Against the AI.
    Ai,
    /// Online, in a room of the lobby server.
    Online,
}

/// The fields of a saved game that the first board needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The game's id (it must match its key).
    pub id: String,
    /// The starting position (FEN).
    pub initial_fen: String,
    /// The promotion setting.
    pub promotion: PromotionRule,
    /// Every move from the start, in UCI.
    pub moves: Vec<String>,
    /// The stored result, if the game is over.
    pub result: Option<Outcome>,
    /// The mode of play.
    pub mode: Mode,
    /// Against the AI: the human's colour.
    pub human: Option<Color>,
}

impl Entry {
    /// Whether the stored result is a draw (or an abort: no winner).
    pub fn result_drawn(&self) -> bool {
        self.result.is_some_and(|r| r.winner().is_none())
    }
}

/// A parsed JSON value; numbers are kept as their text (no float parsing in this module).
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Null,
    Bool,
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(fields) => fields.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

/// Reads a saved-game entry; `None` when the text is not one the full app would read.
///
/// ```
/// let text = r#"{"version":1,"id":"g1","created":1,"updated":2,
///   "initial_fen":"rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1",
///   "rules":{"promotion":"any"},"moves":["e3e4"],"result":null}"#;
/// let entry = first::saved::read(text).unwrap();
/// assert_eq!(entry.moves, ["e3e4"]);
/// assert!(first::saved::read("{\"version\":2}").is_none());
/// ```
pub fn read(text: &str) -> Option<Entry> {
    let mut parser = Parser {
        text: text.as_bytes(),
        at: 0,
    };
    let value = parser.value(0)?;
    parser.space();
    if parser.at != parser.text.len() {
        return None;
    }
    match value.get("version")? {
        Value::Number(n) if n == "1" => {}
        _ => return None,
    }
    for key in ["created", "updated"] {
        if !matches!(value.get(key)?, Value::Number(_)) {
            return None;
        }
    }
    let id = value.get("id")?.as_str()?.to_owned();
    let initial_fen = value.get("initial_fen")?.as_str()?.to_owned();
    let promotion = match value.get("rules")?.get("promotion")?.as_str()? {
        "any" => PromotionRule::Any,
        "met-only" => PromotionRule::MetOnly,
        _ => return None,
    };
    let moves = match value.get("moves")? {
        Value::Array(items) => items
            .iter()
            .map(|m| m.as_str().map(str::to_owned))
            .collect::<Option<Vec<_>>>()?,
        _ => return None,
    };
    let result = match value.get("result")? {
        Value::Null => None,
        Value::String(r) => Some(Outcome::from_label(r)?),
        _ => return None,
    };
    let mode = match value.get("mode") {
        None | Some(Value::Null) => Mode::HotSeat,
        Some(v) => match v.as_str()? {
            "hotseat" => Mode::HotSeat,
            "ai" => Mode::Ai,
            "online" => Mode::Online,
            _ => return None,
        },
    };
    let human = match value.get("ai") {
        None | Some(Value::Null) => None,
        Some(ai) => {
            let Value::Number(level) = ai.get("level")? else {
                return None;
            };
            if !matches!(
                level.as_str(),
                "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8"
            ) {
                return None;
            }
            match ai.get("human")?.as_str()? {
                "white" => Some(Color::White),
                "black" => Some(Color::Black),
                _ => return None,
            }
        }
    };
    if mode == Mode::Ai && human.is_none() {
        return None;
    }
    Some(Entry {
        id,
        initial_fen,
        promotion,
        moves,
        result,
        mode,
        human: human.filter(|_| mode == Mode::Ai),
    })
}

/// A JSON reader over bytes; every method returns `None` on malformed input.
struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn space(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, b: u8) -> Option<()> {
        self.space();
        (self.peek()? == b).then(|| self.at += 1)
    }

    fn word(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at.checked_add(word.len())?;
        (self.text.get(self.at..end)? == word).then(|| self.at = end)
    }

    fn value(&mut self, depth: usize) -> Option<Value> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.space();
        match self.peek()? {
            b'n' => self.word(b"null").map(|()| Value::Null),
            b't' => self.word(b"true").map(|()| Value::Bool),
            b'f' => self.word(b"false").map(|()| Value::Bool),
            b'"' => self.string().map(Value::String),
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                if self.eat(b']').is_some() {
                    return Some(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    if self.eat(b']').is_some() {
                        return Some(Value::Array(items));
                    }
                    self.eat(b',')?;
                }
            }
            b'{' => {
                self.at += 1;
                let mut fields = Vec::new();
                if self.eat(b'}').is_some() {
                    return Some(Value::Object(fields));
                }
                loop {
                    self.space();
                    let key = self.string()?;
                    self.eat(b':')?;
                    fields.push((key, self.value(depth + 1)?));
                    if self.eat(b'}').is_some() {
                        return Some(Value::Object(fields));
                    }
                    self.eat(b',')?;
                }
            }
            b'-' | b'0'..=b'9' => self.number().map(Value::Number),
            _ => None,
        }
    }

    /// A number in JSON's grammar, kept as text.
    fn number(&mut self) -> Option<String> {
        let start = self.at;
        let digits = |p: &mut Self| {
            let from = p.at;
            while p.peek().is_some_and(|b| b.is_ascii_digit()) {
                p.at += 1;
            }
            p.at > from
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        if self.peek() == Some(b'0') {
            self.at += 1;
        } else if !digits(self) {
            return None;
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if !digits(self) {
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        let text = std::str::from_utf8(self.text.get(start..self.at)?).ok()?;
        Some(text.to_owned())
    }

    fn hex4(&mut self) -> Option<u32> {
        let end = self.at.checked_add(4)?;
        let digits = std::str::from_utf8(self.text.get(self.at..end)?).ok()?;
        let n = u32::from_str_radix(digits, 16).ok()?;
        self.at = end;
        Some(n)
    }

    /// A string (at its opening quote), its escapes decoded.
    fn string(&mut self) -> Option<String> {
        if self.peek()? != b'"' {
            return None;
        }
        self.at += 1;
        let mut out = Vec::new();
        loop {
            let b = self.peek()?;
            self.at += 1;
            match b {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = self.peek()?;
                    self.at += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                self.word(b"\\u")?;
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return None;
                                }
                                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                high
                            };
                            char::from_u32(code)?
                        }
                        _ => return None,
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => return None,
                _ => out.push(b),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

    fn entry(extra: &str) -> String {
        format!(
            r#"{{"version": 1, "id": "m3x9k2", "created": 1732880000000, "updated": 1.7e12,
             "initial_fen": "{FEN}", "rules": {{"promotion": "met-only"}},
             "moves": ["e3e4", "d6d5"], "result": null{extra}}}"#
        )
    }

    #[test]
    fn reads_a_good_entry_against_the_ai() {
        let text = entry(
            r#", "mode": "ai", "ai": {"level": 3, "human": "black"},
               "clock": {"base_ms": 300000, "unknown": [1, {"x": true}]}, "extra": "é\u00e9\ud83d\ude00""#,
        );
        let e = read(&text).expect("read");
        assert_eq!(e.id, "m3x9k2");
        assert_eq!(e.initial_fen, FEN);
        assert_eq!(e.promotion, PromotionRule::MetOnly);
        assert_eq!(e.moves, ["e3e4", "d6d5"]);
        assert_eq!(e.result, None);
        assert_eq!(e.mode, Mode::Ai);
        assert_eq!(e.human, Some(Color::Black));
    }

    #[test]
    fn reads_an_old_entry_without_the_optional_fields() {
        let e = read(&entry("")).expect("read");
        assert_eq!(e.mode, Mode::HotSeat);
        assert_eq!(e.human, None);
        let over = entry("").replace(r#""result": null"#, r#""result": "agreement""#);
        let e = read(&over).expect("read");
        assert_eq!(e.result.map(Outcome::label), Some("agreement"));
        assert!(e.result_drawn());
        let won = entry("").replace(r#""result": null"#, r#""result": "resign-black-wins""#);
        assert!(!read(&won).expect("read").result_drawn());
    }

    #[test]
    fn reads_every_result_the_full_app_stores() {
        for result in Outcome::ALL {
            let text = entry("").replace(
                r#""result": null"#,
                &format!(r#""result": "{}""#, result.label()),
            );
            let e = read(&text).unwrap_or_else(|| panic!("{result}: refused"));
            assert_eq!(e.result, Some(result));
            assert_eq!(e.result_drawn(), result.winner().is_none(), "{result}");
        }
    }

    #[test]
    fn refuses_damaged_entries() {
        let good = entry("");
        let damaged = [
            String::new(),
            good[..good.len() - 1].to_owned(),
            format!("{good}x"),
            good.replace(r#""version": 1"#, r#""version": 2"#),
            good.replace(r#""version": 1"#, r#""version": 1.0"#),
            good.replace(r#""version": 1,"#, ""),
            good.replace(r#""id": "m3x9k2""#, r#""id": 7"#),
            good.replace(r#""created": 1732880000000"#, r#""created": "now""#),
            good.replace("met-only", "queen"),
            good.replace(r#"["e3e4", "d6d5"]"#, r#"["e3e4", 5]"#),
            good.replace(r#""result": null"#, r#""result": "white-won""#),
            good.replace(r#""result": null"#, ""),
            entry(r#", "mode": "chess960""#),
            entry(r#", "mode": "ai""#),
            entry(r#", "mode": "ai", "ai": {"level": 9, "human": "white"}"#),
            entry(r#", "mode": "ai", "ai": {"level": 3, "human": "red"}"#),
            good.replace("e3e4", "e3\\qe4"),
            good.replace("e3e4", "e3\u{1}e4"),
            good.replace("e3e4", "\\ud800"),
            "[".repeat(100_000),
            "{\"a\":".repeat(100) + "1" + &"}".repeat(100),
            "\u{feff}".to_owned() + &good,
        ];
        for text in &damaged {
            assert_eq!(read(text), None, "{text:.120}");
        }
    }
}
