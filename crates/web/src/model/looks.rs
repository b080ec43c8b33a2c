//! The page's looks: colour theme, piece set and board colours ([`Looks`]), chosen by the
//! player and remembered in storage (`asean.theme.v1`, `asean.pieces.v1`, `asean.board.v1`),
//! applied by `view::looks` as `<html data-theme data-pieces data-board>`.
//!
//! Every choice has a stable name, used both in storage and in the markup (option values and
//! the attributes the style sheet reads); an unknown stored name reads as the default.

/// The colour theme the player chose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Follow the system (`prefers-color-scheme`).
    #[default]
    Auto,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Theme {
    /// Every theme, in the order of the `#theme` select.
    pub const ALL: [Theme; 3] = [Theme::Auto, Theme::Light, Theme::Dark];

    /// The stored and markup name: `auto`, `light` or `dark`.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The theme of a [`Theme::name`]; `None` for anything else.
    ///
    /// ```
    /// use web::model::looks::Theme;
    /// assert_eq!(Theme::from_name("dark"), Some(Theme::Dark));
    /// assert_eq!(Theme::from_name("sepia"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// The drawings of the pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceSet {
    /// The Thai-style set (`www/pieces/*.svg`): chada king, chedi khon, lotus-bud met.
    #[default]
    Thai,
    /// The Western-style set (`www/pieces/western/*.svg`): the shapes chess players know, the
    /// met as a low queen-like coronet, the khon as a bishop.
    Western,
}

impl PieceSet {
    /// Every set, in the order of the `#piece-set` choices.
    pub const ALL: [PieceSet; 2] = [PieceSet::Thai, PieceSet::Western];

    /// The stored and markup name: `thai` or `western`.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Thai => "thai",
            PieceSet::Western => "western",
        }
    }

    /// The set of a [`PieceSet::name`]; `None` for anything else.
    pub fn from_name(name: &str) -> Option<PieceSet> {
        PieceSet::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The colours of the board's squares and frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardTheme {
    /// Warm teak (the page's first look).
    #[default]
    Teak,
    /// Pale and deep jade green.
    Jade,
    /// Blue-grey slate.
    Slate,
}

impl BoardTheme {
    /// Every board theme, in the order of the `#board-theme` select.
    pub const ALL: [BoardTheme; 3] = [BoardTheme::Teak, BoardTheme::Jade, BoardTheme::Slate];

    /// The stored and markup name: `teak`, `jade` or `slate`.
    pub fn name(self) -> &'static str {
        match self {
            BoardTheme::Teak => "teak",
            BoardTheme::Jade => "jade",
            BoardTheme::Slate => "slate",
        }
    }

    /// The board theme of a [`BoardTheme::name`]; `None` for anything else.
    pub fn from_name(name: &str) -> Option<BoardTheme> {
        BoardTheme::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// One choice of the looks: what a message sets and a command stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LookChoice {
    /// The colour theme (`asean.theme.v1`).
    Theme(Theme),
    /// The piece set (`asean.pieces.v1`).
    Pieces(PieceSet),
    /// The board colours (`asean.board.v1`).
    Board(BoardTheme),
}

/// How the page looks: the player's choices and the system's colour scheme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Looks {
    /// The chosen colour theme.
    pub theme: Theme,
    /// The chosen piece set.
    pub pieces: PieceSet,
    /// The chosen board colours.
    pub board: BoardTheme,
    /// The system asks for dark colours (`prefers-color-scheme: dark`), as last reported.
    pub system_dark: bool,
}

impl Looks {
    /// Whether the page is drawn dark: the chosen theme, or the system's for [`Theme::Auto`].
    pub fn dark(&self) -> bool {
        match self.theme {
            Theme::Auto => self.system_dark,
            Theme::Light => false,
            Theme::Dark => true,
        }
    }

    /// Applies one choice.
    pub fn set(&mut self, choice: LookChoice) {
        match choice {
            LookChoice::Theme(t) => self.theme = t,
            LookChoice::Pieces(p) => self.pieces = p,
            LookChoice::Board(b) => self.board = b,
        }
    }

    /// The theme the top bar's toggle switches to: the opposite of what is shown, made
    /// explicit (so a toggle away from the system's scheme is remembered).
    pub fn toggled_theme(&self) -> Theme {
        if self.dark() {
            Theme::Light
        } else {
            Theme::Dark
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in Theme::ALL {
            assert_eq!(Theme::from_name(t.name()), Some(t));
        }
        for s in PieceSet::ALL {
            assert_eq!(PieceSet::from_name(s.name()), Some(s));
        }
        for b in BoardTheme::ALL {
            assert_eq!(BoardTheme::from_name(b.name()), Some(b));
        }
        assert_eq!(PieceSet::from_name("Western"), None);
        assert_eq!(BoardTheme::from_name(""), None);
    }

    /// The first-paint script of `index.html` is the one of `looks.js` (the rules pages'), and
    /// both know exactly the names of this module.
    #[test]
    fn the_first_paint_scripts_agree_with_the_model() {
        let page = include_str!("../../../../www/index.html");
        let file = include_str!("../../../../www/looks.js");
        let iife = |text: &str| -> Vec<String> {
            let start = text.find("(function () {").expect("the script");
            let end = text[start..].find("})();").expect("its end") + start;
            text[start..end]
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect()
        };
        assert_eq!(iife(page), iife(file));
        let boards: Vec<&str> = BoardTheme::ALL.iter().map(|b| b.name()).collect();
        assert!(file.contains(&format!("/^({})$/", boards.join("|"))));
        assert_eq!(PieceSet::ALL, [PieceSet::Thai, PieceSet::Western]);
        assert!(file.contains("pieces === \"western\" ? pieces : \"thai\""));
        assert!(file.contains(&format!("theme === \"{}\"", Theme::Dark.name())));
        assert!(file.contains(&format!("theme !== \"{}\"", Theme::Light.name())));
    }

    #[test]
    fn auto_follows_the_system() {
        let mut looks = Looks::default();
        assert!(!looks.dark());
        looks.system_dark = true;
        assert!(looks.dark());
        looks.set(LookChoice::Theme(Theme::Light));
        assert!(!looks.dark());
        assert_eq!(looks.toggled_theme(), Theme::Dark);
    }
}
