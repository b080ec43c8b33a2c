//! Host tests of [`update`]: every mode, review, export and import, saving and the AI's
//! requests, without a DOM.

use super::{BrowserCmd, StorageCmd, ViewCmd, WorkerCmd};
use core::time::Duration;

use super::*;
use crate::model::saved::SavedGame;
use crate::model::{AiGame, Env, Mode, ModeKind, Model};
use protocol::{
    ByColor, ClockSnapshot, RoomCommand, RoomEvent, RoomState, Seat, Seats, ServerMsg, TimeControl,
};
use rules::{DrawReason, Move, Outcome, Rules, WinReason};

const START: &str = "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1";

/// Feeds `m` the server's answer to `call`, asked in account epoch `epoch`: `status` with
/// `body` and no `Retry-After`, as the HTTP task hands it over; the commands it gives.
pub(super) fn http_answer(
    m: &mut Model,
    call: crate::model::account::Call,
    epoch: u32,
    status: u16,
    body: &str,
) -> Vec<Cmd> {
    update(
        m,
        Msg::Account(AccountMsg::Answer {
            call,
            epoch,
            answer: Ok(crate::model::account::HttpAnswer {
                status,
                body: body.into(),
                retry_after: None,
            }),
        }),
    )
}

pub(super) fn model() -> Model {
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
            seat: None,
            flip: None,
        },
    );
    assert!(cmds.contains(&Cmd::Socket(ClientMsg::WatchLobby)));
    m
}

pub(super) fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

/// Clicks `from` then `to`, as a player would.
pub(super) fn click_move(m: &mut Model, from: &str, to: &str) -> Vec<Cmd> {
    let mut cmds = update(m, Msg::BoardKey(BoardKey::Activate, Some(sq(from))));
    cmds.extend(update(m, Msg::BoardKey(BoardKey::Activate, Some(sq(to)))));
    cmds
}

fn saves(cmds: &[Cmd]) -> Vec<&SavedGame> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Storage(StorageCmd::Save { saved, .. }) => Some(saved),
            _ => None,
        })
        .collect()
}

pub(super) fn ai_requests(cmds: &[Cmd]) -> Vec<u32> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Worker(WorkerCmd::Ask { id, .. }) => Some(*id),
            _ => None,
        })
        .collect()
}

fn toasts(cmds: &[Cmd]) -> Vec<&str> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::View(ViewCmd::Toast { text, .. }) => Some(text.as_str()),
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
    let result = Outcome::win(Color::Black, WinReason::Resignation);
    assert_eq!(m.result(), Some(result));
    assert_eq!(m.dialog, Some(Dialog::GameOver(result)));
    assert_eq!(saves(&cmds)[0].result, Some(result));
    // Undo takes the resignation back.
    update(&mut m, Msg::Undo);
    assert_eq!(m.result(), None);
    update(&mut m, Msg::DrawAsk);
    update(&mut m, Msg::ConfirmYes);
    assert_eq!(m.result(), Some(Outcome::draw(DrawReason::Agreement)));
    // Nothing can be played after the end.
    let cmds = click_move(&mut m, "e3", "e4");
    assert!(m.game.moves().is_empty());
    assert!(
        toasts(&cmds)
            .iter()
            .any(|t| t.starts_with("The game is over"))
    );
}

/// The AI worker answers request `id`, a second after the page asked (replies sooner are
/// held back until the player's own move has been seen).
pub(super) fn ai_answer(m: &mut Model, id: u32, result: Result<String, String>) -> Vec<Cmd> {
    m.now += 1_000.0;
    update(m, Msg::AiReply { id, result })
}

pub(super) fn ai_model(human: Color) -> (Model, Vec<Cmd>) {
    let mut m = model();
    let cmds = update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::Ai {
            promotion: PromotionRule::Any,
            level: Level::new(2).expect("a level"),
            human: Some(human),
            clock: None,
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
    ai_answer(&mut m, asked[0] + 100, Ok("e3e4".into()));
    assert!(m.game.moves().is_empty());
    let cmds = ai_answer(&mut m, asked[0], Ok("e3e4".into()));
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
    let cmds = ai_answer(&mut m, id, Ok("e3e5".into()));
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
            Cmd::Worker(WorkerCmd::Ask {
                id,
                level,
                movetime_ms,
                ..
            }) => Some((*id, *level, *movetime_ms)),
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
fn flip_cancels_the_promotion_chooser() {
    let mut m = model();
    update(
        &mut m,
        Msg::ImportStart("4k2r/2P5/8/8/8/8/8/4K3 w - - 0 1".into()),
    );
    click_move(&mut m, "c7", "c8");
    assert!(matches!(m.dialog, Some(Dialog::Promotion { .. })));
    update(&mut m, Msg::Flip);
    assert!(m.board.flipped);
    assert_eq!(m.dialog, None, "the chooser stood over a square that moved");
    assert_eq!(m.board.selected, None);
    assert!(m.game.moves().is_empty(), "nothing played");
    // It opens again on the flipped board, and the choice is played.
    click_move(&mut m, "c7", "c8");
    update(&mut m, Msg::Promote(Role::Rook));
    assert_eq!(m.game.moves()[0].to_uci(), "c7c8r");
}

#[test]
fn kings_side_by_side_are_refused_and_a_waiting_side_in_check_is_played_with_a_word() {
    let mut m = model();
    let before = m.game.clone();
    update(&mut m, Msg::ImportOpen);
    update(
        &mut m,
        Msg::ImportStart("8/8/8/3kK3/8/8/8/7R w - - 0 1".into()),
    );
    assert_eq!(m.game, before, "nothing changed");
    let Some(Dialog::Import { error: Some(e) }) = &m.dialog else {
        panic!("the dialog says why: {:?}", m.dialog);
    };
    assert!(e.contains("side by side"), "{e}");
    // Black, not to move, is in check from the rook: played as given, with a word.
    let fen = "k7/8/8/8/8/8/8/R6K w - - 0 1";
    let cmds = update(&mut m, Msg::ImportStart(fen.into()));
    assert_eq!(m.dialog, None);
    assert_eq!(m.game.position().fen(), fen);
    let said = toasts(&cmds);
    assert!(
        said.iter().any(|t| t.contains("not to move is in check")),
        "{said:?}"
    );
    // An ordinary position gets the ordinary word.
    let cmds = update(
        &mut m,
        Msg::ImportStart("k7/8/8/8/8/8/8/1R5K w - - 0 1".into()),
    );
    assert_eq!(toasts(&cmds), ["Game imported."]);
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
        matches!(&cmds[..], [Cmd::Browser(BrowserCmd::Copy { what: CopyWhat::Fen, text })] if *text == m.game.position().fen())
    );
    let cmds = update(&mut m, Msg::Download);
    let Some(Cmd::Browser(BrowserCmd::Download { name, text, .. })) = cmds.first() else {
        panic!("a download: {cmds:?}");
    };
    assert!(
        name.starts_with("asean-2025-12-01-") && name.ends_with(".pgn"),
        "{name}"
    );
    assert_eq!(*text, pgn);
}

// Online.

pub(super) fn room() -> RoomId {
    RoomId::from_bytes([3; 10])
}

pub(super) fn state(moves: &[&str]) -> RoomState {
    let seat = Seat {
        taken: true,
        online: true,
    };
    RoomState {
        seat_ratings: Default::default(),
        rated: false,
        initial_fen: START.into(),
        promotion: PromotionRule::Any,
        clock: Some(protocol::TimeControl::fischer(300, 3).expect("a time control")),
        public: false,
        moves: moves.iter().map(|m| m.parse().expect("uci")).collect(),
        seats: Seats(ByColor {
            white: seat,
            black: seat,
        }),
        outcome: None,
        draw_offer: None,
        rematch_offer: None,
        rematch_room: None,
        clocks: Some(ClockSnapshot {
            left: ByColor {
                white: Duration::from_secs(300),
                black: Duration::from_secs(300),
            },
            running: None,
        }),
        claim_in_ms: None,
        closed: None,
        listed: false,
        expires_at_ms: None,
        players: ByColor::default(),
    }
}

pub(super) fn online_model(you: Color, moves: &[&str]) -> Model {
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    let cmds = update(&mut m, Msg::Online(OnlineMsg::Join(room())));
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Socket(ClientMsg::Join { .. })))
    );
    assert!(cmds.contains(&Cmd::Browser(BrowserCmd::SetLocation(Some(room())))));
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
pub(super) fn game_over(seq: u64, result: Outcome) -> Msg {
    Msg::Net(NetEvent::Message(ServerMsg::Event {
        room: room(),
        seq,
        event: RoomEvent::GameOver {
            ratings: None,
            result,
            winner: result.winner(),
            at_ms: None,
        },
    }))
}

pub(super) fn moved(seq: u64, ply: u32, uci: &str) -> Msg {
    Msg::Net(NetEvent::Message(ServerMsg::Event {
        room: room(),
        seq,
        event: RoomEvent::Moved {
            ply,
            uci: uci.parse().expect("uci"),
            san: String::new(),
            clocks: None,
            at_ms: None,
        },
    }))
}

fn summary(b: u8, open_seat: Color) -> protocol::RoomSummary {
    protocol::RoomSummary {
        id: RoomId::from_bytes([b; 10]),
        open_seat,
        promotion: PromotionRule::Any,
        clock: None,
        rated: false,
        seeker: None,
        rating_range: None,
    }
}

#[test]
fn the_lobby_listing_takes_diffs_and_counts_apart() {
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    let net = |msg: ServerMsg| Msg::Net(NetEvent::Message(msg));
    // A diff before any listing has nothing to apply to: it is logged and dropped.
    let early = protocol::ListingDiff {
        removed: Vec::new(),
        added: vec![protocol::ListedRoom {
            at: 0,
            room: summary(9, Color::White),
        }],
    };
    let cmds = update(&mut m, net(ServerMsg::LobbyDiff(early)));
    assert!(cmds.iter().any(|c| matches!(c, Cmd::Log(_))));
    assert_eq!(m.net.listing, None);
    let old = vec![
        summary(1, Color::White),
        summary(2, Color::Black),
        summary(3, Color::White),
    ];
    update(&mut m, net(ServerMsg::Lobby { rooms: old.clone() }));
    assert_eq!(m.net.counts, None, "the counts come apart");
    update(
        &mut m,
        net(ServerMsg::LobbyCounts {
            players_online: 7,
            games_in_progress: 2,
        }),
    );
    // Room 4 added first, room 1 removed, room 3 changed (its open seat).
    let new = vec![
        summary(4, Color::Black),
        summary(2, Color::Black),
        summary(3, Color::Black),
    ];
    let diff = protocol::ListingDiff::between(&old, &new).expect("a diff");
    assert_eq!(diff.added.len(), 2);
    update(&mut m, net(ServerMsg::LobbyDiff(diff)));
    assert_eq!(m.net.listing.as_ref().map(|l| &l.rooms), Some(&new));
    assert_eq!(
        m.net.counts,
        Some(crate::model::LobbyCounts {
            players: 7,
            games: 2
        }),
        "a diff leaves the counts alone"
    );
}

#[test]
fn online_a_move_is_sent_shown_and_confirmed_by_the_room() {
    let mut m = online_model(Color::White, &[]);
    assert_eq!(m.mode.name(), "online");
    assert!(m.my_turn());
    let cmds = click_move(&mut m, "e3", "e4");
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::Socket(ClientMsg::Room { command: RoomCommand::Move { ply: 0, uci }, .. })
            if uci.to_string() == "e3e4"
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
fn online_a_move_the_connection_leaves_unanswered_reconnects_and_is_sent_again() {
    let mut m = online_model(Color::White, &[]);
    m.now = 1_000.0;
    click_move(&mut m, "e3", "e4");
    assert!(m.mode.online().is_some_and(|o| o.pending.is_some()));
    // Within the answer's time nothing happens.
    m.now += crate::model::room::PENDING_ANSWER_MS / 2.0;
    assert!(!update(&mut m, Msg::Tick).contains(&Cmd::Reconnect));
    // Past it, the silent connection is taken for dead: the move is taken back off the board
    // (kept to be sent again) and the page connects again, "Reconnecting…" meanwhile.
    m.now += crate::model::room::PENDING_ANSWER_MS;
    let cmds = update(&mut m, Msg::Tick);
    assert!(cmds.contains(&Cmd::Reconnect));
    assert!(!m.net.connected && !m.net.renewing, "the banner shows");
    assert!(m.game.moves().is_empty());
    assert!(!update(&mut m, Msg::Tick).contains(&Cmd::Reconnect), "once");
    // Connected again: the room's snapshot lacks the move, so it is played and sent again.
    update(&mut m, Msg::Net(NetEvent::Connected));
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Snapshot {
            room: room(),
            seq: 4,
            you: Some(Color::White),
            state: state(&[]),
        })),
    );
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::Socket(ClientMsg::Room { command: RoomCommand::Move { ply: 0, uci }, .. })
            if uci.to_string() == "e3e4"
    )));
    assert_eq!(m.game.moves().len(), 1);
    assert!(m.mode.online().is_some_and(|o| o.pending.is_some()));
    // The server had it after all (a second drop, its snapshot with the move): not sent twice.
    update(&mut m, Msg::Net(NetEvent::Disconnected));
    update(&mut m, Msg::Net(NetEvent::Connected));
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Snapshot {
            room: room(),
            seq: 5,
            you: Some(Color::White),
            state: state(&["e3e4"]),
        })),
    );
    assert!(!cmds.iter().any(|c| matches!(
        c,
        Cmd::Socket(ClientMsg::Room {
            command: RoomCommand::Move { .. },
            ..
        })
    )));
    assert_eq!(m.game.moves().len(), 1);
    assert!(
        m.mode
            .online()
            .is_some_and(|o| o.pending.is_none() && o.resend.is_none())
    );
}

#[test]
fn online_a_move_lost_with_the_connection_is_not_sent_again_once_the_game_has_ended() {
    let mut m = online_model(Color::White, &[]);
    m.now = 1_000.0;
    click_move(&mut m, "e3", "e4");
    m.now += crate::model::room::PENDING_ANSWER_MS * 1.5;
    assert!(update(&mut m, Msg::Tick).contains(&Cmd::Reconnect));
    assert!(m.mode.online().is_some_and(|o| o.resend.is_some()));
    // Meanwhile White's flag fell: the snapshot has the result and not the move.
    update(&mut m, Msg::Net(NetEvent::Connected));
    let mut ended = state(&[]);
    ended.outcome = Some(Outcome::Win {
        winner: Color::Black,
        reason: WinReason::Timeout,
    });
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Snapshot {
            room: room(),
            seq: 4,
            you: Some(Color::White),
            state: ended,
        })),
    );
    assert!(
        !cmds.iter().any(|c| matches!(
            c,
            Cmd::Socket(ClientMsg::Room {
                command: RoomCommand::Move { .. },
                ..
            })
        )),
        "not sent after the end"
    );
    assert!(m.game.moves().is_empty(), "nor played on the board");
    assert!(m.mode.online().is_some_and(|o| o.resend.is_none()));
    assert!(m.ended());
}

#[test]
fn online_a_premove_waits_for_the_move_a_lost_connection_took_back() {
    let mut m = online_model(Color::White, &[]);
    m.now = 1_000.0;
    click_move(&mut m, "e3", "e4");
    click_move(&mut m, "d3", "d4");
    let premove = Move {
        from: sq("d3"),
        to: sq("d4"),
        promotion: None,
    };
    assert_eq!(m.board.premove, Some(premove));
    m.now += crate::model::room::PENDING_ANSWER_MS * 1.5;
    let cmds = update(&mut m, Msg::Tick);
    assert!(cmds.contains(&Cmd::Reconnect));
    // The board is back at White's turn, but the premove is not played before the
    // reconnection: the taken-back move goes first.
    assert!(m.game.moves().is_empty());
    assert_eq!(m.board.premove, Some(premove), "the premove is kept");
    let sent = |cmds: &[Cmd]| {
        cmds.iter()
            .filter_map(|c| match c {
                Cmd::Socket(ClientMsg::Room {
                    command: RoomCommand::Move { uci, .. },
                    ..
                }) => Some(uci.to_string()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    update(&mut m, Msg::Net(NetEvent::Connected));
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Snapshot {
            room: room(),
            seq: 4,
            you: Some(Color::White),
            state: state(&[]),
        })),
    );
    assert_eq!(sent(&cmds), ["e3e4"]);
    assert_eq!(m.board.premove, Some(premove));
    // The server confirms it, Black replies: the premove is played then.
    update(&mut m, moved(5, 0, "e3e4"));
    let cmds = update(&mut m, moved(6, 1, "a6a5"));
    assert_eq!(sent(&cmds), ["d3d4"]);
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
    assert!(!cmds.iter().any(|c| matches!(
        c,
        Cmd::Socket(ClientMsg::Room {
            command: RoomCommand::Move { .. },
            ..
        })
    )));
    update(&mut m, Msg::Review(ReviewStep::Live));
    assert!(m.my_turn());
}

#[test]
fn online_the_servers_end_is_the_result_and_opens_the_dialog() {
    let mut m = online_model(Color::White, &["e3e4", "d6d5"]);
    let result = Outcome::win(Color::Black, WinReason::Timeout);
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
            rated: false,
            range: Default::default(),
        })),
    );
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Socket(ClientMsg::CreateRoom { .. })))
    );
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Seated {
            room: room(),
            seat: Color::Black,
            secret: "s3cret".into(),
        })),
    );
    assert!(cmds.contains(&Cmd::Browser(BrowserCmd::SetLocation(Some(room())))));
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Storage(StorageCmd::SaveSeats(_))))
    );
    assert_eq!(
        m.seats.get(&room()).map(|e| e.secret.as_str()),
        Some("s3cret")
    );
    assert!(m.board.flipped);
    // Leaving for a local game asks the stored game back.
    let cmds = update(&mut m, Msg::Online(OnlineMsg::LeaveRoom));
    assert!(cmds.contains(&Cmd::Storage(StorageCmd::LoadCurrent)));
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
            human: Color::White,
            drill: None,
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
        Some(Outcome::win(Color::White, WinReason::Resignation))
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
            Cmd::Worker(WorkerCmd::Analyse { id, moves, .. }) => Some((*id, moves.len())),
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
        if let Some(Cmd::Worker(WorkerCmd::Analyse { id: next, .. })) = cmds
            .iter()
            .find(|c| matches!(c, Cmd::Worker(WorkerCmd::Analyse { .. })))
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
            clock: None,
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
            Cmd::Worker(WorkerCmd::Analyse { id, .. }) => Some(*id),
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
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::Worker(WorkerCmd::Analyse { .. })))
    );
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Worker(WorkerCmd::Analyse { .. }))),
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
fn every_end_only_a_server_decides_keeps_the_board_and_the_record() {
    // Time, abandonment, abort and the ply cap: the rules cannot show them, so the board keeps
    // the room's moves and position, and the saved record keeps the result and replays.
    let ends: Vec<Outcome> = Outcome::ALL
        .into_iter()
        .filter(|&r| crate::model::room::is_server_only(r))
        .collect();
    assert!(
        ends.contains(&Outcome::draw(DrawReason::PlyCap)),
        "{ends:?}"
    );
    for result in ends {
        let mut m = online_model(Color::White, &["e3e4", "d6d5"]);
        let fen = m.game.position().fen();
        let cmds = update(&mut m, game_over(5, result));
        assert_eq!(m.game.moves().len(), 2, "{result}");
        assert_eq!(m.game.position().fen(), fen, "{result}");
        assert_eq!(
            m.mode
                .online()
                .and_then(|o| o.view.as_ref())
                .and_then(|v| v.state.outcome),
            Some(result)
        );
        let r = recorded(&cmds).unwrap_or_else(|| panic!("{result}: not recorded: {cmds:?}"));
        assert_eq!(r.result, Some(result));
        assert_eq!(replayed_moves(r), 2, "{result}");
    }
}

/// The saved game a command list records, if any.
fn recorded(cmds: &[Cmd]) -> Option<&SavedGame> {
    cmds.iter().find_map(|c| match c {
        Cmd::Storage(StorageCmd::Record(r)) => Some(r),
        _ => None,
    })
}

/// The number of moves a saved game replays after a round trip through its JSON.
fn replayed_moves(r: &SavedGame) -> usize {
    let text = serde_json::to_string(r).expect("json");
    let back = SavedGame::parse(&text).expect("readable");
    back.to_game().expect("replays").moves().len()
}

#[test]
fn a_seated_online_game_is_kept_in_the_saved_games_and_opens_its_room() {
    let mut m = online_model(Color::White, &["e3e4"]);
    let records: Vec<SavedGame> = update(&mut m, moved(5, 1, "d6d5"))
        .into_iter()
        .filter_map(|c| match c {
            Cmd::Storage(StorageCmd::Record(s)) => Some(s),
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
    let result = Outcome::win(Color::Black, WinReason::Timeout);
    let cmds = update(&mut m, game_over(6, result));
    let r = recorded(&cmds).unwrap_or_else(|| panic!("recorded again: {cmds:?}"));
    assert_eq!(r.result, Some(result));
    assert_eq!(replayed_moves(r), 2);
    // An acknowledgement alone writes nothing.
    assert!(
        !update(&mut m, Msg::Tick)
            .iter()
            .any(|c| matches!(c, Cmd::Storage(StorageCmd::Record(_))))
    );
    // Back on a local board, opening the entry follows the link.
    update(&mut m, Msg::Online(OnlineMsg::LeaveRoom));
    assert_eq!(m.mode.name(), "hotseat");
    let cmds = update(&mut m, Msg::Resume(room().to_string()));
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::Socket(ClientMsg::Join { room: r, .. }) if *r == room()
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
    assert!(cmds.contains(&Cmd::Storage(StorageCmd::Delete(room().to_string()))));
    assert!(m.saved.is_empty());
}

#[test]
fn no_engine_help_while_an_online_game_is_played() {
    let mut m = online_model(Color::White, &["e3e4", "d6d5"]);
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(m.analysis.is_none());
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::Worker(WorkerCmd::Analyse { .. })))
    );
    assert!(toasts(&cmds)[0].starts_with("The analysis opens once this game is over"));
    // Export stays open when the game ends under it; the result is on the status line.
    update(&mut m, Msg::ExportOpen);
    let result = Outcome::win(Color::White, WinReason::Resignation);
    update(&mut m, game_over(5, result));
    assert_eq!(m.dialog, Some(Dialog::Export));
    assert_eq!(m.result(), Some(result));
    // Once over, the analysis is open.
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Worker(WorkerCmd::Analyse { .. })))
    );
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
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::Worker(WorkerCmd::Analyse { .. })))
    );
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
            .any(|c| matches!(c, Cmd::Socket(ClientMsg::Leave { .. })))
    );
    assert!(cmds.contains(&Cmd::Storage(StorageCmd::LoadCurrent)));
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
fn a_first_visit_shows_the_start_screen_and_each_way_to_play_starts_in_one_tap() {
    let mut m = model();
    assert!(m.start, "no game to resume, no room: the start screen");
    update(&mut m, Msg::StartPlay(ModeKind::HotSeat));
    assert!(!m.start);
    assert_eq!(m.mode.kind(), ModeKind::HotSeat);

    let mut m = model();
    let cmds = update(&mut m, Msg::StartPlay(ModeKind::Ai));
    assert!(!m.start);
    assert_eq!(
        m.mode.ai(),
        Some(AiGame {
            level: new_game::DEFAULT_LEVEL,
            human: Color::White,
            drill: None,
        })
    );
    assert_eq!(
        saves(&cmds).len(),
        1,
        "a game against the AI is kept at once"
    );

    let mut m = model();
    let cmds = update(&mut m, Msg::StartPlay(ModeKind::Online));
    assert!(!m.start);
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::Socket(ClientMsg::CreateRoom {
            public: false,
            clock: None,
            ..
        })
    )));

    // A returning player lands in the last game, and an invite link opens its room.
    let mut m = Model::new(Lang::En, model().env, 0.0, 3);
    let saved = SavedGame::from_game("abc", 0.0, 0.0, &Game::new(Rules::default()));
    update(
        &mut m,
        Msg::Started {
            current: Some(Ok((saved, Game::new(Rules::default())))),
            saved: Vec::new(),
            problems: Vec::new(),
            seats: SeatBook::default(),
            room: None,
            seat: None,
            flip: None,
        },
    );
    assert!(!m.start);
}

#[test]
fn under_met_only_a_promotion_is_played_without_the_panel() {
    let mut m = model();
    let rules = Rules {
        promotion: PromotionRule::MetOnly,
    };
    let game = Game::from_fen("4k3/1P6/7p/8/8/8/8/4K3 w - - 0 1", rules).expect("fen");
    new_game::fresh_board(&mut m, game, None, None);
    let cmds = click_move(&mut m, "b7", "b8");
    assert!(m.dialog.is_none(), "no one-button panel: {:?}", m.dialog);
    assert_eq!(m.game.moves().len(), 1);
    assert_eq!(m.game.moves()[0].promotion, Some(Role::Met));
    assert_eq!(saves(&cmds).len(), 1);
}

fn timed(initial_secs: u32, increment_secs: u32) -> Option<protocol::TimeControl> {
    Some(protocol::TimeControl::fischer(initial_secs, increment_secs).expect("a time control"))
}

#[test]
fn a_timed_hot_seat_game_runs_its_clocks_and_ends_on_time() {
    let mut m = model();
    update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::HotSeat {
            promotion: PromotionRule::Any,
            clock: timed(60, 1),
        }),
    );
    let start = m.now;
    let (c, initial) = m.clocks().expect("timed");
    assert_eq!(initial, Duration::from_secs(60));
    assert_eq!(c.running, None, "White's first move is free");
    m.now = start + 4_000.0;
    click_move(&mut m, "e3", "e4");
    m.now = start + 6_000.0;
    let (c, _) = m.clocks().expect("timed");
    assert_eq!(c.running, Some(Color::Black));
    assert_eq!(
        c.left,
        ByColor {
            white: Duration::from_millis(60_000),
            black: Duration::from_millis(58_000)
        }
    );
    m.now = start + 7_000.0;
    let cmds = click_move(&mut m, "d6", "d5");
    let stored = saves(&cmds)[0].clock.clone().expect("the clocks are saved");
    assert_eq!(
        *stored.history.last().expect("a ply"),
        ByColor {
            white: 60_000,
            black: 58_000
        }
    );
    // Undo gives Black's clock back as it was before the move.
    update(&mut m, Msg::Undo);
    assert_eq!(
        m.clocks().expect("timed").0.left.black,
        Duration::from_millis(57_000 + 3_000)
    );
    // Black's clock turns low: one warning sound on this turn.
    m.now += 50_500.0;
    assert!(update(&mut m, Msg::Tick).contains(&Cmd::Audio(crate::model::sound::Sound::LowTime)));
    m.now += 200.0;
    assert!(!update(&mut m, Msg::Tick).contains(&Cmd::Audio(crate::model::sound::Sound::LowTime)));
    // Black's flag falls 60 s after its clock restarted.
    m.now += 59_999.0 - 50_700.0;
    update(&mut m, Msg::Tick);
    assert!(m.result().is_none());
    m.now += 1.0;
    let cmds = update(&mut m, Msg::Tick);
    let result = Outcome::win(Color::White, WinReason::Timeout);
    assert_eq!(m.result(), Some(result));
    assert_eq!(m.dialog, Some(Dialog::GameOver(result)));
    assert_eq!(saves(&cmds)[0].result, Some(result));
    let pgn = crate::model::export::pgn(&m);
    assert!(pgn.contains("[TimeControl \"60+1\"]"), "{pgn}");
    // A fallen flag cannot be taken back.
    update(&mut m, Msg::Undo);
    assert_eq!(m.result(), Some(result));
    // The saved game reads back with its result and clocks.
    let saved = saves(&cmds)[0].clone();
    let game = saved.to_game().expect("reads back");
    assert_eq!(game.outcome(), Some(result));
}

#[test]
fn on_the_clock_the_ai_paces_itself() {
    let mut m = model();
    let cmds = update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::Ai {
            promotion: PromotionRule::Any,
            level: Level::MAX,
            human: Some(Color::Black),
            clock: timed(60, 0),
        }),
    );
    let asked = cmds.iter().find_map(|c| match c {
        Cmd::Worker(WorkerCmd::Ask { movetime_ms, .. }) => Some(*movetime_ms),
        _ => None,
    });
    // 60 s / 40 = 1.5 s, under level 8's 4 s.
    assert_eq!(asked, Some(1_500));
}

#[test]
fn a_premove_against_the_ai_is_played_on_its_reply_or_dropped() {
    let (mut m, _) = ai_model(Color::White);
    let cmds = click_move(&mut m, "e3", "e4");
    let asked = ai_requests(&cmds);
    assert_eq!(asked.len(), 1);
    // While the AI thinks, the human premoves d3-d4: shown, not played.
    assert_eq!(m.premover(), Some(Color::White));
    assert!(m.dests(sq("d3")).contains(&sq("d4")));
    click_move(&mut m, "d3", "d4");
    let premove = Move {
        from: sq("d3"),
        to: sq("d4"),
        promotion: None,
    };
    assert_eq!(m.board.premove, Some(premove));
    assert_eq!(m.game.moves().len(), 1);
    // The AI's reply comes: the premove is played at once, and the AI is asked again.
    let cmds = ai_answer(&mut m, asked[0], Ok("a6a5".into()));
    assert_eq!(m.game.moves().len(), 3, "the AI's move and the premove");
    assert_eq!(m.game.moves()[2], premove);
    assert_eq!(m.board.premove, None);
    let asked = ai_requests(&cmds);
    assert_eq!(asked.len(), 1);

    // A premove the reply makes illegal is dropped: e4xd5 when the pawn is not taken there.
    click_move(&mut m, "e4", "d5");
    assert!(
        m.board.premove.is_none(),
        "no piece on d5 to take: {:?}",
        m.board.premove
    );
    click_move(&mut m, "d4", "d5");
    assert!(m.board.premove.is_some());
    ai_answer(&mut m, asked[0], Ok("d6d5".into()));
    assert_eq!(
        m.game.moves().len(),
        4,
        "the premove into a pawn is dropped"
    );
    assert_eq!(m.board.premove, None);
    assert!(m.my_turn());

    // A click elsewhere cancels a premove.
    let asked = ai_requests(&click_move(&mut m, "e4", "d5"));
    assert_eq!(asked.len(), 1);
    click_move(&mut m, "c3", "c4");
    assert!(m.board.premove.is_some());
    update(&mut m, Msg::BoardKey(BoardKey::Activate, Some(sq("h5"))));
    assert_eq!(m.board.premove, None);
}

#[test]
fn undo_a_new_game_and_an_import_clear_the_premove() {
    let (mut m, _) = ai_model(Color::White);
    let premove = |m: &mut Model| {
        let asked = ai_requests(&click_move(m, "e3", "e4"));
        click_move(m, "d3", "d4");
        assert!(m.board.premove.is_some(), "premoved");
        asked
    };
    // Undo: the premove goes with the move taken back, and the AI's late answer plays
    // nothing of it.
    let asked = premove(&mut m);
    update(&mut m, Msg::Undo);
    assert_eq!(m.board.premove, None);
    ai_answer(&mut m, asked[0], Ok("a6a5".into()));
    assert!(
        !m.game.moves().iter().any(|mv| mv.to_uci() == "d3d4"),
        "no premove played after the undo: {:?}",
        m.game.moves()
    );
    // A new position imported, and a new game: no premove carried over.
    let (mut m, _) = ai_model(Color::White);
    premove(&mut m);
    update(
        &mut m,
        Msg::ImportStart("k7/8/8/8/8/8/8/1R5K w - - 0 1".into()),
    );
    assert_eq!(m.board.premove, None);
    let (mut m, _) = ai_model(Color::White);
    premove(&mut m);
    update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::HotSeat {
            promotion: PromotionRule::Any,
            clock: None,
        }),
    );
    assert_eq!(m.board.premove, None);
}

#[test]
fn a_premoved_promotion_asks_for_the_piece_at_once() {
    let (mut m, _) = ai_model(Color::White);
    let game = Game::from_fen("4k3/1P6/7p/8/8/8/8/4K3 b - - 0 1", Rules::default()).expect("fen");
    new_game::fresh_board(
        &mut m,
        game,
        Some(AiGame {
            level: Level::MIN,
            human: Color::White,
            drill: None,
        }),
        None,
    );
    let cmds = update(&mut m, Msg::Flip);
    let asked = ai_requests(&cmds);
    assert_eq!(asked.len(), 1, "Black (the AI) to move");
    click_move(&mut m, "b7", "b8");
    let Some(Dialog::Promotion { premove, roles, .. }) = &m.dialog else {
        panic!("the panel opens at once: {:?}", m.dialog);
    };
    assert!(*premove);
    assert_eq!(roles.len(), 4);
    update(&mut m, Msg::Promote(Role::Knight));
    let want = Move {
        from: sq("b7"),
        to: sq("b8"),
        promotion: Some(Role::Knight),
    };
    assert_eq!(m.board.premove, Some(want));
    ai_answer(&mut m, asked[0], Ok("h6h5".into()));
    assert_eq!(m.game.moves().last(), Some(&want));
}

#[test]
fn a_quick_ai_move_waits_until_the_players_move_has_been_seen() {
    let (mut m, _) = ai_model(Color::White);
    let asked = ai_requests(&click_move(&mut m, "e3", "e4"));
    // A low level answers in 20 ms: the move is held back, not played over the slide.
    m.now += 20.0;
    update(
        &mut m,
        Msg::AiReply {
            id: asked[0],
            result: Ok("a6a5".into()),
        },
    );
    assert_eq!(m.game.moves().len(), 1, "held back");
    assert!(m.ai_thinking(), "still shown as thinking");
    m.now += ai::MIN_AI_REPLY_MS / 2.0;
    update(&mut m, Msg::Tick);
    assert_eq!(m.game.moves().len(), 1);
    m.now += ai::MIN_AI_REPLY_MS;
    let cmds = update(&mut m, Msg::Tick);
    assert_eq!(m.game.moves().len(), 2, "played once the pause is over");
    assert_eq!(saves(&cmds).len(), 1);
    // A held answer to a position taken back is dropped.
    let asked = ai_requests(&click_move(&mut m, "d3", "d4"));
    update(
        &mut m,
        Msg::AiReply {
            id: asked[0],
            result: Ok("b6b5".into()),
        },
    );
    update(&mut m, Msg::Undo);
    m.now += 2.0 * ai::MIN_AI_REPLY_MS;
    update(&mut m, Msg::Tick);
    assert_eq!(m.game.moves().len(), 2, "undo dropped the held answer");
}

#[test]
fn the_boards_flip_is_remembered_for_its_game() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    let cmds = update(&mut m, Msg::Flip);
    let id = m.current_id().expect("a game").to_owned();
    assert!(cmds.contains(&Cmd::Storage(StorageCmd::SaveFlip {
        game: id.clone(),
        flipped: true
    })));
    let saved = m.saved[0].clone();
    let game = saved.to_game().expect("reads");
    let started = |flip| Msg::Started {
        current: Some(Ok((saved.clone(), game.clone()))),
        saved: Vec::new(),
        problems: Vec::new(),
        seats: SeatBook::default(),
        room: None,
        seat: None,
        flip,
    };
    let mut again = Model::new(Lang::En, m.env.clone(), 0.0, 5);
    update(&mut again, started(Some((id.clone(), true))));
    assert!(again.board.flipped, "the flip comes back with its game");
    let mut other = Model::new(Lang::En, m.env.clone(), 0.0, 5);
    update(&mut other, started(Some(("another".into(), true))));
    assert!(!other.board.flipped, "another game's flip does not apply");
}

// Looks: theme, piece set, board colours.

#[test]
fn looks_choices_are_applied_and_remembered_each_under_its_key() {
    use crate::model::looks::{BoardTheme, LookChoice, PieceSet, Theme};
    let mut m = model();
    let choices = [
        LookChoice::Theme(Theme::Dark),
        LookChoice::Pieces(PieceSet::Western),
        LookChoice::Board(BoardTheme::Slate),
    ];
    for choice in choices {
        let cmds = update(&mut m, Msg::Looks(LooksMsg::Choose(choice)));
        assert_eq!(cmds, vec![Cmd::Storage(StorageCmd::SaveLook(choice))]);
    }
    assert_eq!(
        (m.looks.theme, m.looks.pieces, m.looks.board),
        (Theme::Dark, PieceSet::Western, BoardTheme::Slate)
    );
    assert!(m.looks.dark());
    // The game is untouched.
    assert!(m.game.moves().is_empty());
}

#[test]
fn the_theme_toggle_switches_what_is_shown_and_remembers_it() {
    use crate::model::looks::{LookChoice, Theme};
    let mut m = model();
    // Auto on a light system: the toggle goes dark.
    assert!(!m.looks.dark());
    let cmds = update(&mut m, Msg::Looks(LooksMsg::ToggleTheme));
    assert_eq!(
        cmds,
        vec![Cmd::Storage(StorageCmd::SaveLook(LookChoice::Theme(
            Theme::Dark
        )))]
    );
    assert!(m.looks.dark());
    update(&mut m, Msg::Looks(LooksMsg::ToggleTheme));
    assert_eq!(m.looks.theme, Theme::Light);
    // Auto on a dark system: the toggle goes light.
    update(
        &mut m,
        Msg::Looks(LooksMsg::Choose(LookChoice::Theme(Theme::Auto))),
    );
    update(&mut m, Msg::Looks(LooksMsg::SystemDark(true)));
    assert!(m.looks.dark());
    let cmds = update(&mut m, Msg::Looks(LooksMsg::ToggleTheme));
    assert_eq!(
        cmds,
        vec![Cmd::Storage(StorageCmd::SaveLook(LookChoice::Theme(
            Theme::Light
        )))]
    );
    assert!(!m.looks.dark());
}

#[test]
fn the_system_scheme_and_other_tabs_change_the_looks_without_a_write() {
    use crate::model::looks::{LookChoice, PieceSet, Theme};
    let mut m = model();
    let cmds = update(&mut m, Msg::Looks(LooksMsg::SystemDark(true)));
    assert!(cmds.is_empty());
    assert_eq!(m.looks.theme, Theme::Auto);
    assert!(m.looks.dark());
    let cmds = update(
        &mut m,
        Msg::Looks(LooksMsg::Stored(LookChoice::Pieces(PieceSet::Western))),
    );
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::Storage(StorageCmd::SaveLook(_))))
    );
    assert_eq!(m.looks.pieces, PieceSet::Western);
    // A forced light theme ignores the system.
    update(
        &mut m,
        Msg::Looks(LooksMsg::Stored(LookChoice::Theme(Theme::Light))),
    );
    update(&mut m, Msg::Looks(LooksMsg::SystemDark(true)));
    assert!(!m.looks.dark());
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
    assert!(cmds.contains(&Cmd::Worker(WorkerCmd::Restart)));
    let ids = ai_requests(&cmds);
    assert_eq!(ids.len(), 1);
    assert!(m.ai_thinking());
    // It answers this time.
    ai_answer(&mut m, ids[0], Ok("e3e4".into()));
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
    assert!(cmds.contains(&Cmd::Worker(WorkerCmd::Restart)));
    assert!(ai_requests(&cmds).is_empty());
}

#[test]
fn an_analysis_asked_of_a_missing_worker_says_why() {
    let mut m = model();
    click_move(&mut m, "e3", "e4");
    update(&mut m, Msg::AiUnavailable("no module".into()));
    let cmds = update(&mut m, Msg::AnalyseStart);
    assert!(
        !cmds
            .iter()
            .any(|c| matches!(c, Cmd::Worker(WorkerCmd::Analyse { .. })))
    );
    assert_eq!(toasts(&cmds), [m.lang.t(Key::ToastAiUnavailable)]);
}

fn online_choice() -> NewGameChoice {
    NewGameChoice::Online(RoomSettings {
        seat: protocol::SeatChoice::White,
        promotion: PromotionRule::Any,
        clock: None,
        public: false,
        rated: false,
        range: Default::default(),
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
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Socket(_))));
    assert!(m.mode.online().is_none(), "no waiting screen");
    assert!(m.dialog.is_some(), "the dialog stays for another choice");
    // Connected again: the room is made.
    update(&mut m, Msg::Net(NetEvent::Connected));
    assert!(!m.net.unreachable());
    let cmds = update(&mut m, Msg::NewGameStart(online_choice()));
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::Socket(ClientMsg::CreateRoom { .. })))
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

#[test]
fn a_picked_language_is_switched_to_once_its_texts_are_ready() {
    let mut m = model();
    let lang = m.lang;
    let other = if lang == Lang::Th { Lang::Vi } else { Lang::Th };
    assert_eq!(
        update(&mut m, Msg::PickLang(other)),
        vec![Cmd::Catalog(other)]
    );
    assert_eq!(m.lang, lang, "not before its texts are loaded");
    assert_eq!(
        update(&mut m, Msg::SetLang(other)),
        vec![Cmd::Storage(StorageCmd::SaveLang(other))]
    );
    assert_eq!(m.lang, other);
}

/// The `rated` flag of the `CreateRoom` in `cmds` (`None`: none sent).
fn rated_sent(cmds: &[Cmd]) -> Option<bool> {
    cmds.iter().find_map(|c| match c {
        Cmd::Socket(ClientMsg::CreateRoom { rated, .. }) => Some(*rated),
        _ => None,
    })
}

fn rated_choice(clock: Option<protocol::TimeControl>) -> NewGameChoice {
    NewGameChoice::Online(RoomSettings {
        seat: protocol::SeatChoice::Random,
        promotion: PromotionRule::Any,
        clock,
        public: false,
        rated: true,
        range: Default::default(),
    })
}

fn sign_in(m: &mut Model) {
    m.accounts.user = Some(crate::model::account::Account {
        id: "alice".parse().expect("a user id"),
        username: "Alice".parse().expect("a username"),
        created_at: None,
        perfs: Vec::new(),
    });
}

#[test]
fn online_a_rated_room_is_asked_only_signed_in_and_timed() {
    use super::online::rated_refusal;
    let blitz = protocol::TimeControl::fischer(300, 3).ok();
    assert_eq!(rated_refusal(false, blitz), Some(Key::RatedNeedsSignIn));
    assert_eq!(rated_refusal(false, None), Some(Key::RatedNeedsSignIn));
    assert_eq!(rated_refusal(true, None), Some(Key::RatedNeedsClock));
    assert_eq!(rated_refusal(true, blitz), None);

    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    // Anonymous: the box is ignored (the server would refuse the room).
    let cmds = update(&mut m, Msg::NewGameStart(rated_choice(blitz)));
    assert_eq!(rated_sent(&cmds), Some(false));
    sign_in(&mut m);
    // Signed in but untimed: not rated either.
    let cmds = update(&mut m, Msg::NewGameStart(rated_choice(None)));
    assert_eq!(rated_sent(&cmds), Some(false));
    // Signed in with a clock: rated.
    let cmds = update(&mut m, Msg::NewGameStart(rated_choice(blitz)));
    assert_eq!(rated_sent(&cmds), Some(true));
    // An unrated choice stays unrated.
    let cmds = update(&mut m, Msg::NewGameStart(online_choice()));
    assert_eq!(rated_sent(&cmds), Some(false));

    // The server refuses the room (the session ended meanwhile): back to the own board
    // rather than a waiting screen that never gets its link.
    update(&mut m, Msg::NewGameStart(rated_choice(blitz)));
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Error {
            room: None,
            code: protocol::ErrorCode::SignInRequired,
            message: "sign in to play rated games".into(),
        })),
    );
    assert!(
        cmds.contains(&Cmd::Storage(StorageCmd::LoadCurrent)),
        "{cmds:?}"
    );
}

#[test]
fn online_a_rated_end_puts_the_rating_changes_in_the_room() {
    let mut m = online_model(Color::White, &["b3b4"]);
    assert_eq!(m.room().and_then(|r| r.ratings), None);
    let ratings = ByColor {
        white: protocol::RatingChange {
            before: 1500,
            after: 1512,
            provisional: true,
        },
        black: protocol::RatingChange {
            before: 1620,
            after: 1609,
            provisional: false,
        },
    };
    let result = Outcome::win(Color::White, WinReason::Resignation);
    sign_in(&mut m);
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Event {
            room: room(),
            seq: 5,
            event: RoomEvent::GameOver {
                ratings: Some(ratings),
                result,
                winner: Some(Color::White),
                at_ms: None,
            },
        })),
    );
    assert_eq!(m.dialog, Some(Dialog::GameOver(result)));
    assert_eq!(m.room().and_then(|r| r.ratings), Some(ratings));
    // The player's ratings moved: the page reads them again (the lobby's ranges use them).
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::Http(r) if r.call == crate::model::account::Call::Me
        )),
        "{cmds:?}"
    );
    // An unrated end has none.
    let mut m = online_model(Color::White, &["b3b4"]);
    update(&mut m, game_over(5, result));
    assert_eq!(m.dialog, Some(Dialog::GameOver(result)));
    assert_eq!(m.room().and_then(|r| r.ratings), None);
}

#[test]
fn a_pool_is_joined_kept_across_a_reconnection_and_left() {
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    let blitz = TimeControl::fischer(300, 3).expect("5+3");
    let cmds = update(&mut m, Msg::Online(OnlineMsg::JoinPool(blitz)));
    assert!(cmds.contains(&Cmd::Socket(ClientMsg::JoinPool { pool: blitz })));
    assert!(!m.start, "the start screen closes");
    assert_eq!(m.net.pool.map(|p| p.clock), Some(blitz));
    // Tapped again: nothing more is sent.
    let again = update(&mut m, Msg::Online(OnlineMsg::JoinPool(blitz)));
    assert!(!again.iter().any(|c| matches!(c, Cmd::Socket(_))));
    // Not a pool's time control: ignored.
    let odd = TimeControl::fischer(300, 4).expect("5+4");
    update(&mut m, Msg::Online(OnlineMsg::JoinPool(odd)));
    assert_eq!(m.net.pool.map(|p| p.clock), Some(blitz));
    update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Pool {
            pool: blitz,
            rated: true,
            players: 4,
        })),
    );
    let p = m.net.pool.expect("waiting");
    assert_eq!((p.rated, p.players), (Some(true), Some(4)));
    // The server drops the place with the connection: the page takes it again.
    update(&mut m, Msg::Net(NetEvent::Disconnected));
    let cmds = update(&mut m, Msg::Net(NetEvent::Connected));
    assert!(cmds.contains(&Cmd::Socket(ClientMsg::JoinPool { pool: blitz })));
    let cmds = update(&mut m, Msg::Online(OnlineMsg::LeavePool));
    assert!(cmds.contains(&Cmd::Socket(ClientMsg::LeavePool)));
    assert_eq!(m.net.pool, None);
    let cmds = update(&mut m, Msg::Net(NetEvent::Connected));
    assert!(!cmds.contains(&Cmd::Socket(ClientMsg::JoinPool { pool: blitz })));
}

#[test]
fn a_pairing_opens_the_new_room_with_its_seat() {
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    let bullet = TimeControl::fischer(60, 0).expect("1+0");
    update(&mut m, Msg::Online(OnlineMsg::JoinPool(bullet)));
    let room: RoomId = "0123456789abcdef0123".parse().expect("room");
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::Seated {
            room: room.clone(),
            seat: Color::Black,
            secret: "s3cret".into(),
        })),
    );
    assert_eq!(m.net.pool, None);
    assert!(cmds.contains(&Cmd::Socket(ClientMsg::Join {
        room: room.clone(),
        secret: Some("s3cret".into()),
        after: None,
        watch: false,
    })));
    assert_eq!(
        m.mode.online().and_then(|o| o.room.clone()),
        Some(room),
        "the room is on the board"
    );
    assert!(m.board.flipped, "Black's side at the bottom");
}

#[test]
fn a_place_taken_elsewhere_ends_the_wait_with_a_word() {
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    let rapid = TimeControl::fischer(600, 5).expect("10+5");
    update(&mut m, Msg::Online(OnlineMsg::JoinPool(rapid)));
    let cmds = update(
        &mut m,
        Msg::Net(NetEvent::Message(ServerMsg::PoolLeft { pool: rapid })),
    );
    assert_eq!(m.net.pool, None);
    assert_eq!(toasts(&cmds).len(), 1);
}

/// The seek's rating range is sent around the player's own rating for the game's speed, only
/// signed in with a clock.
#[test]
fn online_a_seek_asks_its_range_around_the_own_rating() {
    use super::online::RangeChoice;
    let blitz = protocol::TimeControl::fischer(300, 3).ok();
    let sent = |cmds: &[Cmd]| {
        cmds.iter().find_map(|c| match c {
            Cmd::Socket(ClientMsg::CreateRoom { rating_range, .. }) => {
                Some(rating_range.map(|r| (r.min, r.max)))
            }
            _ => None,
        })
    };
    let seek = |clock| {
        NewGameChoice::Online(RoomSettings {
            seat: protocol::SeatChoice::Random,
            promotion: PromotionRule::Any,
            clock,
            public: true,
            rated: true,
            range: RangeChoice {
                below: Some(100),
                above: Some(300),
            },
        })
    };
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    assert_eq!(
        sent(&update(&mut m, Msg::NewGameStart(seek(blitz)))),
        Some(None)
    );
    sign_in(&mut m);
    // A new player's 1500 when the account's ratings are not known.
    assert_eq!(
        sent(&update(&mut m, Msg::NewGameStart(seek(blitz)))),
        Some(Some((1400, 1800)))
    );
    if let Some(u) = m.accounts.user.as_mut() {
        u.perfs = vec![(
            rating::Perf::Blitz,
            crate::model::account::PerfRating {
                rating: 1720,
                provisional: false,
            },
        )];
    }
    assert_eq!(
        sent(&update(&mut m, Msg::NewGameStart(seek(blitz)))),
        Some(Some((1620, 2020)))
    );
    assert_eq!(
        sent(&update(&mut m, Msg::NewGameStart(seek(None)))),
        Some(None)
    );
    // Bounds stay within what the server takes; no limit on either side is no range.
    let r = RangeChoice {
        below: Some(500),
        above: Some(500),
    };
    assert_eq!(r.around(600).map(|r| (r.min, r.max)), Some((400, 1100)));
    assert_eq!(r.around(3800).map(|r| (r.min, r.max)), Some((3300, 4000)));
    assert_eq!(RangeChoice::default().around(1500), None);
}

/// Whether the lobby's viewer may take a seek: the row says why not instead of hiding it.
#[test]
fn lobby_seeks_say_who_may_take_them() {
    use super::online::{SeekTake, seek_take};
    let alice = |rating| crate::model::account::Account {
        id: "alice".parse().expect("id"),
        username: "Alice".parse().expect("name"),
        created_at: None,
        perfs: vec![(
            rating::Perf::Blitz,
            crate::model::account::PerfRating {
                rating,
                provisional: false,
            },
        )],
    };
    let seek = |rated, range: Option<(u16, u16)>, seeker: Option<&str>| protocol::RoomSummary {
        rated,
        clock: protocol::TimeControl::fischer(300, 3).ok(),
        rating_range: range.and_then(|(a, b)| protocol::RatingRange::new(a, b).ok()),
        seeker: seeker.map(|s| protocol::Seeker {
            username: s.parse().expect("name"),
            rating: Some(1500),
            provisional: true,
        }),
        ..summary(1, Color::Black)
    };
    let a = alice(1550);
    let table: &[(
        Option<&crate::model::account::Account>,
        protocol::RoomSummary,
        SeekTake,
    )] = &[
        (None, seek(false, None, None), SeekTake::Open),
        (None, seek(false, None, Some("Bob")), SeekTake::Open),
        (None, seek(true, None, Some("Bob")), SeekTake::NeedsSignIn),
        (
            None,
            seek(false, Some((1400, 1600)), Some("Bob")),
            SeekTake::NeedsSignIn,
        ),
        (Some(&a), seek(true, None, Some("Bob")), SeekTake::Open),
        (
            Some(&a),
            seek(true, Some((1400, 1600)), Some("Bob")),
            SeekTake::Open,
        ),
        (
            Some(&a),
            seek(true, Some((1551, 1600)), Some("Bob")),
            SeekTake::OutOfRange,
        ),
        (
            Some(&a),
            seek(false, Some((1200, 1549)), Some("Bob")),
            SeekTake::OutOfRange,
        ),
        (Some(&a), seek(false, None, Some("ALICE")), SeekTake::Own),
        (
            Some(&a),
            seek(true, Some((2000, 2100)), Some("alice")),
            SeekTake::Own,
        ),
    ];
    for (i, (user, r, want)) in table.iter().enumerate() {
        assert_eq!(seek_take(*user, r), *want, "case {i}");
    }
}

fn ensure_no_account_request(cmds: &[Cmd]) {
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Http(_))), "{cmds:?}");
}

/// A refusal that signing in solves says so with a link to sign in; a page that thinks it is
/// signed in (its session ended elsewhere) also asks the server who is signed in.
#[test]
fn online_sign_in_required_links_to_the_sign_in_view() {
    let refused = || {
        Msg::Net(NetEvent::Message(ServerMsg::Error {
            room: None,
            code: protocol::ErrorCode::SignInRequired,
            message: "sign in to play rated games".into(),
        }))
    };
    let mut m = model();
    update(&mut m, Msg::Net(NetEvent::Connected));
    update(&mut m, Msg::NewGameStart(online_choice()));
    let cmds = update(&mut m, refused());
    let want = m.lang.t(Key::ErrSignInRequired).to_owned();
    assert!(
        cmds.contains(&Cmd::View(ViewCmd::SignInToast {
            text: want.clone(),
            link: m.lang.t(Key::SignInLink).to_owned(),
        })),
        "{cmds:?}"
    );
    ensure_no_account_request(&cmds);
    sign_in(&mut m);
    update(&mut m, Msg::NewGameStart(online_choice()));
    let cmds = update(&mut m, refused());
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Cmd::View(ViewCmd::SignInToast { text, .. }) if *text == want)),
        "{cmds:?}"
    );
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::Http(r) if r.call == crate::model::account::Call::Me
        )),
        "signed in here: the page asks whether the session still signs anyone in: {cmds:?}"
    );
    for lang in crate::i18n::Lang::ALL {
        assert!(!lang.t(Key::ErrSignInRequired).is_empty());
        assert!(!lang.t(Key::ErrTooManySeeks).is_empty());
    }
}

#[test]
fn retrying_reaches_for_the_server_at_once_only_while_it_is_out_of_reach() {
    let mut m = model();
    m.net.connected = false;
    m.net.failed = true;
    let cmds = update(&mut m, Msg::Online(OnlineMsg::Retry));
    assert!(cmds.contains(&Cmd::Reconnect));
    m.net.connected = true;
    m.net.failed = false;
    let cmds = update(&mut m, Msg::Online(OnlineMsg::Retry));
    assert!(
        !cmds.contains(&Cmd::Reconnect),
        "connected: nothing to retry"
    );
}

/// The saved record of the game on the board, as the last `Save` command wrote it.
fn last_saved(cmds: &[Cmd]) -> Option<SavedGame> {
    cmds.iter().rev().find_map(|c| match c {
        Cmd::Storage(StorageCmd::Save { saved, .. }) => Some(saved.clone()),
        _ => None,
    })
}

#[test]
fn an_imported_pgn_keeps_its_tags_and_its_result_as_written_through_a_save_and_an_export() {
    use crate::model::export::{RecordEnd, RecordScore};
    let text = "[Event \"Club championship\"]\n[Site \"Khon Kaen\"]\n[Date \"2026.??.??\"]\n\
                [Round \"3\"]\n[White \"Anong\"]\n[Black \"Boon\"]\n[WhiteElo \"1850\"]\n\
                [TimeControl \"40/7200:3600\"]\n[Annotator \"Chai\"]\n[Result \"1-0\"]\n\n\
                1. e4 d5 2. Nd2 Nd7 1-0\n";
    let mut m = model();
    let cmds = update(&mut m, Msg::ImportStart(text.into()));
    // A result alone: White wins, and nobody is said to have resigned.
    assert_eq!(
        m.record_end(),
        Some(RecordEnd::Unstated(RecordScore::WhiteWins))
    );
    let pgn = crate::model::export::pgn(&m);
    for tag in [
        "[Event \"Club championship\"]",
        "[Site \"Khon Kaen\"]",
        "[Date \"2026.??.??\"]",
        "[Round \"3\"]",
        "[White \"Anong\"]",
        "[Black \"Boon\"]",
        "[WhiteElo \"1850\"]",
        "[TimeControl \"40/7200:3600\"]",
        "[Annotator \"Chai\"]",
        "[Result \"1-0\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in\n{pgn}");
    }
    assert!(!pgn.contains("resigned"), "no resignation made up:\n{pgn}");
    // Saved and read back (a reload): the same record.
    let saved = last_saved(&cmds).expect("saved");
    let json = serde_json::to_string(&saved).expect("json");
    let back = SavedGame::parse(&json).expect("parse");
    assert_eq!(
        back.record_end(),
        Some(RecordEnd::Unstated(RecordScore::WhiteWins))
    );
    let game = back.to_game().expect("game");
    let mut again = model();
    crate::update::saved::adopt(&mut again, back, game);
    assert_eq!(crate::model::export::pgn(&again), pgn);
    assert_eq!(
        again.record_end(),
        Some(RecordEnd::Unstated(RecordScore::WhiteWins))
    );
}

#[test]
fn a_time_forfeit_stays_one_and_a_contradicted_result_is_imported_with_a_warning() {
    use crate::model::export::{RecordEnd, RecordScore};
    let mut m = model();
    update(
        &mut m,
        Msg::ImportStart("[Termination \"time forfeit\"]\n\n1. e4 d5 0-1\n".into()),
    );
    assert_eq!(
        m.result(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Timeout
        })
    );
    assert_eq!(m.record_end(), Some(RecordEnd::AsPlayed));
    assert!(crate::model::export::pgn(&m).contains("[Termination \"time forfeit\"]"));
    // Said resigned: a resignation.
    update(
        &mut m,
        Msg::ImportStart("1. e4 d5 {White resigns} 0-1\n".into()),
    );
    assert_eq!(m.record_end(), Some(RecordEnd::AsPlayed));
    // A mate scored the other way: shown as played, with a warning.
    let cmds = update(
        &mut m,
        Msg::ImportStart("1. Nd2 Nd7 2. Nc4 Ne7 3. Nxd6# 0-1\n".into()),
    );
    assert!(m.game.position().is_checkmate());
    assert_eq!(
        m.record_end(),
        Some(RecordEnd::Contradicts(RecordScore::BlackWins))
    );
    assert!(
        toasts(&cmds).iter().any(|t| t.contains("does not match")),
        "{:?}",
        toasts(&cmds)
    );
}

#[test]
fn an_open_challenge_s_link_for_one_colour_asks_for_that_seat_until_one_is_held() {
    let env = Env {
        origin: "http://127.0.0.1:8080".into(),
        can_share: false,
        persistent: true,
    };
    let mut m = Model::new(Lang::En, env, 1_764_547_200_000.0, 7);
    // The page opens at `#/room/<id>?color=black`.
    let route = crate::model::Route::from_hash(&format!("#/room/{}?color=black", room()));
    assert_eq!(
        route,
        crate::model::Route::Room(room(), Some(protocol::Color::Black))
    );
    let take = Cmd::Socket(ClientMsg::TakeSeat {
        room: room(),
        seat: protocol::Color::Black,
    });
    let cmds = update(
        &mut m,
        Msg::Started {
            current: None,
            saved: Vec::new(),
            problems: Vec::new(),
            seats: SeatBook::default(),
            room: Some(room()),
            seat: Some(protocol::Color::Black),
            flip: None,
        },
    );
    assert!(cmds.contains(&take), "{cmds:?}");
    // The socket opens after: the join sent again asks for Black again.
    let cmds = update(&mut m, Msg::Net(NetEvent::Connected));
    assert!(cmds.contains(&take), "{cmds:?}");
    // The plain link, from the lobby or the address, takes whichever seat is free.
    update(&mut m, Msg::Online(OnlineMsg::LeaveRoom));
    let cmds = update(&mut m, Msg::Route(crate::model::Route::Room(room(), None)));
    assert!(
        cmds.iter().any(|c| matches!(
            c,
            Cmd::Socket(ClientMsg::Join { room: r, secret: None, .. }) if *r == room()
        )),
        "{cmds:?}"
    );
}

/// 1. a4 Nd7 2. Nd2 Nc5 3. Ne2?? Nxd3#: White's third move allows a mate in one.
const LEARN_GAME: [(&str, &str); 6] = [
    ("a3", "a4"),
    ("b8", "d7"),
    ("b1", "d2"),
    ("d7", "c5"),
    ("g1", "e2"),
    ("c5", "d3"),
];

/// A hot-seat game of [`LEARN_GAME`] with its analysis complete: level until White's blunder
/// (the best move before it `e1f2`), then mate.
fn analysed_blunder() -> Model {
    use engine::analysis::{Eval, WhiteScore};
    let mut m = model();
    for (from, to) in LEARN_GAME {
        click_move(&mut m, from, to);
    }
    assert!(m.game.position().is_checkmate());
    let mut cmds = update(&mut m, Msg::AnalyseStart);
    for _ in 0..7 {
        let Some((id, ply)) = cmds.iter().find_map(|c| match c {
            Cmd::Worker(WorkerCmd::Analyse { id, moves, .. }) => Some((*id, moves.len())),
            _ => None,
        }) else {
            break;
        };
        let eval = match ply {
            6 => Eval::finished(m.game.outcome().expect("mate")),
            5 => Eval {
                score: WhiteScore::Mate(-1),
                depth: 8,
                best: None,
                pv: Vec::new(),
            },
            _ => Eval {
                score: WhiteScore::Cp(20),
                depth: 8,
                best: (ply == 4).then(|| Move {
                    from: sq("e1"),
                    to: sq("f2"),
                    promotion: None,
                }),
                pv: Vec::new(),
            },
        };
        cmds = update(
            &mut m,
            Msg::AnalysisReply {
                id,
                result: Ok(eval),
            },
        );
    }
    assert!(m.analysis.as_ref().is_some_and(|a| a.complete()));
    m
}

#[test]
fn learning_from_a_mistake_accepts_the_best_move_and_refuses_the_one_played() {
    use crate::model::learn::LearnState;
    let mut m = analysed_blunder();
    assert!(
        learn_available(&m),
        "White's blunder is there to learn from"
    );
    update(&mut m, Msg::Learn(LearnMsg::Start));
    let l = m.learn.as_ref().expect("learning");
    assert_eq!((l.side, l.plies.clone()), (Color::White, vec![5]));
    // The position before the blunder is on the board, playable by White.
    assert_eq!(m.review, Some(4));
    assert!(m.learn_turn() && !m.my_turn());
    // The move of the game is refused without asking the worker; the board stays.
    let cmds = click_move(&mut m, "g1", "e2");
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Worker(_))));
    let l = m.learn.as_ref().expect("learning");
    assert!(matches!(l.state, LearnState::Wrong(_)), "{:?}", l.state);
    assert_eq!(m.game.moves().len(), 6, "the game is not changed");
    // Stepping away is undone while a move is to be found.
    update(&mut m, Msg::Review(ReviewStep::Live));
    assert_eq!(m.review, Some(4));
    // The best move is accepted at once.
    click_move(&mut m, "e1", "f2");
    let l = m.learn.as_ref().expect("learning");
    assert!(matches!(l.state, LearnState::Right(_)), "{:?}", l.state);
    assert_eq!(l.found, 1);
    assert!(!m.learn_turn(), "answered: the board is not played on");
    update(&mut m, Msg::Learn(LearnMsg::Next));
    let l = m.learn.as_ref().expect("learning");
    assert_eq!((l.state.clone(), l.found), (LearnState::Done, 1));
    assert!(!learn_available(&m), "already learning");
    update(&mut m, Msg::Learn(LearnMsg::Close));
    assert!(m.learn.is_none() && learn_available(&m));
}

#[test]
fn learning_from_a_mistake_asks_the_worker_about_other_moves() {
    use crate::model::learn::LearnState;
    use engine::analysis::{Eval, WhiteScore};
    let tried = |m: &mut Model, from: &str, to: &str| -> u32 {
        let cmds = click_move(m, from, to);
        let (id, moves) = cmds
            .iter()
            .find_map(|c| match c {
                Cmd::Worker(WorkerCmd::Analyse { id, moves, .. }) => Some((*id, moves.clone())),
                _ => None,
            })
            .expect("the worker is asked");
        // The position after the tried move, from the game's start.
        assert_eq!(moves.len(), 5);
        assert_eq!(moves[4].to_uci(), format!("{from}{to}"));
        id
    };
    let score = |score: WhiteScore| Eval {
        score,
        depth: 8,
        best: None,
        pv: Vec::new(),
    };
    let mut m = analysed_blunder();
    update(&mut m, Msg::Learn(LearnMsg::Start));
    // A move that keeps the level is good (the best kept +0.20; this +0.05).
    let id = tried(&mut m, "a4", "a5");
    assert!(matches!(
        m.learn.as_ref().map(|l| &l.state),
        Some(LearnState::Checking(..))
    ));
    assert!(!m.learn_turn(), "no second try while one is checked");
    update(
        &mut m,
        Msg::AnalysisReply {
            id,
            result: Ok(score(WhiteScore::Cp(5))),
        },
    );
    assert!(matches!(
        m.learn.as_ref().map(|l| &l.state),
        Some(LearnState::Right(_))
    ));
    // Again, a move that loses a knight is not.
    update(&mut m, Msg::Learn(LearnMsg::Close));
    update(&mut m, Msg::Learn(LearnMsg::Start));
    let id = tried(&mut m, "d2", "c4");
    update(
        &mut m,
        Msg::AnalysisReply {
            id,
            result: Ok(score(WhiteScore::Cp(-300))),
        },
    );
    let l = m.learn.as_ref().expect("learning");
    assert!(matches!(l.state, LearnState::Wrong(_)), "{:?}", l.state);
    assert_eq!(l.found, 0);
    assert!(m.learn_turn(), "another try");
    // The solution, then the end.
    update(&mut m, Msg::Learn(LearnMsg::Solution));
    assert_eq!(
        m.learn.as_ref().map(|l| l.state.clone()),
        Some(LearnState::Solution)
    );
    update(&mut m, Msg::Learn(LearnMsg::Next));
    assert_eq!(
        m.learn.as_ref().map(|l| l.state.clone()),
        Some(LearnState::Done)
    );
    // A new game ends it.
    update(
        &mut m,
        Msg::NewGameStart(NewGameChoice::HotSeat {
            promotion: PromotionRule::Any,
            clock: None,
        }),
    );
    assert!(m.learn.is_none());
}

#[test]
fn a_move_typed_in_a_mistake_s_exercise_is_tried_there() {
    use crate::model::learn::LearnState;
    let mut m = analysed_blunder();
    update(&mut m, Msg::Learn(LearnMsg::Start));
    update(&mut m, Msg::MoveTyped("Kf2".into()));
    assert!(matches!(
        m.learn.as_ref().map(|l| &l.state),
        Some(LearnState::Right(_))
    ));
    assert_eq!(m.game.moves().len(), 6, "the game is not changed");
}

#[test]
fn a_move_being_checked_can_be_tried_again_when_the_worker_goes() {
    use crate::model::learn::LearnState;
    let mut m = analysed_blunder();
    update(&mut m, Msg::Learn(LearnMsg::Start));
    click_move(&mut m, "a4", "a5");
    assert!(matches!(
        m.learn.as_ref().map(|l| &l.state),
        Some(LearnState::Checking(..))
    ));
    update(&mut m, Msg::AiUnavailable("worker gone".into()));
    assert_eq!(
        m.learn.as_ref().map(|l| l.state.clone()),
        Some(LearnState::Find)
    );
    // Without a worker, a move other than the best or the game's is not checked.
    let cmds = click_move(&mut m, "a4", "a5");
    assert!(!cmds.iter().any(|c| matches!(c, Cmd::Worker(_))));
    assert_eq!(
        m.learn.as_ref().map(|l| l.state.clone()),
        Some(LearnState::Find)
    );
}
