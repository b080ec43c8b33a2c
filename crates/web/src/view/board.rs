//! `#board`: 64 focusable squares with pieces, marks and coordinates, the dragged piece, the
//! hint, and the board's own input (pointer and keys) turned into messages.
//!
//! The first board's module (`crates/first/src/page.rs`) draws the same markup before this
//! module has loaded: keep the two in step (the e2e test `first_load` compares them).

use crate::dom;
use crate::i18n::{Key, Lang};
use crate::model::{Model, Slide};
use crate::update::{BoardKey, Emit, Msg};
use rules::{Color, Piece, Role, Square};
use web_sys::{Element, Event, KeyboardEvent, PointerEvent};

/// The test-contract code of a piece: colour letter and upper-case FEN letter, e.g. `wK`,
/// `bQ` (met), `wB` (khon). Also the name of its image, `pieces/<code>.svg`.
pub fn piece_code(p: Piece) -> String {
    format!("{}{}", p.color.char(), p.role.upper_char())
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

/// The localised name of a colour.
pub fn color_name(lang: Lang, c: Color) -> &'static str {
    lang.t(match c {
        Color::White => Key::White,
        Color::Black => Key::Black,
    })
}

/// Everything the board shows at one moment.
#[derive(Clone, Debug, PartialEq)]
struct Scene {
    pieces: [Option<Piece>; 64],
    flipped: bool,
    selected: Option<Square>,
    dests: Vec<Square>,
    last: Option<(Square, Square)>,
    check: Option<Square>,
    hint: Option<(Square, Square)>,
    /// An online move sent and not yet confirmed: its squares are marked `pending`.
    pending: Option<(Square, Square)>,
    /// The premove's squares, and whether the selection is a premove's.
    premove: (Option<(Square, Square)>, bool),
    arrow: Option<(Square, Square)>,
    focus: Square,
    lang: Lang,
    over: bool,
    thinking: bool,
    waiting_friend: bool,
    view_ply: Option<usize>,
}

/// The drawn board.
pub struct BoardView {
    root: Element,
    squares: Vec<Element>,
    scene: Option<Scene>,
    slide: Option<u64>,
    drag: Option<(Square, (f64, f64), Option<Square>)>,
}

/// Display column and row (0..8, from the top left) of `sq`.
fn display(sq: Square, flipped: bool) -> (i32, i32) {
    let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
    if flipped { (7 - f, r) } else { (f, 7 - r) }
}

/// The square under the client point `(x, y)` of the board `root`, or `None` outside it.
fn square_at(root: &Element, x: f64, y: f64) -> Option<Square> {
    let rect = root.get_bounding_client_rect();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    let col = ((x - rect.left()) / rect.width() * 8.0).floor();
    let row = ((y - rect.top()) / rect.height() * 8.0).floor();
    if !(0.0..8.0).contains(&col) || !(0.0..8.0).contains(&row) {
        return None;
    }
    let (col, row) = (col as u8, row as u8);
    Some(if root.class_list().contains("flipped") {
        Square::new(7 - col, row)
    } else {
        Square::new(col, 7 - row)
    })
}

impl BoardView {
    /// Builds the 64 squares inside `#board`.
    pub fn new() -> Option<BoardView> {
        let root = dom::by_id("board")?;
        dom::clear(&root);
        let mut squares = Vec::with_capacity(64);
        for sq in Square::ALL {
            let e = dom::el("div", if sq.is_light() { "sq light" } else { "sq dark" })?;
            dom::set_attr(&e, "data-square", &sq.to_string());
            dom::set_attr(&e, "role", "button");
            dom::set_attr(&e, "tabindex", "-1");
            squares.push(e);
        }
        Some(BoardView {
            root,
            squares,
            scene: None,
            slide: None,
            drag: None,
        })
    }

    /// Gives the keyboard focus to `sq`.
    pub fn focus(&self, sq: Square) {
        if let Some(e) = self.squares.get(sq.index()) {
            dom::focus(e);
        }
    }

    /// Draws the board of `m`.
    pub fn render(&mut self, m: &Model) {
        let pos = m.shown_position();
        // A mistake's exercise is played on the shown position.
        let live = m.review.is_none() || m.learn_turn();
        let mut pieces = [None; 64];
        for sq in Square::ALL {
            pieces[sq.index()] = pos.piece_at(sq);
        }
        // A checked king is marked unless the game ended in a draw on that position.
        let drawn = m.review.is_none() && m.result().is_some_and(|r| r.winner().is_none());
        let check = (pos.is_check() && !drawn).then(|| pos.king_square(pos.turn()));
        let scene = Scene {
            pieces,
            flipped: m.board.flipped,
            selected: m.board.selected.filter(|_| live),
            dests: m
                .board
                .selected
                .filter(|_| live)
                .map(|s| m.dests(s))
                .unwrap_or_default(),
            last: m.shown_last_move().map(|mv| (mv.from, mv.to)),
            check,
            hint: m.hint().map(|h| (h.from, h.to)),
            pending: m
                .mode
                .online()
                .and_then(|o| o.pending)
                .filter(|_| live)
                .map(|p| (p.from, p.to)),
            premove: (
                m.board.premove.filter(|_| live).map(|p| (p.from, p.to)),
                live && !m.my_turn() && m.premover().is_some(),
            ),
            // The analysis' best move in the shown position (not while it is the answer to
            // find).
            arrow: m
                .analysis
                .as_ref()
                .filter(|_| {
                    !m.learn
                        .as_ref()
                        .is_some_and(|l| !l.state.answered() && l.ply().is_some())
                })
                .and_then(|a| a.eval(m.shown_ply()))
                .and_then(|e| e.best)
                .filter(|&b| pos.is_legal(b))
                .map(|b| (b.from, b.to)),
            focus: m.board.focus,
            lang: m.lang,
            over: m.ended(),
            thinking: m.ai_thinking(),
            waiting_friend: m
                .room()
                .is_some_and(|v| v.waiting_for_opponent() || v.closed().is_some())
                || m.mode.online().is_some_and(|o| o.room.is_none()),
            view_ply: m.review,
        };
        let slide = m
            .board
            .slide
            .filter(|s| Some(s.number) != self.slide && live);
        if self.scene.as_ref() != Some(&scene) || slide.is_some() {
            self.draw(&scene, slide);
            self.scene = Some(scene);
        }
        if let Some(s) = m.board.slide {
            self.slide = Some(s.number);
        }
        self.draw_drag(m);
    }

    fn draw(&mut self, scene: &Scene, slide: Option<Slide>) {
        let old_flip = self.scene.as_ref().map(|s| s.flipped);
        if old_flip != Some(scene.flipped) {
            // Re-append the squares in display order: the CSS grid places them.
            for row in 0..8u8 {
                for col in 0..8u8 {
                    let sq = if scene.flipped {
                        Square::new(7 - col, row)
                    } else {
                        Square::new(col, 7 - row)
                    };
                    if let Some(e) = self.squares.get(sq.index()) {
                        let _ = self.root.append_child(e);
                    }
                }
            }
        }
        let r = &self.root;
        let lang = scene.lang;
        dom::set_attr(r, "aria-label", lang.t(Key::BoardLabel));
        dom::set_class(r, "flipped", scene.flipped);
        dom::set_class(r, "over", scene.over);
        dom::set_class(r, "waiting", scene.thinking);
        dom::set_class(r, "waiting-friend", scene.waiting_friend);
        dom::set_class(r, "reviewing", scene.view_ply.is_some());
        dom::set_class(r, "premoving", scene.premove.1);
        dom::set_attr(
            r,
            "aria-busy",
            if scene.thinking { "true" } else { "false" },
        );
        match scene.view_ply {
            Some(p) => dom::set_attr(r, "data-view-ply", &p.to_string()),
            None => {
                let _ = r.remove_attribute("data-view-ply");
            }
        }
        for (i, e) in self.squares.iter().enumerate() {
            let Some(sq) = Square::from_index(i as u8) else {
                continue;
            };
            let piece = scene.pieces[i];
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
            dom::set_class(
                e,
                "hint",
                scene.hint.is_some_and(|(a, b)| a == sq || b == sq),
            );
            dom::set_class(
                e,
                "premove",
                scene.premove.0.is_some_and(|(a, b)| a == sq || b == sq),
            );
            dom::set_class(
                e,
                "pending",
                scene.pending.is_some_and(|(a, b)| a == sq || b == sq),
            );
            dom::set_attr(e, "tabindex", if sq == scene.focus { "0" } else { "-1" });
            render_coords(e, sq, scene.flipped);
            let label = match piece {
                Some(p) => lang.fmt(
                    Key::SquareLabel,
                    &[
                        ("square", &sq.to_string()),
                        ("piece", role_name(lang, p.role)),
                        ("color", color_name(lang, p.color)),
                    ],
                ),
                None => lang.fmt(Key::SquareEmpty, &[("square", &sq.to_string())]),
            };
            let label = if scene.selected == Some(sq) {
                lang.fmt(Key::SquareSelected, &[("label", &label)])
            } else if is_dest {
                lang.fmt(Key::SquareDest, &[("label", &label)])
            } else {
                label
            };
            let label = if scene.hint.is_some_and(|(a, b)| a == sq || b == sq) {
                lang.fmt(Key::SquareHint, &[("label", &label)])
            } else {
                label
            };
            dom::set_attr(e, "aria-label", &label);
            let animate = slide
                .filter(|s| s.to == sq)
                .map(|s| (display(s.from, scene.flipped), display(s.to, scene.flipped)));
            render_piece(e, piece, animate);
        }
        // The drag ended with this render (a drop plays a move): the square it was over loses
        // its frame, which draw_drag would otherwise never clear.
        if let Some((_, _, Some(over))) = self.drag.take()
            && let Some(e) = self.squares.get(over.index())
        {
            dom::set_class(e, "hover", false);
        }
        draw_arrow(scene.arrow, scene.flipped);
    }

    /// The dragged piece follows the pointer; the square under it is marked when legal.
    fn draw_drag(&mut self, m: &Model) {
        let now = m
            .board
            .drag
            .filter(|d| d.active)
            .map(|d| (d.from, d.offset, d.over));
        if now == self.drag {
            return;
        }
        if let Some((from, _, over)) = self.drag {
            if let Some(p) = self.piece_el(from) {
                dom::set_class(&p, "drag", false);
                dom::set_style(&p, "transform", "");
            }
            if let Some(e) = over.and_then(|s| self.squares.get(s.index())) {
                dom::set_class(e, "hover", false);
            }
        }
        if let Some((from, (dx, dy), over)) = now {
            if let Some(p) = self.piece_el(from) {
                dom::set_class(&p, "drag", true);
                dom::set_style(
                    &p,
                    "transform",
                    &format!("translate({dx}px, {dy}px) scale(1.15)"),
                );
            }
            if let Some(e) = over.and_then(|s| self.squares.get(s.index())) {
                dom::set_class(e, "hover", true);
            }
        }
        self.drag = now;
    }

    fn piece_el(&self, sq: Square) -> Option<Element> {
        self.squares
            .get(sq.index())
            .and_then(|e| e.query_selector(".piece").ok().flatten())
    }

    /// Connects the board's pointer and key events.
    pub fn wire(&self, d: &impl Emit) {
        let root = self.root.clone();
        let (r, dd) = (root.clone(), d.clone());
        dom::on(&root, "pointerdown", move |ev: PointerEvent| {
            if ev.button() != 0 {
                return;
            }
            ev.prevent_default();
            let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
            let _ = r.set_pointer_capture(ev.pointer_id());
            dd.emit(Msg::PointerDown {
                square: square_at(&r, x, y),
                x,
                y,
                pointer: ev.pointer_id(),
            });
        });
        let (r, dd) = (root.clone(), d.clone());
        dom::on(&root, "pointermove", move |ev: PointerEvent| {
            let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
            dd.emit(Msg::PointerMove {
                square: square_at(&r, x, y),
                x,
                y,
                pointer: ev.pointer_id(),
            });
        });
        let (r, dd) = (root.clone(), d.clone());
        dom::on(&root, "pointerup", move |ev: PointerEvent| {
            let (x, y) = (f64::from(ev.client_x()), f64::from(ev.client_y()));
            let _ = r.release_pointer_capture(ev.pointer_id());
            dd.emit(Msg::PointerUp {
                square: square_at(&r, x, y),
                x,
                y,
                pointer: ev.pointer_id(),
            });
        });
        let dd = d.clone();
        dom::on(&root, "pointercancel", move |_: PointerEvent| {
            dd.emit(Msg::PointerCancel);
        });
        let dd = d.clone();
        dom::on(&root, "keydown", move |ev: KeyboardEvent| {
            let key = match ev.key().as_str() {
                "ArrowLeft" => BoardKey::Left,
                "ArrowRight" => BoardKey::Right,
                "ArrowUp" => BoardKey::Up,
                "ArrowDown" => BoardKey::Down,
                "Enter" | " " => BoardKey::Activate,
                "Escape" => BoardKey::Escape,
                _ => return,
            };
            ev.prevent_default();
            // The board's arrows move the focus; the page's review keys are elsewhere.
            ev.stop_propagation();
            let focused =
                dom::closest_attr(&ev, "data-square").and_then(|name| name.parse::<Square>().ok());
            dd.emit(Msg::BoardKey(key, focused));
        });
        dom::on(&root, "contextmenu", |ev: Event| ev.prevent_default());
    }
}

fn render_coords(e: &Element, sq: Square, flipped: bool) {
    let (col, row) = display(sq, flipped);
    for (selector, class, want, text) in [
        (".coord.file", "coord file", row == 7, sq.file_char()),
        (".coord.rank", "coord rank", col == 0, sq.rank_char()),
    ] {
        let existing = e.query_selector(selector).ok().flatten();
        match (existing, want) {
            (Some(c), false) => c.remove(),
            (Some(c), true) => dom::set_text(&c, &text.to_string()),
            (None, true) => {
                if let Some(c) = dom::el("span", class) {
                    dom::set_attr(&c, "aria-hidden", "true");
                    dom::set_text(&c, &text.to_string());
                    let _ = e.append_child(&c);
                }
            }
            (None, false) => {}
        }
    }
}

/// Puts `piece` on the square element `e`; `slide` gives the display cells the piece comes
/// from and goes to when it arrives by a move to animate.
fn render_piece(e: &Element, piece: Option<Piece>, slide: Option<((i32, i32), (i32, i32))>) {
    let existing = e.query_selector(".piece").ok().flatten();
    let Some(p) = piece else {
        if let Some(x) = existing {
            x.remove();
        }
        return;
    };
    let code = piece_code(p);
    let reuse = existing
        .clone()
        .filter(|x| slide.is_none() && x.get_attribute("data-piece").as_deref() == Some(&code));
    let el = match reuse {
        Some(x) => x,
        None => {
            if let Some(old) = existing {
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
    if let Some(((fc, fr), (tc, tr))) = slide {
        dom::set_style(&el, "--dx", &(fc - tc).to_string());
        dom::set_style(&el, "--dy", &(fr - tr).to_string());
        dom::set_class(&el, "slide", true);
    }
}

/// Draws the arrow of a suggested move over the board (`#board-arrows`, an SVG of 8 by 8
/// units laid over `#board`), or clears it.
fn draw_arrow(arrow: Option<(Square, Square)>, flipped: bool) {
    let Some(svg) = dom::by_id("board-arrows") else {
        return;
    };
    if let Ok(old) = svg.query_selector_all("line.arrow") {
        for i in 0..old.length() {
            if let Some(n) = old.item(i)
                && let Some(parent) = n.parent_node()
            {
                let _ = parent.remove_child(&n);
            }
        }
    }
    let Some((from, to)) = arrow else { return };
    let centre = |sq: Square| {
        let (c, r) = display(sq, flipped);
        (f64::from(c) + 0.5, f64::from(r) + 0.5)
    };
    let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
    // Stop short of the target square's centre so the head does not hide the piece.
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = dx.hypot(dy).max(0.01);
    let (ex, ey) = (x2 - dx / len * 0.3, y2 - dy / len * 0.3);
    if let Some(line) = dom::svg("line") {
        for (k, v) in [
            ("class", "arrow".to_owned()),
            ("x1", dom::fixed(x1, 3)),
            ("y1", dom::fixed(y1, 3)),
            ("x2", dom::fixed(ex, 3)),
            ("y2", dom::fixed(ey, 3)),
            ("marker-end", "url(#arrow-head)".to_owned()),
            ("data-from", from.to_string()),
            ("data-to", to.to_string()),
        ] {
            dom::set_attr(&line, k, &v);
        }
        let _ = svg.append_child(&line);
    }
}
