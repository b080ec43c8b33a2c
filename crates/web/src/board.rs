//! The board view: 64 focusable squares with pieces, marks and coordinates; geometry for pointers.
//!
//! The view owns no game state. [`BoardView::render`] draws a [`BoardScene`] computed by the app;
//! pointer and keyboard events are forwarded to the app as messages, and the app calls back
//! here for geometry ([`BoardView::square_at`]) and the transient drag visuals.

use crate::dom;
use crate::i18n::{Key, Lang};
use rules::{Color, Piece, Role, Square};
use web_sys::Element;

/// The index of a square, `a1 = 0 … h8 = 63`.
pub fn index(sq: Square) -> usize {
    usize::from(sq.rank()) * 8 + usize::from(sq.file())
}

/// The square with index `i` (`0..64`), or `None` outside that range.
pub fn square(i: usize) -> Option<Square> {
    (i < 64).then(|| Square::new((i % 8) as u8, (i / 8) as u8))
}

/// The name of a square, `a1` … `h8`.
pub fn square_name(sq: Square) -> String {
    format!("{}{}", char::from(b'a' + sq.file()), sq.rank() + 1)
}

/// The test-contract code of a piece: colour letter and upper-case FEN letter, e.g. `wK`,
/// `bQ` (met), `wB` (khon). Also the name of its image, `pieces/<code>.svg`.
pub fn piece_code(p: Piece) -> String {
    let c = if p.color == Color::White { 'w' } else { 'b' };
    format!("{c}{}", p.role.char().to_ascii_uppercase())
}

/// The localised name of a role.
pub fn role_name(lang: Lang, role: Role) -> &'static str {
    lang.t(match role {
        Role::King => Key::PieceKing,
        Role::Met => Key::PieceMet,
        Role::Khon => Key::PieceKhon,
        Role::Rook => Key::PieceRook,
        Role::Knight => Key::PieceKnight,
        Role::Pawn => Key::PiecePawn,
    })
}

/// Everything the board shows at one moment.
#[derive(Clone, Debug, Default)]
pub struct BoardScene {
    /// The piece on each square, by [`index`].
    pub pieces: Vec<Option<Piece>>,
    /// Whether Black is at the bottom.
    pub flipped: bool,
    /// The selected square.
    pub selected: Option<Square>,
    /// The legal destinations of the selected piece.
    pub dests: Vec<Square>,
    /// The last move's origin and destination.
    pub last: Option<(Square, Square)>,
    /// The square of a king in check.
    pub check: Option<Square>,
    /// A move to animate (origin, destination) as the scene is drawn.
    pub animate: Option<(Square, Square)>,
}

/// The drawn board: the `#board` element and its squares.
#[derive(Debug)]
pub struct BoardView {
    root: Element,
    squares: Vec<Element>,
    flipped: Option<bool>,
    focus: usize,
    hover: Option<usize>,
}

impl BoardView {
    /// Builds the 64 squares inside `root` (the `#board` element).
    pub fn new(root: Element) -> Option<BoardView> {
        dom::clear(&root);
        let mut squares = Vec::with_capacity(64);
        for i in 0..64 {
            let sq = square(i)?;
            let light = (sq.file() + sq.rank()) % 2 == 1;
            let e = dom::el("div", if light { "sq light" } else { "sq dark" })?;
            dom::set_attr(&e, "data-square", &square_name(sq));
            dom::set_attr(&e, "role", "button");
            dom::set_attr(&e, "tabindex", "-1");
            squares.push(e);
        }
        Some(BoardView {
            root,
            squares,
            flipped: None,
            focus: index(Square::new(4, 2)),
            hover: None,
        })
    }

    /// The `#board` element.
    pub fn root(&self) -> &Element {
        &self.root
    }

    /// Display column and row (0..8, from the top left) of `sq`.
    fn display(sq: Square, flipped: bool) -> (i32, i32) {
        let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
        if flipped { (7 - f, r) } else { (f, 7 - r) }
    }

    /// The square under the client point `(x, y)`, or `None` outside the board.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        let rect = self.root.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        let col = ((x - rect.left()) / rect.width() * 8.0).floor();
        let row = ((y - rect.top()) / rect.height() * 8.0).floor();
        if !(0.0..8.0).contains(&col) || !(0.0..8.0).contains(&row) {
            return None;
        }
        let (col, row) = (col as u8, row as u8);
        let flipped = self.flipped.unwrap_or(false);
        Some(if flipped {
            Square::new(7 - col, row)
        } else {
            Square::new(col, 7 - row)
        })
    }

    /// The square element of `sq`.
    pub fn square_el(&self, sq: Square) -> Option<&Element> {
        self.squares.get(index(sq))
    }

    /// The square holding keyboard focus (roving tabindex).
    pub fn focus_square(&self) -> Square {
        square(self.focus).unwrap_or(Square::new(4, 2))
    }

    /// Moves keyboard focus by `(dx, dy)` display cells (right and down are positive).
    pub fn move_focus(&mut self, dx: i32, dy: i32) {
        let flipped = self.flipped.unwrap_or(false);
        let (col, row) = Self::display(self.focus_square(), flipped);
        let (col, row) = ((col + dx).clamp(0, 7) as u8, (row + dy).clamp(0, 7) as u8);
        let sq = if flipped {
            Square::new(7 - col, row)
        } else {
            Square::new(col, 7 - row)
        };
        self.set_focus(sq, true);
    }

    /// Makes `sq` the focusable square, and focuses it when `now`.
    pub fn set_focus(&mut self, sq: Square, now: bool) {
        if let Some(old) = self.squares.get(self.focus) {
            dom::set_attr(old, "tabindex", "-1");
        }
        self.focus = index(sq);
        if let Some(e) = self.squares.get(self.focus) {
            dom::set_attr(e, "tabindex", "0");
            if now {
                dom::focus(e);
            }
        }
    }

    /// Draws `scene`, with labels in `lang`.
    pub fn render(&mut self, scene: &BoardScene, lang: Lang) {
        if self.flipped != Some(scene.flipped) {
            self.flipped = Some(scene.flipped);
            // Re-append the squares in display order: the CSS grid places them.
            for row in 0..8u8 {
                for col in 0..8u8 {
                    let sq = if scene.flipped {
                        Square::new(7 - col, row)
                    } else {
                        Square::new(col, 7 - row)
                    };
                    if let Some(e) = self.squares.get(index(sq)) {
                        let _ = self.root.append_child(e);
                    }
                }
            }
        }
        let focus = self.focus;
        for (i, e) in self.squares.iter().enumerate() {
            let Some(sq) = square(i) else { continue };
            let piece = scene.pieces.get(i).copied().flatten();
            let is_dest = scene.dests.contains(&sq);
            dom::set_class(e, "sel", scene.selected == Some(sq));
            dom::set_class(e, "dest", is_dest);
            dom::set_class(e, "capture", is_dest && piece.is_some());
            dom::set_class(
                e,
                "last",
                scene.last.is_some_and(|(a, b)| a == sq || b == sq),
            );
            dom::set_class(e, "check", scene.check == Some(sq));
            dom::set_class(e, "hover", false);
            dom::set_attr(e, "tabindex", if i == focus { "0" } else { "-1" });
            Self::render_coords(e, sq, scene.flipped);
            let label = match piece {
                Some(p) => lang.fmt(
                    Key::SquareLabel,
                    &[
                        ("square", &square_name(sq)),
                        ("piece", role_name(lang, p.role)),
                        (
                            "color",
                            lang.t(if p.color == Color::White {
                                Key::White
                            } else {
                                Key::Black
                            }),
                        ),
                    ],
                ),
                None => lang.fmt(Key::SquareEmpty, &[("square", &square_name(sq))]),
            };
            let label = if scene.selected == Some(sq) {
                lang.fmt(Key::SquareSelected, &[("label", &label)])
            } else if is_dest {
                lang.fmt(Key::SquareDest, &[("label", &label)])
            } else {
                label
            };
            dom::set_attr(e, "aria-label", &label);
            let animate = scene.animate.filter(|&(_, to)| to == sq);
            Self::render_piece(e, piece, animate, scene.flipped);
        }
        self.hover = None;
    }

    fn render_coords(e: &Element, sq: Square, flipped: bool) {
        let (col, row) = Self::display(sq, flipped);
        let want_file = row == 7;
        let want_rank = col == 0;
        for (class, want, text) in [
            (
                "coord file",
                want_file,
                char::from(b'a' + sq.file()).to_string(),
            ),
            ("coord rank", want_rank, (sq.rank() + 1).to_string()),
        ] {
            let selector = if class.ends_with("file") {
                ".coord.file"
            } else {
                ".coord.rank"
            };
            let existing = e.query_selector(selector).ok().flatten();
            match (existing, want) {
                (Some(c), false) => c.remove(),
                (Some(c), true) => dom::set_text(&c, &text),
                (None, true) => {
                    if let Some(c) = dom::el("span", class) {
                        dom::set_attr(&c, "aria-hidden", "true");
                        dom::set_text(&c, &text);
                        let _ = e.append_child(&c);
                    }
                }
                (None, false) => {}
            }
        }
    }

    fn render_piece(
        e: &Element,
        piece: Option<Piece>,
        animate: Option<(Square, Square)>,
        flipped: bool,
    ) {
        let existing = e.query_selector(".piece").ok().flatten();
        match piece {
            None => {
                if let Some(p) = existing {
                    p.remove();
                }
            }
            Some(p) => {
                let code = piece_code(p);
                let reuse = existing.filter(|x| {
                    animate.is_none() && x.get_attribute("data-piece").as_deref() == Some(&code)
                });
                let el = match reuse {
                    Some(x) => x,
                    None => {
                        if let Some(old) = e.query_selector(".piece").ok().flatten() {
                            old.remove();
                        }
                        let Some(x) = dom::el("div", "piece") else {
                            return;
                        };
                        dom::set_attr(&x, "data-piece", &code);
                        let _ = e.append_child(&x);
                        x
                    }
                };
                dom::set_class(&el, "drag", false);
                dom::set_style(&el, "transform", "");
                if let Some((from, to)) = animate {
                    let (fc, fr) = Self::display(from, flipped);
                    let (tc, tr) = Self::display(to, flipped);
                    dom::set_style(&el, "--dx", &(fc - tc).to_string());
                    dom::set_style(&el, "--dy", &(fr - tr).to_string());
                    dom::set_class(&el, "slide", true);
                }
            }
        }
    }

    /// Moves the piece on `from` by `(dx, dy)` pixels while it is dragged, and marks the square
    /// under the pointer when it is a legal destination (`over_dest`).
    pub fn drag_visual(&mut self, from: Square, dx: f64, dy: f64, over: Option<(Square, bool)>) {
        if let Some(p) = self
            .square_el(from)
            .and_then(|e| e.query_selector(".piece").ok().flatten())
        {
            dom::set_class(&p, "drag", true);
            dom::set_style(
                &p,
                "transform",
                &format!("translate({dx}px, {dy}px) scale(1.15)"),
            );
        }
        let new_hover = over.filter(|&(_, dest)| dest).map(|(sq, _)| index(sq));
        if new_hover != self.hover {
            if let Some(e) = self.hover.and_then(|i| self.squares.get(i)) {
                dom::set_class(e, "hover", false);
            }
            if let Some(e) = new_hover.and_then(|i| self.squares.get(i)) {
                dom::set_class(e, "hover", true);
            }
            self.hover = new_hover;
        }
    }

    /// Puts a dragged piece back on its square.
    pub fn end_drag_visual(&mut self, from: Square) {
        if let Some(p) = self
            .square_el(from)
            .and_then(|e| e.query_selector(".piece").ok().flatten())
        {
            dom::set_class(&p, "drag", false);
            dom::set_style(&p, "transform", "");
        }
        if let Some(e) = self.hover.take().and_then(|i| self.squares.get(i)) {
            dom::set_class(e, "hover", false);
        }
    }
}
