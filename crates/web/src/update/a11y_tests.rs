//! Host tests of what the page plays and says: the sounds a move, a capture, a check, the
//! game's end and the count's last moves ask for (and none while sounds are off), the
//! announcements in words, and the typed move box.

use super::StorageCmd;
use super::tests::{
    ai_answer, ai_model, ai_requests, click_move, game_over, model, moved, online_model, sq,
};
use super::*;
use crate::model::entry::EntryError;
use crate::model::sound::Sound;
use crate::model::{Dialog, Said};
use crate::view::speech::announcement;
use protocol::{DrawReason, Outcome, RoomCommand, WinReason};

/// The sounds asked for by `cmds`.
fn sounds(cmds: &[Cmd]) -> Vec<Sound> {
    cmds.iter()
        .filter_map(|c| match c {
            Cmd::Audio(s) => Some(*s),
            _ => None,
        })
        .collect()
}

/// Plays the UCI moves in hot-seat through clicks; returns the sounds of the last one.
fn play(m: &mut Model, moves: &[&str]) -> Vec<Sound> {
    let mut last = Vec::new();
    for uci in moves {
        let (from, to) = uci.split_at(2);
        last = sounds(&click_move(m, from, &to[..2]));
        assert_eq!(
            m.game.moves().last().map(rules::Move::to_uci).as_deref(),
            Some(*uci)
        );
    }
    last
}

/// Nd2 Nd7 Nc4 Ne7 Nxd6#: the smothered mate in three.
const MATE: [&str; 5] = ["b1d2", "b8d7", "d2c4", "g8e7", "c4d6"];

#[test]
fn a_move_a_capture_a_check_and_the_end_each_have_their_sound() {
    let mut m = model();
    assert_eq!(play(&mut m, &["e3e4"]), vec![Sound::Move]);
    assert_eq!(play(&mut m, &["d6d5"]), vec![Sound::Move]);
    assert_eq!(play(&mut m, &["e4d5"]), vec![Sound::Capture]);
    // A refused move and a selection make no sound.
    assert!(sounds(&click_move(&mut m, "a6", "a4")).is_empty());
    assert!(
        sounds(&update(
            &mut m,
            Msg::BoardKey(BoardKey::Activate, Some(sq("a6")))
        ))
        .is_empty()
    );
    // Mate: the check, then the end (hot-seat: nobody's side, a win).
    let mut m = model();
    play(&mut m, &MATE[..4]);
    assert_eq!(play(&mut m, &MATE[4..]), vec![Sound::Check, Sound::Win]);
    // A resignation ends the game with its sound too.
    let mut m = model();
    update(&mut m, Msg::ResignAsk);
    assert_eq!(sounds(&update(&mut m, Msg::ConfirmYes)), vec![Sound::Win]);
    update(&mut m, Msg::Undo);
    update(&mut m, Msg::DrawAsk);
    assert_eq!(sounds(&update(&mut m, Msg::ConfirmYes)), vec![Sound::Draw]);
}

#[test]
fn the_ais_moves_sound_and_its_mate_is_the_humans_loss() {
    // The AI plays White's moves of the mate, the human Black's.
    let (mut m, cmds) = ai_model(Color::Black);
    let mut id = ai_requests(&cmds)[0];
    let mut heard = Vec::new();
    for pair in MATE.chunks(2) {
        let cmds = ai_answer(&mut m, id, Ok(pair[0].into()));
        heard.push(sounds(&cmds));
        if let Some(black) = pair.get(1) {
            let (from, to) = black.split_at(2);
            let cmds = click_move(&mut m, from, to);
            assert_eq!(sounds(&cmds), vec![Sound::Move], "the human's {black}");
            id = ai_requests(&cmds)[0];
        }
    }
    assert_eq!(heard[0], vec![Sound::Move]);
    assert_eq!(heard[2], vec![Sound::Check, Sound::Loss]);
    assert!(m.game.is_over());
}

#[test]
fn the_count_ticks_on_its_last_three_moves() {
    let mut m = model();
    // Rook and king against the lone king, 26 of the count's 32 plies used, Black to move.
    update(
        &mut m,
        Msg::ImportStart("8/8/8/4k3/8/8/8/R3K3 b - 32 26 30".into()),
    );
    assert_eq!(m.game.position().counting().map(|c| c.ply), Some(26));
    let ticks = |m: &mut Model, moves: &[&str]| -> Vec<Vec<Sound>> {
        moves
            .iter()
            .map(|uci| {
                let (from, to) = uci.split_at(2);
                sounds(&click_move(m, from, to))
            })
            .collect()
    };
    let heard = ticks(&mut m, &["e5d5", "a1a2", "d5e5", "a2a1", "e5d5", "a1a2"]);
    assert_eq!(
        heard,
        vec![
            vec![Sound::Move, Sound::Count(2)],
            vec![Sound::Move],
            vec![Sound::Move, Sound::Count(1)],
            vec![Sound::Move],
            vec![Sound::Move, Sound::Count(0)],
            vec![Sound::Move],
        ]
    );
    // The count runs out: a draw, no tick.
    assert_eq!(
        ticks(&mut m, &["d5e5"]),
        vec![vec![Sound::Move, Sound::Draw]]
    );
    assert_eq!(m.result(), Some(Outcome::draw(DrawReason::CountingExpired)));
}

#[test]
fn muted_the_page_asks_for_no_sound_and_remembers_it() {
    let mut m = model();
    assert!(m.sound_on);
    assert_eq!(
        update(&mut m, Msg::ToggleSound),
        vec![Cmd::Storage(StorageCmd::SaveSound(false))]
    );
    assert!(sounds(&click_move(&mut m, "e3", "e4")).is_empty());
    assert_eq!(
        update(&mut m, Msg::ToggleSound),
        vec![Cmd::Storage(StorageCmd::SaveSound(true))]
    );
    assert_eq!(sounds(&click_move(&mut m, "d6", "d5")), vec![Sound::Move]);
}

#[test]
fn online_the_opponents_move_sounds_once_and_the_end_from_the_seat() {
    let mut m = online_model(Color::White, &[]);
    assert_eq!(sounds(&click_move(&mut m, "e3", "e4")), vec![Sound::Move]);
    // The room confirms our own move: no second sound.
    assert!(sounds(&update(&mut m, moved(5, 0, "e3e4"))).is_empty());
    assert_eq!(
        sounds(&update(&mut m, moved(6, 1, "d6d5"))),
        vec![Sound::Move]
    );
    assert_eq!(m.announcement.map(|a| a.said), Some(Said::Move(2)));
    assert_eq!(announcement(&m).as_deref(), Some("Black: pawn to d5"));
    let result = Outcome::win(Color::Black, WinReason::Timeout);
    assert_eq!(
        sounds(&update(&mut m, game_over(7, result))),
        vec![Sound::Loss]
    );
    assert_eq!(announcement(&m).as_deref(), Some("Black wins on time."));
}

#[test]
fn each_move_and_each_end_is_announced_in_words() {
    let mut m = model();
    assert_eq!(announcement(&m), None, "nothing before the first move");
    play(&mut m, &MATE[..2]);
    assert_eq!(announcement(&m).as_deref(), Some("Black: knight to d7"));
    let first = m.announcement.map(|a| a.number);
    play(&mut m, &MATE[2..]);
    assert_eq!(
        announcement(&m).as_deref(),
        Some("White: knight takes d6, checkmate"),
        "the mate is said by the move, not repeated"
    );
    assert!(m.announcement.map(|a| a.number) > first);
    update(&mut m, Msg::SetLang(Lang::De));
    assert_eq!(
        announcement(&m).as_deref(),
        Some("Weiß: Springer schlägt auf d6, schachmatt")
    );
    // A resignation is said as the result.
    let mut m = model();
    update(&mut m, Msg::ResignAsk);
    update(&mut m, Msg::ConfirmYes);
    assert_eq!(
        announcement(&m).as_deref(),
        Some("White resigned: Black wins.")
    );
    // Stalemate: the move, then the draw it makes.
    let mut m = model();
    update(
        &mut m,
        Msg::ImportStart("k7/8/1K1Q4/8/7P/8/8/8 w - - 0 1".into()),
    );
    assert_eq!(play(&mut m, &["d6c7"]), vec![Sound::Move, Sound::Draw]);
    let said = announcement(&m).expect("said");
    assert!(
        said.starts_with("White: met to c7. Draw by stalemate"),
        "{said}"
    );
}

#[test]
fn a_typed_move_plays_as_a_click_and_a_bad_one_says_why() {
    let mut m = model();
    let cmds = update(&mut m, Msg::MoveTyped("e4".into()));
    assert_eq!(m.game.moves().len(), 1);
    assert_eq!(sounds(&cmds), vec![Sound::Move]);
    assert_eq!(m.entry.taken, 1);
    update(&mut m, Msg::MoveTyped("d6d5".into()));
    assert_eq!(m.game.moves().len(), 2);
    for (text, why) in [
        ("Ke3", EntryError::Illegal),
        ("castle", EntryError::NotUnderstood),
        ("e3e5", EntryError::Illegal),
    ] {
        let cmds = update(&mut m, Msg::MoveTyped(text.into()));
        assert_eq!(m.game.moves().len(), 2, "{text} changes nothing");
        assert!(sounds(&cmds).is_empty());
        assert_eq!(m.entry.error, Some((why, text.to_owned())));
        assert_eq!(m.entry.taken, 2, "the box keeps {text}");
    }
    // Empty text is nothing at all; a good move clears the refusal.
    update(&mut m, Msg::MoveTyped("  ".into()));
    assert!(m.entry.error.is_some());
    update(&mut m, Msg::MoveTyped("exd5".into()));
    assert_eq!(m.game.moves().len(), 3);
    assert_eq!(m.entry.error, None);
    // While reviewing, nothing is played.
    update(&mut m, Msg::Review(ReviewStep::Back));
    update(&mut m, Msg::MoveTyped("c6d5".into()));
    assert_eq!(m.game.moves().len(), 3);
    assert_eq!(
        m.entry.error.as_ref().map(|e| e.0),
        Some(EntryError::Reviewing)
    );
}

#[test]
fn a_typed_move_waits_for_its_turn_against_the_ai_and_online() {
    let (mut m, _) = ai_model(Color::Black);
    update(&mut m, Msg::MoveTyped("e4".into()));
    assert!(m.game.moves().is_empty());
    assert_eq!(
        m.entry.error.as_ref().map(|e| e.0),
        Some(EntryError::NotYourTurn)
    );
    // Online, a typed move is sent like a clicked one.
    let mut m = online_model(Color::White, &[]);
    let cmds = update(&mut m, Msg::MoveTyped("Nd2".into()));
    assert!(cmds.iter().any(|c| matches!(
        c,
        Cmd::Socket(ClientMsg::Room { command: RoomCommand::Move { uci, .. }, .. })
            if uci.to_string() == "b1d2"
    )));
}

#[test]
fn a_typed_promotion_without_its_piece_opens_the_panel() {
    let mut m = model();
    update(
        &mut m,
        Msg::ImportStart("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1".into()),
    );
    update(&mut m, Msg::MoveTyped("b8".into()));
    assert!(matches!(m.dialog, Some(Dialog::Promotion { .. })));
    assert_eq!(m.entry.taken, 1);
    let cmds = update(&mut m, Msg::Promote(rules::Role::Met));
    assert_eq!(m.game.moves().len(), 1);
    // King and met cannot mate a lone king: the promotion ends the game.
    assert_eq!(sounds(&cmds), vec![Sound::Move, Sound::Draw]);
    assert_eq!(
        announcement(&m).as_deref(),
        Some("White: pawn to b8, promotes to met. Draw: neither side can deliver mate any more.")
    );
}

/// The room's snapshot `seq` with `moves` played, as a page that joins again receives it.
fn rejoined(seq: u64, moves: &[&str]) -> Msg {
    Msg::Net(NetEvent::Message(ServerMsg::Snapshot {
        room: super::tests::room(),
        seq,
        you: Some(Color::White),
        state: super::tests::state(moves),
    }))
}

#[test]
fn in_the_background_only_the_opponents_move_sounds() {
    let mut m = online_model(Color::White, &[]);
    update(&mut m, Msg::Visibility(true));
    // Our own move (played before the tab went away, or premoved): silent.
    assert!(sounds(&click_move(&mut m, "e3", "e4")).is_empty());
    assert!(sounds(&update(&mut m, moved(5, 0, "e3e4"))).is_empty());
    // The opponent's: it is our turn.
    assert_eq!(
        sounds(&update(&mut m, moved(6, 1, "d6d5"))),
        vec![Sound::Move]
    );
    // Nothing else: the end, the low-time warning.
    let result = Outcome::win(Color::Black, WinReason::Timeout);
    assert!(sounds(&update(&mut m, game_over(7, result))).is_empty());
    // Back in front, sounds as before; hot-seat and the AI are silent in the background.
    let mut m = online_model(Color::White, &[]);
    update(&mut m, Msg::Visibility(true));
    update(&mut m, Msg::Visibility(false));
    assert_eq!(sounds(&click_move(&mut m, "e3", "e4")), vec![Sound::Move]);
    let mut m = model();
    update(&mut m, Msg::Visibility(true));
    assert!(sounds(&click_move(&mut m, "e3", "e4")).is_empty());
    assert!(sounds(&click_move(&mut m, "d6", "d5")).is_empty());
}

#[test]
fn joining_again_after_missed_moves_sounds_the_latest_once() {
    let moves = ["e3e4", "d6d5", "e4d5", "c6d5", "b1d2"];
    // Four missed moves (a reconnection, a frozen tab), the latest Black's recapture: one
    // sound, the latest move's, not four.
    let mut m = online_model(Color::White, &[]);
    assert_eq!(
        sounds(&update(&mut m, rejoined(20, &moves[..4]))),
        vec![Sound::Capture]
    );
    // One more, ours (played from another tab): one sound in front, none behind.
    assert_eq!(
        sounds(&update(&mut m, rejoined(22, &moves))),
        vec![Sound::Move]
    );
    let mut m = online_model(Color::White, &[]);
    update(&mut m, Msg::Visibility(true));
    assert_eq!(
        sounds(&update(&mut m, rejoined(20, &moves[..4]))),
        vec![Sound::Capture]
    );
    let mut m = online_model(Color::White, &moves[..4]);
    update(&mut m, Msg::Visibility(true));
    assert!(sounds(&update(&mut m, rejoined(22, &moves))).is_empty());
    // The same moves again: nothing.
    assert!(sounds(&update(&mut m, rejoined(23, &moves))).is_empty());
}
