//! Every client frame as the page and the benches send it today, pinned byte for byte: each
//! reads as a `ClientMsg` and writes back as the same text, so a change of the types behind
//! them (room commands grouped, moves parsed at the edge) cannot change the wire.

#![allow(clippy::unwrap_used)]

use protocol::{ClientMsg, RoomCommand, parse_client};

const ROOM: &str = "0123456789abcdef0123";

/// One frame of each kind of client message (and of each value of its enums).
fn frames() -> Vec<String> {
    let r = ROOM;
    [
        r#"{"type":"hello","protocol":1}"#.to_owned(),
        r#"{"type":"watch_lobby"}"#.to_owned(),
        r#"{"type":"unwatch_lobby"}"#.to_owned(),
        r#"{"type":"create_room","seat":"white","promotion":"any","clock":{"initial_secs":300,"increment_secs":3},"public":false}"#.to_owned(),
        r#"{"type":"create_room","seat":"black","promotion":"met-only","clock":null,"public":true}"#.to_owned(),
        r#"{"type":"create_room","seat":"random","promotion":"any","clock":null,"public":true}"#.to_owned(),
        format!(r#"{{"type":"join","room":"{r}","secret":null,"after":null,"watch":false}}"#),
        format!(r#"{{"type":"join","room":"{r}","secret":"s3cr3t","after":17,"watch":true}}"#),
        format!(r#"{{"type":"take_seat","room":"{r}","seat":"white"}}"#),
        format!(r#"{{"type":"take_seat","room":"{r}","seat":"black"}}"#),
        format!(r#"{{"type":"move","room":"{r}","ply":4,"uci":"e3e4"}}"#),
        format!(r#"{{"type":"move","room":"{r}","ply":0,"uci":"a7a8r"}}"#),
        format!(r#"{{"type":"resign","room":"{r}"}}"#),
        format!(r#"{{"type":"offer_draw","room":"{r}"}}"#),
        format!(r#"{{"type":"decline_draw","room":"{r}"}}"#),
        format!(r#"{{"type":"claim_draw","room":"{r}","claim":"fifty-moves"}}"#),
        format!(r#"{{"type":"claim_draw","room":"{r}","claim":"threefold"}}"#),
        format!(r#"{{"type":"claim_victory","room":"{r}"}}"#),
        format!(r#"{{"type":"rematch","room":"{r}"}}"#),
        format!(r#"{{"type":"cancel","room":"{r}"}}"#),
        format!(r#"{{"type":"abort","room":"{r}"}}"#),
        format!(r#"{{"type":"ack","room":"{r}","seq":42}}"#),
        format!(r#"{{"type":"leave","room":"{r}"}}"#),
        r#"{"type":"join_pool","pool":{"initial_secs":300,"increment_secs":3}}"#.to_owned(),
        r#"{"type":"leave_pool"}"#.to_owned(),
        r#"{"type":"ping"}"#.to_owned(),
    ]
    .into()
}

/// The `type` of a message: the match lists every kind, so a new one must be pinned above.
fn kind(msg: &ClientMsg) -> &'static str {
    match msg {
        ClientMsg::Hello { .. } => "hello",
        ClientMsg::WatchLobby => "watch_lobby",
        ClientMsg::UnwatchLobby => "unwatch_lobby",
        ClientMsg::CreateRoom { .. } => "create_room",
        ClientMsg::Join { .. } => "join",
        ClientMsg::TakeSeat { .. } => "take_seat",
        ClientMsg::Room { command, .. } => match command {
            RoomCommand::Move { .. } => "move",
            RoomCommand::Resign => "resign",
            RoomCommand::OfferDraw => "offer_draw",
            RoomCommand::DeclineDraw => "decline_draw",
            RoomCommand::ClaimDraw { .. } => "claim_draw",
            RoomCommand::ClaimVictory => "claim_victory",
            RoomCommand::Rematch => "rematch",
            RoomCommand::Cancel => "cancel",
            RoomCommand::Abort => "abort",
        },
        ClientMsg::Ack { .. } => "ack",
        ClientMsg::Leave { .. } => "leave",
        ClientMsg::JoinPool { .. } => "join_pool",
        ClientMsg::LeavePool => "leave_pool",
        ClientMsg::Ping => "ping",
    }
}

const KINDS: usize = 20;

#[test]
fn every_client_frame_reads_and_writes_back_byte_identical() {
    let mut seen = std::collections::BTreeSet::new();
    for frame in frames() {
        let msg = parse_client(&frame).unwrap_or_else(|e| panic!("{frame}: {e}"));
        assert_eq!(msg.to_json(), frame);
        let k = kind(&msg);
        assert!(
            frame.starts_with(&format!(r#"{{"type":"{k}""#)),
            "{frame} read as {k}"
        );
        seen.insert(k);
    }
    assert_eq!(
        seen.len(),
        KINDS,
        "a kind of client message is not pinned: {seen:?}"
    );
}

#[test]
fn a_join_without_watch_reads_as_playing() {
    let frame = format!(r#"{{"type":"join","room":"{ROOM}","secret":null,"after":null}}"#);
    let msg = parse_client(&frame).unwrap();
    assert_eq!(
        msg.to_json(),
        format!(r#"{{"type":"join","room":"{ROOM}","secret":null,"after":null,"watch":false}}"#)
    );
}
