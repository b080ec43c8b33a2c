use core::{fmt, str::FromStr};

use crate::Role;

/// What a pawn may become on the last rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum PromotionRule {
    /// Rook, knight, khon or met, as most players play online (the default).
    #[default]
    Any,
    /// Met only, as the 2011 ASEAN Laws write it.
    MetOnly,
}

impl PromotionRule {
    /// The roles a pawn may promote to under this rule, strongest first.
    ///
    /// ```
    /// use rules::{PromotionRule, Role};
    /// assert_eq!(PromotionRule::MetOnly.roles(), &[Role::Met]);
    /// assert_eq!(PromotionRule::Any.roles().len(), 4);
    /// ```
    #[must_use]
    pub const fn roles(self) -> &'static [Role] {
        match self {
            PromotionRule::Any => &[Role::Rook, Role::Knight, Role::Khon, Role::Met],
            PromotionRule::MetOnly => &[Role::Met],
        }
    }

    /// The setting's name as written in saved games and URLs: `"any"` or `"met-only"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PromotionRule::Any => "any",
            PromotionRule::MetOnly => "met-only",
        }
    }
}

impl fmt::Display for PromotionRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error returned when a promotion setting is neither `any` nor `met-only`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePromotionRuleError;

impl fmt::Display for ParsePromotionRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown promotion setting (expected \"any\" or \"met-only\")")
    }
}

impl std::error::Error for ParsePromotionRuleError {}

impl FromStr for PromotionRule {
    type Err = ParsePromotionRuleError;

    fn from_str(s: &str) -> Result<PromotionRule, ParsePromotionRuleError> {
        match s {
            "any" => Ok(PromotionRule::Any),
            "met-only" => Ok(PromotionRule::MetOnly),
            _ => Err(ParsePromotionRuleError),
        }
    }
}

/// The settings of a game that change the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// What a pawn may promote to.
    pub promotion: PromotionRule,
}

impl Rules {
    /// The 2011 ASEAN Laws as written: promotion to met only.
    pub const LAWS_2011: Rules = Rules {
        promotion: PromotionRule::MetOnly,
    };
}
