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
//! category of a count comes from CLDR's rules, never from rules of our own ([`Lang::plural`]):
//! in the browser from its `Intl.PluralRules` (CLDR data that ships with every browser, so the
//! page carries none), on the host from the `icu_plurals` crate, so the host tests check our
//! texts against the same CLDR rules (and a browser test checks that both agree).
//!
//! # Pieces and terms
//! English, French, Portuguese and German call the Makruk pieces by their Thai names *khon* and
//! *met*, as players writing in those languages do. Thai uses the pieces' own names: ขุน (khun,
//! the king), เม็ด (met), โคน (khon), ม้า (ma, the knight), เรือ (ruea, the rook) and เบี้ย
//! (bia, the pawn); a check is รุก, checkmate รุกจน, stalemate อับ, promotion หงายเบี้ย (the
//! pawn "turned over") and the count of the lone king's moves นับ.
//! Vietnamese keeps *khon* and *met* (quân khon, quân met) like the Western languages: the
//! game is played in Vietnam as cờ ốc, a newcomer from the ASEAN events, and we know of no
//! Vietnamese names for these two pieces in common use, whereas the pieces it shares with chess
//! take the chess names every Vietnamese player knows (vua, xe, mã, tốt; chiếu, chiếu hết).
//!
//! Numbers and dates in the texts are written by [`crate::intl`] with the browser's `Intl`.

/// A CLDR plural category (cardinal): which form of a counted text a number takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PluralCategory {
    /// CLDR `zero`.
    Zero,
    /// CLDR `one`.
    One,
    /// CLDR `two`.
    Two,
    /// CLDR `few`.
    Few,
    /// CLDR `many`.
    Many,
    /// CLDR `other`.
    Other,
}

impl PluralCategory {
    /// Every category, in CLDR's order.
    pub const ALL: [PluralCategory; 6] = [
        PluralCategory::Zero,
        PluralCategory::One,
        PluralCategory::Two,
        PluralCategory::Few,
        PluralCategory::Many,
        PluralCategory::Other,
    ];

    /// The category named by CLDR's keyword (`zero`, `one`, `two`, `few`, `many`, `other`), as
    /// `Intl.PluralRules.prototype.select` returns it; `None` for any other text.
    pub fn from_keyword(keyword: &str) -> Option<PluralCategory> {
        PluralCategory::ALL
            .into_iter()
            .find(|c| c.keyword() == keyword)
    }

    /// CLDR's keyword of the category: `zero`, `one`, `two`, `few`, `many` or `other`.
    pub fn keyword(self) -> &'static str {
        match self {
            PluralCategory::Zero => "zero",
            PluralCategory::One => "one",
            PluralCategory::Two => "two",
            PluralCategory::Few => "few",
            PluralCategory::Many => "many",
            PluralCategory::Other => "other",
        }
    }
}

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
    ///
    /// In the browser only English is built into the module: another language's text comes
    /// from its catalog once [`load_catalog`] has read it, and is the English text until then
    /// (or when the catalog lacks the key). On the host every text is built in.
    pub fn t(self, key: Key) -> &'static str {
        #[cfg(target_arch = "wasm32")]
        {
            catalog::text(self, key).unwrap_or_else(|| key.english())
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
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
    }

    /// `true` when this language's texts are at hand: always for English and on the host; in
    /// the browser once [`load_catalog`] has read the language's catalog.
    pub fn is_loaded(self) -> bool {
        #[cfg(target_arch = "wasm32")]
        {
            self == Lang::En || catalog::is_loaded(self)
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            true
        }
    }

    /// The text of `key` with each `{name}` placeholder replaced by its value from `args`.
    /// Placeholders without a value are left as they are.
    pub fn fmt(self, key: Key, args: &[(&str, &str)]) -> String {
        fill(self.t(key), args)
    }

    /// The CLDR plural category (cardinal) of the count `n` in this language: in the browser
    /// from `Intl.PluralRules` (`other` if it answers something unexpected), on the host from
    /// the `icu_plurals` crate.
    ///
    /// ```
    /// use web::i18n::{Lang, PluralCategory};
    /// assert_eq!(Lang::Pt.plural(0), PluralCategory::One);
    /// assert_eq!(Lang::En.plural(0), PluralCategory::Other);
    /// assert_eq!(Lang::Th.plural(1), PluralCategory::Other);
    /// ```
    pub fn plural(self, n: u64) -> PluralCategory {
        #[cfg(target_arch = "wasm32")]
        {
            let locales = js_sys::Array::of1(&self.code().into());
            let rules = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
            // Counts here are far below 2^53, where f64 is exact.
            let keyword = String::from(rules.select(n as f64));
            PluralCategory::from_keyword(&keyword).unwrap_or(PluralCategory::Other)
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            use icu_plurals::PluralCategory as Icu;
            let rules = icu_plurals::PluralRules::try_new_cardinal(self.locale().into());
            match rules.map(|rules| rules.category_for(n)) {
                Ok(Icu::Zero) => PluralCategory::Zero,
                Ok(Icu::One) => PluralCategory::One,
                Ok(Icu::Two) => PluralCategory::Two,
                Ok(Icu::Few) => PluralCategory::Few,
                Ok(Icu::Many) => PluralCategory::Many,
                Ok(Icu::Other) | Err(_) => PluralCategory::Other,
            }
        }
    }

    /// The locale of the plural rules (on the host).
    #[cfg(not(target_arch = "wasm32"))]
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

/// The file of `lang`'s catalog, relative to the page: `pkg/i18n/th.json` (written by
/// `cargo xtask build` from the tables below; none for English, which is built in).
pub fn catalog_path(lang: Lang) -> String {
    format!("pkg/i18n/{}.json", lang.code())
}

/// Reads `lang`'s catalog (the JSON of [`catalog_json`]) so that [`Lang::t`] and
/// [`Counted::forms`] give its texts from now on; a key the catalog lacks keeps its English
/// text. Reading English, or a language already read, changes nothing. On the host, where
/// every text is built in, only checks the catalog.
///
/// # Errors
/// When `json` is not a catalog of `lang` (not JSON, another language, no `keys` object);
/// nothing changes then.
pub fn load_catalog(lang: Lang, json: &str) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        catalog::read(lang, json)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| format!("the catalog is not JSON: {e}"))?;
        if value.get("lang").and_then(|l| l.as_str()) != Some(lang.code()) {
            return Err(format!("not a catalog of {}", lang.code()));
        }
        if !value.get("keys").is_some_and(|k| k.is_object()) {
            return Err("the catalog has no keys".to_owned());
        }
        Ok(())
    }
}

/// `lang`'s catalog as JSON, for the browser to load when the player picks it:
/// `{"lang": "th", "keys": {"AppTitle": "…", …}, "counted": {"SavedSummary": {"other": "…",
/// "one": "…"}, …}}` (each counted key with its categories' texts, by CLDR keyword). Host only:
/// `cargo xtask build` writes these files (`crates/web/examples/catalogs.rs`).
#[cfg(not(target_arch = "wasm32"))]
pub fn catalog_json(lang: Lang) -> String {
    let keys: serde_json::Map<String, serde_json::Value> = Key::ALL
        .iter()
        .map(|&k| (k.name().to_owned(), lang.t(k).into()))
        .collect();
    let counted: serde_json::Map<String, serde_json::Value> = Counted::ALL
        .iter()
        .map(|&c| {
            let forms = c.forms(lang);
            let texts: serde_json::Map<String, serde_json::Value> = PluralCategory::ALL
                .into_iter()
                .filter_map(|cat| Some((cat.keyword().to_owned(), forms.own(cat)?.into())))
                .collect();
            (c.name().to_owned(), texts.into())
        })
        .collect();
    serde_json::json!({ "lang": lang.code(), "keys": keys, "counted": counted }).to_string()
}

/// The catalogs read in the browser, by language: each read once and kept for the page's life.
#[cfg(target_arch = "wasm32")]
mod catalog {
    use super::{Counted, Forms, Key, Lang, PluralCategory};
    use std::cell::RefCell;
    use wasm_bindgen::JsValue;

    /// One language's texts, by key (`Key as usize`, `Counted as usize`); `None` where the
    /// catalog has none.
    struct Catalog {
        texts: Vec<Option<&'static str>>,
        forms: Vec<Option<Forms>>,
    }

    thread_local! {
        static READ: RefCell<[Option<&'static Catalog>; 6]> = const { RefCell::new([None; 6]) };
    }

    fn get(lang: Lang) -> Option<&'static Catalog> {
        READ.with(|r| r.borrow()[lang as usize])
    }

    pub(super) fn is_loaded(lang: Lang) -> bool {
        get(lang).is_some()
    }

    pub(super) fn text(lang: Lang, key: Key) -> Option<&'static str> {
        get(lang)?.texts.get(key as usize).copied().flatten()
    }

    pub(super) fn forms(lang: Lang, key: Counted) -> Option<Forms> {
        get(lang)?.forms.get(key as usize).copied().flatten()
    }

    /// `object[name]` as a string kept for the page's life (each catalog is read once).
    fn string(object: &JsValue, name: &str) -> Option<&'static str> {
        let value = js_sys::Reflect::get(object, &name.into())
            .ok()?
            .as_string()?;
        Some(Box::leak(value.into_boxed_str()))
    }

    fn object(parent: &JsValue, name: &str) -> Option<JsValue> {
        js_sys::Reflect::get(parent, &name.into())
            .ok()
            .filter(|v| v.is_object())
    }

    pub(super) fn read(lang: Lang, json: &str) -> Result<(), String> {
        if lang == Lang::En || is_loaded(lang) {
            return Ok(());
        }
        let value = js_sys::JSON::parse(json).map_err(|_| "the catalog is not JSON".to_owned())?;
        if js_sys::Reflect::get(&value, &"lang".into())
            .ok()
            .and_then(|l| l.as_string())
            .as_deref()
            != Some(lang.code())
        {
            return Err(format!("not a catalog of {}", lang.code()));
        }
        let keys = object(&value, "keys").ok_or("the catalog has no keys")?;
        let texts = Key::ALL.iter().map(|k| string(&keys, k.name())).collect();
        let counted = object(&value, "counted");
        let forms = Counted::ALL
            .iter()
            .map(|c| {
                let texts = object(counted.as_ref()?, c.name())?;
                let form = |cat: PluralCategory| string(&texts, cat.keyword());
                Some(Forms {
                    zero: form(PluralCategory::Zero),
                    one: form(PluralCategory::One),
                    two: form(PluralCategory::Two),
                    few: form(PluralCategory::Few),
                    many: form(PluralCategory::Many),
                    other: form(PluralCategory::Other)?,
                })
            })
            .collect();
        let catalog: &'static Catalog = Box::leak(Box::new(Catalog { texts, forms }));
        READ.with(|r| r.borrow_mut()[lang as usize] = Some(catalog));
        Ok(())
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

            /// The English text (the one built into the browser's module).
            pub fn english(self) -> &'static str {
                match self { $(Key::$key => $en,)* }
            }

            /// The texts in the order English, French, Portuguese, German, Thai, Vietnamese
            /// (on the host only: the browser loads the others from their catalogs).
            #[cfg(not(target_arch = "wasm32"))]
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

            /// The key's name, as written in the catalogs.
            pub fn name(self) -> &'static str {
                match self { $(Counted::$key => stringify!($key),)* }
            }

            /// The English texts (the ones built into the browser's module).
            pub fn english(self) -> Forms {
                match self { $(Counted::$key => forms!($en),)* }
            }

            /// The texts of this key in `lang`: in the browser from the language's catalog
            /// once loaded ([`load_catalog`]), English until then, as [`Lang::t`].
            pub fn forms(self, lang: Lang) -> Forms {
                #[cfg(target_arch = "wasm32")]
                {
                    catalog::forms(lang, self).unwrap_or_else(|| self.english())
                }
                #[cfg(not(target_arch = "wasm32"))]
                {
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
    AppTitle => ["ASEAN chess", "Échecs ASEAN", "Xadrez ASEAN", "ASEAN-Schach", "หมากรุกอาเซียน", "Cờ ASEAN"],
    Tagline => [
        "Makruk as the ASEAN rules play it: two players, one device.",
        "Le makruk selon les règles ASEAN : deux joueurs, un seul appareil.",
        "Makruk pelas regras ASEAN: dois jogadores, um só aparelho.",
        "Makruk nach ASEAN-Regeln: zwei Spieler, ein Gerät.",
        "หมากรุกไทยตามกติกาอาเซียน เล่นสองคนบนเครื่องเดียว",
        "Makruk theo luật ASEAN: hai người chơi trên một thiết bị.",
    ],
    Loading => ["Loading…", "Chargement…", "Carregando…", "Wird geladen…", "กำลังโหลด…", "Đang tải…"],
    LanguageLabel => ["Language", "Langue", "Idioma", "Sprache", "ภาษา", "Ngôn ngữ"],
    RulesLink => ["Rules", "Règles", "Regras", "Regeln", "กติกา", "Luật chơi"],
    BoardLabel => ["Chessboard", "Échiquier", "Tabuleiro", "Schachbrett", "กระดานหมากรุก", "Bàn cờ"],
    BtnNew => ["New game", "Nouvelle partie", "Nova partida", "Neue Partie", "เกมใหม่", "Ván mới"],
    BtnUndo => ["Undo", "Annuler le coup", "Desfazer", "Zurücknehmen", "ย้อนตาเดิน", "Đi lại"],
    BtnFlip => ["Flip board", "Retourner", "Girar tabuleiro", "Brett drehen", "กลับกระดาน", "Xoay bàn cờ"],
    BtnResign => ["Resign", "Abandonner", "Desistir", "Aufgeben", "ยอมแพ้", "Xin thua"],
    BtnDraw => [
        "Agree a draw",
        "Nulle d’un commun accord",
        "Empate combinado",
        "Remis vereinbaren",
        "ตกลงเสมอ",
        "Thỏa thuận hòa",
    ],
    BtnClaim => [
        "Claim draw",
        "Réclamer la nulle",
        "Reivindicar empate",
        "Remis beanspruchen",
        "ขอเสมอ",
        "Yêu cầu hòa",
    ],
    ClaimFifty => [
        "Claim draw (50 moves)",
        "Réclamer la nulle (50 coups)",
        "Reivindicar empate (50 lances)",
        "Remis beanspruchen (50 Züge)",
        "ขอเสมอ (50 ตา)",
        "Yêu cầu hòa (50 nước)",
    ],
    ClaimThreefold => [
        "Claim draw (repetition)",
        "Réclamer la nulle (répétition)",
        "Reivindicar empate (repetição)",
        "Remis beanspruchen (Wiederholung)",
        "ขอเสมอ (ตำแหน่งซ้ำ)",
        "Yêu cầu hòa (lặp thế cờ)",
    ],
    MovesTitle => ["Moves", "Coups", "Lances", "Züge", "ตาเดิน", "Các nước đi"],
    MovesEmpty => [
        "No moves yet. White begins.",
        "Aucun coup joué. Les Blancs commencent.",
        "Nenhum lance ainda. As brancas começam.",
        "Noch kein Zug. Weiß beginnt.",
        "ยังไม่มีการเดิน ฝ่ายขาวเดินก่อน",
        "Chưa có nước đi nào. Trắng đi trước.",
    ],
    SavedTitle => [
        "Saved games",
        "Parties enregistrées",
        "Partidas salvas",
        "Gespeicherte Partien",
        "เกมที่บันทึกไว้",
        "Ván đã lưu",
    ],
    SavedEmpty => [
        "No other saved games.",
        "Aucune autre partie enregistrée.",
        "Nenhuma outra partida salva.",
        "Keine weiteren gespeicherten Partien.",
        "ไม่มีเกมอื่นที่บันทึกไว้",
        "Không có ván nào khác đã lưu.",
    ],
    SavedCurrent => [
        "on the board now",
        "sur l’échiquier",
        "no tabuleiro agora",
        "jetzt auf dem Brett",
        "อยู่บนกระดานตอนนี้",
        "đang trên bàn cờ",
    ],
    SavedOngoing => ["in progress", "en cours", "em andamento", "läuft", "ยังเล่นอยู่", "đang chơi"],
    SavedFinished => ["finished", "terminée", "encerrada", "beendet", "จบแล้ว", "đã kết thúc"],
    BtnResume => ["Resume", "Reprendre", "Retomar", "Fortsetzen", "เล่นต่อ", "Chơi tiếp"],
    BtnOpen => ["Open", "Ouvrir", "Abrir", "Öffnen", "เปิด", "Mở"],
    BtnDelete => ["Delete", "Supprimer", "Apagar", "Löschen", "ลบ", "Xóa"],
    White => ["White", "Blancs", "Brancas", "Weiß", "ฝ่ายขาว", "Trắng"],
    Black => ["Black", "Noirs", "Pretas", "Schwarz", "ฝ่ายดำ", "Đen"],
    TurnWhite => [
        "White to move",
        "Trait aux Blancs",
        "Vez das brancas",
        "Weiß am Zug",
        "ตาฝ่ายขาวเดิน",
        "Đến lượt Trắng",
    ],
    TurnBlack => [
        "Black to move",
        "Trait aux Noirs",
        "Vez das pretas",
        "Schwarz am Zug",
        "ตาฝ่ายดำเดิน",
        "Đến lượt Đen",
    ],
    CheckWhite => [
        "White to move: check!",
        "Trait aux Blancs : échec !",
        "Vez das brancas: xeque!",
        "Weiß am Zug: Schach!",
        "ตาฝ่ายขาวเดิน: ถูกรุก!",
        "Đến lượt Trắng: bị chiếu!",
    ],
    CheckBlack => [
        "Black to move: check!",
        "Trait aux Noirs : échec !",
        "Vez das pretas: xeque!",
        "Schwarz am Zug: Schach!",
        "ตาฝ่ายดำเดิน: ถูกรุก!",
        "Đến lượt Đen: bị chiếu!",
    ],
    ResCheckmateWhite => [
        "Checkmate: White wins.",
        "Échec et mat : les Blancs gagnent.",
        "Xeque-mate: as brancas vencem.",
        "Schachmatt: Weiß gewinnt.",
        "รุกจน: ฝ่ายขาวชนะ",
        "Chiếu hết: Trắng thắng.",
    ],
    ResCheckmateBlack => [
        "Checkmate: Black wins.",
        "Échec et mat : les Noirs gagnent.",
        "Xeque-mate: as pretas vencem.",
        "Schachmatt: Schwarz gewinnt.",
        "รุกจน: ฝ่ายดำชนะ",
        "Chiếu hết: Đen thắng.",
    ],
    ResResignWhite => [
        "Black resigned: White wins.",
        "Les Noirs abandonnent : les Blancs gagnent.",
        "As pretas desistiram: as brancas vencem.",
        "Schwarz hat aufgegeben: Weiß gewinnt.",
        "ฝ่ายดำยอมแพ้: ฝ่ายขาวชนะ",
        "Đen xin thua: Trắng thắng.",
    ],
    ResResignBlack => [
        "White resigned: Black wins.",
        "Les Blancs abandonnent : les Noirs gagnent.",
        "As brancas desistiram: as pretas vencem.",
        "Weiß hat aufgegeben: Schwarz gewinnt.",
        "ฝ่ายขาวยอมแพ้: ฝ่ายดำชนะ",
        "Trắng xin thua: Đen thắng.",
    ],
    ResStalemate => [
        "Draw by stalemate: the side to move has no legal move and is not in check.",
        "Nulle par pat : le camp au trait n’a aucun coup légal sans être en échec.",
        "Empate por afogamento: quem joga não tem lance legal e não está em xeque.",
        "Remis durch Patt: die Seite am Zug hat keinen legalen Zug und steht nicht im Schach.",
        "เสมอเพราะอับ: ฝ่ายที่ถึงตาเดินไม่มีตาเดินที่ถูกกติกาและไม่ได้ถูกรุก",
        "Hòa vì hết nước đi: bên đến lượt không còn nước đi hợp lệ nào và không bị chiếu.",
    ],
    ResDead => [
        "Draw: neither side can deliver mate any more.",
        "Nulle : plus aucun camp ne peut mater.",
        "Empate: nenhum dos lados consegue mais dar mate.",
        "Remis: keine Seite kann noch mattsetzen.",
        "เสมอ: ไม่มีฝ่ายใดรุกจนได้อีกแล้ว",
        "Hòa: không bên nào còn có thể chiếu hết.",
    ],
    ResCounting => [
        "Draw: the count ran out before mate.",
        "Nulle : le décompte s’est achevé sans mat.",
        "Empate: a contagem terminou sem mate.",
        "Remis: die Zählung ist ohne Matt abgelaufen.",
        "เสมอ: นับครบก่อนรุกจน",
        "Hòa: đã đếm hết số nước mà không chiếu hết được.",
    ],
    ResFifty => [
        "Draw claimed: 50 moves without a capture or a pawn move.",
        "Nulle réclamée : 50 coups sans prise ni coup de pion.",
        "Empate reivindicado: 50 lances sem captura nem lance de peão.",
        "Remis beansprucht: 50 Züge ohne Schlagen und ohne Bauernzug.",
        "ขอเสมอแล้ว: เดินครบ 50 ตาโดยไม่มีการกินและไม่มีการเดินเบี้ย",
        "Đã yêu cầu hòa: 50 nước liền không có nước ăn quân hay đi tốt.",
    ],
    ResThreefold => [
        "Draw claimed: the same position occurred three times.",
        "Nulle réclamée : la même position est apparue trois fois.",
        "Empate reivindicado: a mesma posição ocorreu três vezes.",
        "Remis beansprucht: dieselbe Stellung kam dreimal vor.",
        "ขอเสมอแล้ว: ตำแหน่งเดียวกันเกิดขึ้นสามครั้ง",
        "Đã yêu cầu hòa: cùng một thế cờ đã lặp lại ba lần.",
    ],
    ResAgreement => [
        "Draw by agreement.",
        "Nulle d’un commun accord.",
        "Empate por acordo.",
        "Remis durch Vereinbarung.",
        "เสมอโดยความตกลงของทั้งสองฝ่าย",
        "Hòa theo thỏa thuận.",
    ],
    CountingStartWhite => [
        "Count starts with Black’s next move: White must mate within {limit} moves of the count, or it is a draw.",
        "Le décompte commence au prochain coup des Noirs : les Blancs doivent mater en {limit} coups du décompte, sinon nulle.",
        "A contagem começa no próximo lance das pretas: as brancas devem dar mate em {limit} lances da contagem, ou é empate.",
        "Die Zählung beginnt mit dem nächsten Zug von Schwarz: Weiß muss innerhalb von {limit} Zügen der Zählung mattsetzen, sonst Remis.",
        "เริ่มนับเมื่อฝ่ายดำเดินตาถัดไป: ฝ่ายขาวต้องรุกจนภายใน {limit} ตาของการนับ มิฉะนั้นเสมอ",
        "Bắt đầu đếm từ nước đi tới của Đen: Trắng phải chiếu hết trong vòng {limit} nước đếm, nếu không sẽ hòa.",
    ],
    CountingStartBlack => [
        "Count starts with White’s next move: Black must mate within {limit} moves of the count, or it is a draw.",
        "Le décompte commence au prochain coup des Blancs : les Noirs doivent mater en {limit} coups du décompte, sinon nulle.",
        "A contagem começa no próximo lance das brancas: as pretas devem dar mate em {limit} lances da contagem, ou é empate.",
        "Die Zählung beginnt mit dem nächsten Zug von Weiß: Schwarz muss innerhalb von {limit} Zügen der Zählung mattsetzen, sonst Remis.",
        "เริ่มนับเมื่อฝ่ายขาวเดินตาถัดไป: ฝ่ายดำต้องรุกจนภายใน {limit} ตาของการนับ มิฉะนั้นเสมอ",
        "Bắt đầu đếm từ nước đi tới của Trắng: Đen phải chiếu hết trong vòng {limit} nước đếm, nếu không sẽ hòa.",
    ],
    CountingWhite => [
        "Count {used} of {limit}: White must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Décompte {used} sur {limit} : les Blancs doivent mater au plus tard au coup {limit} du décompte, sinon nulle (reste {left}).",
        "Contagem {used} de {limit}: as brancas devem dar mate até o lance {limit} da contagem, ou é empate (faltam {left}).",
        "Zählung {used} von {limit}: Weiß muss bis zum {limit}. Zug der Zählung mattsetzen, sonst Remis (noch {left}).",
        "นับ {used} จาก {limit}: ฝ่ายขาวต้องรุกจนไม่เกินตาที่ {limit} ของการนับ มิฉะนั้นเสมอ (เหลือ {left})",
        "Đếm {used}/{limit}: Trắng phải chiếu hết chậm nhất ở nước đếm thứ {limit}, nếu không sẽ hòa (còn {left}).",
    ],
    CountingBlack => [
        "Count {used} of {limit}: Black must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Décompte {used} sur {limit} : les Noirs doivent mater au plus tard au coup {limit} du décompte, sinon nulle (reste {left}).",
        "Contagem {used} de {limit}: as pretas devem dar mate até o lance {limit} da contagem, ou é empate (faltam {left}).",
        "Zählung {used} von {limit}: Schwarz muss bis zum {limit}. Zug der Zählung mattsetzen, sonst Remis (noch {left}).",
        "นับ {used} จาก {limit}: ฝ่ายดำต้องรุกจนไม่เกินตาที่ {limit} ของการนับ มิฉะนั้นเสมอ (เหลือ {left})",
        "Đếm {used}/{limit}: Đen phải chiếu hết chậm nhất ở nước đếm thứ {limit}, nếu không sẽ hòa (còn {left}).",
    ],
    CountByRook => [
        "The rook sets the limit at 16.",
        "La tour fixe la limite à 16.",
        "A torre fixa o limite em 16.",
        "Der Turm setzt die Grenze auf 16.",
        "มีเรือ จึงนับได้ 16",
        "Có xe nên giới hạn là 16.",
    ],
    CountByKhon => [
        "With no rook, the khon sets the limit at 44.",
        "Sans tour, le khon fixe la limite à 44.",
        "Sem torre, o khon fixa o limite em 44.",
        "Ohne Turm setzt der Khon die Grenze auf 44.",
        "ไม่มีเรือ มีโคน จึงนับได้ 44",
        "Không có xe, khon đặt giới hạn là 44.",
    ],
    CountByKnight => [
        "With no rook or khon, the knight sets the limit at 64.",
        "Sans tour ni khon, le cavalier fixe la limite à 64.",
        "Sem torre nem khon, o cavalo fixa o limite em 64.",
        "Ohne Turm und Khon setzt der Springer die Grenze auf 64.",
        "ไม่มีเรือและโคน มีม้า จึงนับได้ 64",
        "Không có xe và khon, mã đặt giới hạn là 64.",
    ],
    FiftyCounter => [
        "50-move rule: {n} of 50",
        "Règle des 50 coups : {n} sur 50",
        "Regra dos 50 lances: {n} de 50",
        "50-Züge-Regel: {n} von 50",
        "กติกา 50 ตา: {n} จาก 50",
        "Luật 50 nước: {n}/50",
    ],
    RepetitionCounter => [
        "This position: seen {n} of 3 times",
        "Cette position : vue {n} fois sur 3",
        "Esta posição: vista {n} de 3 vezes",
        "Diese Stellung: {n} von 3 Malen",
        "ตำแหน่งนี้: เกิดขึ้น {n} จาก 3 ครั้ง",
        "Thế cờ này: đã gặp {n}/3 lần",
    ],
    PieceKing => ["king", "roi", "rei", "König", "ขุน", "vua"],
    PieceMet => ["met", "met", "met", "Met", "เม็ด", "met"],
    PieceKhon => ["khon", "khon", "khon", "Khon", "โคน", "khon"],
    PieceRook => ["rook", "tour", "torre", "Turm", "เรือ", "xe"],
    PieceKnight => ["knight", "cavalier", "cavalo", "Springer", "ม้า", "mã"],
    PiecePawn => ["pawn", "pion", "peão", "Bauer", "เบี้ย", "tốt"],
    GlossMet => [
        "one step diagonally",
        "un pas en diagonale",
        "um passo na diagonal",
        "ein Schritt diagonal",
        "เดินทแยงหนึ่งช่อง",
        "đi chéo một ô",
    ],
    GlossKhon => [
        "one step diagonally or straight ahead",
        "un pas en diagonale ou droit devant",
        "um passo na diagonal ou em frente",
        "ein Schritt diagonal oder geradeaus",
        "เดินทแยงหนึ่งช่อง หรือตรงไปข้างหน้าหนึ่งช่อง",
        "đi chéo một ô hoặc tiến thẳng một ô",
    ],
    SquareLabel => [
        "{square}: {piece}, {color}",
        "{square} : {piece}, {color}",
        "{square}: {piece}, {color}",
        "{square}: {piece}, {color}",
        "{square}: {piece}{color}",
        "{square}: {piece} {color}",
    ],
    SquareEmpty => [
        "{square}: empty",
        "{square} : vide",
        "{square}: vazia",
        "{square}: leer",
        "{square}: ว่าง",
        "{square}: trống",
    ],
    SquareSelected => [
        "{label}, selected",
        "{label}, sélectionnée",
        "{label}, selecionada",
        "{label}, ausgewählt",
        "{label} เลือกอยู่",
        "{label}, đang chọn",
    ],
    SquareDest => [
        "{label}, legal move",
        "{label}, coup légal",
        "{label}, lance legal",
        "{label}, legaler Zug",
        "{label} เดินมาได้",
        "{label}, nước đi hợp lệ",
    ],
    ControlsLabel => ["Game", "Partie", "Partida", "Partie", "เกม", "Ván cờ"],
    AppFailed => [
        "The app could not start: {error}",
        "L’application n’a pas pu démarrer : {error}",
        "O app não conseguiu iniciar: {error}",
        "Die App konnte nicht starten: {error}",
        "แอปเริ่มทำงานไม่ได้: {error}",
        "Ứng dụng không khởi động được: {error}",
    ],
    PromoTitle => [
        "Promote the pawn to",
        "Promouvoir le pion en",
        "Promover o peão a",
        "Bauer umwandeln in",
        "หงายเบี้ยเป็น",
        "Phong cấp tốt thành",
    ],
    Cancel => ["Cancel", "Annuler", "Cancelar", "Abbrechen", "ยกเลิก", "Hủy"],
    Close => ["Close", "Fermer", "Fechar", "Schließen", "ปิด", "Đóng"],
    NewTitle => ["New game", "Nouvelle partie", "Nova partida", "Neue Partie", "เกมใหม่", "Ván mới"],
    NewPromotion => ["Promotion", "Promotion", "Promoção", "Umwandlung", "การหงายเบี้ย", "Phong cấp"],
    NewPromoAny => [
        "Rook, knight, khon or met (the usual online rule)",
        "Tour, cavalier, khon ou met (règle courante en ligne)",
        "Torre, cavalo, khon ou met (regra comum online)",
        "Turm, Springer, Khon oder Met (übliche Online-Regel)",
        "เรือ ม้า โคน หรือเม็ด (กติกาที่นิยมเล่นออนไลน์)",
        "Xe, mã, khon hoặc met (luật thường dùng khi chơi trực tuyến)",
    ],
    NewPromoMet => [
        "Met only (ASEAN Laws of 2011)",
        "Met seulement (règles ASEAN de 2011)",
        "Só met (regras ASEAN de 2011)",
        "Nur Met (ASEAN-Regeln von 2011)",
        "เม็ดเท่านั้น (กติกาอาเซียนปี 2011)",
        "Chỉ met (Luật ASEAN năm 2011)",
    ],
    NewKeep => [
        "The current game stays in your saved games.",
        "La partie en cours reste dans vos parties enregistrées.",
        "A partida atual continua nas suas partidas salvas.",
        "Die laufende Partie bleibt bei den gespeicherten Partien.",
        "เกมที่เล่นอยู่จะยังอยู่ในเกมที่บันทึกไว้",
        "Ván đang chơi vẫn được giữ trong các ván đã lưu.",
    ],
    NewStart => ["Start", "Commencer", "Começar", "Starten", "เริ่ม", "Bắt đầu"],
    ConfirmResignTitle => ["Resign?", "Abandonner ?", "Desistir?", "Aufgeben?", "ยอมแพ้ไหม", "Xin thua?"],
    ConfirmResignWhite => [
        "White resigns and Black wins the game.",
        "Les Blancs abandonnent et les Noirs gagnent la partie.",
        "As brancas desistem e as pretas vencem a partida.",
        "Weiß gibt auf, Schwarz gewinnt die Partie.",
        "ฝ่ายขาวยอมแพ้ และฝ่ายดำชนะเกมนี้",
        "Trắng xin thua và Đen thắng ván này.",
    ],
    ConfirmResignBlack => [
        "Black resigns and White wins the game.",
        "Les Noirs abandonnent et les Blancs gagnent la partie.",
        "As pretas desistem e as brancas vencem a partida.",
        "Schwarz gibt auf, Weiß gewinnt die Partie.",
        "ฝ่ายดำยอมแพ้ และฝ่ายขาวชนะเกมนี้",
        "Đen xin thua và Trắng thắng ván này.",
    ],
    ConfirmDrawTitle => [
        "Draw by agreement?",
        "Nulle d’un commun accord ?",
        "Empate por acordo?",
        "Remis vereinbaren?",
        "ตกลงเสมอไหม",
        "Thỏa thuận hòa?",
    ],
    ConfirmDrawText => [
        "Do both players agree to end the game as a draw?",
        "Les deux joueurs acceptent-ils de conclure la partie par une nulle ?",
        "Os dois jogadores aceitam terminar a partida empatada?",
        "Sind beide Spieler einverstanden, die Partie remis zu beenden?",
        "ผู้เล่นทั้งสองตกลงจบเกมนี้ด้วยผลเสมอหรือไม่",
        "Cả hai người chơi có đồng ý kết thúc ván này với kết quả hòa không?",
    ],
    ConfirmDrawYes => ["Yes, a draw", "Oui, nulle", "Sim, empate", "Ja, remis", "ตกลง เสมอ", "Đồng ý hòa"],
    ConfirmResignYes => [
        "Yes, resign",
        "Oui, abandonner",
        "Sim, desistir",
        "Ja, aufgeben",
        "ยืนยัน ยอมแพ้",
        "Đồng ý xin thua",
    ],
    OverTitle => ["Game over", "Partie terminée", "Fim de partida", "Partie beendet", "จบเกม", "Ván cờ kết thúc"],
    OverReview => [
        "Look at the board",
        "Voir l’échiquier",
        "Ver o tabuleiro",
        "Brett ansehen",
        "ดูกระดาน",
        "Xem bàn cờ",
    ],
    NoticeDismiss => ["Dismiss", "Fermer", "Dispensar", "Ausblenden", "ปิดข้อความ", "Bỏ qua"],
    StorageFull => [
        "Storage is full, so this game is not being saved. Delete some saved games to make room.",
        "Le stockage est plein : cette partie n’est plus enregistrée. Supprimez des parties pour libérer de la place.",
        "O armazenamento está cheio e esta partida não está sendo salva. Apague algumas partidas para liberar espaço.",
        "Der Speicher ist voll, diese Partie wird nicht gespeichert. Lösche gespeicherte Partien, um Platz zu schaffen.",
        "ที่เก็บข้อมูลเต็ม เกมนี้จึงไม่ได้ถูกบันทึก ลบเกมที่บันทึกไว้บางเกมเพื่อให้มีที่ว่าง",
        "Bộ nhớ đã đầy nên ván này không được lưu. Hãy xóa bớt vài ván đã lưu để có chỗ.",
    ],
    StorageFullNoGames => [
        "Storage is full, so this game is not being saved. Free space by clearing other data this browser keeps for the site, or leave private browsing mode.",
        "Le stockage est plein : cette partie n’est plus enregistrée. Libérez de la place en effaçant les autres données du site dans ce navigateur, ou quittez la navigation privée.",
        "O armazenamento está cheio e esta partida não está sendo salva. Libere espaço apagando outros dados do site neste navegador, ou saia da navegação privada.",
        "Der Speicher ist voll, diese Partie wird nicht gespeichert. Schaffe Platz, indem du andere Website-Daten in diesem Browser löschst, oder verlasse den privaten Modus.",
        "ที่เก็บข้อมูลเต็ม เกมนี้จึงไม่ได้ถูกบันทึก ทำให้มีที่ว่างโดยล้างข้อมูลอื่นที่เบราว์เซอร์นี้เก็บไว้ให้เว็บไซต์นี้ หรือออกจากโหมดท่องเว็บแบบส่วนตัว",
        "Bộ nhớ đã đầy nên ván này không được lưu. Hãy giải phóng chỗ bằng cách xóa dữ liệu khác mà trình duyệt này lưu cho trang web, hoặc thoát chế độ duyệt web riêng tư.",
    ],
    ToastSynced => [
        "Updated from another tab.",
        "Mise à jour depuis un autre onglet.",
        "Atualizado a partir de outra aba.",
        "Aus einem anderen Tab aktualisiert.",
        "อัปเดตจากแท็บอื่นแล้ว",
        "Đã cập nhật từ một thẻ khác.",
    ],
    ToastConflict => [
        "This game was changed in another tab: its newer version is shown and your last change was not saved.",
        "Cette partie a été modifiée dans un autre onglet : sa version plus récente est affichée et votre dernière modification n’a pas été enregistrée.",
        "Esta partida foi alterada em outra aba: a versão mais recente está sendo mostrada e sua última alteração não foi salva.",
        "Diese Partie wurde in einem anderen Tab geändert: die neuere Fassung wird angezeigt, deine letzte Änderung wurde nicht gespeichert.",
        "เกมนี้ถูกเปลี่ยนในแท็บอื่น: กำลังแสดงฉบับที่ใหม่กว่า และการเปลี่ยนแปลงล่าสุดของคุณไม่ได้ถูกบันทึก",
        "Ván này đã bị thay đổi ở một thẻ khác: phiên bản mới hơn đang được hiển thị và thay đổi gần nhất của bạn chưa được lưu.",
    ],
    StorageUnavailable => [
        "This browser does not let the page save games; the game will be lost on reload.",
        "Ce navigateur ne permet pas d’enregistrer les parties ; elle sera perdue au rechargement.",
        "Este navegador não permite salvar partidas; a partida se perde ao recarregar.",
        "Dieser Browser erlaubt kein Speichern; die Partie geht beim Neuladen verloren.",
        "เบราว์เซอร์นี้ไม่ให้หน้าเว็บบันทึกเกม เกมจะหายไปเมื่อโหลดหน้าใหม่",
        "Trình duyệt này không cho trang lưu ván cờ; ván sẽ mất khi tải lại trang.",
    ],
    StorageCorrupt => [
        "A saved game could not be read. It was set aside under “{key}” and was not deleted.",
        "Une partie enregistrée est illisible. Elle a été mise de côté sous « {key} », sans être supprimée.",
        "Uma partida salva não pôde ser lida. Ela foi guardada à parte em “{key}” e não foi apagada.",
        "Eine gespeicherte Partie war unlesbar. Sie wurde unter „{key}“ beiseitegelegt, nicht gelöscht.",
        "อ่านเกมที่บันทึกไว้เกมหนึ่งไม่ได้ เกมนั้นถูกเก็บแยกไว้ที่ “{key}” และไม่ได้ถูกลบ",
        "Không đọc được một ván đã lưu. Ván đó đã được để riêng dưới tên “{key}” và không bị xóa.",
    ],
    StorageVersion => [
        "A saved game comes from another version of this app (schema {version}). It was set aside under “{key}”.",
        "Une partie enregistrée provient d’une autre version de l’application (schéma {version}). Elle a été mise de côté sous « {key} ».",
        "Uma partida salva vem de outra versão do app (esquema {version}). Ela foi guardada à parte em “{key}”.",
        "Eine gespeicherte Partie stammt aus einer anderen Version (Schema {version}). Sie wurde unter „{key}“ beiseitegelegt.",
        "เกมที่บันทึกไว้เกมหนึ่งมาจากแอปนี้รุ่นอื่น (รูปแบบข้อมูลรุ่น {version}) เกมนั้นถูกเก็บแยกไว้ที่ “{key}”",
        "Một ván đã lưu đến từ phiên bản khác của ứng dụng (lược đồ {version}). Ván đó đã được để riêng dưới tên “{key}”.",
    ],
    StorageError => [
        "The game could not be saved: {error}",
        "La partie n’a pas pu être enregistrée : {error}",
        "Não foi possível salvar a partida: {error}",
        "Die Partie konnte nicht gespeichert werden: {error}",
        "บันทึกเกมไม่ได้: {error}",
        "Không lưu được ván cờ: {error}",
    ],
    ToastIllegal => [
        "That move is not allowed.",
        "Ce coup n’est pas permis.",
        "Esse lance não é permitido.",
        "Dieser Zug ist nicht erlaubt.",
        "เดินแบบนั้นไม่ได้",
        "Nước đi này không hợp lệ.",
    ],
    ToastGameOver => [
        "The game is over: undo a move or start a new game.",
        "La partie est finie : annulez un coup ou commencez une nouvelle partie.",
        "A partida acabou: desfaça um lance ou comece outra.",
        "Die Partie ist vorbei: nimm einen Zug zurück oder starte eine neue.",
        "เกมจบแล้ว: ย้อนตาเดินหรือเริ่มเกมใหม่",
        "Ván cờ đã kết thúc: hãy đi lại một nước hoặc bắt đầu ván mới.",
    ],
    ToastNothingToUndo => [
        "Nothing to undo.",
        "Rien à annuler.",
        "Nada para desfazer.",
        "Nichts zurückzunehmen.",
        "ไม่มีตาเดินให้ย้อน",
        "Không có nước nào để đi lại.",
    ],
    ToastUndone => [
        "Move taken back.",
        "Coup annulé.",
        "Lance desfeito.",
        "Zug zurückgenommen.",
        "ย้อนตาเดินแล้ว",
        "Đã đi lại một nước.",
    ],
    ToastNewGame => [
        "New game: White begins.",
        "Nouvelle partie : les Blancs commencent.",
        "Nova partida: as brancas começam.",
        "Neue Partie: Weiß beginnt.",
        "เกมใหม่: ฝ่ายขาวเดินก่อน",
        "Ván mới: Trắng đi trước.",
    ],
    ToastResumed => [
        "Game resumed.",
        "Partie reprise.",
        "Partida retomada.",
        "Partie fortgesetzt.",
        "เล่นเกมต่อแล้ว",
        "Đã tiếp tục ván cờ.",
    ],
    ToastDeleted => [
        "Saved game deleted.",
        "Partie supprimée.",
        "Partida apagada.",
        "Partie gelöscht.",
        "ลบเกมที่บันทึกไว้แล้ว",
        "Đã xóa ván đã lưu.",
    ],
    ToastNoClaim => [
        "No draw can be claimed right now.",
        "Aucune nulle ne peut être réclamée pour l’instant.",
        "Nenhum empate pode ser reivindicado agora.",
        "Derzeit kann kein Remis beansprucht werden.",
        "ตอนนี้ยังขอเสมอไม่ได้",
        "Lúc này chưa thể yêu cầu hòa.",
    ],
    NewMode => ["Opponent", "Adversaire", "Adversário", "Gegner", "คู่เล่น", "Đối thủ"],
    NewModeHotSeat => [
        "Two players on this device",
        "Deux joueurs sur cet appareil",
        "Dois jogadores neste aparelho",
        "Zwei Spieler an diesem Gerät",
        "สองคนบนเครื่องนี้",
        "Hai người trên thiết bị này",
    ],
    NewModeAi => [
        "Against the computer",
        "Contre l’ordinateur",
        "Contra o computador",
        "Gegen den Computer",
        "เล่นกับคอมพิวเตอร์",
        "Đấu với máy",
    ],
    NewAiLevel => [
        "Computer level",
        "Niveau de l’ordinateur",
        "Nível do computador",
        "Spielstärke des Computers",
        "ระดับของคอมพิวเตอร์",
        "Cấp độ của máy",
    ],
    NewAiLevelNote => [
        "1 is a beginner who often blunders; 8 is the strongest and thinks for up to 4 seconds.",
        "1 : débutant qui gaffe souvent ; 8 : le plus fort, il réfléchit jusqu’à 4 secondes.",
        "1 é um iniciante que erra muito; 8 é o mais forte e pensa até 4 segundos.",
        "1 ist ein Anfänger, der oft patzt; 8 spielt am stärksten und denkt bis zu 4 Sekunden nach.",
        "ระดับ 1 เหมือนมือใหม่ที่เดินพลาดบ่อย ระดับ 8 เก่งที่สุดและคิดได้นานถึง 4 วินาที",
        "Cấp 1 là người mới tập, hay đi hớ; cấp 8 mạnh nhất và nghĩ tới 4 giây mỗi nước.",
    ],
    NewHuman => ["You play", "Vous jouez", "Você joga com", "Sie spielen", "คุณเล่นฝ่าย", "Bạn cầm quân"],
    NewHumanRandom => ["Random", "Au hasard", "Sorteio", "Zufällig", "สุ่ม", "Ngẫu nhiên"],
    AiThinking => [
        "The computer is thinking…",
        "L’ordinateur réfléchit…",
        "O computador está pensando…",
        "Der Computer denkt nach…",
        "คอมพิวเตอร์กำลังคิด…",
        "Máy đang suy nghĩ…",
    ],
    AiYouWhite => [
        "You play White against the computer (level {level}).",
        "Vous avez les Blancs contre l’ordinateur (niveau {level}).",
        "Você joga de brancas contra o computador (nível {level}).",
        "Sie spielen Weiß gegen den Computer (Stufe {level}).",
        "คุณเล่นฝ่ายขาวกับคอมพิวเตอร์ (ระดับ {level})",
        "Bạn cầm quân Trắng đấu với máy (cấp {level}).",
    ],
    AiYouBlack => [
        "You play Black against the computer (level {level}).",
        "Vous avez les Noirs contre l’ordinateur (niveau {level}).",
        "Você joga de pretas contra o computador (nível {level}).",
        "Sie spielen Schwarz gegen den Computer (Stufe {level}).",
        "คุณเล่นฝ่ายดำกับคอมพิวเตอร์ (ระดับ {level})",
        "Bạn cầm quân Đen đấu với máy (cấp {level}).",
    ],
    SavedVsAi => [
        "vs AI (level {level})",
        "contre l’IA (niveau {level})",
        "contra a IA (nível {level})",
        "gegen die KI (Stufe {level})",
        "กับคอมพิวเตอร์ (ระดับ {level})",
        "đấu với máy (cấp {level})",
    ],
    BtnHint => ["Hint", "Indice", "Dica", "Tipp", "คำใบ้", "Gợi ý"],
    ToastWaitAi => [
        "Wait for the computer’s move.",
        "Attendez le coup de l’ordinateur.",
        "Aguarde o lance do computador.",
        "Warten Sie den Zug des Computers ab.",
        "รอให้คอมพิวเตอร์เดินก่อน",
        "Hãy chờ máy đi.",
    ],
    ToastAiUnavailable => [
        "The computer opponent could not start in this browser.",
        "L’adversaire ordinateur n’a pas pu démarrer dans ce navigateur.",
        "O adversário computador não conseguiu iniciar neste navegador.",
        "Der Computergegner konnte in diesem Browser nicht starten.",
        "คู่เล่นคอมพิวเตอร์เริ่มทำงานในเบราว์เซอร์นี้ไม่ได้",
        "Không khởi động được đối thủ máy trong trình duyệt này.",
    ],
    ToastAiFailed => [
        "The computer could not choose a move: {error}",
        "L’ordinateur n’a pas pu choisir de coup : {error}",
        "O computador não conseguiu escolher um lance: {error}",
        "Der Computer konnte keinen Zug wählen: {error}",
        "คอมพิวเตอร์เลือกตาเดินไม่ได้: {error}",
        "Máy không chọn được nước đi: {error}",
    ],
    HotSeat => [
        "Hot-seat: both players share this device and take turns.",
        "Partie à deux sur le même appareil, chacun son tour.",
        "Partida a dois no mesmo aparelho, cada um na sua vez.",
        "Zu zweit an einem Gerät, abwechselnd am Zug.",
        "สองคนผลัดกันเล่นบนเครื่องเดียวกัน",
        "Hai người chơi chung thiết bị này, lần lượt đi.",
    ],
    PromotionRuleAny => [
        "Promotion: any piece",
        "Promotion : au choix",
        "Promoção: à escolha",
        "Umwandlung: frei wählbar",
        "หงายเบี้ย: เลือกได้ทุกตัว",
        "Phong cấp: tùy chọn quân",
    ],
    PromotionRuleMet => [
        "Promotion: met only",
        "Promotion : met seulement",
        "Promoção: só met",
        "Umwandlung: nur Met",
        "หงายเบี้ย: เป็นเม็ดเท่านั้น",
        "Phong cấp: chỉ met",
    ],
    NewModeOnline => [
        "Play a friend online",
        "Jouer contre un ami en ligne",
        "Jogar com um amigo online",
        "Online gegen Freunde spielen",
        "เล่นออนไลน์กับเพื่อน",
        "Chơi trực tuyến với bạn",
    ],
    NewClock => ["Time control", "Cadence", "Controle de tempo", "Bedenkzeit", "เวลาเล่น", "Thời gian"],
    ClockUntimed => ["Untimed", "Sans pendule", "Sem relógio", "Ohne Uhr", "ไม่จับเวลา", "Không tính giờ"],
    NewVisibility => [
        "Who can join",
        "Qui peut rejoindre",
        "Quem pode entrar",
        "Wer beitreten kann",
        "ใครเข้าร่วมได้",
        "Ai được vào",
    ],
    NewVisPrivate => [
        "Private: only with the invite link",
        "Privée : seulement avec le lien d’invitation",
        "Privada: só com o link de convite",
        "Privat: nur mit dem Einladungslink",
        "ส่วนตัว: เฉพาะผู้มีลิงก์เชิญ",
        "Riêng tư: chỉ ai có liên kết mời",
    ],
    NewVisPublic => [
        "Public: listed in the lobby",
        "Publique : affichée dans le salon",
        "Pública: listada no saguão",
        "Öffentlich: in der Lobby aufgeführt",
        "สาธารณะ: แสดงในล็อบบี้",
        "Công khai: hiện trong sảnh chờ",
    ],
    WaitingTitle => [
        "Waiting for your friend",
        "En attente de votre ami",
        "Aguardando seu amigo",
        "Warten auf Ihren Gegner",
        "กำลังรอเพื่อนของคุณ",
        "Đang chờ bạn của bạn",
    ],
    WaitingText => [
        "Send this link to your friend. The game begins as soon as they open it.",
        "Envoyez ce lien à votre ami. La partie commence dès qu’il l’ouvre.",
        "Envie este link ao seu amigo. A partida começa assim que ele o abrir.",
        "Schicken Sie diesen Link Ihrem Gegner. Die Partie beginnt, sobald er ihn öffnet.",
        "ส่งลิงก์นี้ให้เพื่อน เกมจะเริ่มทันทีที่เพื่อนเปิดลิงก์",
        "Gửi liên kết này cho bạn của bạn. Ván cờ bắt đầu ngay khi họ mở nó.",
    ],
    InviteLabel => [
        "Invite link",
        "Lien d’invitation",
        "Link de convite",
        "Einladungslink",
        "ลิงก์เชิญ",
        "Liên kết mời",
    ],
    BtnCopyLink => ["Copy link", "Copier le lien", "Copiar link", "Link kopieren", "คัดลอกลิงก์", "Sao chép liên kết"],
    BtnShare => ["Share", "Partager", "Compartilhar", "Teilen", "แชร์", "Chia sẻ"],
    ShareText => [
        "Play a game of ASEAN chess with me:",
        "Jouez une partie d’échecs ASEAN avec moi :",
        "Jogue uma partida de xadrez ASEAN comigo:",
        "Spiel eine Partie ASEAN-Schach mit mir:",
        "มาเล่นหมากรุกอาเซียนกับฉันสักกระดาน:",
        "Chơi một ván cờ ASEAN với mình nhé:",
    ],
    ToastCopied => [
        "Link copied.",
        "Lien copié.",
        "Link copiado.",
        "Link kopiert.",
        "คัดลอกลิงก์แล้ว",
        "Đã sao chép liên kết.",
    ],
    ToastCopyFailed => [
        "Could not copy: the link is selected, copy it by hand.",
        "Copie impossible : le lien est sélectionné, copiez-le vous-même.",
        "Não foi possível copiar: o link está selecionado, copie-o manualmente.",
        "Kopieren nicht möglich: Der Link ist markiert, bitte von Hand kopieren.",
        "คัดลอกไม่ได้: เลือกลิงก์ไว้ให้แล้ว คัดลอกเองได้เลย",
        "Không sao chép được: liên kết đã được chọn sẵn, hãy tự sao chép.",
    ],
    Reconnecting => [
        "Reconnecting…",
        "Reconnexion…",
        "Reconectando…",
        "Verbindung wird wiederhergestellt…",
        "กำลังเชื่อมต่อใหม่…",
        "Đang kết nối lại…",
    ],
    OpponentOnline => [
        "Your opponent is online.",
        "Votre adversaire est en ligne.",
        "Seu adversário está online.",
        "Ihr Gegner ist online.",
        "คู่เล่นของคุณออนไลน์อยู่",
        "Đối thủ của bạn đang trực tuyến.",
    ],
    OpponentOffline => [
        "Your opponent is away.",
        "Votre adversaire s’est absenté.",
        "Seu adversário saiu.",
        "Ihr Gegner ist abwesend.",
        "คู่เล่นของคุณไม่อยู่",
        "Đối thủ của bạn đang vắng mặt.",
    ],
    OpponentAway => [
        "Your opponent is away. You may claim victory in {time}.",
        "Votre adversaire s’est absenté. Vous pourrez réclamer la victoire dans {time}.",
        "Seu adversário saiu. Você poderá reivindicar a vitória em {time}.",
        "Ihr Gegner ist abwesend. In {time} können Sie den Sieg beanspruchen.",
        "คู่เล่นของคุณไม่อยู่ คุณขอรับชัยชนะได้ในอีก {time}",
        "Đối thủ của bạn đang vắng mặt. Bạn có thể nhận phần thắng sau {time}.",
    ],
    OpponentGone => [
        "Your opponent has left. You may claim victory.",
        "Votre adversaire est parti. Vous pouvez réclamer la victoire.",
        "Seu adversário foi embora. Você pode reivindicar a vitória.",
        "Ihr Gegner ist gegangen. Sie können den Sieg beanspruchen.",
        "คู่เล่นของคุณออกไปแล้ว คุณขอรับชัยชนะได้",
        "Đối thủ của bạn đã rời đi. Bạn có thể nhận phần thắng.",
    ],
    BtnClaimVictory => [
        "Claim victory",
        "Réclamer la victoire",
        "Reivindicar vitória",
        "Sieg beanspruchen",
        "ขอรับชัยชนะ",
        "Nhận phần thắng",
    ],
    DrawOfferText => [
        "Your opponent offers a draw.",
        "Votre adversaire propose la nulle.",
        "Seu adversário propõe empate.",
        "Ihr Gegner bietet Remis an.",
        "คู่เล่นของคุณขอเสมอ",
        "Đối thủ của bạn đề nghị hòa.",
    ],
    BtnAccept => ["Accept", "Accepter", "Aceitar", "Annehmen", "ยอมรับ", "Chấp nhận"],
    BtnDecline => ["Decline", "Refuser", "Recusar", "Ablehnen", "ปฏิเสธ", "Từ chối"],
    BtnOfferDraw => [
        "Offer a draw",
        "Proposer la nulle",
        "Propor empate",
        "Remis anbieten",
        "ขอเสมอ",
        "Đề nghị hòa",
    ],
    ToastDrawOffered => [
        "Draw offered.",
        "Nulle proposée.",
        "Empate proposto.",
        "Remis angeboten.",
        "ส่งคำขอเสมอแล้ว",
        "Đã đề nghị hòa.",
    ],
    ToastDrawDeclined => [
        "Your draw offer was declined.",
        "Votre proposition de nulle a été refusée.",
        "Sua proposta de empate foi recusada.",
        "Ihr Remisangebot wurde abgelehnt.",
        "คำขอเสมอของคุณถูกปฏิเสธ",
        "Lời đề nghị hòa của bạn đã bị từ chối.",
    ],
    BtnRematch => ["Rematch", "Revanche", "Revanche", "Revanche", "แก้มือ", "Đấu lại"],
    BtnRematchAccept => [
        "Accept the rematch",
        "Accepter la revanche",
        "Aceitar a revanche",
        "Revanche annehmen",
        "รับคำขอแก้มือ",
        "Đồng ý đấu lại",
    ],
    RematchWaiting => [
        "Rematch asked: waiting…",
        "Revanche demandée : en attente…",
        "Revanche pedida: aguardando…",
        "Revanche angefragt: warten…",
        "ขอแก้มือแล้ว: กำลังรอ…",
        "Đã mời đấu lại: đang chờ…",
    ],
    ToastRematchOffered => [
        "Your opponent wants a rematch.",
        "Votre adversaire veut une revanche.",
        "Seu adversário quer uma revanche.",
        "Ihr Gegner möchte eine Revanche.",
        "คู่เล่นของคุณขอแก้มือ",
        "Đối thủ của bạn muốn đấu lại.",
    ],
    ToastRematchStarted => [
        "Rematch: colours are swapped.",
        "Revanche : les couleurs sont inversées.",
        "Revanche: as cores foram trocadas.",
        "Revanche: Die Farben sind getauscht.",
        "แก้มือ: สลับสีกันแล้ว",
        "Đấu lại: hai bên đã đổi màu quân.",
    ],
    ToastFriendJoined => [
        "Your opponent has arrived: the game begins.",
        "Votre adversaire est arrivé : la partie commence.",
        "Seu adversário chegou: a partida começa.",
        "Ihr Gegner ist da: Die Partie beginnt.",
        "คู่เล่นของคุณมาแล้ว: เริ่มเกม",
        "Đối thủ của bạn đã vào: ván cờ bắt đầu.",
    ],
    ToastOffline => [
        "Not connected to the server: wait for the reconnection.",
        "Pas de connexion au serveur : attendez la reconnexion.",
        "Sem conexão com o servidor: aguarde a reconexão.",
        "Keine Verbindung zum Server: Bitte warten Sie auf die Wiederverbindung.",
        "ไม่ได้เชื่อมต่อกับเซิร์ฟเวอร์: รอให้เชื่อมต่อใหม่",
        "Chưa kết nối với máy chủ: hãy chờ kết nối lại.",
    ],
    OnlineConnecting => [
        "Online game: connecting…",
        "Partie en ligne : connexion…",
        "Partida online: conectando…",
        "Online-Partie: Verbindung wird aufgebaut…",
        "เกมออนไลน์: กำลังเชื่อมต่อ…",
        "Ván trực tuyến: đang kết nối…",
    ],
    OnlineYouWhite => [
        "Online game: you play White.",
        "Partie en ligne : vous avez les Blancs.",
        "Partida online: você joga de brancas.",
        "Online-Partie: Sie spielen Weiß.",
        "เกมออนไลน์: คุณเล่นฝ่ายขาว",
        "Ván trực tuyến: bạn cầm quân Trắng.",
    ],
    OnlineYouBlack => [
        "Online game: you play Black.",
        "Partie en ligne : vous avez les Noirs.",
        "Partida online: você joga de pretas.",
        "Online-Partie: Sie spielen Schwarz.",
        "เกมออนไลน์: คุณเล่นฝ่ายดำ",
        "Ván trực tuyến: bạn cầm quân Đen.",
    ],
    OnlineWatching => [
        "Online game: you are watching.",
        "Partie en ligne : vous êtes spectateur.",
        "Partida online: você está assistindo.",
        "Online-Partie: Sie schauen zu.",
        "เกมออนไลน์: คุณกำลังดู",
        "Ván trực tuyến: bạn đang xem.",
    ],
    ResTimeoutWhite => [
        "White wins on time.",
        "Les Blancs gagnent au temps.",
        "As brancas vencem por tempo.",
        "Weiß gewinnt auf Zeit.",
        "ฝ่ายขาวชนะเพราะฝ่ายดำหมดเวลา",
        "Trắng thắng vì Đen hết giờ.",
    ],
    ResTimeoutBlack => [
        "Black wins on time.",
        "Les Noirs gagnent au temps.",
        "As pretas vencem por tempo.",
        "Schwarz gewinnt auf Zeit.",
        "ฝ่ายดำชนะเพราะฝ่ายขาวหมดเวลา",
        "Đen thắng vì Trắng hết giờ.",
    ],
    ResTimeoutDraw => [
        "Time ran out, but the other side cannot mate: draw.",
        "Le temps est écoulé, mais l’autre camp ne peut pas mater : nulle.",
        "O tempo acabou, mas o outro lado não pode dar mate: empate.",
        "Die Zeit ist abgelaufen, aber die andere Seite kann nicht mattsetzen: Remis.",
        "หมดเวลา แต่อีกฝ่ายรุกจนไม่ได้: เสมอ",
        "Đã hết giờ, nhưng bên kia không thể chiếu hết: hòa.",
    ],
    ResAbandonedWhite => [
        "White wins: Black left the game.",
        "Les Blancs gagnent : les Noirs ont quitté la partie.",
        "As brancas vencem: as pretas abandonaram a partida.",
        "Weiß gewinnt: Schwarz hat die Partie verlassen.",
        "ฝ่ายขาวชนะ: ฝ่ายดำออกจากเกม",
        "Trắng thắng: Đen đã rời ván cờ.",
    ],
    ResAbandonedBlack => [
        "Black wins: White left the game.",
        "Les Noirs gagnent : les Blancs ont quitté la partie.",
        "As pretas vencem: as brancas abandonaram a partida.",
        "Schwarz gewinnt: Weiß hat die Partie verlassen.",
        "ฝ่ายดำชนะ: ฝ่ายขาวออกจากเกม",
        "Đen thắng: Trắng đã rời ván cờ.",
    ],
    LobbyTitle => ["Play online", "Jouer en ligne", "Jogar online", "Online spielen", "เล่นออนไลน์", "Chơi trực tuyến"],
    LobbyConnecting => [
        "Connecting to the lobby…",
        "Connexion au salon…",
        "Conectando ao saguão…",
        "Verbindung zur Lobby…",
        "กำลังเชื่อมต่อล็อบบี้…",
        "Đang kết nối với sảnh chờ…",
    ],
    LobbyEmpty => [
        "Nobody is waiting: create a room or play the AI meanwhile.",
        "Personne n’attend : créez une salle ou jouez contre l’IA en attendant.",
        "Ninguém está esperando: crie uma sala ou jogue contra a IA enquanto isso.",
        "Niemand wartet: Eröffnen Sie einen Raum oder spielen Sie solange gegen die KI.",
        "ยังไม่มีใครรอ: สร้างห้อง หรือเล่นกับคอมพิวเตอร์ระหว่างรอ",
        "Chưa có ai đang chờ: hãy tạo phòng hoặc đấu với máy trong lúc chờ.",
    ],
    BtnCreateRoom => [
        "Create a room",
        "Créer une salle",
        "Criar uma sala",
        "Raum eröffnen",
        "สร้างห้อง",
        "Tạo phòng",
    ],
    BtnPlayAi => [
        "Play the AI",
        "Jouer contre l’IA",
        "Jogar contra a IA",
        "Gegen die KI spielen",
        "เล่นกับคอมพิวเตอร์",
        "Đấu với máy",
    ],
    BtnJoin => ["Join", "Rejoindre", "Entrar", "Beitreten", "เข้าร่วม", "Vào chơi"],
    LobbySeatWhite => [
        "You play White",
        "Vous avez les Blancs",
        "Você joga de brancas",
        "Sie spielen Weiß",
        "คุณเล่นฝ่ายขาว",
        "Bạn cầm quân Trắng",
    ],
    LobbySeatBlack => [
        "You play Black",
        "Vous avez les Noirs",
        "Você joga de pretas",
        "Sie spielen Schwarz",
        "คุณเล่นฝ่ายดำ",
        "Bạn cầm quân Đen",
    ],
    ErrNotYourTurn => [
        "It is not your turn.",
        "Ce n’est pas votre tour.",
        "Não é a sua vez.",
        "Sie sind nicht am Zug.",
        "ยังไม่ถึงตาคุณ",
        "Chưa đến lượt bạn.",
    ],
    ErrUnknownRoom => [
        "This game does not exist: check the invite link.",
        "Cette partie n’existe pas : vérifiez le lien d’invitation.",
        "Esta partida não existe: verifique o link de convite.",
        "Diese Partie gibt es nicht: Prüfen Sie den Einladungslink.",
        "ไม่มีเกมนี้: ตรวจดูลิงก์เชิญอีกครั้ง",
        "Ván cờ này không tồn tại: hãy kiểm tra lại liên kết mời.",
    ],
    ErrNotSeated => [
        "Both seats are taken: you are watching this game.",
        "Les deux places sont prises : vous regardez cette partie.",
        "Os dois lugares estão ocupados: você está assistindo a esta partida.",
        "Beide Plätze sind besetzt: Sie schauen dieser Partie zu.",
        "ที่นั่งเต็มทั้งสองฝั่ง: คุณกำลังดูเกมนี้",
        "Cả hai chỗ đã có người: bạn đang xem ván này.",
    ],
    ErrRateLimited => [
        "Too many actions at once: slow down a little.",
        "Trop d’actions à la fois : ralentissez un peu.",
        "Ações demais de uma vez: vá um pouco mais devagar.",
        "Zu viele Aktionen auf einmal: bitte etwas langsamer.",
        "ทำหลายอย่างพร้อมกันเกินไป: ช้าลงหน่อย",
        "Quá nhiều thao tác cùng lúc: hãy chậm lại một chút.",
    ],
    ErrServer => [
        "The server refused: {error}",
        "Le serveur a refusé : {error}",
        "O servidor recusou: {error}",
        "Der Server hat abgelehnt: {error}",
        "เซิร์ฟเวอร์ปฏิเสธ: {error}",
        "Máy chủ từ chối: {error}",
    ],
    ErrRoomClosed => [
        "This invitation is closed: nothing more can happen in this room.",
        "Cette invitation est close : il ne peut plus rien se passer dans cette salle.",
        "Este convite está encerrado: nada mais pode acontecer nesta sala.",
        "Diese Einladung ist geschlossen: In diesem Raum kann nichts mehr geschehen.",
        "คำเชิญนี้ปิดแล้ว: ห้องนี้ไม่มีอะไรเกิดขึ้นได้อีก",
        "Lời mời này đã đóng: phòng này không còn hoạt động được nữa.",
    ],
    ErrTooManyRooms => [
        "Too many rooms are open: finish or cancel one of yours, or try again later.",
        "Trop de salles sont ouvertes : terminez ou annulez l’une des vôtres, ou réessayez plus tard.",
        "Há salas abertas demais: termine ou cancele uma das suas, ou tente mais tarde.",
        "Es sind zu viele Räume offen: Beenden oder schließen Sie einen Ihrer Räume oder versuchen Sie es später noch einmal.",
        "มีห้องเปิดอยู่มากเกินไป: เล่นให้จบหรือยกเลิกห้องของคุณสักห้อง หรือลองใหม่ภายหลัง",
        "Có quá nhiều phòng đang mở: hãy chơi xong hoặc hủy một phòng của bạn, hoặc thử lại sau.",
    ],
    ErrConnectionReset => [
        "The server closed the connection: reconnecting…",
        "Le serveur a fermé la connexion : reconnexion…",
        "O servidor encerrou a conexão: reconectando…",
        "Der Server hat die Verbindung getrennt: Verbindung wird wiederhergestellt…",
        "เซิร์ฟเวอร์ตัดการเชื่อมต่อ: กำลังเชื่อมต่อใหม่…",
        "Máy chủ đã ngắt kết nối: đang kết nối lại…",
    ],
    BtnCancelInvite => [
        "Cancel the invitation",
        "Annuler l’invitation",
        "Cancelar o convite",
        "Einladung zurückziehen",
        "ยกเลิกคำเชิญ",
        "Hủy lời mời",
    ],
    ToastInviteCancelled => [
        "Invitation cancelled.",
        "Invitation annulée.",
        "Convite cancelado.",
        "Einladung zurückgezogen.",
        "ยกเลิกคำเชิญแล้ว",
        "Đã hủy lời mời.",
    ],
    WaitingListed => [
        "Your room is listed in the lobby: anyone may take the free seat.",
        "Votre salle figure dans le salon : n’importe qui peut prendre la place libre.",
        "Sua sala aparece no saguão: qualquer pessoa pode ocupar o lugar livre.",
        "Ihr Raum steht in der Lobby: Jeder kann den freien Platz einnehmen.",
        "ห้องของคุณแสดงอยู่ในล็อบบี้: ใครก็เข้ามานั่งที่ว่างได้",
        "Phòng của bạn đang hiện trong sảnh chờ: ai cũng có thể vào chỗ trống.",
    ],
    WaitingUnlisted => [
        "Your room is not in the lobby list right now; the link still works.",
        "Votre salle n’apparaît pas dans le salon pour l’instant ; le lien reste valable.",
        "Sua sala não aparece no saguão agora; o link continua valendo.",
        "Ihr Raum steht gerade nicht in der Lobby; der Link funktioniert weiterhin.",
        "ตอนนี้ห้องของคุณไม่ได้แสดงในรายชื่อล็อบบี้ แต่ลิงก์ยังใช้ได้",
        "Phòng của bạn hiện không có trong danh sách sảnh chờ; liên kết vẫn dùng được.",
    ],
    WaitingExpires => [
        "The link stays open until {time}.",
        "Le lien reste valable jusqu’au {time}.",
        "O link vale até {time}.",
        "Der Link gilt bis {time}.",
        "ลิงก์นี้ใช้ได้ถึง {time}",
        "Liên kết còn hiệu lực đến {time}.",
    ],
    ClosedCancelledTitle => [
        "This invitation was cancelled",
        "Cette invitation a été annulée",
        "Este convite foi cancelado",
        "Diese Einladung wurde zurückgezogen",
        "คำเชิญนี้ถูกยกเลิกแล้ว",
        "Lời mời này đã bị hủy",
    ],
    ClosedExpiredTitle => [
        "This invitation has expired",
        "Cette invitation a expiré",
        "Este convite expirou",
        "Diese Einladung ist abgelaufen",
        "คำเชิญนี้หมดอายุแล้ว",
        "Lời mời này đã hết hạn",
    ],
    ClosedGuest => [
        "No game will be played here. Ask your friend for a new link, or start a game of your own.",
        "Aucune partie ne se jouera ici. Demandez un nouveau lien à votre ami, ou lancez votre propre partie.",
        "Nenhuma partida será jogada aqui. Peça um novo link ao seu amigo ou comece uma partida sua.",
        "Hier wird keine Partie gespielt. Bitten Sie um einen neuen Link oder beginnen Sie selbst eine Partie.",
        "จะไม่มีการเล่นที่นี่ ขอลิงก์ใหม่จากเพื่อน หรือเริ่มเกมของคุณเอง",
        "Sẽ không có ván nào được chơi ở đây. Hãy xin bạn của bạn một liên kết mới, hoặc tự bắt đầu một ván.",
    ],
    ClosedExpiredHost => [
        "Nobody opened your link in time. Create a new room to invite someone again.",
        "Personne n’a ouvert votre lien à temps. Créez une nouvelle salle pour inviter de nouveau.",
        "Ninguém abriu seu link a tempo. Crie uma nova sala para convidar alguém de novo.",
        "Niemand hat Ihren Link rechtzeitig geöffnet. Eröffnen Sie einen neuen Raum, um erneut einzuladen.",
        "ไม่มีใครเปิดลิงก์ของคุณทันเวลา สร้างห้องใหม่เพื่อเชิญอีกครั้ง",
        "Không ai mở liên kết của bạn kịp lúc. Hãy tạo phòng mới để mời lại.",
    ],
    ClosedCancelledHost => [
        "You cancelled this invitation. Create a new room to invite someone again.",
        "Vous avez annulé cette invitation. Créez une nouvelle salle pour inviter de nouveau.",
        "Você cancelou este convite. Crie uma nova sala para convidar alguém de novo.",
        "Sie haben diese Einladung zurückgezogen. Eröffnen Sie einen neuen Raum, um erneut einzuladen.",
        "คุณยกเลิกคำเชิญนี้แล้ว สร้างห้องใหม่เพื่อเชิญอีกครั้ง",
        "Bạn đã hủy lời mời này. Hãy tạo phòng mới để mời lại.",
    ],
    BtnLeaveRoom => [
        "Leave this room",
        "Quitter cette salle",
        "Sair desta sala",
        "Raum verlassen",
        "ออกจากห้องนี้",
        "Rời phòng này",
    ],
    OnlineClosed => [
        "Online: this invitation is closed.",
        "En ligne : cette invitation est close.",
        "Online: este convite está encerrado.",
        "Online: Diese Einladung ist geschlossen.",
        "ออนไลน์: คำเชิญนี้ปิดแล้ว",
        "Trực tuyến: lời mời này đã đóng.",
    ],
    BtnAbort => ["Abort game", "Annuler la partie", "Anular a partida", "Partie abbrechen", "ล้มเกม", "Hủy ván"],
    ResAborted => [
        "Game aborted: no winner, no loser.",
        "Partie annulée : ni vainqueur ni vaincu.",
        "Partida anulada: sem vencedor nem perdedor.",
        "Partie abgebrochen: kein Sieger, kein Verlierer.",
        "ล้มเกมแล้ว: ไม่มีฝ่ายแพ้ชนะ",
        "Ván cờ đã bị hủy: không ai thắng, không ai thua.",
    ],
    OpponentAwayAbort => [
        "Your opponent is away. If they do not return, the game will be aborted in {time}.",
        "Votre adversaire s’est absenté. S’il ne revient pas, la partie sera annulée dans {time}.",
        "Seu adversário saiu. Se ele não voltar, a partida será anulada em {time}.",
        "Ihr Gegner ist abwesend. Kommt er nicht zurück, wird die Partie in {time} abgebrochen.",
        "คู่เล่นของคุณไม่อยู่ ถ้าไม่กลับมา เกมจะถูกล้มในอีก {time}",
        "Đối thủ của bạn đang vắng mặt. Nếu họ không quay lại, ván cờ sẽ bị hủy sau {time}.",
    ],
    OpponentGoneAbort => [
        "Your opponent did not come back: the game is being aborted.",
        "Votre adversaire n’est pas revenu : la partie va être annulée.",
        "Seu adversário não voltou: a partida será anulada.",
        "Ihr Gegner ist nicht zurückgekommen: Die Partie wird abgebrochen.",
        "คู่เล่นของคุณไม่กลับมา: กำลังล้มเกม",
        "Đối thủ của bạn không quay lại: ván cờ đang bị hủy.",
    ],
    ToastImported => [
        "Game imported.",
        "Partie importée.",
        "Partida importada.",
        "Partie importiert.",
        "นำเข้าเกมแล้ว",
        "Đã nhập ván cờ.",
    ],
    ImportEmpty => [
        "Paste a PGN or a FEN first.",
        "Collez d’abord un PGN ou un FEN.",
        "Cole primeiro um PGN ou um FEN.",
        "Füge zuerst ein PGN oder einen FEN ein.",
        "วาง PGN หรือ FEN ก่อน",
        "Hãy dán một PGN hoặc một FEN trước.",
    ],
    ImportBadFen => [
        "This FEN cannot be read: {error}",
        "Ce FEN est illisible : {error}",
        "Não é possível ler este FEN: {error}",
        "Dieser FEN ist nicht lesbar: {error}",
        "อ่าน FEN นี้ไม่ได้: {error}",
        "Không đọc được FEN này: {error}",
    ],
    ImportBadPgn => [
        "This PGN cannot be read: {error}",
        "Ce PGN est illisible : {error}",
        "Não é possível ler este PGN: {error}",
        "Dieses PGN ist nicht lesbar: {error}",
        "อ่าน PGN นี้ไม่ได้: {error}",
        "Không đọc được PGN này: {error}",
    ],
    ExportLocal => [
        "Paste the PGN into any program that knows ASEAN chess, or import it here later.",
        "Collez le PGN dans tout programme qui connaît les échecs ASEAN, ou importez-le ici plus tard.",
        "Cole o PGN em qualquer programa que conheça o xadrez ASEAN, ou importe-o aqui mais tarde.",
        "Füge das PGN in jedes Programm ein, das ASEAN-Schach kennt, oder importiere es später hier.",
        "วาง PGN ในโปรแกรมใดก็ได้ที่รู้จักหมากรุกอาเซียน หรือนำเข้าที่นี่ภายหลัง",
        "Dán PGN vào bất kỳ chương trình nào hiểu cờ ASEAN, hoặc nhập lại vào đây sau.",
    ],
    ExportOnline => [
        "The PGN of this online game, as far as it has been played.",
        "Le PGN de cette partie en ligne, jusqu’au dernier coup joué.",
        "O PGN desta partida online, até o último lance jogado.",
        "Das PGN dieser Online-Partie, so weit sie gespielt ist.",
        "PGN ของเกมออนไลน์นี้ เท่าที่เล่นมาถึงตอนนี้",
        "PGN của ván trực tuyến này, tới nước đã chơi gần nhất.",
    ],
    ToastCopiedPgn => [
        "PGN copied.",
        "PGN copié.",
        "PGN copiado.",
        "PGN kopiert.",
        "คัดลอก PGN แล้ว",
        "Đã sao chép PGN.",
    ],
    ToastCopiedFen => [
        "FEN copied.",
        "FEN copié.",
        "FEN copiado.",
        "FEN kopiert.",
        "คัดลอก FEN แล้ว",
        "Đã sao chép FEN.",
    ],
    ToastCopyFailedText => [
        "Could not copy: select the text and copy it by hand.",
        "Copie impossible : sélectionnez le texte et copiez-le vous-même.",
        "Não foi possível copiar: selecione o texto e copie-o manualmente.",
        "Kopieren nicht möglich: Markiere den Text und kopiere ihn von Hand.",
        "คัดลอกไม่ได้: เลือกข้อความแล้วคัดลอกเอง",
        "Không sao chép được: hãy chọn đoạn văn bản và tự sao chép.",
    ],
    BtnExport => ["Export", "Exporter", "Exportar", "Exportieren", "ส่งออก", "Xuất"],
    BtnImport => ["Import", "Importer", "Importar", "Importieren", "นำเข้า", "Nhập"],
    ExportTitle => [
        "Export the game",
        "Exporter la partie",
        "Exportar a partida",
        "Partie exportieren",
        "ส่งออกเกม",
        "Xuất ván cờ",
    ],
    ImportTitle => [
        "Import a game",
        "Importer une partie",
        "Importar uma partida",
        "Partie importieren",
        "นำเข้าเกม",
        "Nhập ván cờ",
    ],
    ImportText => [
        "Paste a PGN (a whole game) or a FEN (a position):",
        "Collez un PGN (une partie entière) ou un FEN (une position) :",
        "Cole um PGN (uma partida inteira) ou um FEN (uma posição):",
        "Füge ein PGN (eine ganze Partie) oder einen FEN (eine Stellung) ein:",
        "วาง PGN (ทั้งเกม) หรือ FEN (ตำแหน่งเดียว):",
        "Dán một PGN (cả ván cờ) hoặc một FEN (một thế cờ):",
    ],
    ImportFile => [
        "Or open a .pgn file",
        "Ou ouvrez un fichier .pgn",
        "Ou abra um arquivo .pgn",
        "Oder öffne eine .pgn-Datei",
        "หรือเปิดไฟล์ .pgn",
        "Hoặc mở một tệp .pgn",
    ],
    BtnCopyPgn => ["Copy PGN", "Copier le PGN", "Copiar PGN", "PGN kopieren", "คัดลอก PGN", "Sao chép PGN"],
    BtnCopyFen => ["Copy FEN", "Copier le FEN", "Copiar FEN", "FEN kopieren", "คัดลอก FEN", "Sao chép FEN"],
    BtnDownload => [
        "Download .pgn",
        "Télécharger .pgn",
        "Baixar .pgn",
        ".pgn herunterladen",
        "ดาวน์โหลด .pgn",
        "Tải về .pgn",
    ],
    ExportFenLabel => [
        "FEN of the position shown",
        "FEN de la position affichée",
        "FEN da posição mostrada",
        "FEN der gezeigten Stellung",
        "FEN ของตำแหน่งที่แสดงอยู่",
        "FEN của thế cờ đang hiển thị",
    ],
    ReviewLabel => [
        "Step through the game",
        "Parcourir la partie",
        "Percorrer a partida",
        "Durch die Partie gehen",
        "ไล่ดูเกมทีละตา",
        "Xem lại từng nước",
    ],
    ReviewFirst => [
        "First position",
        "Position de départ",
        "Posição inicial",
        "Ausgangsstellung",
        "ตำแหน่งเริ่มต้น",
        "Thế cờ ban đầu",
    ],
    ReviewPrev => [
        "Previous move",
        "Coup précédent",
        "Lance anterior",
        "Vorheriger Zug",
        "ตาก่อนหน้า",
        "Nước trước",
    ],
    ReviewNext => ["Next move", "Coup suivant", "Próximo lance", "Nächster Zug", "ตาถัดไป", "Nước sau"],
    ReviewLast => ["Last move", "Dernier coup", "Último lance", "Letzter Zug", "ตาล่าสุด", "Nước cuối"],
    BtnLive => [
        "Back to the game",
        "Retour à la partie",
        "Voltar à partida",
        "Zurück zur Partie",
        "กลับไปที่เกม",
        "Quay lại ván cờ",
    ],
    AnalysisAfterGame => [
        "The analysis opens once this game is over: no engine help against a person.",
        "L’analyse s’ouvre une fois la partie terminée : pas d’aide du moteur contre une personne.",
        "A análise abre quando a partida terminar: sem ajuda do motor contra uma pessoa.",
        "Die Analyse gibt es nach dem Ende der Partie: keine Engine-Hilfe gegen einen Menschen.",
        "การวิเคราะห์จะเปิดเมื่อเกมนี้จบแล้ว: ไม่มีเอนจินช่วยเมื่อเล่นกับคน",
        "Phân tích chỉ mở khi ván này kết thúc: không dùng máy trợ giúp khi đấu với người.",
    ],
    ReviewAt => [
        "Position after {move} ({ply} of {total})",
        "Position après {move} ({ply} sur {total})",
        "Posição após {move} ({ply} de {total})",
        "Stellung nach {move} ({ply} von {total})",
        "ตำแหน่งหลัง {move} ({ply} จาก {total})",
        "Thế cờ sau {move} ({ply}/{total})",
    ],
    ReviewStart => [
        "The first position (0 of {total})",
        "La position de départ (0 sur {total})",
        "A posição inicial (0 de {total})",
        "Die Ausgangsstellung (0 von {total})",
        "ตำแหน่งเริ่มต้น (0 จาก {total})",
        "Thế cờ ban đầu (0/{total})",
    ],
    SavedHotSeat => [
        "hot-seat",
        "à deux sur cet appareil",
        "dois jogadores neste aparelho",
        "zu zweit an diesem Gerät",
        "สองคนบนเครื่องนี้",
        "hai người trên thiết bị này",
    ],
    SavedOnlineWhite => [
        "online, you played White",
        "en ligne, vous aviez les Blancs",
        "online, você jogou de Brancas",
        "online, du hattest Weiß",
        "ออนไลน์ คุณเล่นฝ่ายขาว",
        "trực tuyến, bạn cầm quân Trắng",
    ],
    SavedOnlineBlack => [
        "online, you played Black",
        "en ligne, vous aviez les Noirs",
        "online, você jogou de Pretas",
        "online, du hattest Schwarz",
        "ออนไลน์ คุณเล่นฝ่ายดำ",
        "trực tuyến, bạn cầm quân Đen",
    ],
    SavedOnlineWatched => [
        "online, watched",
        "en ligne, regardée",
        "online, assistida",
        "online, zugeschaut",
        "ออนไลน์ ดูอยู่",
        "trực tuyến, đã xem",
    ],
    ConfirmDeleteTitle => [
        "Delete this saved game?",
        "Supprimer cette partie enregistrée ?",
        "Excluir esta partida salva?",
        "Diese gespeicherte Partie löschen?",
        "ลบเกมที่บันทึกไว้นี้ไหม",
        "Xóa ván đã lưu này?",
    ],
    ConfirmDeleteText => [
        "It will be gone from this device. An online game stays on the server and its link still opens it.",
        "Elle disparaîtra de cet appareil. Une partie en ligne reste sur le serveur et son lien l’ouvre toujours.",
        "Ela sumirá deste aparelho. Uma partida online continua no servidor e o link ainda a abre.",
        "Sie verschwindet von diesem Gerät. Eine Online-Partie bleibt auf dem Server, ihr Link öffnet sie weiterhin.",
        "เกมจะหายไปจากเครื่องนี้ เกมออนไลน์ยังอยู่บนเซิร์ฟเวอร์และเปิดได้จากลิงก์ของเกม",
        "Ván cờ sẽ biến mất khỏi thiết bị này. Ván trực tuyến vẫn còn trên máy chủ và liên kết của nó vẫn mở được.",
    ],
    ConfirmDeleteYes => ["Delete", "Supprimer", "Excluir", "Löschen", "ลบ", "Xóa"],
    AnalysisTitle => ["Analysis", "Analyse", "Análise", "Analyse", "การวิเคราะห์", "Phân tích"],
    AnalysisNote => [
        "The engine that plays looks at every position, here in your browser: no connection needed.",
        "Le moteur qui joue examine chaque position, ici dans votre navigateur : aucune connexion requise.",
        "O motor que joga examina cada posição, aqui no seu navegador: sem precisar de conexão.",
        "Die Engine, die spielt, prüft jede Stellung hier im Browser: ohne Verbindung.",
        "เอนจินตัวเดียวกับที่เล่นด้วยจะตรวจดูทุกตำแหน่ง ที่นี่ในเบราว์เซอร์ของคุณ: ไม่ต้องเชื่อมต่ออินเทอร์เน็ต",
        "Chính máy chơi cờ sẽ xem xét từng thế cờ, ngay trong trình duyệt của bạn: không cần kết nối mạng.",
    ],
    BtnAnalyse => [
        "Analyse the game",
        "Analyser la partie",
        "Analisar a partida",
        "Partie analysieren",
        "วิเคราะห์เกม",
        "Phân tích ván cờ",
    ],
    BtnAnalysisResume => [
        "Resume the analysis",
        "Reprendre l’analyse",
        "Retomar a análise",
        "Analyse fortsetzen",
        "วิเคราะห์ต่อ",
        "Tiếp tục phân tích",
    ],
    BtnAnalysisStop => ["Stop", "Arrêter", "Parar", "Anhalten", "หยุด", "Dừng"],
    AnalysisProgress => [
        "Analysing: {done} of {total} positions",
        "Analyse : {done} positions sur {total}",
        "Analisando: {done} de {total} posições",
        "Analyse: {done} von {total} Stellungen",
        "กำลังวิเคราะห์: {done} จาก {total} ตำแหน่ง",
        "Đang phân tích: {done}/{total} thế cờ",
    ],
    AnalysisDone => [
        "Analysis complete: {total} positions",
        "Analyse terminée : {total} positions",
        "Análise concluída: {total} posições",
        "Analyse fertig: {total} Stellungen",
        "วิเคราะห์เสร็จแล้ว: {total} ตำแหน่ง",
        "Đã phân tích xong: {total} thế cờ",
    ],
    EvalDepth => ["depth {n}", "profondeur {n}", "profundidade {n}", "Tiefe {n}", "ความลึก {n}", "độ sâu {n}"],
    AnalysisFailed => [
        "The analysis stopped: {error}",
        "L’analyse s’est arrêtée : {error}",
        "A análise parou: {error}",
        "Die Analyse wurde angehalten: {error}",
        "การวิเคราะห์หยุดลง: {error}",
        "Phân tích đã dừng: {error}",
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
        "{side}: ไม่มีตาพลาด",
        "{side}: không có nước sai",
    ],
    AnalysisLegend => [
        "?! inaccuracy · ? mistake · ?? blunder. Click the graph to go to a move.",
        "?! imprécision · ? erreur · ?? gaffe. Cliquez sur le graphique pour aller à un coup.",
        "?! imprecisão · ? erro · ?? capivarada. Clique no gráfico para ir a um lance.",
        "?! Ungenauigkeit · ? Fehler · ?? grober Fehler. Klicke in die Grafik, um zu einem Zug zu gehen.",
        "?! ไม่แม่นยำ · ? พลาด · ?? พลาดหนัก แตะที่กราฟเพื่อไปยังตานั้น",
        "?! thiếu chính xác · ? nước sai · ?? nước hớ nặng. Bấm vào biểu đồ để tới một nước.",
    ],
    BestMove => [
        "Better: {move}",
        "Mieux : {move}",
        "Melhor: {move}",
        "Besser: {move}",
        "ดีกว่า: {move}",
        "Tốt hơn: {move}",
    ],
    EvalGraphLabel => [
        "Evaluation of the game, move by move",
        "Évaluation de la partie, coup par coup",
        "Avaliação da partida, lance a lance",
        "Bewertung der Partie, Zug um Zug",
        "กราฟประเมินเกม ทีละตา",
        "Đánh giá ván cờ qua từng nước",
    ],
    // The start screen, clocks and premoves (lead).
    StartTitle => [
        "How do you want to play?",
        "Comment voulez-vous jouer ?",
        "Como você quer jogar?",
        "Wie möchtest du spielen?",
        "อยากเล่นแบบไหน?",
        "Bạn muốn chơi thế nào?",
    ],
    StartLead => [
        "Makruk, the chess of Thailand and Cambodia, in the standard ASEAN form.",
        "Le makruk, les échecs de Thaïlande et du Cambodge, dans sa forme standard ASEAN.",
        "Makruk, o xadrez da Tailândia e do Camboja, na forma padrão da ASEAN.",
        "Makruk, das Schach Thailands und Kambodschas, in der einheitlichen ASEAN-Form.",
        "มากรุก หมากรุกของไทยและกัมพูชา ในแบบมาตรฐานอาเซียน",
        "Makruk, cờ của Thái Lan và Campuchia, theo luật chuẩn ASEAN.",
    ],
    StartOnline => [
        "Play a friend online",
        "Jouer avec un ami en ligne",
        "Jogar com um amigo online",
        "Online gegen Freunde spielen",
        "เล่นกับเพื่อนออนไลน์",
        "Chơi với bạn qua mạng",
    ],
    StartOnlineNote => [
        "Get a link to send; the game begins when they open it.",
        "Recevez un lien à envoyer ; la partie commence dès qu’il est ouvert.",
        "Receba um link para enviar; a partida começa quando ele for aberto.",
        "Du bekommst einen Link zum Verschicken; die Partie beginnt, sobald er geöffnet wird.",
        "รับลิงก์ไปส่งให้เพื่อน เกมเริ่มทันทีที่เพื่อนเปิดลิงก์",
        "Nhận một đường liên kết để gửi; ván cờ bắt đầu khi bạn ấy mở nó.",
    ],
    StartAi => [
        "Play the computer",
        "Jouer contre l’ordinateur",
        "Jogar contra o computador",
        "Gegen den Computer spielen",
        "เล่นกับคอมพิวเตอร์",
        "Chơi với máy",
    ],
    StartAiNote => [
        "You are White, at a gentle level; change it any time.",
        "Vous avez les Blancs, à un niveau doux ; changez-le quand vous voulez.",
        "Você joga de Brancas, num nível suave; mude quando quiser.",
        "Du spielst Weiß auf einer sanften Stufe; ändern kannst du sie jederzeit.",
        "คุณเล่นฝ่ายขาวในระดับง่าย เปลี่ยนได้ทุกเมื่อ",
        "Bạn cầm quân Trắng ở mức dễ; đổi lúc nào cũng được.",
    ],
    StartHotSeat => [
        "Two players, this device",
        "Deux joueurs, cet appareil",
        "Dois jogadores, este aparelho",
        "Zwei Spieler, dieses Gerät",
        "สองคน เครื่องเดียว",
        "Hai người, một máy",
    ],
    StartHotSeatNote => [
        "Take turns on one screen, face to face.",
        "Jouez à tour de rôle sur un seul écran, face à face.",
        "Joguem alternadamente numa só tela, frente a frente.",
        "Abwechselnd auf einem Bildschirm, einander gegenüber.",
        "ผลัดกันเดินบนหน้าจอเดียว นั่งตรงข้ามกัน",
        "Lần lượt đi trên cùng một màn hình, ngồi đối diện nhau.",
    ],
    StartRules => [
        "How to play: the rules",
        "Comment jouer : les règles",
        "Como jogar: as regras",
        "So wird gespielt: die Regeln",
        "วิธีเล่น: กติกา",
        "Cách chơi: luật cờ",
    ],
    StartOptions => ["More options…", "Plus d’options…", "Mais opções…", "Weitere Optionen…", "ตัวเลือกเพิ่มเติม…", "Tùy chọn khác…"],
    ClockYou => ["you", "vous", "você", "du", "คุณ", "bạn"],
    ClockComputer => ["computer", "ordinateur", "computador", "Computer", "คอมพิวเตอร์", "máy"],
    ClockOpponent => ["opponent", "adversaire", "adversário", "Gegner", "คู่แข่ง", "đối thủ"],
    // Accessibility and sound (issue 10): the sound toggle, the moves in words for
    // `#announce` and the move list, the typed move box, the hint's squares.
    SoundLabel => ["Sounds", "Sons", "Sons", "Töne", "เสียง", "Âm thanh"],
    SaySide => ["{side}: {move}", "{side} : {move}", "{side}: {move}", "{side}: {move}", "{side}: {move}", "{side}: {move}"],
    SayMove => ["{piece} to {square}", "{piece} en {square}", "{piece} para {square}", "{piece} nach {square}", "{piece}ไปที่ {square}", "{piece} đến {square}"],
    SayCapture => [
        "{piece} takes {square}",
        "{piece} prend en {square}",
        "{piece} captura em {square}",
        "{piece} schlägt auf {square}",
        "{piece}กินที่ {square}",
        "{piece} ăn ở {square}",
    ],
    SayPieceFrom => ["{piece} from {square}", "{piece} de {square}", "{piece} de {square}", "{piece} von {square}", "{piece}จาก {square}", "{piece} từ {square}"],
    SayPromotion => [
        "{move}, promotes to {piece}",
        "{move}, promu en {piece}",
        "{move}, promovido a {piece}",
        "{move}, Umwandlung zum {piece}",
        "{move} หงายเป็น{piece}",
        "{move}, phong thành {piece}",
    ],
    SayCheck => ["{move}, check", "{move}, échec", "{move}, xeque", "{move}, Schach", "{move} รุก", "{move}, chiếu"],
    SayMate => ["{move}, checkmate", "{move}, échec et mat", "{move}, xeque-mate", "{move}, schachmatt", "{move} รุกจน", "{move}, chiếu hết"],
    MoveInputLabel => ["Type a move", "Saisir un coup", "Digitar um lance", "Zug eingeben", "พิมพ์ตาเดิน", "Nhập nước đi"],
    MoveInputPlaceholder => [
        "Type a move (Nd2, e3e4)",
        "Tapez un coup (Nd2, e3e4)",
        "Digite um lance (Nd2, e3e4)",
        "Zug eingeben (Nd2, e3e4)",
        "พิมพ์ตาเดิน (Nd2, e3e4)",
        "Nhập nước đi (Nd2, e3e4)",
    ],
    MovePlay => ["Play", "Jouer", "Jogar", "Ziehen", "เดิน", "Đi"],
    EntryNotUnderstood => [
        "“{text}” is not understood: type a move such as Nd2, e4, e8=Q or e3e4 (M for met, S for khon also work).",
        "« {text} » n’est pas compris : tapez un coup comme Nd2, e4, e8=Q ou e3e4 (M pour le met, S pour le khon marchent aussi).",
        "“{text}” não foi entendido: digite um lance como Nd2, e4, e8=Q ou e3e4 (M para o met e S para o khon também valem).",
        "„{text}“ ist unverständlich: gib einen Zug wie Nd2, e4, e8=Q oder e3e4 ein (M für den Met, S für den Khon gehen auch).",
        "ไม่เข้าใจ “{text}”: พิมพ์ตาเดิน เช่น Nd2, e4, e8=Q หรือ e3e4 (ใช้ M แทนเม็ด และ S แทนโคนได้)",
        "Không hiểu “{text}”: hãy nhập nước đi như Nd2, e4, e8=Q hoặc e3e4 (M cho met, S cho khon cũng được).",
    ],
    EntryIllegal => [
        "“{text}” is not a legal move in this position.",
        "« {text} » n’est pas un coup légal dans cette position.",
        "“{text}” não é um lance legal nesta posição.",
        "„{text}“ ist in dieser Stellung kein legaler Zug.",
        "“{text}” เดินไม่ได้ในตำแหน่งนี้",
        "“{text}” không phải nước đi hợp lệ trong thế cờ này.",
    ],
    EntryAmbiguous => [
        "“{text}” fits several moves: add the piece’s file or rank, as in Nbd2.",
        "« {text} » correspond à plusieurs coups : ajoutez la colonne ou la rangée de la pièce, comme Nbd2.",
        "“{text}” serve para vários lances: acrescente a coluna ou a fileira da peça, como Nbd2.",
        "„{text}“ passt auf mehrere Züge: gib die Linie oder Reihe der Figur an, etwa Nbd2.",
        "“{text}” ตรงกับหลายตาเดิน: เติมแถวหรือตาของตัวหมาก เช่น Nbd2",
        "“{text}” ứng với nhiều nước đi: thêm cột hoặc hàng của quân, như Nbd2.",
    ],
    EntryNotYourTurn => [
        "It is not your turn: wait for the other side’s move.",
        "Ce n’est pas votre tour : attendez le coup de l’adversaire.",
        "Não é a sua vez: espere o lance do outro lado.",
        "Du bist nicht am Zug: warte auf den Zug der Gegenseite.",
        "ยังไม่ถึงตาคุณ: รออีกฝ่ายเดินก่อน",
        "Chưa đến lượt bạn: hãy chờ nước đi của bên kia.",
    ],
    EntryGameOver => [
        "The game is over: no more moves can be played.",
        "La partie est terminée : plus aucun coup ne peut être joué.",
        "A partida terminou: nenhum lance pode mais ser jogado.",
        "Die Partie ist beendet: es kann kein Zug mehr gespielt werden.",
        "เกมจบแล้ว: เดินต่อไม่ได้อีก",
        "Ván cờ đã kết thúc: không thể đi thêm nước nào.",
    ],
    EntryReviewing => [
        "An earlier position is shown: go back to the game to play.",
        "Une position antérieure est affichée : revenez à la partie pour jouer.",
        "Uma posição anterior está sendo mostrada: volte à partida para jogar.",
        "Eine frühere Stellung wird gezeigt: kehre zur Partie zurück, um zu ziehen.",
        "กำลังแสดงตำแหน่งก่อนหน้า: กลับไปที่เกมเพื่อเดิน",
        "Đang xem một thế cờ trước đó: hãy quay lại ván cờ để đi.",
    ],
    SquareHint => ["{label}, suggested move", "{label}, coup suggéré", "{label}, lance sugerido", "{label}, vorgeschlagener Zug", "{label} ตาเดินที่แนะนำ", "{label}, nước đi gợi ý"],
    // Looks: dark mode, piece sets, board colours (view/looks.rs).
    LooksTitle => ["Looks", "Apparence", "Aparência", "Aussehen", "รูปลักษณ์", "Giao diện"],
    ThemeToggle => ["Dark mode", "Mode sombre", "Modo escuro", "Dunkelmodus", "โหมดมืด", "Chế độ tối"],
    ThemeLabel => ["Theme", "Thème", "Tema", "Farbschema", "ธีม", "Chủ đề màu"],
    ThemeAuto => ["As on this device", "Comme l’appareil", "Como no aparelho", "Wie das Gerät", "ตามเครื่องนี้", "Theo thiết bị"],
    ThemeLight => ["Light", "Clair", "Claro", "Hell", "สว่าง", "Sáng"],
    ThemeDark => ["Dark", "Sombre", "Escuro", "Dunkel", "มืด", "Tối"],
    PiecesLabel => ["Pieces", "Pièces", "Peças", "Figuren", "ตัวหมาก", "Quân cờ"],
    PiecesThai => ["Thai", "Thaïes", "Tailandesas", "Thailändisch", "แบบไทย", "Kiểu Thái"],
    PiecesWestern => ["Western", "Occidentales", "Ocidentais", "Westlich", "แบบสากล", "Kiểu phương Tây"],
    PiecesNote => [
        "The Western set draws the met as a small queen and the khon as a bishop: they still move as met and khon.",
        "Le jeu occidental dessine le met en petite dame et le khon en fou : ils se déplacent toujours en met et en khon.",
        "O jogo ocidental desenha o met como uma pequena dama e o khon como um bispo: eles continuam a se mover como met e khon.",
        "Der westliche Satz zeigt den Met als kleine Dame und den Khon als Läufer: Sie ziehen weiter wie Met und Khon.",
        "ชุดแบบสากลวาดเม็ดเป็นควีนตัวเล็กและโคนเป็นบิชอป แต่ยังเดินแบบเม็ดและโคนเหมือนเดิม",
        "Bộ quân kiểu phương Tây vẽ met như một hậu nhỏ và khon như một tượng: chúng vẫn đi như met và khon.",
    ],
    BoardThemeLabel => ["Board", "Échiquier", "Tabuleiro", "Brett", "กระดาน", "Bàn cờ"],
    BoardTeak => ["Teak", "Teck", "Teca", "Teak", "ไม้สัก", "Gỗ tếch"],
    BoardJade => ["Jade", "Jade", "Jade", "Jade", "หยก", "Ngọc bích"],
    BoardSlate => ["Slate", "Ardoise", "Ardósia", "Schiefer", "หินชนวน", "Đá phiến"],
    // Offline and installable (issue 10): the AI worker that cannot start, online play without
    // a connection.
    AiUnavailableText => [
        "The computer opponent could not start ({error}). Hot-seat play still works.",
        "L’adversaire ordinateur n’a pas pu démarrer ({error}). Le jeu à deux sur cet appareil fonctionne toujours.",
        "O adversário computador não conseguiu iniciar ({error}). O jogo a dois neste aparelho continua a funcionar.",
        "Der Computergegner konnte nicht starten ({error}). Das Spiel zu zweit an diesem Gerät geht weiterhin.",
        "คอมพิวเตอร์เริ่มทำงานไม่ได้ ({error}) แต่ยังเล่นสองคนบนเครื่องนี้ได้",
        "Đối thủ máy không khởi động được ({error}). Vẫn có thể chơi hai người trên máy này.",
    ],
    BtnAiRetry => ["Try again", "Réessayer", "Tentar de novo", "Erneut versuchen", "ลองอีกครั้ง", "Thử lại"],
    OnlineNeedsConnection => [
        "Online play needs a connection to the server, and there is none right now.",
        "Le jeu en ligne demande une connexion au serveur, et il n’y en a pas pour l’instant.",
        "O jogo online precisa de uma conexão com o servidor, e agora não há nenhuma.",
        "Online-Spiel braucht eine Verbindung zum Server, und gerade gibt es keine.",
        "การเล่นออนไลน์ต้องเชื่อมต่อกับเซิร์ฟเวอร์ และตอนนี้ยังเชื่อมต่อไม่ได้",
        "Chơi qua mạng cần kết nối tới máy chủ, mà lúc này không có.",
    ],
    ToastNeedsConnection => [
        "No connection: online play is not possible now. Play the computer or on this device instead.",
        "Pas de connexion : le jeu en ligne est impossible pour l’instant. Jouez contre l’ordinateur ou sur cet appareil.",
        "Sem conexão: o jogo online não é possível agora. Jogue contra o computador ou neste aparelho.",
        "Keine Verbindung: Online-Spiel ist gerade nicht möglich. Spiel gegen den Computer oder an diesem Gerät.",
        "ไม่มีการเชื่อมต่อ: ตอนนี้เล่นออนไลน์ไม่ได้ ลองเล่นกับคอมพิวเตอร์หรือบนเครื่องนี้แทน",
        "Không có kết nối: lúc này không chơi qua mạng được. Hãy chơi với máy hoặc trên thiết bị này.",
    ],
}

// On the host, where every language is built in (the browser's catalogs are checked against
// these tables by `catalogs_hold_every_text_of_their_language`).
#[cfg(all(test, not(target_arch = "wasm32")))]
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

    /// Texts that are the same as the English one on purpose: placeholders and punctuation
    /// only (`{side}: {marks}`, `{side}: {move}`), and the Vietnamese names of the pieces that keep their Thai
    /// names as in English.
    const SAME_AS_ENGLISH: &[(Lang, Key)] = &[
        (Lang::Th, Key::AnalysisSide),
        (Lang::Vi, Key::AnalysisSide),
        (Lang::Th, Key::SaySide),
        (Lang::Vi, Key::SaySide),
        (Lang::Vi, Key::PieceMet),
        (Lang::Vi, Key::PieceKhon),
    ];

    #[test]
    fn thai_and_vietnamese_are_translated() {
        for &key in Key::ALL {
            for lang in [Lang::Th, Lang::Vi] {
                let same = lang.t(key) == Lang::En.t(key);
                assert_eq!(
                    same,
                    SAME_AS_ENGLISH.contains(&(lang, key)),
                    "{key:?} in {lang:?}: {}",
                    lang.t(key)
                );
            }
        }
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
                for category in PluralCategory::ALL {
                    let has_text = forms.own(category).is_some();
                    let wanted = used.contains(&category)
                        && !FALLS_BACK_TO_OTHER.contains(&(lang, category));
                    assert_eq!(
                        has_text, wanted,
                        "{key:?} in {lang:?}: {category:?} used and written must agree"
                    );
                }
                let english = placeholders_of(key.forms(Lang::En).other);
                for category in PluralCategory::ALL {
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
    fn catalogs_hold_every_text_of_their_language() {
        for lang in Lang::ALL {
            let json = catalog_json(lang);
            assert_eq!(load_catalog(lang, &json), Ok(()));
            let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
            for &key in Key::ALL {
                assert_eq!(
                    value["keys"][key.name()],
                    lang.t(key),
                    "{key:?} in {lang:?}"
                );
            }
            for &key in Counted::ALL {
                let forms = key.forms(lang);
                for category in PluralCategory::ALL {
                    let text = &value["counted"][key.name()][category.keyword()];
                    match forms.own(category) {
                        Some(own) => assert_eq!(text, own, "{key:?} {category:?} in {lang:?}"),
                        None => assert!(text.is_null(), "{key:?} {category:?} in {lang:?}"),
                    }
                }
            }
        }
        assert!(load_catalog(Lang::Th, &catalog_json(Lang::Vi)).is_err());
        assert!(load_catalog(Lang::Th, "not json").is_err());
        assert_eq!(catalog_path(Lang::Th), "pkg/i18n/th.json");
    }

    #[test]
    fn placeholders() {
        let s = Lang::En.fmt(Key::FiftyCounter, &[("n", "7")]);
        assert_eq!(s, "50-move rule: 7 of 50");
    }
}
