//! The board's input (clicks, drags, keys) and stepping through the game (review).

use super::{Cmd, ViewCmd, play, toast};
use crate::i18n::Key;
use crate::model::{Drag, Model};
use rules::Square;

/// A key pressed on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKey {
    /// Move the focus one square left (on screen).
    Left,
    /// Right.
    Right,
    /// Up.
    Up,
    /// Down.
    Down,
    /// Enter or Space: as a click on the focused square.
    Activate,
    /// Escape: drop the selection.
    Escape,
}

/// A step through the game's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewStep {
    /// One ply back (←).
    Back,
    /// One ply forward (→).
    Forward,
    /// The first position (Home).
    First,
    /// The game as it stands (End, `#btn-live`).
    Live,
    /// The position after this many plies (a click in `#moves` or on the graph).
    Ply(usize),
}

/// How far (pixels) a pointer moves before a press becomes a drag.
const DRAG_THRESHOLD: f64 = 5.0;

/// How far (pixels) a press must travel sideways to be a swipe through the game (right: back,
/// left: forward).
const SWIPE_MIN: f64 = 48.0;

/// How much it may move up or down, per pixel sideways (within about 22° of horizontal: a
/// piece dragged a knight's or a diagonal step is no swipe).
const SWIPE_SLOPE: f64 = 0.4;

/// Shows another position of the game. Reviewing never plays a move: the board is not
/// playable until the game is shown live again.
pub fn review(model: &mut Model, step: ReviewStep) {
    let last = model.game.moves().len();
    let shown = model.shown_ply();
    let target = match step {
        ReviewStep::Back => shown.saturating_sub(1),
        ReviewStep::Forward => (shown + 1).min(last),
        ReviewStep::First => 0,
        ReviewStep::Live => last,
        ReviewStep::Ply(n) => n.min(last),
    };
    model.review = (target < last).then_some(target);
    if model.review.is_some() {
        model.board.selected = None;
        model.board.drag = None;
    }
}

/// Whether the board shows a past position that is not to be played on (a mistake's exercise
/// is).
fn reviewing(model: &Model) -> bool {
    model.review.is_some() && !model.learn_turn()
}

/// Whether `sq` holds a piece the player may pick up now: to move it on their turn, or to
/// premove it on the opponent's.
fn own_piece(model: &Model, sq: Square) -> bool {
    let pos = model.playing_position();
    pos.piece_at(sq).is_some_and(|p| {
        ((model.my_turn() || model.learn_turn()) && p.color == pos.turn())
            || model.premover() == Some(p.color)
    })
}

fn is_dest(model: &Model, to: Square) -> bool {
    model
        .board
        .selected
        .is_some_and(|from| model.dests(from).contains(&to))
}

/// Plays the selected piece to `sq` when that is one of its destinations; `true` if it did.
fn move_selected_to(model: &mut Model, sq: Square, out: &mut Vec<Cmd>) -> bool {
    match model.board.selected {
        Some(from) if is_dest(model, sq) => {
            play::try_move(model, from, sq, true, out);
            true
        }
        _ => false,
    }
}

/// Toasts "the game is over" and returns true when the live game is over.
pub fn over_toast(model: &Model, out: &mut Vec<Cmd>) -> bool {
    let over = model.ended();
    if over {
        toast(model, Key::ToastGameOver, true, out);
    }
    over
}

/// A click or key press on `sq` (not a drag).
fn activate(model: &mut Model, sq: Square, out: &mut Vec<Cmd>) {
    // A click elsewhere cancels a premove (and may start another).
    model.board.premove = None;
    if reviewing(model) || move_selected_to(model, sq, out) {
        return;
    }
    let pos = model.game.position();
    let mine = pos.piece_at(sq).is_some_and(|p| p.color == pos.turn());
    if mine && !model.learn_turn() && over_toast(model, out) {
        return;
    }
    model.board.selected = if own_piece(model, sq) && model.board.selected != Some(sq) {
        Some(sq)
    } else {
        None
    };
}

/// A pointer went down over `square`.
pub fn pointer_down(
    model: &mut Model,
    square: Option<Square>,
    at: (f64, f64),
    pointer: i32,
    out: &mut Vec<Cmd>,
) {
    if model.dialog.is_some() {
        return;
    }
    model.board.swipe = None;
    // A press elsewhere cancels a premove (and may start another).
    model.board.premove = None;
    let Some(sq) = square else { return };
    if reviewing(model) || !own_piece(model, sq) {
        model.board.swipe = Some((pointer, at));
    }
    if reviewing(model) {
        return;
    }
    model.board.focus = sq;
    if move_selected_to(model, sq, out) {
        // A tap that played a move is not the start of a swipe.
        model.board.swipe = None;
        return;
    }
    if own_piece(model, sq) {
        let deselect_on_up = model.board.selected == Some(sq);
        model.board.selected = Some(sq);
        model.board.drag = Some(Drag {
            pointer,
            from: sq,
            start: at,
            offset: (0.0, 0.0),
            active: false,
            over: None,
            deselect_on_up,
        });
    } else {
        let pos = model.game.position();
        if pos.piece_at(sq).is_some_and(|p| p.color == pos.turn()) && !model.learn_turn() {
            over_toast(model, out);
        }
        model.board.selected = None;
    }
}

/// A pointer moved (only matters while a piece is held).
pub fn pointer_move(model: &mut Model, square: Option<Square>, at: (f64, f64), pointer: i32) {
    let Some(mut d) = model.board.drag.filter(|d| d.pointer == pointer) else {
        return;
    };
    let offset = (at.0 - d.start.0, at.1 - d.start.1);
    if !d.active && offset.0.hypot(offset.1) > DRAG_THRESHOLD {
        d.active = true;
    }
    if d.active {
        d.offset = offset;
        d.over = square.filter(|&s| s != d.from && model.dests(d.from).contains(&s));
    }
    model.board.drag = Some(d);
}

/// A pointer went up over `square`, at `at`.
pub fn pointer_up(
    model: &mut Model,
    square: Option<Square>,
    at: (f64, f64),
    pointer: i32,
    out: &mut Vec<Cmd>,
) {
    if let Some((_, start)) = model.board.swipe.take().filter(|(p, _)| *p == pointer) {
        let (dx, dy) = (at.0 - start.0, at.1 - start.1);
        if dx.abs() >= SWIPE_MIN && dy.abs() <= SWIPE_SLOPE * dx.abs() {
            model.board.selected = None;
            review(
                model,
                if dx > 0.0 {
                    ReviewStep::Back
                } else {
                    ReviewStep::Forward
                },
            );
            return;
        }
    }
    let Some(d) = model.board.drag.filter(|d| d.pointer == pointer) else {
        return;
    };
    model.board.drag = None;
    if d.active {
        match square {
            Some(to) if to != d.from => {
                if model.dests(d.from).contains(&to) {
                    play::try_move(model, d.from, to, false, out);
                } else {
                    toast(model, Key::ToastIllegal, true, out);
                }
            }
            _ => {}
        }
    } else if d.deselect_on_up {
        model.board.selected = None;
    }
}

/// A key on the board: arrows move the focus (as the board is shown), Enter or Space clicks.
pub fn key(model: &mut Model, key: BoardKey, focused: Option<Square>, out: &mut Vec<Cmd>) {
    if let Some(sq) = focused {
        model.board.focus = sq;
    }
    let (dx, dy) = match key {
        BoardKey::Left => (-1, 0),
        BoardKey::Right => (1, 0),
        BoardKey::Up => (0, -1),
        BoardKey::Down => (0, 1),
        BoardKey::Activate => {
            activate(model, model.board.focus, out);
            return;
        }
        BoardKey::Escape => {
            model.board.selected = None;
            model.board.premove = None;
            return;
        }
    };
    // Screen directions: with White at the bottom, right is +file and up is +rank.
    let sign = if model.board.flipped { -1 } else { 1 };
    let f = i32::from(model.board.focus.file()) + dx * sign;
    let r = i32::from(model.board.focus.rank()) - dy * sign;
    if let Some(sq) = Square::try_new(f.clamp(0, 7), r.clamp(0, 7)) {
        model.board.focus = sq;
        out.push(Cmd::View(ViewCmd::FocusSquare(sq)));
    }
}
