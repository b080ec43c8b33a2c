//! The game on the board: moves, undo, resignation, draws, claims, the AI and hints, saving,
//! new games, import and export.

use super::{BrowserCmd, StorageCmd, ViewCmd, WorkerCmd};
use super::{
    Cmd, CopyWhat, HINT_MILLIS, LoadPurpose, NewGameChoice, feedback, online, report, toast,
};
use crate::i18n::Key;
use crate::model::clock::{LocalClock, is_low};
use crate::model::saved::{Quarantined, SavedGame};
use crate::model::sound::Sound;
use crate::model::{
    AiGame, AiPlay, Confirm, Dialog, Hint, Local, Mode, ModeKind, Model, NewGameForm, Pending,
    Slide, export,
};
use engine::Level;
use protocol::ClientMsg;
use rules::{Color, DrawClaim, Game, Move, Role, Rules, Square};

/// Puts a saved game on the board (resume, reload, another tab's version).
pub fn adopt(model: &mut Model, saved: SavedGame, game: Game) {
    let ai = saved.ai_game().ok().flatten();
    let local = Local {
        id: saved.id.clone(),
        created: saved.created,
        synced: Some((saved.updated, game.moves().to_vec())),
        clock: saved.clock.clone(),
    };
    set_local(model, local, ai, game);
}

/// Puts a local game on the board: hot-seat, or against the AI with the human's side at the
/// bottom.
fn set_local(model: &mut Model, local: Local, ai: Option<AiGame>, game: Game) {
    model.start = false;
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
            persist(model, out);
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
                Some(AiGame { level, human }),
                clock,
            );
            persist(model, out);
            toast(model, Key::ToastNewGame, false, out);
        }
    }
}

/// Tries the move `from`-`to` (on the opponent's turn, as a premove); asks for the promotion
/// piece when there is a choice.
pub fn try_move(model: &mut Model, from: Square, to: Square, animate: bool, out: &mut Vec<Cmd>) {
    let premove = !model.my_turn() && model.premover().is_some();
    if !model.my_turn() && !premove {
        if model.ended() {
            toast(model, Key::ToastGameOver, true, out);
        }
        return;
    }
    let moves = if premove {
        model.premoves_from(from)
    } else {
        model.game.position().legal_moves_from(from).to_vec()
    };
    let candidates: Vec<Move> = moves.into_iter().filter(|m| m.to == to).collect();
    let color = model
        .game
        .position()
        .piece_at(from)
        .map_or(model.game.position().turn(), |p| p.color);
    match candidates.as_slice() {
        [] => toast(model, Key::ToastIllegal, true, out),
        [m] if premove => {
            model.board.selected = None;
            model.board.premove = Some(*m);
        }
        // One move: played at once, also a promotion with nothing to choose (met-only).
        [m] => play(model, *m, animate, out),
        many => {
            let mut roles: Vec<Role> = many.iter().filter_map(|m| m.promotion).collect();
            roles.sort_by_key(|r| match r {
                Role::Rook => 0,
                Role::Knight => 1,
                Role::Khon => 2,
                _ => 3,
            });
            model.dialog = Some(Dialog::Promotion {
                from,
                to,
                animate,
                roles,
                color,
                premove,
            });
        }
    }
}

/// Plays the premove when it is the player's turn: at once if it is legal in the position the
/// opponent left, else it is dropped.
pub fn play_premove(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.board.premove.is_none() || model.premover().is_some() {
        return; // Nothing premoved, or still the opponent's turn.
    }
    let Some(m) = model.board.premove.take() else {
        return;
    };
    if model.my_turn() && model.game.position().is_legal(m) {
        play(model, m, true, out);
    }
}

/// Starts the slide of a move on the board.
pub fn slide(model: &mut Model, m: Move) {
    model.slides += 1;
    model.board.slide = Some(Slide {
        from: m.from,
        to: m.to,
        number: model.slides,
    });
}

/// Plays `m` for the player.
pub fn play(model: &mut Model, m: Move, animate: bool, out: &mut Vec<Cmd>) {
    if !model.my_turn() {
        return;
    }
    if matches!(model.mode, Mode::Online(_)) {
        online::play(model, m, animate, out);
        return;
    }
    let mover = model.game.position().turn();
    match model.game.play(m) {
        Ok(()) => {
            clock_moved(model, mover);
            model.board.selected = None;
            if animate {
                slide(model, m);
            }
            feedback::moved(model, out);
            after_change(model, out);
        }
        Err(e) => {
            out.push(Cmd::Log(format!("refused {}: {e}", m.to_uci())));
            toast(model, Key::ToastIllegal, true, out);
        }
    }
}

/// Charges the move just played by `mover` to the clocks of a timed local game.
fn clock_moved(model: &mut Model, mover: Color) {
    let now = model.now;
    if let Some(clock) = model.mode.local_mut().and_then(|l| l.clock.as_mut()) {
        clock.on_move(mover, now);
    }
}

/// Time passed: a held AI answer is played; a timed local game whose running clock reached
/// zero ends on time.
pub fn tick(model: &mut Model, out: &mut Vec<Cmd>) {
    release_held(model, out);
    warn_low_time(model, out);
    let Some(flagged) = model
        .mode
        .local()
        .and_then(|l| l.clock.as_ref())
        .and_then(|c| c.flagged(&model.game, model.now))
    else {
        return;
    };
    if model.game.flag(flagged).is_ok() {
        model.dialog = model
            .dialog
            .take()
            .filter(|d| !matches!(d, Dialog::Promotion { .. }));
        after_change(model, out);
    }
}

/// Sounds the low-time warning once a turn, when the running clock is the player's (in
/// hot-seat, either side's) and has gone under the low-time mark.
fn warn_low_time(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some((clocks, initial)) = model.clocks() else {
        return;
    };
    let Some(side) = clocks.running else {
        return;
    };
    let mine = match &model.mode {
        Mode::HotSeat(_) => true,
        Mode::Ai(_, a) => a.settings.human == side,
        Mode::Online(o) => o.view.as_ref().and_then(|v| v.you) == Some(side),
    };
    let ply = model.game.moves().len();
    if mine && is_low(initial, *clocks.left.get(side)) && model.low_time_warned != Some(ply) {
        model.low_time_warned = Some(ply);
        super::feedback::cue(model, Sound::LowTime, out);
    }
}

/// After a move, resignation, agreement or claim: save, and announce the end of the game.
pub fn after_change(model: &mut Model, out: &mut Vec<Cmd>) {
    persist(model, out);
    if let Some(result) = model.result() {
        model.board.selected = None;
        model.dialog = Some(Dialog::GameOver(result));
        feedback::ended(model, result, out);
    }
}

/// Whether a game is worth keeping: it has a move or a result, is against the AI (which may
/// move first), or starts from a position of its own.
fn worth_keeping(model: &Model) -> bool {
    !model.game.moves().is_empty()
        || model.game.outcome().is_some()
        || model.mode.ai().is_some()
        || model.game.initial_fen() != Game::new(model.game.rules()).initial_fen()
}

/// Saves the local game on the board and remembers it as the one to resume.
pub fn persist(model: &mut Model, out: &mut Vec<Cmd>) {
    let keep = worth_keeping(model);
    let ai = model.mode.ai();
    let now = model.now;
    let Some(local) = model.mode.local_mut() else {
        return; // The server keeps online games.
    };
    if !keep {
        // Nothing worth keeping yet; an empty record would only clutter the list.
        out.push(Cmd::Storage(StorageCmd::Delete(local.id.clone())));
        let id = local.id.clone();
        model.saved.retain(|g| g.id != id);
        return;
    }
    let saved = SavedGame::from_game(&local.id, local.created, now, &model.game)
        .with_ai(ai)
        .with_clock(local.clock.clone());
    let synced = local
        .synced
        .take()
        .map(|(t, moves)| (t, moves.iter().map(Move::to_uci).collect()));
    local.synced = Some((saved.updated, model.game.moves().to_vec()));
    // The list shows the new version at once.
    model.saved.retain(|g| g.id != saved.id);
    model.saved.insert(0, saved.clone());
    out.push(Cmd::Storage(StorageCmd::Save { saved, synced }));
}

/// Undo: hot-seat takes back one move; against the AI back to the human's previous turn.
pub fn undo(model: &mut Model, out: &mut Vec<Cmd>) {
    let human = match &model.mode {
        Mode::Online(_) => return, // Moves played online are final.
        Mode::HotSeat(_) => None,
        Mode::Ai(_, a) => Some(a.settings.human),
    };
    if matches!(model.dialog, Some(Dialog::GameOver(_))) {
        model.dialog = None;
    }
    model.review = None;
    let ended_without_move =
        model.game.outcome().is_some() && model.game.automatic_outcome().is_none();
    let plies = match human {
        _ if ended_without_move => 0,
        None => 1,
        Some(h) if model.game.position().turn() == h => 2,
        Some(_) => 1,
    };
    let on_time = model
        .game
        .outcome()
        .is_some_and(|o| o.decided_by() == protocol::Decider::Clock);
    if on_time || plies > model.game.moves().len() || (plies == 0 && !model.game.is_over()) {
        toast(model, Key::ToastNothingToUndo, false, out);
        return;
    }
    if plies == 0 {
        // Only a resignation, agreement or claim is taken back.
        model.game.undo();
    }
    for _ in 0..plies {
        model.game.undo();
    }
    let now = model.now;
    if let Some(clock) = model.mode.local_mut().and_then(|l| l.clock.as_mut()) {
        clock.on_undo(plies, now);
    }
    model.board.selected = None;
    persist(model, out);
    toast(model, Key::ToastUndone, false, out);
}

/// Whether the live game is over; toasts so when it is.
fn over_toast(model: &Model, out: &mut Vec<Cmd>) -> bool {
    let over = model.ended();
    if over {
        toast(model, Key::ToastGameOver, true, out);
    }
    over
}

/// Asks to confirm a resignation: of one's seat online, of the human against the AI, of the
/// side to move in hot-seat.
pub fn resign_ask(model: &mut Model, out: &mut Vec<Cmd>) {
    if over_toast(model, out) {
        return;
    }
    let side = match &model.mode {
        Mode::Online(_) => match model.room().and_then(|v| v.you) {
            Some(you) => you,
            None => return,
        },
        Mode::Ai(_, a) => a.settings.human,
        Mode::HotSeat(_) => model.game.position().turn(),
    };
    model.dialog = Some(Dialog::Confirm(Confirm::Resign(side)));
}

/// A draw by agreement: confirmed in hot-seat, offered online, not against the AI.
pub fn draw_ask(model: &mut Model, out: &mut Vec<Cmd>) {
    if model.mode.ai().is_some() || over_toast(model, out) {
        return;
    }
    if matches!(model.mode, Mode::Online(_)) {
        online::send_room(model, |room| ClientMsg::OfferDraw { room }, out);
        return;
    }
    model.dialog = Some(Dialog::Confirm(Confirm::Draw));
}

/// The confirmation was accepted.
pub fn confirm_yes(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(Dialog::Confirm(confirm)) = model.dialog.take() else {
        return;
    };
    if let Confirm::Delete(id) = confirm {
        if model.current_id() != Some(id.as_str()) {
            model.saved.retain(|g| g.id != id);
            out.push(Cmd::Storage(StorageCmd::Delete(id)));
            toast(model, Key::ToastDeleted, false, out);
        }
        return;
    }
    if matches!(model.mode, Mode::Online(_)) {
        if let Confirm::Resign(_) = confirm {
            online::send_room(model, |room| ClientMsg::Resign { room }, out);
        }
        return;
    }
    let result = match confirm {
        Confirm::Resign(side) => model.game.resign(side).map_err(|e| e.to_string()),
        Confirm::Draw => model.game.agree_draw().map_err(|e| e.to_string()),
        Confirm::Delete(_) => return,
    };
    match result {
        Ok(()) => {
            model.review = None;
            after_change(model, out);
        }
        Err(e) => out.push(Cmd::View(ViewCmd::Toast {
            text: e,
            error: true,
        })),
    }
}

/// The claim the side to move could make now, threefold first.
pub fn valid_claim(game: &Game) -> Option<DrawClaim> {
    [DrawClaim::Threefold, DrawClaim::FiftyMoves]
        .into_iter()
        .find(|&c| game.can_claim(c))
}

/// Claims a draw for the side to move.
pub fn claim(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(claim) = valid_claim(&model.game) else {
        toast(model, Key::ToastNoClaim, true, out);
        return;
    };
    if matches!(model.mode, Mode::Online(_)) {
        online::send_room(model, |room| ClientMsg::ClaimDraw { room, claim }, out);
        return;
    }
    match model.game.claim_draw(claim) {
        Ok(()) => {
            model.review = None;
            after_change(model, out);
        }
        Err(e) => out.push(Cmd::View(ViewCmd::Toast {
            text: e.to_string(),
            error: true,
        })),
    }
}

/// A stable seed for a game's AI noise, from its id (so a reload replays the same choices).
pub fn seed_of(game_id: &str) -> u32 {
    game_id.bytes().fold(2_166_136_261_u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    })
}

fn next_request(model: &mut Model) -> u32 {
    model.ai.last_request = model.ai.last_request.wrapping_add(1);
    model.ai.last_request
}

/// Asks the AI worker for its move when it is the AI's turn and no request for this position
/// is on its way (start, reload, after the human's move, undo, resume).
pub fn schedule_ai(model: &mut Model, out: &mut Vec<Cmd>) {
    let broken = model.ai.unavailable.is_some();
    let over = model.game.is_over();
    let turn = model.game.position().turn();
    let Mode::Ai(local, a) = &model.mode else {
        return;
    };
    if over || turn == a.settings.human || broken {
        if let Mode::Ai(_, a) = &mut model.mode {
            a.pending = None;
        }
        return;
    }
    let (game_id, settings) = (local.id.clone(), a.settings);
    // On the clock the AI paces itself: its level's time at most.
    let movetime_ms = local.clock.as_ref().map_or(0, |c| {
        let t = settings.level.move_time_at(model.game.position());
        let cap = u32::try_from(t.as_millis()).unwrap_or(u32::MAX);
        c.ai_budget_ms(&model.game, turn, model.now, cap)
    });
    let asked = a
        .pending
        .as_ref()
        .is_some_and(|p| p.game == game_id && p.moves == model.game.moves());
    if asked {
        return;
    }
    let id = next_request(model);
    let pending = Pending {
        id,
        game: game_id.clone(),
        moves: model.game.moves().to_vec(),
    };
    let now = model.now;
    if let Mode::Ai(_, a) = &mut model.mode {
        a.pending = Some(pending);
        a.asked_at = now;
        a.held = None;
    }
    out.push(Cmd::Worker(WorkerCmd::Ask {
        id,
        game: model.game.clone(),
        level: settings.level,
        seed: seed_of(&game_id),
        movetime_ms,
    }));
}

/// The AI's move is never played sooner than this after the page asked for it
/// (milliseconds): the low levels answer in a few milliseconds, and their move would land
/// before the player's own move has finished sliding.
pub const MIN_AI_REPLY_MS: f64 = 450.0;

/// An answer of the AI worker: plays the AI's move if it is still wanted (held back until
/// [`MIN_AI_REPLY_MS`] after the request), or keeps a hint.
pub fn ai_reply(model: &mut Model, id: u32, result: Result<String, String>, out: &mut Vec<Cmd>) {
    let now = model.now;
    if let Mode::Ai(_, a) = &mut model.mode
        && a.pending.as_ref().is_some_and(|p| p.id == id)
        && now < a.asked_at + MIN_AI_REPLY_MS
    {
        a.held = Some((id, result));
        return;
    }
    apply_ai_reply(model, id, result, out);
}

/// Plays a held AI answer once its pause is over (on the page's tick).
fn release_held(model: &mut Model, out: &mut Vec<Cmd>) {
    let now = model.now;
    let Mode::Ai(_, a) = &mut model.mode else {
        return;
    };
    if now < a.asked_at + MIN_AI_REPLY_MS {
        return;
    }
    if let Some((id, result)) = a.held.take() {
        apply_ai_reply(model, id, result, out);
    }
}

fn apply_ai_reply(model: &mut Model, id: u32, result: Result<String, String>, out: &mut Vec<Cmd>) {
    let moves = model.game.moves().to_vec();
    let over = model.game.is_over();
    let turn = model.game.position().turn();
    if let Mode::Ai(local, a) = &mut model.mode
        && let Some(p) = a.pending.take_if(|p| p.id == id)
    {
        let wanted = p.game == local.id && p.moves == moves && !over && a.settings.human != turn;
        if !wanted {
            return; // Stale: the position changed meanwhile.
        }
        let mover = model.game.position().turn();
        match result.and_then(|uci| model.game.play_uci(&uci).map_err(|e| e.to_string())) {
            Ok(m) => {
                clock_moved(model, mover);
                model.board.selected = None;
                // A premove's promotion panel stays open: its move is for this turn.
                model.dialog = model
                    .dialog
                    .take()
                    .filter(|d| !matches!(d, Dialog::Promotion { premove: false, .. }));
                slide(model, m);
                feedback::moved(model, out);
                after_change(model, out);
            }
            Err(e) => {
                out.push(Cmd::Log(format!("AI: {e}")));
                out.push(Cmd::View(ViewCmd::Toast {
                    text: model.lang.fmt(Key::ToastAiFailed, &[("error", &e)]),
                    error: true,
                }));
                // Keep the request so that the same position is not asked again and again.
                if let Mode::Ai(_, a) = &mut model.mode {
                    a.pending = Some(p);
                }
            }
        }
        return;
    }
    let Some(p) = model.ai.hint_pending.take_if(|p| p.id == id) else {
        return;
    };
    if p.moves != moves {
        return;
    }
    match result {
        Ok(uci) => match model.game.position().parse_uci(&uci) {
            Ok(best) => {
                model.ai.hint = Some(Hint {
                    game: p.game,
                    moves: p.moves,
                    best,
                });
            }
            Err(e) => out.push(Cmd::Log(format!("hint {uci}: {e}"))),
        },
        Err(e) => out.push(Cmd::Log(format!("hint: {e}"))),
    }
}

/// Asks the AI (full strength, a short think) for the best move of the player to move.
pub fn ask_hint(model: &mut Model, out: &mut Vec<Cmd>) {
    let Some(local) = model.mode.local() else {
        return; // No help online.
    };
    let game_id = local.id.clone();
    if over_toast(model, out) {
        return;
    }
    if !model.my_turn() {
        if model.review.is_none() {
            toast(model, Key::ToastWaitAi, false, out);
        }
        return;
    }
    let moves = model.game.moves().to_vec();
    let known = model.hint().is_some()
        || model
            .ai
            .hint_pending
            .as_ref()
            .is_some_and(|p| p.game == game_id && p.moves == moves);
    if known {
        return;
    }
    let id = next_request(model);
    model.ai.hint_pending = Some(Pending {
        id,
        game: game_id.clone(),
        moves,
    });
    out.push(Cmd::Worker(WorkerCmd::Ask {
        id,
        game: model.game.clone(),
        level: Level::MAX,
        seed: seed_of(&game_id),
        movetime_ms: HINT_MILLIS,
    }));
}

/// A saved game was read: resumed, or put back after leaving a room.
pub fn loaded(
    model: &mut Model,
    purpose: LoadPurpose,
    result: Result<Option<(SavedGame, Game)>, Quarantined>,
    out: &mut Vec<Cmd>,
) {
    match (purpose, result) {
        // The player opened another room meanwhile: that one stays.
        (LoadPurpose::BackToLocal, _) if matches!(model.mode, Mode::Online(_)) => {}
        (_, Ok(Some((saved, game)))) => {
            let id = saved.id.clone();
            online::leave(model, out);
            adopt(model, saved, game);
            out.push(Cmd::Storage(StorageCmd::SetCurrent(id)));
            if purpose == LoadPurpose::Resume {
                toast(model, Key::ToastResumed, false, out);
            }
        }
        (LoadPurpose::Resume, Ok(None)) => out.push(Cmd::Storage(StorageCmd::ListSaved)),
        (LoadPurpose::Resume, Err(q)) => {
            report(model, &q, out);
            out.push(Cmd::Storage(StorageCmd::ListSaved));
        }
        (LoadPurpose::BackToLocal, other) => {
            if let Err(q) = other {
                report(model, &q, out);
            }
            online::leave(model, out);
            model.board.flipped = false;
            fresh_board(model, Game::new(Rules::default()), None, None);
        }
    }
}

/// Another tab changed the saved game `id`: follow it when it is the one on the board.
pub fn stored_game_changed(model: &mut Model, id: &str, value: Option<String>, out: &mut Vec<Cmd>) {
    out.push(Cmd::Storage(StorageCmd::ListSaved));
    let Some(local) = model.mode.local_mut().filter(|l| l.id == id) else {
        // Another game: keep the view; a later save checks for a newer version first.
        return;
    };
    let Some(text) = value else {
        // Deleted there: keep the game on screen (it is saved again on the next change).
        local.synced = None;
        return;
    };
    let Ok(stored) = SavedGame::parse(&text) else {
        return;
    };
    let Ok(game) = stored.to_game() else { return };
    let same = game.moves() == model.game.moves() && stored.result == model.game.outcome();
    if same {
        local.synced = Some((stored.updated, game.moves().to_vec()));
        return;
    }
    let flipped = model.board.flipped;
    adopt(model, stored, game);
    model.board.flipped = flipped;
    toast(model, Key::ToastSynced, false, out);
}

/// Copies the PGN, the FEN or the invite link.
pub fn copy(model: &mut Model, what: CopyWhat, out: &mut Vec<Cmd>) {
    let text = match what {
        CopyWhat::Pgn => export::pgn(model),
        CopyWhat::Fen => model.shown_position().fen(),
        CopyWhat::InviteLink => match online::invite(model) {
            Some(link) => link,
            None => return,
        },
    };
    out.push(Cmd::Browser(BrowserCmd::Copy { text, what }));
}

/// Offers the PGN as a file.
pub fn download(model: &mut Model, out: &mut Vec<Cmd>) {
    out.push(Cmd::Browser(BrowserCmd::Download {
        name: export::file_name(model),
        text: export::pgn(model),
        mime: "application/x-chess-pgn",
    }));
}

/// Imports a pasted PGN or FEN: a PGN becomes a saved hot-seat game shown at its end; a FEN
/// starts a game from that position in the current local mode. A refusal says why in the
/// dialog and changes nothing.
pub fn import(model: &mut Model, text: &str, out: &mut Vec<Cmd>) {
    let rules = model.game.rules();
    match export::read(text, rules, model.lang) {
        Ok(imported) => {
            model.dialog = None;
            // From a position, the current opponent stays and the human takes the side to
            // move; a game record is opened as a hot-seat game.
            let ai = model
                .mode
                .ai()
                .filter(|_| !imported.from_pgn)
                .map(|a| AiGame {
                    human: imported.game.position().turn(),
                    ..a
                });
            online::leave(model, out);
            fresh_board(model, imported.game, ai, None);
            persist(model, out);
            toast(model, Key::ToastImported, false, out);
        }
        Err(error) => model.dialog = Some(Dialog::Import { error: Some(error) }),
    }
}
