//! Every user-visible string in English, French, Portuguese, German, Thai and Vietnamese, the
//! plural rules of each, and language negotiation.
//!
//! # The texts: one file per language
//! The texts are written in [Fluent](https://projectfluent.org) files, one per language, in
//! `crates/web/texts/`: `en.ftl` (the reference), `fr.ftl`, `pt.ftl`, `de.ftl`, `th.ftl`,
//! `vi.ftl`. Each message is a key: `BtnNew = New game`. Texts may hold variables, written
//! `{ $n }` in the files and filled by [`Lang::fmt`]. Each file's header says how that
//! language names the pieces and terms (Thai's ขุน, เม็ด, โคน; *khon* and *met* kept in the
//! Western languages and in Vietnamese) and which plural categories it uses.
//!
//! The build script (`build/main.rs`, reading the files through `build/texts.rs`) checks every
//! file against `en.ftl` and stops the build with the file, the line and the key when a
//! language lacks a message, has one English does not, or uses other variables; it then writes
//! the texts as Rust: the [`Key`] and [`Counted`] enums, their English texts (the only ones
//! built into the browser's module) and, on the host, every language's. The tests read the
//! files again and check that CLDR's plural categories are all written.
//!
//! Static markup in `index.html` names its key in a `data-i18n` attribute (the key's
//! [`Key::name`]); `data-i18n-attr="aria-label"` puts the text into that attribute instead.
//!
//! # A new language
//! 1. `texts/<code>.ftl`, every message of `en.ftl` translated (the build names what is
//!    missing);
//! 2. a [`Lang`] variant in `src/lang.rs` named by the code with a capital (`ja.ftl`:
//!    `Lang::Ja`), which gives [`Lang::ALL`], [`Lang::code`] and the language's table (a `Lang`
//!    without its file, or a file without its `Lang`, does not compile);
//! 3. its rules page `www/rules/<code>.html` (linked from the other rules pages' language bar);
//! 4. in `www/index.html`: its option in the language picker (`#lang`), its code in the list
//!    of languages whose catalog the page starts fetching early, its line in `<noscript>`.
//!
//! A test checks 3 and 4 for every `Lang`. `cargo xtask build` writes every language's catalog
//! (`pkg/i18n/<code>.json`) and puts it into the service worker's asset list by itself.
//!
//! # Counted texts
//! A text that holds a count (`3 moves`, `1 player online`) is a [`Counted`] key: in the files
//! one select on `$n` with one variant per CLDR plural category the language uses, `other`
//! the default. English and German use `one` and `other`; French and Portuguese `one` (0 and
//! 1), `many` (exact millions: « 1 000 000 de coups ») and `other`; Thai and Vietnamese
//! `other` only, since neither marks the plural on the noun (CLDR 49 gives Vietnamese a `one`
//! for 0 and 1, which only a pronoun referring back to the count would need: our texts leave
//! it to `other`). A test checks that every category the language's rules pick has its own
//! text unless listed as falling back on purpose. The category of a count comes from CLDR's
//! rules, never from rules of our own ([`Lang::plural`]): in the browser from its
//! `Intl.PluralRules` (CLDR data that ships with every browser, so the page carries none), on
//! the host from the `icu_plurals` crate, so the host tests check our texts against the same
//! CLDR rules (and a browser test checks that both agree).
//!
//! Numbers and dates in the texts are written by [`crate::intl`] with the browser's `Intl`.
//!
//! [`Lang`] itself is defined in the leaf module [`crate::lang`], below `intl` and this
//! module, and re-exported here with the methods that need the texts ([`Lang::t`],
//! [`Lang::fmt`], [`Lang::count`], ...): `intl` takes it from there, and this module imports
//! `intl`, never the reverse.

pub use crate::lang::Lang;
use strum::VariantArray as _;

/// A CLDR plural category (cardinal): which form of a counted text a number takes.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    strum::VariantArray,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[strum(serialize_all = "lowercase")]
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
    pub const ALL: &'static [PluralCategory] = PluralCategory::VARIANTS;

    /// The category named by CLDR's keyword (`zero`, `one`, `two`, `few`, `many`, `other`), as
    /// `Intl.PluralRules.prototype.select` returns it; `None` for any other text.
    ///
    /// ```
    /// use web::i18n::PluralCategory;
    /// assert_eq!(PluralCategory::from_keyword("many"), Some(PluralCategory::Many));
    /// assert_eq!(PluralCategory::from_keyword("Many"), None);
    /// ```
    pub fn from_keyword(keyword: &str) -> Option<PluralCategory> {
        keyword.parse().ok()
    }

    /// CLDR's keyword of the category: `zero`, `one`, `two`, `few`, `many` or `other`.
    pub fn keyword(self) -> &'static str {
        self.into()
    }
}

// The methods of a language that need its texts or its plural rules (`Lang`, its codes and
// tags are in `crate::lang`).
impl Lang {
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
            texts::text(self, key)
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
            // Every code of ours is a locale CLDR knows (`plural_categories_follow_cldr`).
            let rules = self
                .code()
                .parse::<icu_locale_core::Locale>()
                .map_err(|_| ())
                .and_then(|locale| {
                    icu_plurals::PluralRules::try_new_cardinal(locale.into()).map_err(|_| ())
                });
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
                .iter()
                .filter_map(|&cat| Some((cat.keyword().to_owned(), forms.own(cat)?.into())))
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

    /// One language's texts, sorted by key (read in the order of [`Key::ALL`] and
    /// [`Counted::ALL`], which is the keys' order); a key the catalog has no text for is absent.
    struct Catalog {
        texts: Vec<(Key, &'static str)>,
        forms: Vec<(Counted, Forms)>,
    }

    /// The value of `key` in `sorted`, a list sorted by key.
    fn find<K: Ord + Copy, V: Copy>(sorted: &[(K, V)], key: K) -> Option<V> {
        let i = sorted.binary_search_by_key(&key, |&(k, _)| k).ok()?;
        sorted.get(i).map(|&(_, v)| v)
    }

    thread_local! {
        static READ: RefCell<Vec<(Lang, &'static Catalog)>> = const { RefCell::new(Vec::new()) };
    }

    fn get(lang: Lang) -> Option<&'static Catalog> {
        READ.with(|r| r.borrow().iter().find(|(l, _)| *l == lang).map(|&(_, c)| c))
    }

    pub(super) fn is_loaded(lang: Lang) -> bool {
        get(lang).is_some()
    }

    pub(super) fn text(lang: Lang, key: Key) -> Option<&'static str> {
        find(&get(lang)?.texts, key)
    }

    pub(super) fn forms(lang: Lang, key: Counted) -> Option<Forms> {
        find(&get(lang)?.forms, key)
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
        let texts = Key::ALL
            .iter()
            .filter_map(|&k| Some((k, string(&keys, k.name())?)))
            .collect();
        let counted = object(&value, "counted");
        let forms = Counted::ALL
            .iter()
            .filter_map(|&c| {
                let texts = object(counted.as_ref()?, c.name())?;
                let form = |cat: PluralCategory| string(&texts, cat.keyword());
                let forms = Forms {
                    zero: form(PluralCategory::Zero),
                    one: form(PluralCategory::One),
                    two: form(PluralCategory::Two),
                    few: form(PluralCategory::Few),
                    many: form(PluralCategory::Many),
                    other: form(PluralCategory::Other)?,
                };
                Some((c, forms))
            })
            .collect();
        let catalog: &'static Catalog = Box::leak(Box::new(Catalog { texts, forms }));
        READ.with(|r| r.borrow_mut().push((lang, catalog)));
        Ok(())
    }
}

impl Forms {
    /// No text but an empty `other`: the base the generated tables fill in.
    const NONE: Forms = Forms {
        zero: None,
        one: None,
        two: None,
        few: None,
        many: None,
        other: "",
    };
}

/// The keys and every language's texts, written by the build script from `texts/*.ftl`.
mod texts {
    use super::Forms;
    #[cfg(not(target_arch = "wasm32"))]
    use super::Lang;

    include!(concat!(env!("OUT_DIR"), "/texts.rs"));
}

pub use texts::{Counted, Key};

impl Key {
    /// Looks a key up by its [`Key::name`].
    ///
    /// ```
    /// use web::i18n::Key;
    /// assert_eq!(Key::from_name("BtnNew"), Some(Key::BtnNew));
    /// assert_eq!(Key::from_name("btn-new"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Key> {
        Key::ALL.iter().copied().find(|k| k.name() == name)
    }
}

impl Counted {
    /// The texts of this key in `lang`: in the browser from the language's catalog once loaded
    /// ([`load_catalog`]), English until then, as [`Lang::t`].
    pub fn forms(self, lang: Lang) -> Forms {
        #[cfg(target_arch = "wasm32")]
        {
            catalog::forms(lang, self).unwrap_or_else(|| self.english())
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            texts::forms(lang, self)
        }
    }
}

/// The source of the texts, read again by the tests below.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "../build/texts.rs"]
mod source;

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
    /// only (`{side}: {marks}`, `{side}: {move}`), the Vietnamese names of the pieces that keep their Thai
    /// names as in English, and the `BOT` title in Vietnamese.
    const SAME_AS_ENGLISH: &[(Lang, Key)] = &[
        (Lang::Th, Key::AnalysisSide),
        (Lang::Vi, Key::AnalysisSide),
        (Lang::Th, Key::SaySide),
        (Lang::Vi, Key::SaySide),
        (Lang::Vi, Key::PieceMet),
        (Lang::Vi, Key::PieceKhon),
        // lichess's title of a program's account, which Vietnamese players read as it is.
        (Lang::Vi, Key::BotBadge),
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
            for &lang in Lang::ALL {
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
        // Every language's code is a locale CLDR has rules for (not a silent `other`).
        for &lang in Lang::ALL {
            let locale: icu_locale_core::Locale = lang.code().parse().expect("a locale");
            assert!(
                icu_plurals::PluralRules::try_new_cardinal(locale.into()).is_ok(),
                "{lang:?}"
            );
        }
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
            for &lang in Lang::ALL {
                let forms = key.forms(lang);
                let used: Vec<PluralCategory> = sample_counts().map(|n| lang.plural(n)).collect();
                for &category in PluralCategory::ALL {
                    let has_text = forms.own(category).is_some();
                    let wanted = used.contains(&category)
                        && !FALLS_BACK_TO_OTHER.contains(&(lang, category));
                    assert_eq!(
                        has_text, wanted,
                        "{key:?} in {lang:?}: {category:?} used and written must agree"
                    );
                }
                let english = placeholders_of(key.forms(Lang::En).other);
                for &category in PluralCategory::ALL {
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
        for &lang in Lang::ALL {
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
                for &category in PluralCategory::ALL {
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

    /// The folder of the texts' files.
    fn texts_dir() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("texts")
    }

    #[test]
    fn the_files_are_complete_and_built_in_as_written() {
        let languages = source::read_dir(&texts_dir()).expect("every file complete");
        let mut codes: Vec<&str> = languages.iter().map(|l| l.code.as_str()).collect();
        let mut wanted: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
        codes.sort_unstable();
        wanted.sort_unstable();
        assert_eq!(codes, wanted, "one file per language");
        for language in &languages {
            let lang = Lang::from_tag(&language.code).expect("a language of the page");
            assert_eq!(language.variant(), format!("{lang:?}"));
            for message in &language.messages {
                match &message.text {
                    source::Text::Plain(text) => {
                        let key = Key::from_name(&message.id).expect("a key");
                        assert_eq!(lang.t(key), text, "{key:?} in {lang:?}");
                    }
                    source::Text::Counted(forms) => {
                        let key = Counted::ALL
                            .iter()
                            .copied()
                            .find(|c| c.name() == message.id)
                            .expect("a counted key");
                        let built_in = key.forms(lang);
                        for &category in PluralCategory::ALL {
                            let written = forms
                                .iter()
                                .find(|(c, _)| *c == category.keyword())
                                .map(|(_, text)| text.as_str());
                            assert_eq!(built_in.own(category), written, "{key:?} in {lang:?}");
                        }
                    }
                }
            }
        }
        assert_eq!(
            source::generate(&languages),
            include_str!(concat!(env!("OUT_DIR"), "/texts.rs")),
            "the build wrote what the files say"
        );
    }

    /// English and a language `xx` checked against it, as the build checks every file.
    fn check_xx(xx: &str) -> Result<(), Vec<String>> {
        let english = source::read(
            "en",
            "A = One\nB = Two { $n }\nC =\n    { $n ->\n        [one] { $n } move\n       *[other] { $n } moves\n    }\n",
        )
        .expect("Fluent");
        let xx = source::read("xx", xx).map_err(|e| {
            assert_eq!(e.len(), 1, "{e:?}");
            e
        })?;
        source::check(&english, &xx)
    }

    #[test]
    fn a_language_that_lacks_a_key_has_another_or_other_variables_is_refused() {
        let counted = "C = { $n ->\n    [one] { $n } coup\n   *[other] { $n } coups\n}\n";
        assert_eq!(
            check_xx(&format!("B = Deux {{ $n }}\nA = Un\n{counted}")),
            Ok(())
        );
        let refused = [
            (
                format!("B = Deux {{ $n }}\n{counted}"),
                "texts/xx.ftl: `A` is missing (texts/en.ftl has it)",
            ),
            (
                format!("A = Un\nB = Deux {{ $n }}\n{counted}D = Quatre\n"),
                "texts/xx.ftl line 7: `D` is not a message of texts/en.ftl",
            ),
            (
                format!("A = Un\nB = Deux {{ $count }}\n{counted}"),
                "texts/xx.ftl line 2: `B` uses { $count } where texts/en.ftl uses { $n }",
            ),
            (
                "A = Un\nB = Deux { $n }\nC = { $n } coups\n".to_owned(),
                "texts/xx.ftl line 3: `C` must be a select on `$n` by plural category, as in \
                 texts/en.ftl",
            ),
            (
                format!("A = Un\nB = Deux {{ $n }}\n{counted}A = Encore\n"),
                "texts/xx.ftl line 7: `A` is given twice",
            ),
            (
                "A = Un\nB = Deux { $n }\nC = { $n ->\n    [one] un\n   *[few] { $n }\n}\n"
                    .to_owned(),
                "texts/xx.ftl line 3: `C`: the default variant (`*`) must be `[other]`",
            ),
            (
                "A = Un\nB = Deux { $n }\nC = { $n ->\n    [1] un\n   *[other] { $n }\n}\n"
                    .to_owned(),
                "texts/xx.ftl line 3: `C`: a count's variants are CLDR plural categories (one, \
                 other, …), not numbers",
            ),
            (
                "A = Un\nB = Deux { $n }\nC = { $n ->\n    [une] un\n   *[other] { $n }\n}\n"
                    .to_owned(),
                "texts/xx.ftl line 3: `C`: `[une]` is not a CLDR plural category (zero, one, \
                 two, few, many, other)",
            ),
            (
                "A = Un\n-term = Terme\n".to_owned(),
                "texts/xx.ftl line 2: the term `-term` is not used: write its text in each \
                 message",
            ),
        ];
        for (xx, error) in refused {
            assert_eq!(check_xx(&xx), Err(vec![error.to_owned()]), "{xx}");
        }
        let not_fluent = check_xx("A = Un\nB Deux\n").expect_err("not Fluent");
        assert!(
            not_fluent[0].starts_with("texts/xx.ftl line 2: not Fluent"),
            "{not_fluent:?}"
        );
    }

    #[test]
    fn every_language_has_its_rules_page_and_its_place_in_the_page() {
        let www = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www");
        let read = |name: &str| std::fs::read_to_string(www.join(name)).expect(name);
        let index = read("index.html");
        let codes: Vec<String> = Lang::ALL
            .iter()
            .map(|l| format!("\"{}\"", l.code()))
            .collect();
        assert!(
            index.contains(&format!("const languages = [{}];", codes.join(", "))),
            "index.html's early catalog fetch knows every language"
        );
        for &lang in Lang::ALL {
            let code = lang.code();
            assert!(
                index.contains(&format!("<option value=\"{code}\"")),
                "picker: {code}"
            );
            assert!(
                index.contains(&format!("<p lang=\"{code}\">")),
                "noscript: {code}"
            );
            let rules = read(&format!("rules/{code}.html"));
            assert!(
                rules.contains(&format!("<html lang=\"{code}\"")),
                "rules/{code}.html"
            );
            for &other in Lang::ALL {
                let link = format!("href=\"{}.html\"", other.code());
                assert!(
                    rules.contains(&link),
                    "rules/{code}.html links {}",
                    other.code()
                );
            }
        }
    }
}
