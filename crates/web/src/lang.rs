//! The languages of the interface: [`Lang`], its ISO 639-1 codes and the reading of a browser's
//! language tag.
//!
//! A leaf module (it imports no other module of the page), so that both layers that write for
//! a language can take `Lang` from here: [`crate::intl`] (its numbers and dates) and
//! [`crate::i18n`] (its texts) above it. `i18n` re-exports `Lang` as `i18n::Lang` and adds the
//! methods that need the texts ([`Lang::t`], [`Lang::fmt`], [`Lang::count`], [`Lang::plural`],
//! ...); negotiation against the browser's preferences is [`crate::i18n::negotiate`].

use strum::VariantArray as _;

/// A language of the interface: each has its texts in `texts/<code>.ftl` (the variant is the
/// code with a capital) and its rules page `www/rules/<code>.html`.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::VariantArray,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Lang {
    /// English (the fallback, and the reference of the texts).
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
    pub const ALL: &'static [Lang] = Lang::VARIANTS;

    /// The ISO 639-1 code: `en`, `fr`, `pt`, `de`, `th` or `vi` (also the name of its texts'
    /// file, the picker's option value, the page's `lang` attribute and the locale given to the
    /// browser's `Intl`).
    pub fn code(self) -> &'static str {
        self.into()
    }

    /// Parses a language tag such as `pt-BR`, `th-TH`, `fr` or `DE-at` by its primary subtag;
    /// `None` for a language the interface does not have.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
        primary.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_as_its_language() {
        for &lang in Lang::ALL {
            assert_eq!(Lang::from_tag(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_tag("pt-BR"), Some(Lang::Pt));
        assert_eq!(Lang::from_tag("FR_ca"), Some(Lang::Fr));
        assert_eq!(Lang::from_tag("ja"), None);
    }
}
