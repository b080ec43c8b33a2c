//! New games: the new-game dialog, the start screen's one-tap games, and putting a fresh game
//! on the board.

use super::{Cmd, NewGameChoice, online, saved, toast};
use crate::i18n::Key;
use crate::model::clock::LocalClock;
use crate::model::{AiGame, AiPlay, Dialog, Local, Mode, ModeKind, Model, NewGameForm};
use engine::Level;
use rules::{Color, Game, Rules};

/// Puts a local game on the board: hot-seat, or against the AI with the human's side at the
/// bottom.
pub fn set_local(model: &mut Model, local: Local, ai: Option<AiGame>, game: Game) {
    model.start = false;
    // Another game on the board ends a lesson (a lesson sets itself after its board).
    model.lesson = None;
    model.mode = match ai {
        Some(settings) => {
            model.board.flipped = settings.human == Color::Black;
            Mode::Ai(
                local,
                AiPlay {
                    settings,
                    pending: None,
                    asked_at: 0.0,
                    held: None,
                },
            )
        }
        None => Mode::HotSeat(local),
    };
    set_game(model, game);
}

/// Replaces the game on the board, dropping what belonged to the old one.
pub fn set_game(model: &mut Model, game: Game) {
    model.game = game;
    model.board.selected = None;
    model.board.drag = None;
    model.board.slide = None;
    model.board.premove = None;
    model.review = None;
    model.ai.hint = None;
    model.ai.hint_pending = None;
    if matches!(
        model.dialog,
        Some(Dialog::Promotion { .. } | Dialog::GameOver(_))
    ) {
        model.dialog = None;
    }
}

/// A new local game on the board (saved once it has a move, or at once against the AI, or
/// when it starts from a position of its own).
pub fn fresh_board(
    model: &mut Model,
    game: Game,
    ai: Option<AiGame>,
    clock: Option<protocol::TimeControl>,
) {
    let local = Local {
        id: model.new_id(),
        created: model.now,
        synced: None,
        clock: clock.map(|c| LocalClock::new(c, model.now)),
        record: None,
    };
    set_local(model, local, ai, game);
}

/// The new-game dialog, preset to the game on the board (or `mode`).
pub fn open_new_game(model: &mut Model, mode: Option<ModeKind>) {
    let ai = model.mode.ai();
    model.dialog = Some(Dialog::NewGame(NewGameForm {
        mode: mode.unwrap_or_else(|| model.mode.kind()),
        promotion: model.game.rules().promotion,
        level: ai.map_or(DEFAULT_LEVEL, |a| a.level),
        human: Some(ai.map_or(Color::White, |a| a.human)),
    }));
}

/// The AI level a game started in one tap plays at (gentle: a newcomer can win).
pub const DEFAULT_LEVEL: Level = match Level::new(3) {
    Some(level) => level,
    None => Level::MIN,
};

/// Leaves the start screen for the way to play the player picked, with the default settings:
/// two players on the fresh board; the AI at [`DEFAULT_LEVEL`] with the player as White; a
/// private invitation without a clock, the seats drawn by the server.
pub fn start_play(model: &mut Model, kind: ModeKind, out: &mut Vec<Cmd>) {
    model.start = false;
    let promotion = model.game.rules().promotion;
    match kind {
        ModeKind::HotSeat => {
            if model.mode.kind() != ModeKind::HotSeat || !model.game.moves().is_empty() {
                new_game(
                    model,
                    NewGameChoice::HotSeat {
                        promotion,
                        clock: None,
                    },
                    out,
                );
            }
        }
        ModeKind::Ai => new_game(
            model,
            NewGameChoice::Ai {
                promotion,
                level: DEFAULT_LEVEL,
                human: Some(Color::White),
                clock: None,
            },
            out,
        ),
        ModeKind::Online => new_game(
            model,
            NewGameChoice::Online(online::RoomSettings {
                seat: protocol::SeatChoice::Random,
                promotion,
                clock: None,
                public: false,
                rated: false,
                range: Default::default(),
            }),
            out,
        ),
    }
}

/// Starts the chosen game.
pub fn new_game(model: &mut Model, choice: NewGameChoice, out: &mut Vec<Cmd>) {
    if matches!(choice, NewGameChoice::Online(_)) && model.net.unreachable() {
        // Said at once rather than a waiting screen that never gets its link; the dialog
        // stays open (its online option says so too) for another choice.
        toast(model, Key::ToastNeedsConnection, true, out);
        return;
    }
    model.dialog = None;
    model.start = false;
    match choice {
        NewGameChoice::Online(settings) => online::create(model, settings, out),
        NewGameChoice::HotSeat { promotion, clock } => {
            online::leave(model, out);
            fresh_board(model, Game::new(Rules { promotion }), None, clock);
            saved::persist(model, out);
            toast(model, Key::ToastNewGame, false, out);
        }
        NewGameChoice::Ai {
            promotion,
            level,
            human,
            clock,
        } => {
            online::leave(model, out);
            let human = human.unwrap_or_else(|| {
                if model.random().is_multiple_of(2) {
                    Color::White
                } else {
                    Color::Black
                }
            });
            fresh_board(
                model,
                Game::new(Rules { promotion }),
                Some(AiGame {
                    level,
                    human,
                    drill: None,
                }),
                clock,
            );
            saved::persist(model, out);
            toast(model, Key::ToastNewGame, false, out);
        }
    }
}
