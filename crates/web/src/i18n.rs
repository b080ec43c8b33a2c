//! Every user-visible string in English, French, Portuguese, German, Thai and Vietnamese, the
//! plural rules of each, and language negotiation.
//!
//! The strings live in one table (the `strings!` macro below): a key cannot exist without its
//! six texts (English, French, Portuguese, German, Thai, Vietnamese), so no language can miss a
//! string. Texts may hold named placeholders such as `{n}`, filled by [`Lang::fmt`]. Static
//! markup in `index.html` names its key in a `data-i18n` attribute (the key's [`Key::name`]);
//! `data-i18n-attr="aria-label"` puts the text into that attribute instead.
//!
//! # Counted texts
//! A text that holds a count (`3 moves`, `1 player online`) is a [`Counted`] key of the second
//! table (`counted!`), with one text per CLDR plural category the language uses: English and
//! German `one` and `other`; French and Portuguese `one` (0 and 1), `many` (exact millions:
//! « 1 000 000 de coups ») and `other`; Thai and Vietnamese `other` only, since neither marks
//! the plural on the noun (CLDR 49 gives Vietnamese a `one` for 0 and 1, which only a pronoun
//! referring back to the count would need: our texts leave it to `other`). `other` is required
//! by the macro's syntax, so no language can miss a text; a test checks that every category
//! the language's rules pick has its own text unless listed as falling back on purpose. The
//! category of a count comes from the CLDR rules of the `icu_plurals` crate ([`Lang::plural`]),
//! never from rules of our own.
//!
//! # Pieces and terms
//! English, French, Portuguese and German call the Makruk pieces by their Thai names *khon* and
//! *met*, as players writing in those languages do. Thai uses the pieces' own names: ขุน (khun,
//! the king), เม็ด (met), โคน (khon), ม้า (ma, the knight), เรือ (ruea, the rook) and เบี้ย
//! (bia, the pawn); a check is รุก, checkmate รุกจน, and the count of the lone king's moves นับ.
//! Vietnamese keeps *khon* and *met* (quân khon, quân met) like the Western languages: the game
//! reached Vietnamese players as cờ ốc, through the ASEAN events, with no Vietnamese names of its
//! own for these two pieces, while the pieces it shares with chess take the chess names that
//! every Vietnamese player knows (vua, xe, mã, tốt; chiếu, chiếu hết).
//!
//! Numbers and dates in the texts are written by [`crate::intl`] with the browser's `Intl`.

use icu_plurals::{PluralCategory, PluralRules};

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the fallback).
    En,
    /// French.
    Fr,
    /// Portuguese.
    Pt,
    /// German.
    De,
    /// Thai.
    Th,
    /// Vietnamese.
    Vi,
}

impl Lang {
    /// Every language, in the order of the picker.
    pub const ALL: [Lang; 6] = [Lang::En, Lang::Fr, Lang::Pt, Lang::De, Lang::Th, Lang::Vi];

    /// The ISO 639-1 code: `en`, `fr`, `pt`, `de`, `th` or `vi` (also the picker's option value,
    /// the page's `lang` attribute and the locale given to the browser's `Intl`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Pt => "pt",
            Lang::De => "de",
            Lang::Th => "th",
            Lang::Vi => "vi",
        }
    }

    /// The language's own name, as shown in the picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Pt => "Português",
            Lang::De => "Deutsch",
            Lang::Th => "ไทย",
            Lang::Vi => "Tiếng Việt",
        }
    }

    /// Parses a language tag such as `pt-BR`, `th-TH`, `fr` or `DE-at` by its primary subtag;
    /// `None` for a language the interface does not have.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The text of `key` in this language.
    pub fn t(self, key: Key) -> &'static str {
        let [en, fr, pt, de, th, vi] = key.texts();
        match self {
            Lang::En => en,
            Lang::Fr => fr,
            Lang::Pt => pt,
            Lang::De => de,
            Lang::Th => th,
            Lang::Vi => vi,
        }
    }

    /// The text of `key` with each `{name}` placeholder replaced by its value from `args`.
    /// Placeholders without a value are left as they are.
    pub fn fmt(self, key: Key, args: &[(&str, &str)]) -> String {
        fill(self.t(key), args)
    }

    /// The CLDR plural category (cardinal) of the count `n` in this language.
    ///
    /// ```
    /// use icu_plurals::PluralCategory;
    /// use web::i18n::Lang;
    /// assert_eq!(Lang::Pt.plural(0), PluralCategory::One);
    /// assert_eq!(Lang::En.plural(0), PluralCategory::Other);
    /// assert_eq!(Lang::Th.plural(1), PluralCategory::Other);
    /// ```
    pub fn plural(self, n: u64) -> PluralCategory {
        PluralRules::try_new_cardinal(self.locale().into())
            .map_or(PluralCategory::Other, |rules| rules.category_for(n))
    }

    /// The locale of the plural rules.
    fn locale(self) -> icu_locale_core::Locale {
        match self {
            Lang::En => icu_locale_core::locale!("en"),
            Lang::Fr => icu_locale_core::locale!("fr"),
            Lang::Pt => icu_locale_core::locale!("pt"),
            Lang::De => icu_locale_core::locale!("de"),
            Lang::Th => icu_locale_core::locale!("th"),
            Lang::Vi => icu_locale_core::locale!("vi"),
        }
    }

    /// The text of the counted `key` for the count `n` (its form for `n`'s plural category),
    /// with `{n}` replaced by `n` as the language writes numbers ([`crate::intl::integer`]) and
    /// the other placeholders by their values from `args`.
    ///
    /// ```
    /// use web::i18n::{Counted, Lang};
    /// assert_eq!(Lang::Pt.count(Counted::LobbyPlayers, 0, &[]), "0 jogador online");
    /// assert_eq!(Lang::En.count(Counted::LobbyPlayers, 0, &[]), "0 players online");
    /// ```
    pub fn count(self, key: Counted, n: u64, args: &[(&str, &str)]) -> String {
        let text = key.forms(self).get(self.plural(n));
        let n = crate::intl::integer(self, n);
        let mut all = vec![("n", n.as_str())];
        all.extend_from_slice(args);
        fill(text, &all)
    }

    /// The saved-games summary: when, and `n` moves.
    ///
    /// ```
    /// use web::i18n::Lang;
    /// assert_eq!(Lang::En.moves_summary("today", 1), "today · 1 move");
    /// assert_eq!(Lang::De.moves_summary("heute", 3), "heute · 3 Züge");
    /// assert_eq!(Lang::Fr.moves_summary("hier", 0), "hier · 0 coup");
    /// ```
    pub fn moves_summary(self, date: &str, n: u64) -> String {
        self.count(Counted::SavedSummary, n, &[("date", date)])
    }

    /// The lobby's live counts.
    ///
    /// ```
    /// use web::i18n::Lang;
    /// assert_eq!(Lang::En.lobby_counts(1, 0), "1 player online · 0 games in progress");
    /// assert_eq!(Lang::Fr.lobby_counts(2, 1), "2 joueurs en ligne · 1 partie en cours");
    /// ```
    pub fn lobby_counts(self, players: u64, games: u64) -> String {
        format!(
            "{} · {}",
            self.count(Counted::LobbyPlayers, players, &[]),
            self.count(Counted::LobbyGames, games, &[])
        )
    }
}

/// `text` with each `{name}` placeholder replaced by its value from `args`.
fn fill(text: &str, args: &[(&str, &str)]) -> String {
    let mut out = text.to_owned();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// Chooses the interface language from the browser's preference list (`navigator.languages`,
/// most preferred first): the first tag whose primary subtag we have, else English.
///
/// ```
/// use web::i18n::{negotiate, Lang};
/// assert_eq!(negotiate(&["pt-BR", "en"]), Lang::Pt);
/// assert_eq!(negotiate(&["ja", "de-CH"]), Lang::De);
/// assert_eq!(negotiate(&["th-TH"]), Lang::Th);
/// assert_eq!(negotiate(&["vi-VN", "en-US"]), Lang::Vi);
/// assert_eq!(negotiate::<&str>(&[]), Lang::En);
/// ```
pub fn negotiate<S: AsRef<str>>(preferences: &[S]) -> Lang {
    preferences
        .iter()
        .find_map(|tag| Lang::from_tag(tag.as_ref()))
        .unwrap_or(Lang::En)
}

/// The texts of a counted string in one language, one per CLDR plural category the language
/// uses; `other` is always there and stands in for a category without a text of its own.
#[derive(Clone, Copy, Debug)]
pub struct Forms {
    /// CLDR `zero`.
    pub zero: Option<&'static str>,
    /// CLDR `one` (English: 1; French and Portuguese: 0 and 1).
    pub one: Option<&'static str>,
    /// CLDR `two`.
    pub two: Option<&'static str>,
    /// CLDR `few`.
    pub few: Option<&'static str>,
    /// CLDR `many` (French and Portuguese: exact millions).
    pub many: Option<&'static str>,
    /// CLDR `other`: every other count.
    pub other: &'static str,
}

impl Forms {
    /// The text of `category`, or `other`'s when the language has none for it.
    pub fn get(&self, category: PluralCategory) -> &'static str {
        self.own(category).unwrap_or(self.other)
    }

    /// The text written for `category` itself, if any.
    pub fn own(&self, category: PluralCategory) -> Option<&'static str> {
        match category {
            PluralCategory::Zero => self.zero,
            PluralCategory::One => self.one,
            PluralCategory::Two => self.two,
            PluralCategory::Few => self.few,
            PluralCategory::Many => self.many,
            PluralCategory::Other => Some(self.other),
        }
    }
}

macro_rules! strings {
    ($( $key:ident => [$en:expr, $fr:expr, $pt:expr, $de:expr, $th:expr, $vi:expr $(,)?] ),* $(,)?) => {
        /// A user-visible string; its documentation is the English text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key {
            $( #[doc = $en] $key, )*
        }

        impl Key {
            /// Every key.
            pub const ALL: &'static [Key] = &[$(Key::$key),*];

            /// The key's name, as written in `data-i18n` attributes.
            pub fn name(self) -> &'static str {
                match self { $(Key::$key => stringify!($key),)* }
            }

            /// Looks a key up by its [`Key::name`].
            pub fn from_name(name: &str) -> Option<Key> {
                Key::ALL.iter().copied().find(|k| k.name() == name)
            }

            /// The texts in the order English, French, Portuguese, German, Thai, Vietnamese.
            fn texts(self) -> [&'static str; 6] {
                match self { $(Key::$key => [$en, $fr, $pt, $de, $th, $vi],)* }
            }
        }
    };
}

/// One language's [`Forms`] from `{ other: "…", one: "…" }` (`other` first and required).
macro_rules! forms {
    ({ other: $other:expr $(, $category:ident: $text:expr)* $(,)? }) => {
        Forms { other: $other, $($category: Some($text),)* ..Forms::NONE }
    };
}

macro_rules! counted {
    ($( $(#[doc = $doc:expr])* $key:ident => [$en:tt, $fr:tt, $pt:tt, $de:tt, $th:tt, $vi:tt $(,)?] ),* $(,)?) => {
        /// A user-visible string that holds a count `{n}`, with a text per plural category.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Counted {
            $( $(#[doc = $doc])* $key, )*
        }

        impl Counted {
            /// Every counted key.
            pub const ALL: &'static [Counted] = &[$(Counted::$key),*];

            /// The texts of this key in `lang`.
            pub fn forms(self, lang: Lang) -> Forms {
                let [en, fr, pt, de, th, vi] = match self {
                    $(Counted::$key => [forms!($en), forms!($fr), forms!($pt), forms!($de), forms!($th), forms!($vi)],)*
                };
                match lang {
                    Lang::En => en,
                    Lang::Fr => fr,
                    Lang::Pt => pt,
                    Lang::De => de,
                    Lang::Th => th,
                    Lang::Vi => vi,
                }
            }
        }
    };
}

impl Forms {
    /// No text but an empty `other`: the base the `forms!` macro fills in.
    const NONE: Forms = Forms {
        zero: None,
        one: None,
        two: None,
        few: None,
        many: None,
        other: "",
    };
}

counted! {
    /// The saved-games summary: `{date}`, then `{n}` moves.
    SavedSummary => [
        { other: "{date} · {n} moves", one: "{date} · {n} move" },
        { other: "{date} · {n} coups", one: "{date} · {n} coup", many: "{date} · {n} de coups" },
        { other: "{date} · {n} lances", one: "{date} · {n} lance", many: "{date} · {n} de lances" },
        { other: "{date} · {n} Züge", one: "{date} · {n} Zug" },
        { other: "{date} · {n} ตา" },
        { other: "{date} · {n} nước đi" },
    ],
    /// The lobby's count of players online.
    LobbyPlayers => [
        { other: "{n} players online", one: "{n} player online" },
        { other: "{n} joueurs en ligne", one: "{n} joueur en ligne", many: "{n} de joueurs en ligne" },
        { other: "{n} jogadores online", one: "{n} jogador online", many: "{n} de jogadores online" },
        { other: "{n} Spieler online", one: "{n} Spieler online" },
        { other: "ผู้เล่นออนไลน์ {n} คน" },
        { other: "{n} người chơi trực tuyến" },
    ],
    /// The lobby's count of games being played.
    LobbyGames => [
        { other: "{n} games in progress", one: "{n} game in progress" },
        { other: "{n} parties en cours", one: "{n} partie en cours", many: "{n} de parties en cours" },
        { other: "{n} partidas em andamento", one: "{n} partida em andamento", many: "{n} de partidas em andamento" },
        { other: "{n} laufende Partien", one: "{n} laufende Partie" },
        { other: "กำลังเล่นอยู่ {n} กระดาน" },
        { other: "{n} ván đang diễn ra" },
    ],
}

strings! {
    AppTitle => ["ASEAN chess", "Échecs ASEAN", "Xadrez ASEAN", "ASEAN-Schach", "ASEAN chess", "ASEAN chess"],
    Tagline => [
        "Makruk as the ASEAN rules play it: two players, one device.",
        "Le makruk selon les règles ASEAN : deux joueurs, un seul appareil.",
        "Makruk pelas regras ASEAN: dois jogadores, um só aparelho.",
        "Makruk nach ASEAN-Regeln: zwei Spieler, ein Gerät.",
        "Makruk as the ASEAN rules play it: two players, one device.",
        "Makruk as the ASEAN rules play it: two players, one device.",
    ],
    Loading => ["Loading…", "Chargement…", "Carregando…", "Wird geladen…", "Loading…", "Loading…"],
    LanguageLabel => ["Language", "Langue", "Idioma", "Sprache", "Language", "Language"],
    RulesLink => ["Rules", "Règles", "Regras", "Regeln", "Rules", "Rules"],
    BoardLabel => ["Chessboard", "Échiquier", "Tabuleiro", "Schachbrett", "Chessboard", "Chessboard"],
    BtnNew => ["New game", "Nouvelle partie", "Nova partida", "Neue Partie", "New game", "New game"],
    BtnUndo => ["Undo", "Annuler le coup", "Desfazer", "Zurücknehmen", "Undo", "Undo"],
    BtnFlip => ["Flip board", "Retourner", "Girar tabuleiro", "Brett drehen", "Flip board", "Flip board"],
    BtnResign => ["Resign", "Abandonner", "Desistir", "Aufgeben", "Resign", "Resign"],
    BtnDraw => [
        "Agree a draw",
        "Nulle d’un commun accord",
        "Empate combinado",
        "Remis vereinbaren",
        "Agree a draw",
        "Agree a draw",
    ],
    BtnClaim => [
        "Claim draw",
        "Réclamer la nulle",
        "Reivindicar empate",
        "Remis beanspruchen",
        "Claim draw",
        "Claim draw",
    ],
    ClaimFifty => [
        "Claim draw (50 moves)",
        "Réclamer la nulle (50 coups)",
        "Reivindicar empate (50 lances)",
        "Remis beanspruchen (50 Züge)",
        "Claim draw (50 moves)",
        "Claim draw (50 moves)",
    ],
    ClaimThreefold => [
        "Claim draw (repetition)",
        "Réclamer la nulle (répétition)",
        "Reivindicar empate (repetição)",
        "Remis beanspruchen (Wiederholung)",
        "Claim draw (repetition)",
        "Claim draw (repetition)",
    ],
    MovesTitle => ["Moves", "Coups", "Lances", "Züge", "Moves", "Moves"],
    MovesEmpty => [
        "No moves yet. White begins.",
        "Aucun coup joué. Les Blancs commencent.",
        "Nenhum lance ainda. As brancas começam.",
        "Noch kein Zug. Weiß beginnt.",
        "No moves yet. White begins.",
        "No moves yet. White begins.",
    ],
    SavedTitle => [
        "Saved games",
        "Parties enregistrées",
        "Partidas salvas",
        "Gespeicherte Partien",
        "Saved games",
        "Saved games",
    ],
    SavedEmpty => [
        "No other saved games.",
        "Aucune autre partie enregistrée.",
        "Nenhuma outra partida salva.",
        "Keine weiteren gespeicherten Partien.",
        "No other saved games.",
        "No other saved games.",
    ],
    SavedCurrent => [
        "on the board now",
        "sur l’échiquier",
        "no tabuleiro agora",
        "jetzt auf dem Brett",
        "on the board now",
        "on the board now",
    ],
    SavedOngoing => ["in progress", "en cours", "em andamento", "läuft", "in progress", "in progress"],
    SavedFinished => ["finished", "terminée", "encerrada", "beendet", "finished", "finished"],
    BtnResume => ["Resume", "Reprendre", "Retomar", "Fortsetzen", "Resume", "Resume"],
    BtnOpen => ["Open", "Ouvrir", "Abrir", "Öffnen", "Open", "Open"],
    BtnDelete => ["Delete", "Supprimer", "Apagar", "Löschen", "Delete", "Delete"],
    White => ["White", "Blancs", "Brancas", "Weiß", "White", "White"],
    Black => ["Black", "Noirs", "Pretas", "Schwarz", "Black", "Black"],
    TurnWhite => [
        "White to move",
        "Trait aux Blancs",
        "Vez das brancas",
        "Weiß am Zug",
        "White to move",
        "White to move",
    ],
    TurnBlack => [
        "Black to move",
        "Trait aux Noirs",
        "Vez das pretas",
        "Schwarz am Zug",
        "Black to move",
        "Black to move",
    ],
    CheckWhite => [
        "White to move: check!",
        "Trait aux Blancs : échec !",
        "Vez das brancas: xeque!",
        "Weiß am Zug: Schach!",
        "White to move: check!",
        "White to move: check!",
    ],
    CheckBlack => [
        "Black to move: check!",
        "Trait aux Noirs : échec !",
        "Vez das pretas: xeque!",
        "Schwarz am Zug: Schach!",
        "Black to move: check!",
        "Black to move: check!",
    ],
    ResCheckmateWhite => [
        "Checkmate: White wins.",
        "Échec et mat : les Blancs gagnent.",
        "Xeque-mate: as brancas vencem.",
        "Schachmatt: Weiß gewinnt.",
        "Checkmate: White wins.",
        "Checkmate: White wins.",
    ],
    ResCheckmateBlack => [
        "Checkmate: Black wins.",
        "Échec et mat : les Noirs gagnent.",
        "Xeque-mate: as pretas vencem.",
        "Schachmatt: Schwarz gewinnt.",
        "Checkmate: Black wins.",
        "Checkmate: Black wins.",
    ],
    ResResignWhite => [
        "Black resigned: White wins.",
        "Les Noirs abandonnent : les Blancs gagnent.",
        "As pretas desistiram: as brancas vencem.",
        "Schwarz hat aufgegeben: Weiß gewinnt.",
        "Black resigned: White wins.",
        "Black resigned: White wins.",
    ],
    ResResignBlack => [
        "White resigned: Black wins.",
        "Les Blancs abandonnent : les Noirs gagnent.",
        "As brancas desistiram: as pretas vencem.",
        "Weiß hat aufgegeben: Schwarz gewinnt.",
        "White resigned: Black wins.",
        "White resigned: Black wins.",
    ],
    ResStalemate => [
        "Draw by stalemate: the side to move has no legal move and is not in check.",
        "Nulle par pat : le camp au trait n’a aucun coup légal sans être en échec.",
        "Empate por afogamento: quem joga não tem lance legal e não está em xeque.",
        "Remis durch Patt: die Seite am Zug hat keinen legalen Zug und steht nicht im Schach.",
        "Draw by stalemate: the side to move has no legal move and is not in check.",
        "Draw by stalemate: the side to move has no legal move and is not in check.",
    ],
    ResDead => [
        "Draw: neither side can deliver mate any more.",
        "Nulle : plus aucun camp ne peut mater.",
        "Empate: nenhum dos lados consegue mais dar mate.",
        "Remis: keine Seite kann noch mattsetzen.",
        "Draw: neither side can deliver mate any more.",
        "Draw: neither side can deliver mate any more.",
    ],
    ResCounting => [
        "Draw: the count ran out before mate.",
        "Nulle : le décompte s’est achevé sans mat.",
        "Empate: a contagem terminou sem mate.",
        "Remis: die Zählung ist ohne Matt abgelaufen.",
        "Draw: the count ran out before mate.",
        "Draw: the count ran out before mate.",
    ],
    ResFifty => [
        "Draw claimed: 50 moves without a capture or a pawn move.",
        "Nulle réclamée : 50 coups sans prise ni coup de pion.",
        "Empate reivindicado: 50 lances sem captura nem lance de peão.",
        "Remis beansprucht: 50 Züge ohne Schlagen und ohne Bauernzug.",
        "Draw claimed: 50 moves without a capture or a pawn move.",
        "Draw claimed: 50 moves without a capture or a pawn move.",
    ],
    ResThreefold => [
        "Draw claimed: the same position occurred three times.",
        "Nulle réclamée : la même position est apparue trois fois.",
        "Empate reivindicado: a mesma posição ocorreu três vezes.",
        "Remis beansprucht: dieselbe Stellung kam dreimal vor.",
        "Draw claimed: the same position occurred three times.",
        "Draw claimed: the same position occurred three times.",
    ],
    ResAgreement => [
        "Draw by agreement.",
        "Nulle d’un commun accord.",
        "Empate por acordo.",
        "Remis durch Vereinbarung.",
        "Draw by agreement.",
        "Draw by agreement.",
    ],
    CountingStartWhite => [
        "Count starts with Black’s next move: White must mate within {limit} moves of the count, or it is a draw.",
        "Le décompte commence au prochain coup des Noirs : les Blancs doivent mater en {limit} coups du décompte, sinon nulle.",
        "A contagem começa no próximo lance das pretas: as brancas devem dar mate em {limit} lances da contagem, ou é empate.",
        "Die Zählung beginnt mit dem nächsten Zug von Schwarz: Weiß muss innerhalb von {limit} Zügen der Zählung mattsetzen, sonst Remis.",
        "Count starts with Black’s next move: White must mate within {limit} moves of the count, or it is a draw.",
        "Count starts with Black’s next move: White must mate within {limit} moves of the count, or it is a draw.",
    ],
    CountingStartBlack => [
        "Count starts with White’s next move: Black must mate within {limit} moves of the count, or it is a draw.",
        "Le décompte commence au prochain coup des Blancs : les Noirs doivent mater en {limit} coups du décompte, sinon nulle.",
        "A contagem começa no próximo lance das brancas: as pretas devem dar mate em {limit} lances da contagem, ou é empate.",
        "Die Zählung beginnt mit dem nächsten Zug von Weiß: Schwarz muss innerhalb von {limit} Zügen der Zählung mattsetzen, sonst Remis.",
        "Count starts with White’s next move: Black must mate within {limit} moves of the count, or it is a draw.",
        "Count starts with White’s next move: Black must mate within {limit} moves of the count, or it is a draw.",
    ],
    CountingWhite => [
        "Count {used} of {limit}: White must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Décompte {used} sur {limit} : les Blancs doivent mater au plus tard au coup {limit} du décompte, sinon nulle (reste {left}).",
        "Contagem {used} de {limit}: as brancas devem dar mate até o lance {limit} da contagem, ou é empate (faltam {left}).",
        "Zählung {used} von {limit}: Weiß muss bis zum {limit}. Zug der Zählung mattsetzen, sonst Remis (noch {left}).",
        "Count {used} of {limit}: White must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Count {used} of {limit}: White must mate by move {limit} of the count, or it is a draw ({left} left).",
    ],
    CountingBlack => [
        "Count {used} of {limit}: Black must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Décompte {used} sur {limit} : les Noirs doivent mater au plus tard au coup {limit} du décompte, sinon nulle (reste {left}).",
        "Contagem {used} de {limit}: as pretas devem dar mate até o lance {limit} da contagem, ou é empate (faltam {left}).",
        "Zählung {used} von {limit}: Schwarz muss bis zum {limit}. Zug der Zählung mattsetzen, sonst Remis (noch {left}).",
        "Count {used} of {limit}: Black must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Count {used} of {limit}: Black must mate by move {limit} of the count, or it is a draw ({left} left).",
    ],
    CountByRook => [
        "The rook sets the limit at 16.",
        "La tour fixe la limite à 16.",
        "A torre fixa o limite em 16.",
        "Der Turm setzt die Grenze auf 16.",
        "The rook sets the limit at 16.",
        "The rook sets the limit at 16.",
    ],
    CountByKhon => [
        "With no rook, the khon sets the limit at 44.",
        "Sans tour, le khon fixe la limite à 44.",
        "Sem torre, o khon fixa o limite em 44.",
        "Ohne Turm setzt der Khon die Grenze auf 44.",
        "With no rook, the khon sets the limit at 44.",
        "With no rook, the khon sets the limit at 44.",
    ],
    CountByKnight => [
        "With no rook or khon, the knight sets the limit at 64.",
        "Sans tour ni khon, le cavalier fixe la limite à 64.",
        "Sem torre nem khon, o cavalo fixa o limite em 64.",
        "Ohne Turm und Khon setzt der Springer die Grenze auf 64.",
        "With no rook or khon, the knight sets the limit at 64.",
        "With no rook or khon, the knight sets the limit at 64.",
    ],
    FiftyCounter => [
        "50-move rule: {n} of 50",
        "Règle des 50 coups : {n} sur 50",
        "Regra dos 50 lances: {n} de 50",
        "50-Züge-Regel: {n} von 50",
        "50-move rule: {n} of 50",
        "50-move rule: {n} of 50",
    ],
    RepetitionCounter => [
        "This position: seen {n} of 3 times",
        "Cette position : vue {n} fois sur 3",
        "Esta posição: vista {n} de 3 vezes",
        "Diese Stellung: {n} von 3 Malen",
        "This position: seen {n} of 3 times",
        "This position: seen {n} of 3 times",
    ],
    PieceKing => ["king", "roi", "rei", "König", "king", "king"],
    PieceMet => ["met", "met", "met", "Met", "met", "met"],
    PieceKhon => ["khon", "khon", "khon", "Khon", "khon", "khon"],
    PieceRook => ["rook", "tour", "torre", "Turm", "rook", "rook"],
    PieceKnight => ["knight", "cavalier", "cavalo", "Springer", "knight", "knight"],
    PiecePawn => ["pawn", "pion", "peão", "Bauer", "pawn", "pawn"],
    GlossMet => [
        "one step diagonally",
        "un pas en diagonale",
        "um passo na diagonal",
        "ein Schritt diagonal",
        "one step diagonally",
        "one step diagonally",
    ],
    GlossKhon => [
        "one step diagonally or straight ahead",
        "un pas en diagonale ou droit devant",
        "um passo na diagonal ou em frente",
        "ein Schritt diagonal oder geradeaus",
        "one step diagonally or straight ahead",
        "one step diagonally or straight ahead",
    ],
    SquareLabel => [
        "{square}: {piece}, {color}",
        "{square} : {piece}, {color}",
        "{square}: {piece}, {color}",
        "{square}: {piece}, {color}",
        "{square}: {piece}, {color}",
        "{square}: {piece}, {color}",
    ],
    SquareEmpty => [
        "{square}: empty",
        "{square} : vide",
        "{square}: vazia",
        "{square}: leer",
        "{square}: empty",
        "{square}: empty",
    ],
    SquareSelected => [
        "{label}, selected",
        "{label}, sélectionnée",
        "{label}, selecionada",
        "{label}, ausgewählt",
        "{label}, selected",
        "{label}, selected",
    ],
    SquareDest => [
        "{label}, legal move",
        "{label}, coup légal",
        "{label}, lance legal",
        "{label}, legaler Zug",
        "{label}, legal move",
        "{label}, legal move",
    ],
    ControlsLabel => ["Game", "Partie", "Partida", "Partie", "Game", "Game"],
    AppFailed => [
        "The app could not start: {error}",
        "L’application n’a pas pu démarrer : {error}",
        "O app não conseguiu iniciar: {error}",
        "Die App konnte nicht starten: {error}",
        "The app could not start: {error}",
        "The app could not start: {error}",
    ],
    PromoTitle => [
        "Promote the pawn to",
        "Promouvoir le pion en",
        "Promover o peão a",
        "Bauer umwandeln in",
        "Promote the pawn to",
        "Promote the pawn to",
    ],
    PromoMetOnly => [
        "Met-only setting: the pawn becomes a met.",
        "Réglage « met seulement » : le pion devient un met.",
        "Regra “só met”: o peão vira met.",
        "Einstellung „nur Met“: der Bauer wird ein Met.",
        "Met-only setting: the pawn becomes a met.",
        "Met-only setting: the pawn becomes a met.",
    ],
    Cancel => ["Cancel", "Annuler", "Cancelar", "Abbrechen", "Cancel", "Cancel"],
    Close => ["Close", "Fermer", "Fechar", "Schließen", "Close", "Close"],
    NewTitle => ["New game", "Nouvelle partie", "Nova partida", "Neue Partie", "New game", "New game"],
    NewPromotion => ["Promotion", "Promotion", "Promoção", "Umwandlung", "Promotion", "Promotion"],
    NewPromoAny => [
        "Rook, knight, khon or met (the usual online rule)",
        "Tour, cavalier, khon ou met (règle courante en ligne)",
        "Torre, cavalo, khon ou met (regra comum online)",
        "Turm, Springer, Khon oder Met (übliche Online-Regel)",
        "Rook, knight, khon or met (the usual online rule)",
        "Rook, knight, khon or met (the usual online rule)",
    ],
    NewPromoMet => [
        "Met only (ASEAN Laws of 2011)",
        "Met seulement (règles ASEAN de 2011)",
        "Só met (regras ASEAN de 2011)",
        "Nur Met (ASEAN-Regeln von 2011)",
        "Met only (ASEAN Laws of 2011)",
        "Met only (ASEAN Laws of 2011)",
    ],
    NewKeep => [
        "The current game stays in your saved games.",
        "La partie en cours reste dans vos parties enregistrées.",
        "A partida atual continua nas suas partidas salvas.",
        "Die laufende Partie bleibt bei den gespeicherten Partien.",
        "The current game stays in your saved games.",
        "The current game stays in your saved games.",
    ],
    NewStart => ["Start", "Commencer", "Começar", "Starten", "Start", "Start"],
    ConfirmResignTitle => ["Resign?", "Abandonner ?", "Desistir?", "Aufgeben?", "Resign?", "Resign?"],
    ConfirmResignWhite => [
        "White resigns and Black wins the game.",
        "Les Blancs abandonnent et les Noirs gagnent la partie.",
        "As brancas desistem e as pretas vencem a partida.",
        "Weiß gibt auf, Schwarz gewinnt die Partie.",
        "White resigns and Black wins the game.",
        "White resigns and Black wins the game.",
    ],
    ConfirmResignBlack => [
        "Black resigns and White wins the game.",
        "Les Noirs abandonnent et les Blancs gagnent la partie.",
        "As pretas desistem e as brancas vencem a partida.",
        "Schwarz gibt auf, Weiß gewinnt die Partie.",
        "Black resigns and White wins the game.",
        "Black resigns and White wins the game.",
    ],
    ConfirmDrawTitle => [
        "Draw by agreement?",
        "Nulle d’un commun accord ?",
        "Empate por acordo?",
        "Remis vereinbaren?",
        "Draw by agreement?",
        "Draw by agreement?",
    ],
    ConfirmDrawText => [
        "Do both players agree to end the game as a draw?",
        "Les deux joueurs acceptent-ils de conclure la partie par une nulle ?",
        "Os dois jogadores aceitam terminar a partida empatada?",
        "Sind beide Spieler einverstanden, die Partie remis zu beenden?",
        "Do both players agree to end the game as a draw?",
        "Do both players agree to end the game as a draw?",
    ],
    ConfirmDrawYes => ["Yes, a draw", "Oui, nulle", "Sim, empate", "Ja, remis", "Yes, a draw", "Yes, a draw"],
    ConfirmResignYes => [
        "Yes, resign",
        "Oui, abandonner",
        "Sim, desistir",
        "Ja, aufgeben",
        "Yes, resign",
        "Yes, resign",
    ],
    OverTitle => ["Game over", "Partie terminée", "Fim de partida", "Partie beendet", "Game over", "Game over"],
    OverReview => [
        "Look at the board",
        "Voir l’échiquier",
        "Ver o tabuleiro",
        "Brett ansehen",
        "Look at the board",
        "Look at the board",
    ],
    NoticeDismiss => ["Dismiss", "Fermer", "Dispensar", "Ausblenden", "Dismiss", "Dismiss"],
    StorageFull => [
        "Storage is full, so this game is not being saved. Delete some saved games to make room.",
        "Le stockage est plein : cette partie n’est plus enregistrée. Supprimez des parties pour libérer de la place.",
        "O armazenamento está cheio e esta partida não está sendo salva. Apague algumas partidas para liberar espaço.",
        "Der Speicher ist voll, diese Partie wird nicht gespeichert. Lösche gespeicherte Partien, um Platz zu schaffen.",
        "Storage is full, so this game is not being saved. Delete some saved games to make room.",
        "Storage is full, so this game is not being saved. Delete some saved games to make room.",
    ],
    StorageFullNoGames => [
        "Storage is full, so this game is not being saved. Free space by clearing other data this browser keeps for the site, or leave private browsing mode.",
        "Le stockage est plein : cette partie n’est plus enregistrée. Libérez de la place en effaçant les autres données du site dans ce navigateur, ou quittez la navigation privée.",
        "O armazenamento está cheio e esta partida não está sendo salva. Libere espaço apagando outros dados do site neste navegador, ou saia da navegação privada.",
        "Der Speicher ist voll, diese Partie wird nicht gespeichert. Schaffe Platz, indem du andere Website-Daten in diesem Browser löschst, oder verlasse den privaten Modus.",
        "Storage is full, so this game is not being saved. Free space by clearing other data this browser keeps for the site, or leave private browsing mode.",
        "Storage is full, so this game is not being saved. Free space by clearing other data this browser keeps for the site, or leave private browsing mode.",
    ],
    ToastSynced => [
        "Updated from another tab.",
        "Mise à jour depuis un autre onglet.",
        "Atualizado a partir de outra aba.",
        "Aus einem anderen Tab aktualisiert.",
        "Updated from another tab.",
        "Updated from another tab.",
    ],
    ToastConflict => [
        "This game was changed in another tab: its newer version is shown and your last change was not saved.",
        "Cette partie a été modifiée dans un autre onglet : sa version plus récente est affichée et votre dernière modification n’a pas été enregistrée.",
        "Esta partida foi alterada em outra aba: a versão mais recente está sendo mostrada e sua última alteração não foi salva.",
        "Diese Partie wurde in einem anderen Tab geändert: die neuere Fassung wird angezeigt, deine letzte Änderung wurde nicht gespeichert.",
        "This game was changed in another tab: its newer version is shown and your last change was not saved.",
        "This game was changed in another tab: its newer version is shown and your last change was not saved.",
    ],
    StorageUnavailable => [
        "This browser does not let the page save games; the game will be lost on reload.",
        "Ce navigateur ne permet pas d’enregistrer les parties ; elle sera perdue au rechargement.",
        "Este navegador não permite salvar partidas; a partida se perde ao recarregar.",
        "Dieser Browser erlaubt kein Speichern; die Partie geht beim Neuladen verloren.",
        "This browser does not let the page save games; the game will be lost on reload.",
        "This browser does not let the page save games; the game will be lost on reload.",
    ],
    StorageCorrupt => [
        "A saved game could not be read. It was set aside under “{key}” and was not deleted.",
        "Une partie enregistrée est illisible. Elle a été mise de côté sous « {key} », sans être supprimée.",
        "Uma partida salva não pôde ser lida. Ela foi guardada à parte em “{key}” e não foi apagada.",
        "Eine gespeicherte Partie war unlesbar. Sie wurde unter „{key}“ beiseitegelegt, nicht gelöscht.",
        "A saved game could not be read. It was set aside under “{key}” and was not deleted.",
        "A saved game could not be read. It was set aside under “{key}” and was not deleted.",
    ],
    StorageVersion => [
        "A saved game comes from another version of this app (schema {version}). It was set aside under “{key}”.",
        "Une partie enregistrée provient d’une autre version de l’application (schéma {version}). Elle a été mise de côté sous « {key} ».",
        "Uma partida salva vem de outra versão do app (esquema {version}). Ela foi guardada à parte em “{key}”.",
        "Eine gespeicherte Partie stammt aus einer anderen Version (Schema {version}). Sie wurde unter „{key}“ beiseitegelegt.",
        "A saved game comes from another version of this app (schema {version}). It was set aside under “{key}”.",
        "A saved game comes from another version of this app (schema {version}). It was set aside under “{key}”.",
    ],
    StorageError => [
        "The game could not be saved: {error}",
        "La partie n’a pas pu être enregistrée : {error}",
        "Não foi possível salvar a partida: {error}",
        "Die Partie konnte nicht gespeichert werden: {error}",
        "The game could not be saved: {error}",
        "The game could not be saved: {error}",
    ],
    ToastIllegal => [
        "That move is not allowed.",
        "Ce coup n’est pas permis.",
        "Esse lance não é permitido.",
        "Dieser Zug ist nicht erlaubt.",
        "That move is not allowed.",
        "That move is not allowed.",
    ],
    ToastGameOver => [
        "The game is over: undo a move or start a new game.",
        "La partie est finie : annulez un coup ou commencez une nouvelle partie.",
        "A partida acabou: desfaça um lance ou comece outra.",
        "Die Partie ist vorbei: nimm einen Zug zurück oder starte eine neue.",
        "The game is over: undo a move or start a new game.",
        "The game is over: undo a move or start a new game.",
    ],
    ToastNothingToUndo => [
        "Nothing to undo.",
        "Rien à annuler.",
        "Nada para desfazer.",
        "Nichts zurückzunehmen.",
        "Nothing to undo.",
        "Nothing to undo.",
    ],
    ToastUndone => [
        "Move taken back.",
        "Coup annulé.",
        "Lance desfeito.",
        "Zug zurückgenommen.",
        "Move taken back.",
        "Move taken back.",
    ],
    ToastNewGame => [
        "New game: White begins.",
        "Nouvelle partie : les Blancs commencent.",
        "Nova partida: as brancas começam.",
        "Neue Partie: Weiß beginnt.",
        "New game: White begins.",
        "New game: White begins.",
    ],
    ToastResumed => [
        "Game resumed.",
        "Partie reprise.",
        "Partida retomada.",
        "Partie fortgesetzt.",
        "Game resumed.",
        "Game resumed.",
    ],
    ToastDeleted => [
        "Saved game deleted.",
        "Partie supprimée.",
        "Partida apagada.",
        "Partie gelöscht.",
        "Saved game deleted.",
        "Saved game deleted.",
    ],
    ToastNoClaim => [
        "No draw can be claimed right now.",
        "Aucune nulle ne peut être réclamée pour l’instant.",
        "Nenhum empate pode ser reivindicado agora.",
        "Derzeit kann kein Remis beansprucht werden.",
        "No draw can be claimed right now.",
        "No draw can be claimed right now.",
    ],
    NewMode => ["Opponent", "Adversaire", "Adversário", "Gegner", "Opponent", "Opponent"],
    NewModeHotSeat => [
        "Two players on this device",
        "Deux joueurs sur cet appareil",
        "Dois jogadores neste aparelho",
        "Zwei Spieler an diesem Gerät",
        "Two players on this device",
        "Two players on this device",
    ],
    NewModeAi => [
        "Against the computer",
        "Contre l’ordinateur",
        "Contra o computador",
        "Gegen den Computer",
        "Against the computer",
        "Against the computer",
    ],
    NewAiLevel => [
        "Computer level",
        "Niveau de l’ordinateur",
        "Nível do computador",
        "Spielstärke des Computers",
        "Computer level",
        "Computer level",
    ],
    NewAiLevelNote => [
        "1 is a beginner who often blunders; 8 is the strongest and thinks for up to 4 seconds.",
        "1 : débutant qui gaffe souvent ; 8 : le plus fort, il réfléchit jusqu’à 4 secondes.",
        "1 é um iniciante que erra muito; 8 é o mais forte e pensa até 4 segundos.",
        "1 ist ein Anfänger, der oft patzt; 8 spielt am stärksten und denkt bis zu 4 Sekunden nach.",
        "1 is a beginner who often blunders; 8 is the strongest and thinks for up to 4 seconds.",
        "1 is a beginner who often blunders; 8 is the strongest and thinks for up to 4 seconds.",
    ],
    NewHuman => ["You play", "Vous jouez", "Você joga com", "Sie spielen", "You play", "You play"],
    NewHumanRandom => ["Random", "Au hasard", "Sorteio", "Zufällig", "Random", "Random"],
    AiThinking => [
        "The computer is thinking…",
        "L’ordinateur réfléchit…",
        "O computador está pensando…",
        "Der Computer denkt nach…",
        "The computer is thinking…",
        "The computer is thinking…",
    ],
    AiYouWhite => [
        "You play White against the computer (level {level}).",
        "Vous avez les Blancs contre l’ordinateur (niveau {level}).",
        "Você joga de brancas contra o computador (nível {level}).",
        "Sie spielen Weiß gegen den Computer (Stufe {level}).",
        "You play White against the computer (level {level}).",
        "You play White against the computer (level {level}).",
    ],
    AiYouBlack => [
        "You play Black against the computer (level {level}).",
        "Vous avez les Noirs contre l’ordinateur (niveau {level}).",
        "Você joga de pretas contra o computador (nível {level}).",
        "Sie spielen Schwarz gegen den Computer (Stufe {level}).",
        "You play Black against the computer (level {level}).",
        "You play Black against the computer (level {level}).",
    ],
    SavedVsAi => [
        "vs AI (level {level})",
        "contre l’IA (niveau {level})",
        "contra a IA (nível {level})",
        "gegen die KI (Stufe {level})",
        "vs AI (level {level})",
        "vs AI (level {level})",
    ],
    BtnHint => ["Hint", "Indice", "Dica", "Tipp", "Hint", "Hint"],
    ToastWaitAi => [
        "Wait for the computer’s move.",
        "Attendez le coup de l’ordinateur.",
        "Aguarde o lance do computador.",
        "Warten Sie den Zug des Computers ab.",
        "Wait for the computer’s move.",
        "Wait for the computer’s move.",
    ],
    ToastAiUnavailable => [
        "The computer opponent could not start in this browser.",
        "L’adversaire ordinateur n’a pas pu démarrer dans ce navigateur.",
        "O adversário computador não conseguiu iniciar neste navegador.",
        "Der Computergegner konnte in diesem Browser nicht starten.",
        "The computer opponent could not start in this browser.",
        "The computer opponent could not start in this browser.",
    ],
    ToastAiFailed => [
        "The computer could not choose a move: {error}",
        "L’ordinateur n’a pas pu choisir de coup : {error}",
        "O computador não conseguiu escolher um lance: {error}",
        "Der Computer konnte keinen Zug wählen: {error}",
        "The computer could not choose a move: {error}",
        "The computer could not choose a move: {error}",
    ],
    HotSeat => [
        "Hot-seat: both players share this device and take turns.",
        "Partie à deux sur le même appareil, chacun son tour.",
        "Partida a dois no mesmo aparelho, cada um na sua vez.",
        "Zu zweit an einem Gerät, abwechselnd am Zug.",
        "Hot-seat: both players share this device and take turns.",
        "Hot-seat: both players share this device and take turns.",
    ],
    PromotionRuleAny => [
        "Promotion: any piece",
        "Promotion : au choix",
        "Promoção: à escolha",
        "Umwandlung: frei wählbar",
        "Promotion: any piece",
        "Promotion: any piece",
    ],
    PromotionRuleMet => [
        "Promotion: met only",
        "Promotion : met seulement",
        "Promoção: só met",
        "Umwandlung: nur Met",
        "Promotion: met only",
        "Promotion: met only",
    ],
    NewModeOnline => [
        "Play a friend online",
        "Jouer contre un ami en ligne",
        "Jogar com um amigo online",
        "Online gegen Freunde spielen",
        "Play a friend online",
        "Play a friend online",
    ],
    NewClock => ["Time control", "Cadence", "Controle de tempo", "Bedenkzeit", "Time control", "Time control"],
    ClockUntimed => ["Untimed", "Sans pendule", "Sem relógio", "Ohne Uhr", "Untimed", "Untimed"],
    NewVisibility => [
        "Who can join",
        "Qui peut rejoindre",
        "Quem pode entrar",
        "Wer beitreten kann",
        "Who can join",
        "Who can join",
    ],
    NewVisPrivate => [
        "Private: only with the invite link",
        "Privée : seulement avec le lien d’invitation",
        "Privada: só com o link de convite",
        "Privat: nur mit dem Einladungslink",
        "Private: only with the invite link",
        "Private: only with the invite link",
    ],
    NewVisPublic => [
        "Public: listed in the lobby",
        "Publique : affichée dans le salon",
        "Pública: listada no saguão",
        "Öffentlich: in der Lobby aufgeführt",
        "Public: listed in the lobby",
        "Public: listed in the lobby",
    ],
    WaitingTitle => [
        "Waiting for your friend",
        "En attente de votre ami",
        "Aguardando seu amigo",
        "Warten auf Ihren Gegner",
        "Waiting for your friend",
        "Waiting for your friend",
    ],
    WaitingText => [
        "Send this link to your friend. The game begins as soon as they open it.",
        "Envoyez ce lien à votre ami. La partie commence dès qu’il l’ouvre.",
        "Envie este link ao seu amigo. A partida começa assim que ele o abrir.",
        "Schicken Sie diesen Link Ihrem Gegner. Die Partie beginnt, sobald er ihn öffnet.",
        "Send this link to your friend. The game begins as soon as they open it.",
        "Send this link to your friend. The game begins as soon as they open it.",
    ],
    InviteLabel => [
        "Invite link",
        "Lien d’invitation",
        "Link de convite",
        "Einladungslink",
        "Invite link",
        "Invite link",
    ],
    BtnCopyLink => ["Copy link", "Copier le lien", "Copiar link", "Link kopieren", "Copy link", "Copy link"],
    BtnShare => ["Share", "Partager", "Compartilhar", "Teilen", "Share", "Share"],
    ShareText => [
        "Play a game of ASEAN chess with me:",
        "Jouez une partie d’échecs ASEAN avec moi :",
        "Jogue uma partida de xadrez ASEAN comigo:",
        "Spiel eine Partie ASEAN-Schach mit mir:",
        "Play a game of ASEAN chess with me:",
        "Play a game of ASEAN chess with me:",
    ],
    ToastCopied => ["Link copied.", "Lien copié.", "Link copiado.", "Link kopiert.", "Link copied.", "Link copied."],
    ToastCopyFailed => [
        "Could not copy: the link is selected, copy it by hand.",
        "Copie impossible : le lien est sélectionné, copiez-le vous-même.",
        "Não foi possível copiar: o link está selecionado, copie-o manualmente.",
        "Kopieren nicht möglich: Der Link ist markiert, bitte von Hand kopieren.",
        "Could not copy: the link is selected, copy it by hand.",
        "Could not copy: the link is selected, copy it by hand.",
    ],
    Reconnecting => [
        "Reconnecting…",
        "Reconnexion…",
        "Reconectando…",
        "Verbindung wird wiederhergestellt…",
        "Reconnecting…",
        "Reconnecting…",
    ],
    OpponentOnline => [
        "Your opponent is online.",
        "Votre adversaire est en ligne.",
        "Seu adversário está online.",
        "Ihr Gegner ist online.",
        "Your opponent is online.",
        "Your opponent is online.",
    ],
    OpponentOffline => [
        "Your opponent is away.",
        "Votre adversaire s’est absenté.",
        "Seu adversário saiu.",
        "Ihr Gegner ist abwesend.",
        "Your opponent is away.",
        "Your opponent is away.",
    ],
    OpponentAway => [
        "Your opponent is away. You may claim victory in {time}.",
        "Votre adversaire s’est absenté. Vous pourrez réclamer la victoire dans {time}.",
        "Seu adversário saiu. Você poderá reivindicar a vitória em {time}.",
        "Ihr Gegner ist abwesend. In {time} können Sie den Sieg beanspruchen.",
        "Your opponent is away. You may claim victory in {time}.",
        "Your opponent is away. You may claim victory in {time}.",
    ],
    OpponentGone => [
        "Your opponent has left. You may claim victory.",
        "Votre adversaire est parti. Vous pouvez réclamer la victoire.",
        "Seu adversário foi embora. Você pode reivindicar a vitória.",
        "Ihr Gegner ist gegangen. Sie können den Sieg beanspruchen.",
        "Your opponent has left. You may claim victory.",
        "Your opponent has left. You may claim victory.",
    ],
    BtnClaimVictory => [
        "Claim victory",
        "Réclamer la victoire",
        "Reivindicar vitória",
        "Sieg beanspruchen",
        "Claim victory",
        "Claim victory",
    ],
    DrawOfferText => [
        "Your opponent offers a draw.",
        "Votre adversaire propose la nulle.",
        "Seu adversário propõe empate.",
        "Ihr Gegner bietet Remis an.",
        "Your opponent offers a draw.",
        "Your opponent offers a draw.",
    ],
    BtnAccept => ["Accept", "Accepter", "Aceitar", "Annehmen", "Accept", "Accept"],
    BtnDecline => ["Decline", "Refuser", "Recusar", "Ablehnen", "Decline", "Decline"],
    BtnOfferDraw => [
        "Offer a draw",
        "Proposer la nulle",
        "Propor empate",
        "Remis anbieten",
        "Offer a draw",
        "Offer a draw",
    ],
    ToastDrawOffered => [
        "Draw offered.",
        "Nulle proposée.",
        "Empate proposto.",
        "Remis angeboten.",
        "Draw offered.",
        "Draw offered.",
    ],
    ToastDrawDeclined => [
        "Your draw offer was declined.",
        "Votre proposition de nulle a été refusée.",
        "Sua proposta de empate foi recusada.",
        "Ihr Remisangebot wurde abgelehnt.",
        "Your draw offer was declined.",
        "Your draw offer was declined.",
    ],
    BtnRematch => ["Rematch", "Revanche", "Revanche", "Revanche", "Rematch", "Rematch"],
    BtnRematchAccept => [
        "Accept the rematch",
        "Accepter la revanche",
        "Aceitar a revanche",
        "Revanche annehmen",
        "Accept the rematch",
        "Accept the rematch",
    ],
    RematchWaiting => [
        "Rematch asked: waiting…",
        "Revanche demandée : en attente…",
        "Revanche pedida: aguardando…",
        "Revanche angefragt: warten…",
        "Rematch asked: waiting…",
        "Rematch asked: waiting…",
    ],
    ToastRematchOffered => [
        "Your opponent wants a rematch.",
        "Votre adversaire veut une revanche.",
        "Seu adversário quer uma revanche.",
        "Ihr Gegner möchte eine Revanche.",
        "Your opponent wants a rematch.",
        "Your opponent wants a rematch.",
    ],
    ToastRematchStarted => [
        "Rematch: colours are swapped.",
        "Revanche : les couleurs sont inversées.",
        "Revanche: as cores foram trocadas.",
        "Revanche: Die Farben sind getauscht.",
        "Rematch: colours are swapped.",
        "Rematch: colours are swapped.",
    ],
    ToastFriendJoined => [
        "Your opponent has arrived: the game begins.",
        "Votre adversaire est arrivé : la partie commence.",
        "Seu adversário chegou: a partida começa.",
        "Ihr Gegner ist da: Die Partie beginnt.",
        "Your opponent has arrived: the game begins.",
        "Your opponent has arrived: the game begins.",
    ],
    ToastOffline => [
        "Not connected to the server: wait for the reconnection.",
        "Pas de connexion au serveur : attendez la reconnexion.",
        "Sem conexão com o servidor: aguarde a reconexão.",
        "Keine Verbindung zum Server: Bitte warten Sie auf die Wiederverbindung.",
        "Not connected to the server: wait for the reconnection.",
        "Not connected to the server: wait for the reconnection.",
    ],
    OnlineConnecting => [
        "Online game: connecting…",
        "Partie en ligne : connexion…",
        "Partida online: conectando…",
        "Online-Partie: Verbindung wird aufgebaut…",
        "Online game: connecting…",
        "Online game: connecting…",
    ],
    OnlineYouWhite => [
        "Online game: you play White.",
        "Partie en ligne : vous avez les Blancs.",
        "Partida online: você joga de brancas.",
        "Online-Partie: Sie spielen Weiß.",
        "Online game: you play White.",
        "Online game: you play White.",
    ],
    OnlineYouBlack => [
        "Online game: you play Black.",
        "Partie en ligne : vous avez les Noirs.",
        "Partida online: você joga de pretas.",
        "Online-Partie: Sie spielen Schwarz.",
        "Online game: you play Black.",
        "Online game: you play Black.",
    ],
    OnlineWatching => [
        "Online game: you are watching.",
        "Partie en ligne : vous êtes spectateur.",
        "Partida online: você está assistindo.",
        "Online-Partie: Sie schauen zu.",
        "Online game: you are watching.",
        "Online game: you are watching.",
    ],
    ResTimeoutWhite => [
        "White wins on time.",
        "Les Blancs gagnent au temps.",
        "As brancas vencem por tempo.",
        "Weiß gewinnt auf Zeit.",
        "White wins on time.",
        "White wins on time.",
    ],
    ResTimeoutBlack => [
        "Black wins on time.",
        "Les Noirs gagnent au temps.",
        "As pretas vencem por tempo.",
        "Schwarz gewinnt auf Zeit.",
        "Black wins on time.",
        "Black wins on time.",
    ],
    ResTimeoutDraw => [
        "Time ran out, but the other side cannot mate: draw.",
        "Le temps est écoulé, mais l’autre camp ne peut pas mater : nulle.",
        "O tempo acabou, mas o outro lado não pode dar mate: empate.",
        "Die Zeit ist abgelaufen, aber die andere Seite kann nicht mattsetzen: Remis.",
        "Time ran out, but the other side cannot mate: draw.",
        "Time ran out, but the other side cannot mate: draw.",
    ],
    ResAbandonedWhite => [
        "White wins: Black left the game.",
        "Les Blancs gagnent : les Noirs ont quitté la partie.",
        "As brancas vencem: as pretas abandonaram a partida.",
        "Weiß gewinnt: Schwarz hat die Partie verlassen.",
        "White wins: Black left the game.",
        "White wins: Black left the game.",
    ],
    ResAbandonedBlack => [
        "Black wins: White left the game.",
        "Les Noirs gagnent : les Blancs ont quitté la partie.",
        "As pretas vencem: as brancas abandonaram a partida.",
        "Schwarz gewinnt: Weiß hat die Partie verlassen.",
        "Black wins: White left the game.",
        "Black wins: White left the game.",
    ],
    LobbyTitle => ["Play online", "Jouer en ligne", "Jogar online", "Online spielen", "Play online", "Play online"],
    LobbyConnecting => [
        "Connecting to the lobby…",
        "Connexion au salon…",
        "Conectando ao saguão…",
        "Verbindung zur Lobby…",
        "Connecting to the lobby…",
        "Connecting to the lobby…",
    ],
    LobbyEmpty => [
        "Nobody is waiting: create a room or play the AI meanwhile.",
        "Personne n’attend : créez une salle ou jouez contre l’IA en attendant.",
        "Ninguém está esperando: crie uma sala ou jogue contra a IA enquanto isso.",
        "Niemand wartet: Eröffnen Sie einen Raum oder spielen Sie solange gegen die KI.",
        "Nobody is waiting: create a room or play the AI meanwhile.",
        "Nobody is waiting: create a room or play the AI meanwhile.",
    ],
    BtnCreateRoom => [
        "Create a room",
        "Créer une salle",
        "Criar uma sala",
        "Raum eröffnen",
        "Create a room",
        "Create a room",
    ],
    BtnPlayAi => [
        "Play the AI",
        "Jouer contre l’IA",
        "Jogar contra a IA",
        "Gegen die KI spielen",
        "Play the AI",
        "Play the AI",
    ],
    BtnJoin => ["Join", "Rejoindre", "Entrar", "Beitreten", "Join", "Join"],
    LobbySeatWhite => [
        "You play White",
        "Vous avez les Blancs",
        "Você joga de brancas",
        "Sie spielen Weiß",
        "You play White",
        "You play White",
    ],
    LobbySeatBlack => [
        "You play Black",
        "Vous avez les Noirs",
        "Você joga de pretas",
        "Sie spielen Schwarz",
        "You play Black",
        "You play Black",
    ],
    ErrNotYourTurn => [
        "It is not your turn.",
        "Ce n’est pas votre tour.",
        "Não é a sua vez.",
        "Sie sind nicht am Zug.",
        "It is not your turn.",
        "It is not your turn.",
    ],
    ErrUnknownRoom => [
        "This game does not exist: check the invite link.",
        "Cette partie n’existe pas : vérifiez le lien d’invitation.",
        "Esta partida não existe: verifique o link de convite.",
        "Diese Partie gibt es nicht: Prüfen Sie den Einladungslink.",
        "This game does not exist: check the invite link.",
        "This game does not exist: check the invite link.",
    ],
    ErrNotSeated => [
        "Both seats are taken: you are watching this game.",
        "Les deux places sont prises : vous regardez cette partie.",
        "Os dois lugares estão ocupados: você está assistindo a esta partida.",
        "Beide Plätze sind besetzt: Sie schauen dieser Partie zu.",
        "Both seats are taken: you are watching this game.",
        "Both seats are taken: you are watching this game.",
    ],
    ErrRateLimited => [
        "Too many actions at once: slow down a little.",
        "Trop d’actions à la fois : ralentissez un peu.",
        "Ações demais de uma vez: vá um pouco mais devagar.",
        "Zu viele Aktionen auf einmal: bitte etwas langsamer.",
        "Too many actions at once: slow down a little.",
        "Too many actions at once: slow down a little.",
    ],
    ErrServer => [
        "The server refused: {error}",
        "Le serveur a refusé : {error}",
        "O servidor recusou: {error}",
        "Der Server hat abgelehnt: {error}",
        "The server refused: {error}",
        "The server refused: {error}",
    ],
    ErrRoomClosed => [
        "This invitation is closed: nothing more can happen in this room.",
        "Cette invitation est close : il ne peut plus rien se passer dans cette salle.",
        "Este convite está encerrado: nada mais pode acontecer nesta sala.",
        "Diese Einladung ist geschlossen: In diesem Raum kann nichts mehr geschehen.",
        "This invitation is closed: nothing more can happen in this room.",
        "This invitation is closed: nothing more can happen in this room.",
    ],
    ErrTooManyRooms => [
        "Too many rooms are open: finish or cancel one of yours, or try again later.",
        "Trop de salles sont ouvertes : terminez ou annulez l’une des vôtres, ou réessayez plus tard.",
        "Há salas abertas demais: termine ou cancele uma das suas, ou tente mais tarde.",
        "Es sind zu viele Räume offen: Beenden oder schließen Sie einen Ihrer Räume oder versuchen Sie es später noch einmal.",
        "Too many rooms are open: finish or cancel one of yours, or try again later.",
        "Too many rooms are open: finish or cancel one of yours, or try again later.",
    ],
    ErrConnectionReset => [
        "The server closed the connection: reconnecting…",
        "Le serveur a fermé la connexion : reconnexion…",
        "O servidor encerrou a conexão: reconectando…",
        "Der Server hat die Verbindung getrennt: Verbindung wird wiederhergestellt…",
        "The server closed the connection: reconnecting…",
        "The server closed the connection: reconnecting…",
    ],
    BtnCancelInvite => [
        "Cancel the invitation",
        "Annuler l’invitation",
        "Cancelar o convite",
        "Einladung zurückziehen",
        "Cancel the invitation",
        "Cancel the invitation",
    ],
    ToastInviteCancelled => [
        "Invitation cancelled.",
        "Invitation annulée.",
        "Convite cancelado.",
        "Einladung zurückgezogen.",
        "Invitation cancelled.",
        "Invitation cancelled.",
    ],
    WaitingListed => [
        "Your room is listed in the lobby: anyone may take the free seat.",
        "Votre salle figure dans le salon : n’importe qui peut prendre la place libre.",
        "Sua sala aparece no saguão: qualquer pessoa pode ocupar o lugar livre.",
        "Ihr Raum steht in der Lobby: Jeder kann den freien Platz einnehmen.",
        "Your room is listed in the lobby: anyone may take the free seat.",
        "Your room is listed in the lobby: anyone may take the free seat.",
    ],
    WaitingUnlisted => [
        "Your room is not in the lobby list right now; the link still works.",
        "Votre salle n’apparaît pas dans le salon pour l’instant ; le lien reste valable.",
        "Sua sala não aparece no saguão agora; o link continua valendo.",
        "Ihr Raum steht gerade nicht in der Lobby; der Link funktioniert weiterhin.",
        "Your room is not in the lobby list right now; the link still works.",
        "Your room is not in the lobby list right now; the link still works.",
    ],
    WaitingExpires => [
        "The link stays open until {time}.",
        "Le lien reste valable jusqu’au {time}.",
        "O link vale até {time}.",
        "Der Link gilt bis {time}.",
        "The link stays open until {time}.",
        "The link stays open until {time}.",
    ],
    ClosedCancelledTitle => [
        "This invitation was cancelled",
        "Cette invitation a été annulée",
        "Este convite foi cancelado",
        "Diese Einladung wurde zurückgezogen",
        "This invitation was cancelled",
        "This invitation was cancelled",
    ],
    ClosedExpiredTitle => [
        "This invitation has expired",
        "Cette invitation a expiré",
        "Este convite expirou",
        "Diese Einladung ist abgelaufen",
        "This invitation has expired",
        "This invitation has expired",
    ],
    ClosedGuest => [
        "No game will be played here. Ask your friend for a new link, or start a game of your own.",
        "Aucune partie ne se jouera ici. Demandez un nouveau lien à votre ami, ou lancez votre propre partie.",
        "Nenhuma partida será jogada aqui. Peça um novo link ao seu amigo ou comece uma partida sua.",
        "Hier wird keine Partie gespielt. Bitten Sie um einen neuen Link oder beginnen Sie selbst eine Partie.",
        "No game will be played here. Ask your friend for a new link, or start a game of your own.",
        "No game will be played here. Ask your friend for a new link, or start a game of your own.",
    ],
    ClosedExpiredHost => [
        "Nobody opened your link in time. Create a new room to invite someone again.",
        "Personne n’a ouvert votre lien à temps. Créez une nouvelle salle pour inviter de nouveau.",
        "Ninguém abriu seu link a tempo. Crie uma nova sala para convidar alguém de novo.",
        "Niemand hat Ihren Link rechtzeitig geöffnet. Eröffnen Sie einen neuen Raum, um erneut einzuladen.",
        "Nobody opened your link in time. Create a new room to invite someone again.",
        "Nobody opened your link in time. Create a new room to invite someone again.",
    ],
    ClosedCancelledHost => [
        "You cancelled this invitation. Create a new room to invite someone again.",
        "Vous avez annulé cette invitation. Créez une nouvelle salle pour inviter de nouveau.",
        "Você cancelou este convite. Crie uma nova sala para convidar alguém de novo.",
        "Sie haben diese Einladung zurückgezogen. Eröffnen Sie einen neuen Raum, um erneut einzuladen.",
        "You cancelled this invitation. Create a new room to invite someone again.",
        "You cancelled this invitation. Create a new room to invite someone again.",
    ],
    BtnLeaveRoom => [
        "Leave this room",
        "Quitter cette salle",
        "Sair desta sala",
        "Raum verlassen",
        "Leave this room",
        "Leave this room",
    ],
    OnlineClosed => [
        "Online: this invitation is closed.",
        "En ligne : cette invitation est close.",
        "Online: este convite está encerrado.",
        "Online: Diese Einladung ist geschlossen.",
        "Online: this invitation is closed.",
        "Online: this invitation is closed.",
    ],
    BtnAbort => ["Abort game", "Annuler la partie", "Anular a partida", "Partie abbrechen", "Abort game", "Abort game"],
    ResAborted => [
        "Game aborted: no winner, no loser.",
        "Partie annulée : ni vainqueur ni vaincu.",
        "Partida anulada: sem vencedor nem perdedor.",
        "Partie abgebrochen: kein Sieger, kein Verlierer.",
        "Game aborted: no winner, no loser.",
        "Game aborted: no winner, no loser.",
    ],
    OpponentAwayAbort => [
        "Your opponent is away. If they do not return, the game will be aborted in {time}.",
        "Votre adversaire s’est absenté. S’il ne revient pas, la partie sera annulée dans {time}.",
        "Seu adversário saiu. Se ele não voltar, a partida será anulada em {time}.",
        "Ihr Gegner ist abwesend. Kommt er nicht zurück, wird die Partie in {time} abgebrochen.",
        "Your opponent is away. If they do not return, the game will be aborted in {time}.",
        "Your opponent is away. If they do not return, the game will be aborted in {time}.",
    ],
    OpponentGoneAbort => [
        "Your opponent did not come back: the game is being aborted.",
        "Votre adversaire n’est pas revenu : la partie va être annulée.",
        "Seu adversário não voltou: a partida será anulada.",
        "Ihr Gegner ist nicht zurückgekommen: Die Partie wird abgebrochen.",
        "Your opponent did not come back: the game is being aborted.",
        "Your opponent did not come back: the game is being aborted.",
    ],
    ToastImported => [
        "Game imported.",
        "Partie importée.",
        "Partida importada.",
        "Partie importiert.",
        "Game imported.",
        "Game imported.",
    ],
    ImportEmpty => [
        "Paste a PGN or a FEN first.",
        "Collez d’abord un PGN ou un FEN.",
        "Cole primeiro um PGN ou um FEN.",
        "Füge zuerst ein PGN oder einen FEN ein.",
        "Paste a PGN or a FEN first.",
        "Paste a PGN or a FEN first.",
    ],
    ImportBadFen => [
        "This FEN cannot be read: {error}",
        "Ce FEN est illisible : {error}",
        "Não é possível ler este FEN: {error}",
        "Dieser FEN ist nicht lesbar: {error}",
        "This FEN cannot be read: {error}",
        "This FEN cannot be read: {error}",
    ],
    ImportBadPgn => [
        "This PGN cannot be read: {error}",
        "Ce PGN est illisible : {error}",
        "Não é possível ler este PGN: {error}",
        "Dieses PGN ist nicht lesbar: {error}",
        "This PGN cannot be read: {error}",
        "This PGN cannot be read: {error}",
    ],
    ExportLocal => [
        "Paste the PGN into any program that knows ASEAN chess, or import it here later.",
        "Collez le PGN dans tout programme qui connaît les échecs ASEAN, ou importez-le ici plus tard.",
        "Cole o PGN em qualquer programa que conheça o xadrez ASEAN, ou importe-o aqui mais tarde.",
        "Füge das PGN in jedes Programm ein, das ASEAN-Schach kennt, oder importiere es später hier.",
        "Paste the PGN into any program that knows ASEAN chess, or import it here later.",
        "Paste the PGN into any program that knows ASEAN chess, or import it here later.",
    ],
    ExportOnline => [
        "The PGN of this online game, as far as it has been played.",
        "Le PGN de cette partie en ligne, jusqu’au dernier coup joué.",
        "O PGN desta partida online, até o último lance jogado.",
        "Das PGN dieser Online-Partie, so weit sie gespielt ist.",
        "The PGN of this online game, as far as it has been played.",
        "The PGN of this online game, as far as it has been played.",
    ],
    ToastCopiedPgn => ["PGN copied.", "PGN copié.", "PGN copiado.", "PGN kopiert.", "PGN copied.", "PGN copied."],
    ToastCopiedFen => ["FEN copied.", "FEN copié.", "FEN copiado.", "FEN kopiert.", "FEN copied.", "FEN copied."],
    ToastCopyFailedText => [
        "Could not copy: select the text and copy it by hand.",
        "Copie impossible : sélectionnez le texte et copiez-le vous-même.",
        "Não foi possível copiar: selecione o texto e copie-o manualmente.",
        "Kopieren nicht möglich: Markiere den Text und kopiere ihn von Hand.",
        "Could not copy: select the text and copy it by hand.",
        "Could not copy: select the text and copy it by hand.",
    ],
    BtnExport => ["Export", "Exporter", "Exportar", "Exportieren", "Export", "Export"],
    BtnImport => ["Import", "Importer", "Importar", "Importieren", "Import", "Import"],
    ExportTitle => [
        "Export the game",
        "Exporter la partie",
        "Exportar a partida",
        "Partie exportieren",
        "Export the game",
        "Export the game",
    ],
    ImportTitle => [
        "Import a game",
        "Importer une partie",
        "Importar uma partida",
        "Partie importieren",
        "Import a game",
        "Import a game",
    ],
    ImportText => [
        "Paste a PGN (a whole game) or a FEN (a position):",
        "Collez un PGN (une partie entière) ou un FEN (une position) :",
        "Cole um PGN (uma partida inteira) ou um FEN (uma posição):",
        "Füge ein PGN (eine ganze Partie) oder einen FEN (eine Stellung) ein:",
        "Paste a PGN (a whole game) or a FEN (a position):",
        "Paste a PGN (a whole game) or a FEN (a position):",
    ],
    ImportFile => [
        "Or open a .pgn file",
        "Ou ouvrez un fichier .pgn",
        "Ou abra um arquivo .pgn",
        "Oder öffne eine .pgn-Datei",
        "Or open a .pgn file",
        "Or open a .pgn file",
    ],
    BtnCopyPgn => ["Copy PGN", "Copier le PGN", "Copiar PGN", "PGN kopieren", "Copy PGN", "Copy PGN"],
    BtnCopyFen => ["Copy FEN", "Copier le FEN", "Copiar FEN", "FEN kopieren", "Copy FEN", "Copy FEN"],
    BtnDownload => [
        "Download .pgn",
        "Télécharger .pgn",
        "Baixar .pgn",
        ".pgn herunterladen",
        "Download .pgn",
        "Download .pgn",
    ],
    ExportFenLabel => [
        "FEN of the position shown",
        "FEN de la position affichée",
        "FEN da posição mostrada",
        "FEN der gezeigten Stellung",
        "FEN of the position shown",
        "FEN of the position shown",
    ],
    ReviewLabel => [
        "Step through the game",
        "Parcourir la partie",
        "Percorrer a partida",
        "Durch die Partie gehen",
        "Step through the game",
        "Step through the game",
    ],
    ReviewFirst => [
        "First position",
        "Position de départ",
        "Posição inicial",
        "Ausgangsstellung",
        "First position",
        "First position",
    ],
    ReviewPrev => [
        "Previous move",
        "Coup précédent",
        "Lance anterior",
        "Vorheriger Zug",
        "Previous move",
        "Previous move",
    ],
    ReviewNext => ["Next move", "Coup suivant", "Próximo lance", "Nächster Zug", "Next move", "Next move"],
    ReviewLast => ["Last move", "Dernier coup", "Último lance", "Letzter Zug", "Last move", "Last move"],
    BtnLive => [
        "Back to the game",
        "Retour à la partie",
        "Voltar à partida",
        "Zurück zur Partie",
        "Back to the game",
        "Back to the game",
    ],
    AnalysisAfterGame => [
        "The analysis opens once this game is over: no engine help against a person.",
        "L’analyse s’ouvre une fois la partie terminée : pas d’aide du moteur contre une personne.",
        "A análise abre quando a partida terminar: sem ajuda do motor contra uma pessoa.",
        "Die Analyse gibt es nach dem Ende der Partie: keine Engine-Hilfe gegen einen Menschen.",
        "The analysis opens once this game is over: no engine help against a person.",
        "The analysis opens once this game is over: no engine help against a person.",
    ],
    ReviewAt => [
        "Position after {move} ({ply} of {total})",
        "Position après {move} ({ply} sur {total})",
        "Posição após {move} ({ply} de {total})",
        "Stellung nach {move} ({ply} von {total})",
        "Position after {move} ({ply} of {total})",
        "Position after {move} ({ply} of {total})",
    ],
    ReviewStart => [
        "The first position (0 of {total})",
        "La position de départ (0 sur {total})",
        "A posição inicial (0 de {total})",
        "Die Ausgangsstellung (0 von {total})",
        "The first position (0 of {total})",
        "The first position (0 of {total})",
    ],
    SavedHotSeat => [
        "hot-seat",
        "à deux sur cet appareil",
        "dois jogadores neste aparelho",
        "zu zweit an diesem Gerät",
        "hot-seat",
        "hot-seat",
    ],
    SavedOnlineWhite => [
        "online, you played White",
        "en ligne, vous aviez les Blancs",
        "online, você jogou de Brancas",
        "online, du hattest Weiß",
        "online, you played White",
        "online, you played White",
    ],
    SavedOnlineBlack => [
        "online, you played Black",
        "en ligne, vous aviez les Noirs",
        "online, você jogou de Pretas",
        "online, du hattest Schwarz",
        "online, you played Black",
        "online, you played Black",
    ],
    SavedOnlineWatched => [
        "online, watched",
        "en ligne, regardée",
        "online, assistida",
        "online, zugeschaut",
        "online, watched",
        "online, watched",
    ],
    ConfirmDeleteTitle => [
        "Delete this saved game?",
        "Supprimer cette partie enregistrée ?",
        "Excluir esta partida salva?",
        "Diese gespeicherte Partie löschen?",
        "Delete this saved game?",
        "Delete this saved game?",
    ],
    ConfirmDeleteText => [
        "It will be gone from this device. An online game stays on the server and its link still opens it.",
        "Elle disparaîtra de cet appareil. Une partie en ligne reste sur le serveur et son lien l’ouvre toujours.",
        "Ela sumirá deste aparelho. Uma partida online continua no servidor e o link ainda a abre.",
        "Sie verschwindet von diesem Gerät. Eine Online-Partie bleibt auf dem Server, ihr Link öffnet sie weiterhin.",
        "It will be gone from this device. An online game stays on the server and its link still opens it.",
        "It will be gone from this device. An online game stays on the server and its link still opens it.",
    ],
    ConfirmDeleteYes => ["Delete", "Supprimer", "Excluir", "Löschen", "Delete", "Delete"],
    AnalysisTitle => ["Analysis", "Analyse", "Análise", "Analyse", "Analysis", "Analysis"],
    AnalysisNote => [
        "The engine that plays looks at every position, here in your browser: no connection needed.",
        "Le moteur qui joue examine chaque position, ici dans votre navigateur : aucune connexion requise.",
        "O motor que joga examina cada posição, aqui no seu navegador: sem precisar de conexão.",
        "Die Engine, die spielt, prüft jede Stellung hier im Browser: ohne Verbindung.",
        "The engine that plays looks at every position, here in your browser: no connection needed.",
        "The engine that plays looks at every position, here in your browser: no connection needed.",
    ],
    BtnAnalyse => [
        "Analyse the game",
        "Analyser la partie",
        "Analisar a partida",
        "Partie analysieren",
        "Analyse the game",
        "Analyse the game",
    ],
    BtnAnalysisResume => [
        "Resume the analysis",
        "Reprendre l’analyse",
        "Retomar a análise",
        "Analyse fortsetzen",
        "Resume the analysis",
        "Resume the analysis",
    ],
    BtnAnalysisStop => ["Stop", "Arrêter", "Parar", "Anhalten", "Stop", "Stop"],
    AnalysisProgress => [
        "Analysing: {done} of {total} positions",
        "Analyse : {done} positions sur {total}",
        "Analisando: {done} de {total} posições",
        "Analyse: {done} von {total} Stellungen",
        "Analysing: {done} of {total} positions",
        "Analysing: {done} of {total} positions",
    ],
    AnalysisDone => [
        "Analysis complete: {total} positions",
        "Analyse terminée : {total} positions",
        "Análise concluída: {total} posições",
        "Analyse fertig: {total} Stellungen",
        "Analysis complete: {total} positions",
        "Analysis complete: {total} positions",
    ],
    EvalDepth => ["depth {n}", "profondeur {n}", "profundidade {n}", "Tiefe {n}", "depth {n}", "depth {n}"],
    AnalysisFailed => [
        "The analysis stopped: {error}",
        "L’analyse s’est arrêtée : {error}",
        "A análise parou: {error}",
        "Die Analyse wurde angehalten: {error}",
        "The analysis stopped: {error}",
        "The analysis stopped: {error}",
    ],
    AnalysisSide => [
        "{side}: {marks}",
        "{side} : {marks}",
        "{side}: {marks}",
        "{side}: {marks}",
        "{side}: {marks}",
        "{side}: {marks}",
    ],
    AnalysisSideClean => [
        "{side}: no mistakes",
        "{side} : aucune erreur",
        "{side}: nenhum erro",
        "{side}: keine Fehler",
        "{side}: no mistakes",
        "{side}: no mistakes",
    ],
    AnalysisLegend => [
        "?! inaccuracy · ? mistake · ?? blunder. Click the graph to go to a move.",
        "?! imprécision · ? erreur · ?? gaffe. Cliquez sur le graphique pour aller à un coup.",
        "?! imprecisão · ? erro · ?? capivarada. Clique no gráfico para ir a um lance.",
        "?! Ungenauigkeit · ? Fehler · ?? grober Fehler. Klicke in die Grafik, um zu einem Zug zu gehen.",
        "?! inaccuracy · ? mistake · ?? blunder. Click the graph to go to a move.",
        "?! inaccuracy · ? mistake · ?? blunder. Click the graph to go to a move.",
    ],
    BestMove => [
        "Better: {move}",
        "Mieux : {move}",
        "Melhor: {move}",
        "Besser: {move}",
        "Better: {move}",
        "Better: {move}",
    ],
    EvalGraphLabel => [
        "Evaluation of the game, move by move",
        "Évaluation de la partie, coup par coup",
        "Avaliação da partida, lance a lance",
        "Bewertung der Partie, Zug um Zug",
        "Evaluation of the game, move by move",
        "Evaluation of the game, move by move",
    ],
}

#[cfg(test)]
mod tests {
    use super::*;
    use PluralCategory::{Many, One, Other};

    /// The `{name}` placeholders of `text`, sorted.
    fn placeholders_of(text: &str) -> Vec<&str> {
        let mut names: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .collect();
        names.sort_unstable();
        names
    }

    #[test]
    fn every_key_has_six_texts_with_the_same_placeholders() {
        for &key in Key::ALL {
            let english = placeholders_of(Lang::En.t(key));
            for lang in Lang::ALL {
                let text = lang.t(key);
                assert!(!text.trim().is_empty(), "{key:?} is empty in {lang:?}");
                assert_eq!(
                    placeholders_of(text),
                    english,
                    "{key:?} in {lang:?}: {text}"
                );
            }
            assert_eq!(Key::from_name(key.name()), Some(key));
        }
    }

    #[test]
    fn negotiation() {
        assert_eq!(negotiate(&["pt-BR", "en"]), Lang::Pt);
        assert_eq!(negotiate(&["zh-CN", "ja"]), Lang::En);
        assert_eq!(negotiate(&["FR_ca"]), Lang::Fr);
        assert_eq!(negotiate(&["th-TH", "en-US"]), Lang::Th);
        assert_eq!(negotiate(&["ja", "vi-VN"]), Lang::Vi);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.code()), Some(lang));
        }
    }

    #[test]
    fn plural_categories_follow_cldr() {
        let cases = [
            // Portuguese and French put 0 with 1; English and German do not.
            (Lang::Pt, 0, One),
            (Lang::Pt, 1, One),
            (Lang::Pt, 2, Other),
            (Lang::Fr, 0, One),
            (Lang::Fr, 1, One),
            (Lang::Fr, 2, Other),
            (Lang::En, 0, Other),
            (Lang::En, 1, One),
            (Lang::En, 2, Other),
            (Lang::De, 0, Other),
            (Lang::De, 1, One),
            // Exact millions take "de" in French and Portuguese.
            (Lang::Fr, 1_000_000, Many),
            (Lang::Pt, 2_000_000, Many),
            (Lang::Fr, 1_000_001, Other),
            (Lang::En, 1_000_000, Other),
        ];
        for (lang, n, want) in cases {
            assert_eq!(lang.plural(n), want, "{n} in {lang:?}");
        }
        for n in [0, 1, 2, 5, 21, 1_000_000] {
            assert_eq!(Lang::Th.plural(n), Other, "{n} in Thai");
        }
        // CLDR 49 gives Vietnamese a `one` (0 and 1) for the pronoun that refers back to the
        // count (nó / chúng); its nouns stay the same, so our texts fall back to `other`.
        assert_eq!(Lang::Vi.plural(1), One);
        assert_eq!(Lang::Vi.plural(2), Other);
    }

    /// Counts that meet every category of our languages: all up to 2000, and some millions.
    fn sample_counts() -> impl Iterator<Item = u64> {
        (0..=2000).chain([1_000_000, 2_000_000, 5_000_000, 1_000_000_000])
    }

    /// Categories a language's rules use that our texts leave to `other` on purpose: a
    /// Vietnamese noun does not change with the count (1 nước đi, 3 nước đi), and no counted
    /// text of ours refers back to the count with a pronoun, where CLDR's `one` would matter.
    const FALLS_BACK_TO_OTHER: &[(Lang, PluralCategory)] = &[(Lang::Vi, One)];

    #[test]
    fn every_category_a_language_uses_has_its_own_text_and_no_other() {
        for &key in Counted::ALL {
            for lang in Lang::ALL {
                let forms = key.forms(lang);
                let used: Vec<PluralCategory> = sample_counts().map(|n| lang.plural(n)).collect();
                for category in PluralCategory::all() {
                    let has_text = forms.own(category).is_some();
                    let wanted = used.contains(&category)
                        && !FALLS_BACK_TO_OTHER.contains(&(lang, category));
                    assert_eq!(
                        has_text, wanted,
                        "{key:?} in {lang:?}: {category:?} used and written must agree"
                    );
                }
                let english = placeholders_of(key.forms(Lang::En).other);
                for category in PluralCategory::all() {
                    if let Some(text) = forms.own(category) {
                        assert_eq!(
                            placeholders_of(text),
                            english,
                            "{key:?} in {lang:?}: {text}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn counts_agree_in_number() {
        let cases = [
            (Lang::En, 0, "d · 0 moves"),
            (Lang::En, 1, "d · 1 move"),
            (Lang::En, 3, "d · 3 moves"),
            (Lang::Fr, 0, "d · 0 coup"),
            (Lang::Fr, 1, "d · 1 coup"),
            (Lang::Fr, 3, "d · 3 coups"),
            (Lang::De, 0, "d · 0 Züge"),
            (Lang::De, 1, "d · 1 Zug"),
            (Lang::De, 3, "d · 3 Züge"),
            (Lang::Pt, 0, "d · 0 lance"),
            (Lang::Pt, 1, "d · 1 lance"),
            (Lang::Pt, 3, "d · 3 lances"),
        ];
        for (lang, n, want) in cases {
            assert_eq!(lang.moves_summary("d", n), want);
        }
        // One text for every count in Thai and Vietnamese.
        for lang in [Lang::Th, Lang::Vi] {
            let one = lang.moves_summary("d", 1);
            let many = lang.moves_summary("d", 3);
            assert_eq!(one.replace('1', "3"), many, "{lang:?}");
        }
        assert_eq!(
            Lang::Fr.count(Counted::LobbyPlayers, 1_000_000, &[]),
            "1000000 de joueurs en ligne"
        );
    }

    #[test]
    fn placeholders() {
        let s = Lang::En.fmt(Key::FiftyCounter, &[("n", "7")]);
        assert_eq!(s, "50-move rule: 7 of 50");
    }
}
