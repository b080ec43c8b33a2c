//! Host tests of [`update`]: every mode, review, export and import, saving and the AI's
//! requests, without a DOM.

use super::*;
use crate::model::{AiGame, Env, Mode, Model};
use crate::storage::SavedGame;
use protocol::{
    ByColor, Clocks, GameResult, ResultReason, RoomEvent, RoomState, Seat, Seats, ServerMsg,
};
use rules::{Move, Outcome, WinReason};

const START: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

fn model() -> Model {
    let env = Env {
        origin: "http://127.0.0.1:8080".into(),
        can_share: false,
        persistent: true,
    };
    let mut m = Model::new(Lang::En, env, 1_764_547_200_000.0, 7);
    let cmds = update(
        &mut m,
        Msg::Started {
            current: None,
            saved: Vec::new(),
            problems: Vec::new(),
            seats: SeatBook::default(),
            room: None,
        },
    );
    assert!(cmds.contains(&Cmd::Send(ClientMsg::WatchLobby)));
    m
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

/// Clicks `from` then `to`, as a player would.
fn click_move(m: &mut Model, from: &str, to: &str) -> Vec<Cmd> {
    let mut cmds = update(m, Msg::BoardKey(BoardKey::Activate, Some(sq(from))));
    cmds.extend(update(m, Msg::BoardKey(BoardKey::Activate, Some(sq(to)))));
    cmds
}

fn saves(cmds: &[Cmd]) -> Vec<&SavedGame> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Save { saved, .. } => Some(saved),
            _ => None,
        })
        .collect()
}

fn ai_requests(cmds: &[Cmd]) -> Vec<u32> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::AskAi { id, .. } => Some(*id),
            _ => None,
        })
        .collect()
}

fn toasts(cmds: &[Cmd]) -> Vec<&str> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Toast { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn hot_seat_moves_are_played_saved_and_undone() {
    let mut m = model();
    let cmds = click_move(&mut m, "e3", "e4");
    assert_eq!(m.game.moves().len(), 1);
    let saved = saves(&cmds);
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].moves, vec!["e3e4".to_owned()]);
    assert_eq!(m.saved.len(), 1, "the list shows the game at once");
    // Black's turn: White's pieces cannot be picked up.
    update(&mut m, Msg::BoardKey(BoardKey::Activate, Some(sq("d3"))));
    assert_eq!(m.board.selected, None);
    click_move(&mut m, "d6", "d5");
    let cmds = update(&mut m, Msg::Undo);
    assert_eq!(m.game.moves().len(), 1);
    assert_eq!(toasts(&cmds), vec!["Move taken back."]);
    assert_eq!(saves(&cmds)[0].moves.len(), 1);
}

#[test]
fn a_drag_plays_and_a_drop_off_a_destination_does_not() {
    let mut m = model();
    let down = |square: &str| Msg::PointerDown {
        square: Some(sq(square)),
        x: 10.0,
        y: 10.0,
        pointer: 1,
    };
    update(&mut m, down("e3"));
    update(
        &mut m,
        Msg::PointerMove {
            square: Some(sq("e4")),
            x: 10.0,
            y: -40.0,
            pointer: 1,
        },
    );
    let d = m.board.drag.expect("held");
    assert!(d.active);
    assert_eq!(d.over, Some(sq("e4")));
    update(
        &mut m,
        Msg::PointerUp {
            square: Some(sq("e4")),
            x: 10.0,
            y: -40.0,
            pointer: 1,
        },
    );
    assert_eq!(m.game.moves().len(), 1);
    assert_eq!(m.board.drag, None);
    update(&mut m, down("d6"));
    update(
        &mut m,
        Msg::PointerMove {
            square: Some(sq("d3")),
            x: 10.0,
            y: 200.0,
            pointer: 1,
        },
    );
    let cmds = update(
        &mut m,
        Msg::PointerUp {
            square: Some(sq("d3")),
            x: 10.0,
            y: 200.0,
            pointer: 1,
        },
    );
    assert_eq!(m.game.moves().len(), 1);
    assert_eq!(toasts(&cmds), vec!["That move is not allowed."]);
}

#[test]
fn review_steps_through_the_game_and_never_plays() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    click_move(&mut m, "d6", "d5");
    click_move(&mut m, "e4", "d5");
    assert_eq!(m.shown_ply(), 3);
    update(&mut m, Msg::Review(ReviewStep::Back));
    assert_eq!(m.review, Some(2));
    assert_eq!(m.shown_position().fen(), m.game.positions()[2].fen());
    assert_eq!(
        m.shown_last_move().map(|mv| mv.to_uci()),
        Some("d6d5".into())
    );
    // The board is not playable while reviewing: no selection, no move.
    let cmds = click_move(&mut m, "c6", "c5");
    assert_eq!(m.game.moves().len(), 3);
    assert!(saves(&cmds).is_empty());
    update(&mut m, Msg::Review(ReviewStep::First));
    assert_eq!(m.review, Some(0));
    assert_eq!(m.shown_last_move(), None);
    update(&mut m, Msg::Review(ReviewStep::Back));
    assert_eq!(m.review, Some(0), "nothing before the first position");
    update(&mut m, Msg::Review(ReviewStep::Ply(3)));
    assert_eq!(m.review, None, "the last ply is the live game");
    update(&mut m, Msg::Review(ReviewStep::Ply(1)));
    update(&mut m, Msg::Review(ReviewStep::Forward));
    update(&mut m, Msg::Review(ReviewStep::Forward));
    assert_eq!(m.review, None);
    update(&mut m, Msg::Review(ReviewStep::Ply(1)));
    update(&mut m, Msg::Review(ReviewStep::Live));
    assert_eq!(m.review, None);
    assert!(m.my_turn());
}

#[test]
fn undo_while_reviewing_returns_to_the_game() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    click_move(&mut m, "d6", "d5");
    update(&mut m, Msg::Review(ReviewStep::First));
    update(&mut m, Msg::Undo);
    assert_eq!(m.review, None);
    assert_eq!(m.game.moves().len(), 1);
}

#[test]
fn resignation_and_agreement_end_the_game_with_the_shared_result() {
    let mut m = model();
    update(&mut m, Msg::ResignAsk);
    assert_eq!(
        m.dialog,
        Some(Dialog::Confirm(crate::model::Confirm::Resign(Color::White)))
    );
    let cmds = update(&mut m, Msg::ConfirmYes);
    let result = GameResult::win(Color::Black, ResultReason::Resignation);
    assert_eq!(m.result(), Some(result));
    assert_eq!(m.dialog, Some(Dialog::GameOver(result)));
    assert_eq!(saves(&cmds)[0].result, Some(result));
    // Undo takes the resignation back.
    update(&mut m, Msg::Undo);
    assert_eq!(m.result(), None);
    update(&mut m, Msg::DrawAsk);
    update(&mut m, Msg::ConfirmYes);
    assert_eq!(m.result(), GameResult::draw(ResultReason::Agreement));
    // Nothing can be played after the end.
    let cmds = click_move(&mut m, "e3", "e4");
    assert!(m.game.moves().is_empty());
    assert!(
        toasts(&cmds)
            .iter()
            .any(|t| t.starts_with("The game is over"))
    );
}

fn ai_model(human: Color) -> (Model, Vec<Cmd>) {
    let mut m = model();
    let cmds = update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::Ai {
            promotion: PromotionRule::Any,
            level: Level::new(2).expect("a level"),
            human: Some(human),
        }),
    );
    (m, cmds)
}

#[test]
fn against_the_ai_its_moves_are_asked_once_and_stale_answers_dropped() {
    let (mut m, cmds) = ai_model(Color::Black);
    assert!(m.board.flipped, "the human's side is at the bottom");
    let asked = ai_requests(&cmds);
    assert_eq!(asked.len(), 1, "the AI plays White's first move");
    assert_eq!(
        saves(&cmds).len(),
        1,
        "a game against the AI is kept from the start"
    );
    assert!(m.ai_thinking());
    // Rendering messages do not ask again.
    assert!(ai_requests(&update(&mut m, Msg::Flip)).is_empty());
    // The human cannot move for the AI.
    click_move(&mut m, "e3", "e4");
    assert!(m.game.moves().is_empty());
    // A stale answer (another id) is dropped; the right one is played.
    update(
        &mut m,
        Msg::AiReply {
            id: asked[0] + 100,
            result: Ok("e3e4".into()),
        },
    );
    assert!(m.game.moves().is_empty());
    let cmds = update(
        &mut m,
        Msg::AiReply {
            id: asked[0],
            result: Ok("e3e4".into()),
        },
    );
    assert_eq!(m.game.moves().len(), 1);
    assert!(m.board.slide.is_some());
    assert_eq!(saves(&cmds).len(), 1);
    assert!(!m.ai_thinking());
    // The human's move asks the AI again.
    let cmds = click_move(&mut m, "d6", "d5");
    assert_eq!(ai_requests(&cmds).len(), 1);
    // Undo while the AI thinks takes back the human's move only.
    update(&mut m, Msg::Undo);
    assert_eq!(m.game.moves().len(), 1);
}

#[test]
fn an_ai_answer_that_is_illegal_is_reported_not_played() {
    let (mut m, cmds) = ai_model(Color::Black);
    let id = ai_requests(&cmds)[0];
    let cmds = update(
        &mut m,
        Msg::AiReply {
            id,
            result: Ok("e3e5".into()),
        },
    );
    assert!(m.game.moves().is_empty());
    assert!(toasts(&cmds)[0].starts_with("The computer could not choose a move"));
    // The same position is not asked again and again.
    assert!(ai_requests(&cmds).is_empty());
}

#[test]
fn a_hint_is_asked_at_full_strength_and_kept_for_its_position() {
    let (mut m, _) = ai_model(Color::White);
    let cmds = update(&mut m, Msg::Hint);
    let (id, level, time) = cmds
        .iter()
        .find_map(|c| match c {
            Cmd::AskAi {
                id,
                level,
                movetime_ms,
                ..
            } => Some((*id, *level, *movetime_ms)),
            _ => None,
        })
        .expect("a hint request");
    assert_eq!(level, Level::MAX);
    assert!(time > 0);
    update(
        &mut m,
        Msg::AiReply {
            id,
            result: Ok("e3e4".into()),
        },
    );
    assert_eq!(m.hint().map(|h| h.to_uci()), Some("e3e4".into()));
    assert_eq!(m.game.moves().len(), 0, "a hint is not played");
}

#[test]
fn the_worker_failing_is_said_once() {
    let (mut m, _) = ai_model(Color::Black);
    let cmds = update(&mut m, Msg::AiUnavailable("no module".into()));
    assert_eq!(toasts(&cmds).len(), 1);
    assert!(ai_requests(&update(&mut m, Msg::Flip)).is_empty());
    assert!(toasts(&update(&mut m, Msg::AiUnavailable("no module".into()))).is_empty());
}

#[test]
fn another_tabs_newer_version_is_adopted() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    let id = m.mode.local().expect("local").id.clone();
    let mut other = rules::Game::new(rules::Rules::default());
    other.play_uci("c3c4").expect("legal");
    let stored = SavedGame::from_game(&id, 1.0, m.now + 5.0, &other);
    let text = serde_json::to_string(&stored).expect("json");
    let cmds = update(
        &mut m,
        Msg::StoredGameChanged {
            id: id.clone(),
            value: Some(text),
        },
    );
    assert_eq!(m.game.moves()[0].to_uci(), "c3c4");
    assert_eq!(toasts(&cmds), vec!["Updated from another tab."]);
    // Before a save: the stored newer version is adopted, not overwritten.
    let game = stored.to_game().expect("replays");
    let cmds = update(
        &mut m,
        Msg::StoredNewer {
            saved: stored,
            game,
        },
    );
    assert!(!toasts(&cmds).is_empty());
    assert_eq!(m.game.moves().len(), 1);
}

#[test]
fn storage_errors_become_notices_once() {
    let mut m = model();
    let cmds = update(&mut m, Msg::WriteFailed(WriteError::QuotaExceeded));
    assert_eq!(toasts(&cmds).len(), 1);
    assert_eq!(m.notices, vec![Notice::Full]);
    assert!(toasts(&update(&mut m, Msg::WriteFailed(WriteError::QuotaExceeded))).is_empty());
    update(&mut m, Msg::Wrote);
    assert!(m.notices.is_empty());
}

#[test]
fn a_promotion_asks_for_the_piece_and_plays_the_choice() {
    let mut m = model();
    let fen = "4k2r/2P5/8/8/8/8/8/4K3 w - - 0 1";
    update(&mut m, Msg::ImportStart(fen.into()));
    assert_eq!(m.game.initial_fen(), fen);
    click_move(&mut m, "c7", "c8");
    let Some(Dialog::Promotion { roles, .. }) = &m.dialog else {
        panic!("the promotion panel is open: {:?}", m.dialog);
    };
    assert_eq!(
        roles,
        &vec![Role::Rook, Role::Knight, Role::Khon, Role::Met]
    );
    update(&mut m, Msg::Promote(Role::Knight));
    assert_eq!(m.game.moves()[0].to_uci(), "c7c8n");
    assert_eq!(m.dialog, None);
}

#[test]
fn a_fen_with_a_running_count_starts_a_game_there_and_a_bad_one_changes_nothing() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    let before = m.game.clone();
    update(&mut m, Msg::ImportOpen);
    let cmds = update(&mut m, Msg::ImportStart("8/8/8/8/8/8/8/8 w - - 0 1".into()));
    assert_eq!(m.game, before, "nothing changed");
    assert!(saves(&cmds).is_empty());
    let Some(Dialog::Import { error: Some(e) }) = &m.dialog else {
        panic!("the dialog says why: {:?}", m.dialog);
    };
    assert!(e.starts_with("This FEN cannot be read"), "{e}");
    // A count that runs: a rook against a lone king, 5 of 16 moves (10 of 32 plies) used.
    let fen = "8/8/8/4k3/8/8/8/R3K3 w - 32 10 30";
    let cmds = update(&mut m, Msg::ImportStart(fen.into()));
    assert_eq!(m.dialog, None);
    let counting = m.game.position().counting().expect("a count runs");
    assert_eq!((counting.moves_used(), counting.limit_moves()), (5, 16));
    assert_eq!(m.game.position().fen(), fen);
    assert_eq!(
        saves(&cmds).len(),
        1,
        "a game from a position is kept at once"
    );
    assert!(matches!(m.mode, Mode::HotSeat(_)));
}

#[test]
fn the_export_names_the_mode_and_the_result() {
    let mut m = model();
    for (a, b) in [
        ("b1", "d2"),
        ("b8", "d7"),
        ("d2", "c4"),
        ("g8", "e7"),
        ("c4", "d6"),
    ] {
        click_move(&mut m, a, b);
    }
    assert_eq!(
        m.game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    let pgn = crate::model::export::pgn(&m);
    assert!(pgn.contains("[Variant \"asean\"]"), "{pgn}");
    assert!(pgn.contains("[Site \"http://127.0.0.1:8080\"]"), "{pgn}");
    assert!(pgn.contains("[Date \"2025.12.01\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(
        pgn.ends_with("3. Nxd6# {Checkmate: White wins.} 1-0\n"),
        "{pgn}"
    );
    let cmds = update(&mut m, Msg::Copy(CopyWhat::Fen));
    assert!(
        matches!(&cmds[..], [Cmd::Copy { what: CopyWhat::Fen, text }] if *text == m.game.position().fen())
    );
    let cmds = update(&mut m, Msg::Download);
    let Some(Cmd::Download { name, text, .. }) = cmds.first() else {
        panic!("a download: {cmds:?}");
    };
    assert!(
        name.starts_with("asean-2025-12-01-") && name.ends_with(".pgn"),
        "{name}"
    );
    assert_eq!(*text, pgn);
}

#[test]
fn utc_dates_follow_the_calendar() {
    use crate::model::export::utc_date;
    assert_eq!(utc_date(0.0), Some((1970, 1, 1)));
    assert_eq!(utc_date(951_782_400_000.0), Some((2000, 2, 29)));
    assert_eq!(utc_date(1_798_675_200_000.0), Some((2026, 12, 31)));
    assert_eq!(utc_date(-1.0), None);
    assert_eq!(utc_date(f64::NAN), None);
}

// Online.

fn room() -> RoomId {
    RoomId::from_bytes([3; 10])
}

fn state(moves: &[&str]) -> RoomState {
    let seat = Seat {
        taken: true,
        online: true,
    };
    RoomState {
        initial_fen: START.into(),
        promotion: PromotionRule::Any,
        clock: Some(protocol::TimeControl {
            initial_secs: 300,
            increment_secs: 3,
        }),
        public: false,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        seats: Seats(ByColor {
            white: seat,
            black: seat,
        }),
        outcome: None,
        draw_offer: None,
        rematch_offer: None,
        rematch_room: None,
        clocks: Some(Clocks {
            left_ms: ByColor {
                white: 300_000,
                black: 300_000,
            },
            running: None,
        }),
        claim_in_ms: None,
        closed: None,
        listed: false,
        expires_at_ms: None,
    }
}

fn online_model(you: Color, moves: &[&str]) -> Model {
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    let cmds = update(&mut m, Msg::Online(OnlineMsg::Join(room())));
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Send(ClientMsg::Join { .. })))
    );
    assert!(cmds.contains(&Cmd::SetLocation(Some(room()))));
    update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Snapshot {
            room: room(),
            seq: 4,
            you: Some(you),
            state: state(moves),
        })),
    );
    m
}

/// The room's event `seq`: the game ended with `result`.
fn game_over(seq: u64, result: GameResult) -> Msg {
    Msg::Net(NetEvent::Message(ServerMsg::Event {
        room: room(),
        seq,
        event: RoomEvent::GameOver {
            result,
            winner: result.winner(),
            at_ms: None,
        },
    }))
}

fn moved(seq: u64, ply: u32, uci: &str) -> Msg {
    Msg::Net(NetEvent::Message(ServerMsg::Event {
        room: room(),
        seq,
        event: RoomEvent::Moved {
            ply,
            uci: uci.into(),
            san: String::new(),
            clocks: None,
            at_ms: None,
        },
    }))
}

#[test]
fn online_a_move_is_sent_shown_and_confirmed_by_the_room() {
    let mut m = online_model(Color::White, &[]);
    assert_eq!(m.mode.name(), "online");
    assert!(m.my_turn());
    let cmds = click_move(&mut m, "e3", "e4");
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::Send(ClientMsg::Move { ply: 0, uci, .. }) if uci == "e3e4"
    )));
    assert!(saves(&cmds).is_empty(), "the server keeps online games");
    assert_eq!(m.game.moves().len(), 1);
    assert!(!m.my_turn(), "one move at a time");
    update(&mut m, moved(5, 0, "e3e4"));
    assert_eq!(m.mode.online().and_then(|o| o.pending), None);
    // The opponent's move arrives and slides in.
    update(&mut m, moved(6, 1, "d6d5"));
    assert_eq!(m.game.moves().len(), 2);
    assert!(m.my_turn());
}

#[test]
fn online_a_refused_move_is_taken_back() {
    let mut m = online_model(Color::White, &[]);
    click_move(&mut m, "e3", "e4");
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::error(
            protocol::ErrorCode::IllegalMove,
            "no",
            Some(&room()),
        ))),
    );
    assert!(m.game.moves().is_empty());
    assert_eq!(toasts(&cmds), vec!["That move is not allowed."]);
    // A drop also takes a pending move back.
    click_move(&mut m, "e3", "e4");
    update(&mut m, Msg::Net(NetEvent::Disconnected));
    assert!(m.game.moves().is_empty());
    let cmds = click_move(&mut m, "e3", "e4");
    assert!(m.game.moves().is_empty());
    assert!(toasts(&cmds)[0].contains("offline") || !toasts(&cmds).is_empty());
}

#[test]
fn online_review_stays_while_moves_arrive_and_never_plays() {
    let mut m = online_model(Color::Black, &["e3e4", "d6d5"]);
    update(&mut m, Msg::Review(ReviewStep::First));
    update(&mut m, moved(5, 2, "e4d5"));
    assert_eq!(m.game.moves().len(), 3);
    assert_eq!(m.review, Some(0));
    assert!(!m.my_turn());
    let cmds = click_move(&mut m, "c6", "d5");
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::Send(ClientMsg::Move { .. })))
    );
    update(&mut m, Msg::Review(ReviewStep::Live));
    assert!(m.my_turn());
}

#[test]
fn online_the_servers_end_is_the_result_and_opens_the_dialog() {
    let mut m = online_model(Color::White, &["e3e4", "d6d5"]);
    let result = GameResult::win(Color::Black, ResultReason::Timeout);
    update(&mut m, game_over(5, result));
    assert_eq!(m.result(), Some(result));
    assert_eq!(m.dialog, Some(Dialog::GameOver(result)));
    let pgn = crate::model::export::pgn(&m);
    assert!(pgn.contains("[TimeControl \"300+3\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(
        pgn.contains("{White ran out of time: Black wins.} 0-1"),
        "{pgn}"
    );
    // Undo does nothing online.
    update(&mut m, Msg::Undo);
    assert_eq!(m.game.moves().len(), 2);
}

#[test]
fn online_a_created_room_is_seated_and_remembered() {
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    let cmds = update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::Online(RoomSettings {
            seat: protocol::SeatChoice::Black,
            promotion: PromotionRule::Any,
            clock: None,
            public: true,
        })),
    );
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Send(ClientMsg::CreateRoom { .. })))
    );
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Seated {
            room: room(),
            seat: Color::Black,
            secret: "s3cret".into(),
        })),
    );
    assert!(cmds.contains(&Cmd::SetLocation(Some(room()))));
    assert!(cmds.iter().any(|c| matches!(c, Cmd::SaveSeats(_))));
    assert_eq!(
        m.seats.get(&room()).map(|e| e.secret.as_str()),
        Some("s3cret")
    );
    assert!(m.board.flipped);
    // Leaving for a local game asks the stored game back.
    let cmds = update(&mut m, Msg::Online(OnlineMsg::LeaveRoom));
    assert!(cmds.contains(&Cmd::LoadCurrent));
    update(
        &mut m,
        Msg::Loaded {
            purpose: LoadPurpose::BackToLocal,
            result: Ok(None),
        },
    );
    assert_eq!(m.mode.name(), "hotseat");
}

#[test]
fn moves_of_the_ai_reach_the_saved_record_as_typed_values() {
    let (mut m, cmds) = ai_model(Color::White);
    assert!(ai_requests(&cmds).is_empty(), "the human moves first");
    let cmds = click_move(&mut m, "e3", "e4");
    let saved = saves(&cmds)[0];
    assert_eq!(
        saved.ai_game(),
        Ok(Some(AiGame {
            level: Level::new(2).expect("a level"),
            human: Color::White
        }))
    );
    assert_eq!(
        m.game.moves()[0],
        Move {
            from: sq("e3"),
            to: sq("e4"),
            promotion: None
        }
    );
}

#[test]
fn a_pgn_becomes_a_saved_game_and_a_bad_one_names_its_move() {
    let mut m = model();
    let pgn = "[Event \"Club\"]\n[Variant \"asean\"]\n\n1. e4 d5 2. exd5 {a pawn} Nd7 3. Nd2 1-0\n";
    let cmds = update(&mut m, Msg::ImportStart(pgn.into()));
    assert_eq!(m.dialog, None);
    assert_eq!(m.game.moves().len(), 5);
    assert_eq!(
        m.result(),
        Some(GameResult::win(Color::White, ResultReason::Resignation))
    );
    assert_eq!(saves(&cmds).len(), 1);
    assert!(matches!(m.mode, Mode::HotSeat(_)));
    let before = m.game.clone();
    update(&mut m, Msg::ImportStart("1. e4 d5 2. Kxe5 *".into()));
    assert_eq!(m.game, before, "nothing changed");
    let Some(Dialog::Import { error: Some(e) }) = &m.dialog else {
        panic!("the dialog says why: {:?}", m.dialog);
    };
    assert!(e.contains("line 1") && e.contains("2. Kxe5"), "{e}");
    update(&mut m, Msg::ImportStart("   ".into()));
    assert_eq!(
        m.dialog,
        Some(Dialog::Import {
            error: Some("Paste a PGN or a FEN first.".into())
        })
    );
}

#[test]
fn analysis_asks_every_position_once_and_judges_the_moves() {
    use engine::analysis::{Eval, WhiteScore};
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    click_move(&mut m, "d6", "d5");
    let cmds = update(&mut m, Msg::AnalyseStart);
    let asked: Vec<(u32, usize)> = cmds
        .iter()
        .filter_map(|c| match c {
            Cmd::Analyse { id, moves, .. } => Some((*id, moves.len())),
            _ => None,
        })
        .collect();
    // The shown (live) position first, one request at a time.
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].1, 2);
    let eval = |cp: i32, best: Option<&str>| Eval {
        score: WhiteScore::Cp(cp),
        depth: 8,
        best: best.map(|b| {
            m.game.positions()[0]
                .parse_uci(b)
                .unwrap_or_else(|_| m.game.positions()[1].parse_uci(b).expect("a move"))
        }),
        pv: Vec::new(),
    };
    let replies = [
        (2, eval(-400, None)),
        (0, eval(0, Some("c3c4"))),
        (1, eval(-400, Some("c6c5"))),
    ];
    let mut id = asked[0].0;
    for (i, (ply, e)) in replies.into_iter().enumerate() {
        let a = m.analysis.as_ref().expect("running");
        assert_eq!(a.pending.map(|p| p.1), Some(ply), "step {i}");
        let cmds = update(&mut m, Msg::AnalysisReply { id, result: Ok(e) });
        if let Some(Cmd::Analyse { id: next, .. }) =
            cmds.iter().find(|c| matches!(c, Cmd::Analyse { .. }))
        {
            id = *next;
        }
    }
    let a = m.analysis.as_ref().expect("kept");
    assert!(a.complete());
    assert!(a.pending.is_none());
    // e3e4 dropped White from 0 to -400: a blunder; d6d5 kept Black's edge: no mark.
    assert_eq!(
        a.judgement(&m.game, 1),
        Some(engine::analysis::Judgement::Blunder)
    );
    assert_eq!(a.judgement(&m.game, 2), None);
    // A new game drops the analysis.
    update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::HotSeat {
            promotion: PromotionRule::Any,
        }),
    );
    assert!(m.analysis.is_none());
}

#[test]
fn a_stopped_analysis_asks_nothing_more() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    let cmds = update(&mut m, Msg::AnalyseStart);
    let id = cmds
        .iter()
        .find_map(|c| match c {
            Cmd::Analyse { id, .. } => Some(*id),
            _ => None,
        })
        .expect("asked");
    update(&mut m, Msg::AnalyseStop);
    let cmds = update(
        &mut m,
        Msg::AnalysisReply {
            id,
            result: Err("worker gone".into()),
        },
    );
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Analyse { .. })));
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(
        cmds.iter().any(|c| matches!(c, Cmd::Analyse { .. })),
        "started again"
    );
}

#[test]
fn a_sideways_swipe_steps_through_the_game() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    click_move(&mut m, "d6", "d5");
    let swipe = |m: &mut Model, from: f64, to: f64| {
        update(
            m,
            Msg::PointerDown {
                square: Some(sq("e5")),
                x: from,
                y: 100.0,
                pointer: 4,
            },
        );
        update(
            m,
            Msg::PointerUp {
                square: Some(sq("e5")),
                x: to,
                y: 110.0,
                pointer: 4,
            },
        );
    };
    swipe(&mut m, 100.0, 200.0);
    assert_eq!(m.review, Some(1), "a swipe to the right goes back");
    swipe(&mut m, 100.0, 200.0);
    assert_eq!(m.review, Some(0));
    swipe(&mut m, 200.0, 100.0);
    assert_eq!(m.review, Some(1), "to the left goes forward");
    // A short or vertical move is no swipe.
    swipe(&mut m, 100.0, 120.0);
    assert_eq!(m.review, Some(1));
    swipe(&mut m, 200.0, 100.0);
    assert_eq!(m.review, None);
    // Dragging a piece sideways is a move attempt, not a swipe.
    update(
        &mut m,
        Msg::PointerDown {
            square: Some(sq("a3")),
            x: 100.0,
            y: 100.0,
            pointer: 5,
        },
    );
    update(
        &mut m,
        Msg::PointerUp {
            square: Some(sq("c3")),
            x: 200.0,
            y: 100.0,
            pointer: 5,
        },
    );
    assert_eq!(m.review, None);
}

#[test]
fn a_seated_online_game_is_kept_in_the_saved_games_and_opens_its_room() {
    let mut m = online_model(Color::White, &["e3e4"]);
    let records: Vec<SavedGame> = update(&mut m, moved(5, 1, "d6d5"))
        .into_iter()
        .filter_map(|c| match c {
            Cmd::Record(s) => Some(s),
            _ => None,
        })
        .collect();
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(r.id, room().to_string());
    assert_eq!(r.moves, vec!["e3e4".to_owned(), "d6d5".to_owned()]);
    let online = r.online.as_ref().expect("the room");
    assert_eq!(
        (online.room.clone(), online.seat),
        (room(), Some(Color::White))
    );
    // The server's own end (time) is kept as it is, and the record replays.
    let result = GameResult::win(Color::Black, ResultReason::Timeout);
    let cmds = update(&mut m, game_over(6, result));
    let Some(Cmd::Record(r)) = cmds.iter().find(|c| matches!(c, Cmd::Record(_))) else {
        panic!("recorded again: {cmds:?}");
    };
    assert_eq!(r.result, Some(result));
    let text = serde_json::to_string(r).expect("json");
    let back = SavedGame::parse(&text).expect("readable");
    assert_eq!(back.to_game().expect("replays").moves().len(), 2);
    // An acknowledgement alone writes nothing.
    assert!(
        !update(&mut m, Msg::Tick)
            .iter()
            .any(|c| matches!(c, Cmd::Record(_)))
    );
    // Back on a local board, opening the entry follows the link.
    update(&mut m, Msg::Online(OnlineMsg::LeaveRoom));
    assert_eq!(m.mode.name(), "hotseat");
    let cmds = update(&mut m, Msg::Resume(room().to_string()));
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::Send(ClientMsg::Join { room: r, .. }) if *r == room()
    )));
    assert_eq!(m.mode.name(), "online");
    // Deleting asks first.
    update(&mut m, Msg::Online(OnlineMsg::LeaveRoom));
    update(&mut m, Msg::Delete(room().to_string()));
    assert!(matches!(
        m.dialog,
        Some(Dialog::Confirm(crate::model::Confirm::Delete(_)))
    ));
    let cmds = update(&mut m, Msg::ConfirmYes);
    assert!(cmds.contains(&Cmd::Delete(room().to_string())));
    assert!(m.saved.is_empty());
}

#[test]
fn no_engine_help_while_an_online_game_is_played() {
    let mut m = online_model(Color::White, &["e3e4", "d6d5"]);
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(m.analysis.is_none());
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Analyse { .. })));
    assert!(toasts(&cmds)[0].starts_with("The analysis opens once this game is over"));
    // Export stays open when the game ends under it; the result is on the status line.
    update(&mut m, Msg::ExportOpen);
    let result = GameResult::win(Color::White, ResultReason::Resignation);
    update(&mut m, game_over(5, result));
    assert_eq!(m.dialog, Some(Dialog::Export));
    assert_eq!(m.result(), Some(result));
    // Once over, the analysis is open.
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(cmds.iter().any(|c| matches!(c, Cmd::Analyse { .. })));
}

#[test]
fn a_missing_worker_stops_the_analysis_with_a_reason() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    update(&mut m, Msg::AnalyseStart);
    update(&mut m, Msg::AiUnavailable("no module".into()));
    let a = m.analysis.as_ref().expect("kept");
    assert!(a.stopped && a.pending.is_none() && a.error.is_some());
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Analyse { .. })));
}

#[test]
fn a_tap_that_plays_a_move_is_no_swipe() {
    let mut m = model();
    update(&mut m, Msg::BoardKey(BoardKey::Activate, Some(sq("e3"))));
    update(
        &mut m,
        Msg::PointerDown {
            square: Some(sq("e4")),
            x: 100.0,
            y: 100.0,
            pointer: 2,
        },
    );
    assert_eq!(m.game.moves().len(), 1);
    update(
        &mut m,
        Msg::PointerUp {
            square: Some(sq("g4")),
            x: 200.0,
            y: 100.0,
            pointer: 2,
        },
    );
    assert_eq!(m.review, None, "the move just played stays shown");
}

#[test]
fn leaving_a_room_is_at_once_and_a_late_answer_does_not_undo_another_room() {
    let mut m = online_model(Color::White, &["e3e4"]);
    let cmds = update(&mut m, Msg::Online(OnlineMsg::LeaveRoom));
    assert_eq!(m.mode.name(), "hotseat");
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Send(ClientMsg::Leave { .. })))
    );
    assert!(cmds.contains(&Cmd::LoadCurrent));
    // Another room is opened before the stored game is read: it stays.
    update(
        &mut m,
        Msg::Online(OnlineMsg::Join(RoomId::from_bytes([8; 10]))),
    );
    update(
        &mut m,
        Msg::Loaded {
            purpose: LoadPurpose::BackToLocal,
            result: Ok(None),
        },
    );
    assert_eq!(m.mode.name(), "online");
}

#[test]
fn an_ai_that_cannot_start_fails_its_move_and_is_retried() {
    // The AI (White) is asked for its first move; the worker then fails to load.
    let (mut m, cmds) = ai_model(Color::Black);
    assert_eq!(ai_requests(&cmds).len(), 1);
    assert!(m.ai_thinking());
    let cmds = update(
        &mut m,
        Msg::AiUnavailable("ai-worker.js could not be loaded".into()),
    );
    assert_eq!(
        m.ai.unavailable.as_deref(),
        Some("ai-worker.js could not be loaded")
    );
    assert!(!m.ai_thinking(), "the pending move fails rather than spins");
    assert_eq!(toasts(&cmds), [m.lang.t(Key::ToastAiUnavailable)]);
    // A hint is not asked of a worker known to be missing.
    assert!(ai_requests(&update(&mut m, Msg::Hint)).is_empty());
    // The retry starts the worker again and asks it for the move at once.
    let cmds = update(&mut m, Msg::AiRetry);
    assert_eq!(m.ai.unavailable, None);
    assert!(cmds.contains(&Cmd::RestartAi));
    let ids = ai_requests(&cmds);
    assert_eq!(ids.len(), 1);
    assert!(m.ai_thinking());
    // It answers this time.
    update(
        &mut m,
        Msg::AiReply {
            id: ids[0],
            result: Ok("e3e4".into()),
        },
    );
    assert_eq!(m.game.moves().len(), 1);
    assert!(!m.ai_thinking());
    // A second failure after a retry is said again.
    update(&mut m, Msg::AiRetry);
    let cmds = update(&mut m, Msg::AiUnavailable("again".into()));
    assert_eq!(toasts(&cmds).len(), 1);
}

#[test]
fn a_retry_on_the_humans_turn_asks_nothing() {
    let (mut m, _) = ai_model(Color::White);
    update(&mut m, Msg::AiUnavailable("no module".into()));
    let cmds = update(&mut m, Msg::AiRetry);
    assert!(cmds.contains(&Cmd::RestartAi));
    assert!(ai_requests(&cmds).is_empty());
}

#[test]
fn an_analysis_asked_of_a_missing_worker_says_why() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    update(&mut m, Msg::AiUnavailable("no module".into()));
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Analyse { .. })));
    assert_eq!(toasts(&cmds), [m.lang.t(Key::ToastAiUnavailable)]);
}

fn online_choice() -> NewGameChoice {
    NewGameChoice::Online(RoomSettings {
        seat: protocol::SeatChoice::White,
        promotion: PromotionRule::Any,
        clock: None,
        public: false,
    })
}

#[test]
fn online_play_without_a_connection_says_so_rather_than_waits() {
    let mut m = model();
    // Not connected yet, nothing failed: the page may be connecting.
    assert!(!m.net.unreachable());
    update(&mut m, Msg::NewGameOpen(None));
    // The server cannot be reached.
    update(&mut m, Msg::Net(NetEvent::Disconnected));
    assert!(m.net.unreachable());
    let cmds = update(&mut m, Msg::NewGameStart(online_choice()));
    assert_eq!(toasts(&cmds), [m.lang.t(Key::ToastNeedsConnection)]);
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Send(_))));
    assert!(m.mode.online().is_none(), "no waiting screen");
    assert!(m.dialog.is_some(), "the dialog stays for another choice");
    // Connected again: the room is made.
    update(&mut m, Msg::Net(NetEvent::Connected));
    assert!(!m.net.unreachable());
    let cmds = update(&mut m, Msg::NewGameStart(online_choice()));
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Send(ClientMsg::CreateRoom { .. })))
    );
}

#[test]
fn the_browser_going_offline_makes_online_play_unreachable() {
    let mut m = model();
    update(&mut m, Msg::BrowserOnline(false));
    assert!(m.net.unreachable());
    let cmds = update(&mut m, Msg::NewGameStart(online_choice()));
    assert_eq!(toasts(&cmds), [m.lang.t(Key::ToastNeedsConnection)]);
    update(&mut m, Msg::BrowserOnline(true));
    assert!(!m.net.unreachable());
    // A live connection counts whatever the browser says.
    update(&mut m, Msg::BrowserOnline(false));
    update(&mut m, Msg::Net(NetEvent::Connected));
    assert!(!m.net.unreachable());
}
