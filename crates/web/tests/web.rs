//! Browser tests of the UI crate (headless Chromium): saved-game storage, i18n and the PGN/FEN
//! export and import (the AI worker's entry points are tested in `crates/worker/tests`).
//!
//! Run with `cargo test -p web --target wasm32-unknown-unknown` (the runner is the xtask).
//! Each storage test uses its own key prefix, so the tests neither meet each other nor the
//! app's own `asean.*` keys.

use rules::{Game, PromotionRule, Rules};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web::effects::storage::{LocalBackend, Store};
use web::i18n::{Key, Lang, negotiate};
use web::model::saved::{ReadError, SavedGame};

wasm_bindgen_test_configure!(run_in_browser);

/// A store over the real `localStorage`, emptied of this prefix's keys.
fn local_store(prefix: &str) -> Store {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("the test browser has localStorage");
    let n = storage.length().unwrap_or(0);
    let keys: Vec<String> = (0..n)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|k| k.starts_with(&format!("{prefix}.")))
        .collect();
    for k in keys {
        let _ = storage.remove_item(&k);
    }
    Store::new(
        Box::new(LocalBackend::open().expect("localStorage opens")),
        prefix,
        true,
    )
}

#[wasm_bindgen_test]
fn save_and_load_round_trip() {
    let store = local_store("t-roundtrip");
    let mut game = Game::new(Rules {
        promotion: PromotionRule::MetOnly,
    });
    for uci in ["e3e4", "d6d5", "e4d5"] {
        game.play_uci(uci).expect("legal opening move");
    }
    let saved = SavedGame::from_game("g1", 1000.0, 2000.0, &game);
    store.save(&saved).expect("saved");
    store.set_current_id("g1").expect("current id saved");

    let (back, replayed) = store.load("g1").expect("readable").expect("present");
    assert_eq!(back, saved);
    assert_eq!(replayed.moves(), game.moves());
    assert_eq!(replayed.rules().promotion, PromotionRule::MetOnly);
    assert_eq!(replayed.position().fen(), game.position().fen());
    assert_eq!(store.current_id().as_deref(), Some("g1"));

    let (list, problems) = store.list();
    assert_eq!(list.len(), 1);
    assert!(problems.is_empty());

    store.delete("g1");
    assert!(store.load("g1").expect("no problem").is_none());
    assert_eq!(store.current_id(), None);
}

#[wasm_bindgen_test]
fn resignation_survives_a_reload() {
    let store = local_store("t-result");
    let mut game = Game::new(Rules::default());
    game.play_uci("e3e4").expect("legal");
    game.resign(rules::Color::Black).expect("game goes on");
    let saved = SavedGame::from_game("r1", 1.0, 2.0, &game);
    assert_eq!(saved.result.map(|r| r.label()), Some("resign-white-wins"));
    store.save(&saved).expect("saved");
    let (_, back) = store.load("r1").expect("readable").expect("present");
    assert_eq!(back.outcome(), game.outcome());
}

#[wasm_bindgen_test]
fn corrupted_entry_is_quarantined_and_reported() {
    let store = local_store("t-corrupt");
    let key = store.game_key("bad");
    store
        .put_raw(&key, "{\"version\": 1, \"id\": ")
        .expect("written");

    let q = store.load("bad").expect_err("reported as unreadable");
    assert!(matches!(q.error, ReadError::Corrupt(_)), "{:?}", q.error);
    assert_eq!(q.key, key);
    assert_ne!(q.moved_to, key, "moved aside, not left in place");
    assert_eq!(
        store.get_raw(&q.moved_to).as_deref(),
        Some("{\"version\": 1, \"id\": "),
        "the original text is kept"
    );
    assert_eq!(store.get_raw(&key), None);
    assert_eq!(store.quarantined_keys(), vec![q.moved_to.clone()]);

    // Moves that do not replay are damage too.
    let mut saved = SavedGame::from_game("ill", 1.0, 1.0, &Game::new(Rules::default()));
    saved.moves = vec!["e3e4".into(), "e4e5".into()];
    store.save(&saved).expect("saved");
    let (games, problems) = store.list();
    assert!(games.is_empty());
    assert_eq!(problems.len(), 1);
    assert!(matches!(problems[0].error, ReadError::Corrupt(_)));
}

#[wasm_bindgen_test]
fn unknown_schema_version_is_reported() {
    let store = local_store("t-version");
    let key = store.game_key("next");
    let text = r#"{"version": 2, "id": "next", "moves": [], "extra": true}"#;
    store.put_raw(&key, text).expect("written");

    let (games, problems) = store.list();
    assert!(games.is_empty());
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].error, ReadError::UnknownVersion(2));
    assert_eq!(store.get_raw(&problems[0].moved_to).as_deref(), Some(text));
    // A second look finds nothing new: the entry was moved, not re-reported forever.
    assert!(store.list().1.is_empty());
}

#[wasm_bindgen_test]
fn full_storage_is_reported_as_quota_exceeded() {
    let store = local_store("t-quota");
    // Fill localStorage with 1 MiB blocks until the browser refuses.
    let block = "x".repeat(1 << 20);
    let mut filled = Vec::new();
    for i in 0..64 {
        let key = format!("t-quota.fill.{i}");
        match store.put_raw(&key, &block) {
            Ok(()) => filled.push(key),
            Err(_) => break,
        }
    }
    let game = Game::new(Rules::default());
    let mut saved = SavedGame::from_game("q1", 1.0, 1.0, &game);
    saved.initial_fen = "x".repeat(1 << 20); // too big for what is left
    let result = store.save(&saved);
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage");
    for key in &filled {
        let _ = storage.remove_item(key);
    }
    assert_eq!(result, Err(web::model::saved::WriteError::QuotaExceeded));
}

/// The counted texts the tests below need in German, French, Portuguese and Thai, as catalogs
/// like those `cargo xtask build` writes (the module carries English only; the host tests
/// check the real catalogs against the tables). Read once: every test gets the same.
fn catalogs() {
    let catalogs = [
        (
            Lang::De,
            r#"{"lang":"de","keys":{},"counted":{
                "LobbyPlayers":{"one":"{n} Spieler online","other":"{n} Spieler online"}}}"#,
        ),
        (
            Lang::Fr,
            r#"{"lang":"fr","keys":{},"counted":{
                "LobbyGames":{"many":"{n} de parties en cours","one":"{n} partie en cours",
                "other":"{n} parties en cours"}}}"#,
        ),
        (
            Lang::Pt,
            r#"{"lang":"pt","keys":{},"counted":{
                "SavedSummary":{"many":"{date} · {n} de lances","one":"{date} · {n} lance",
                "other":"{date} · {n} lances"}}}"#,
        ),
        (
            Lang::Th,
            r#"{"lang":"th","keys":{},"counted":{
                "LobbyPlayers":{"other":"ผู้เล่นออนไลน์ {n} คน"},
                "LobbyGames":{"other":"กำลังเล่นอยู่ {n} กระดาน"}}}"#,
        ),
    ];
    for (lang, json) in catalogs {
        web::i18n::load_catalog(lang, json).expect("a catalog");
        assert!(lang.is_loaded());
    }
}

/// English is built in and complete; another language's texts come from its catalog once
/// read, each key the catalog lacks staying English, and a damaged catalog is refused.
#[wasm_bindgen_test]
fn english_is_built_in_and_catalogs_give_the_other_languages() {
    for &key in Key::ALL {
        assert!(
            !Lang::En.t(key).trim().is_empty(),
            "{key:?} has no English text"
        );
        assert_eq!(Lang::En.t(key), key.english());
    }
    assert!(Lang::En.is_loaded());
    let vi = Lang::Vi;
    assert!(!vi.is_loaded());
    assert_eq!(
        vi.t(Key::BtnNew),
        Key::BtnNew.english(),
        "English until loaded"
    );
    assert!(web::i18n::load_catalog(vi, "{not json").is_err());
    assert!(web::i18n::load_catalog(vi, r#"{"lang":"th","keys":{}}"#).is_err());
    assert!(web::i18n::load_catalog(vi, r#"{"lang":"vi"}"#).is_err());
    assert!(!vi.is_loaded(), "a refused catalog changes nothing");
    let json = r#"{"lang":"vi","keys":{"BtnNew":"Ván mới","AppTitle":7},"counted":{}}"#;
    assert_eq!(web::i18n::load_catalog(vi, json), Ok(()));
    assert!(vi.is_loaded());
    assert_eq!(vi.t(Key::BtnNew), "Ván mới");
    assert_eq!(
        vi.t(Key::AppTitle),
        Key::AppTitle.english(),
        "not a text: English"
    );
    assert_eq!(
        vi.t(Key::BtnUndo),
        Key::BtnUndo.english(),
        "missing: English"
    );
}

#[wasm_bindgen_test]
fn language_negotiation() {
    assert_eq!(negotiate(&["pt-BR", "en"]), Lang::Pt);
    assert_eq!(negotiate(&["fr-CA", "en-US"]), Lang::Fr);
    assert_eq!(negotiate(&["de"]), Lang::De);
    assert_eq!(negotiate(&["ja-JP", "de-AT", "fr"]), Lang::De);
    assert_eq!(negotiate(&["zh-CN", "ja"]), Lang::En);
    assert_eq!(negotiate(&["th-TH"]), Lang::Th);
    assert_eq!(negotiate(&["vi-VN", "en"]), Lang::Vi);
    assert_eq!(negotiate::<&str>(&[]), Lang::En);
    // The browser's own list is read, and the first of its languages the page has is chosen
    // (English when it has none of them).
    let browser = web::dom::browser_languages();
    assert!(!browser.is_empty(), "navigator.languages is read");
    let first_known = browser.iter().find_map(|tag| Lang::from_tag(tag));
    assert_eq!(
        negotiate(&browser),
        first_known.unwrap_or(Lang::En),
        "{browser:?}"
    );
}

/// The browser's `Intl.PluralRules` picks the same CLDR categories as the host's rules (the
/// host tests check every counted text against those): 0 is singular in French and Portuguese,
/// exact millions take `many` there, Thai has one form.
#[wasm_bindgen_test]
fn plural_categories_come_from_the_browser_as_cldr_gives_them() {
    use web::i18n::PluralCategory::{Many, One, Other};
    let cases = [
        (Lang::Pt, 0, One),
        (Lang::Pt, 1, One),
        (Lang::Pt, 2, Other),
        (Lang::Fr, 0, One),
        (Lang::Fr, 1, One),
        (Lang::Fr, 2, Other),
        (Lang::En, 0, Other),
        (Lang::En, 1, One),
        (Lang::En, 2, Other),
        (Lang::De, 0, Other),
        (Lang::De, 1, One),
        (Lang::De, 7, Other),
        (Lang::Fr, 1_000_000, Many),
        (Lang::Pt, 2_000_000, Many),
        (Lang::Fr, 1_000_001, Other),
        (Lang::En, 1_000_000, Other),
        (Lang::Th, 0, Other),
        (Lang::Th, 1, Other),
        (Lang::Th, 21, Other),
        (Lang::Vi, 2, Other),
    ];
    for (lang, n, want) in cases {
        assert_eq!(lang.plural(n), want, "{n} in {lang:?}");
    }
    catalogs();
    assert_eq!(Lang::Pt.moves_summary("d", 0), "d · 0 lance");
    assert_eq!(
        Lang::Pt.moves_summary("d", 2_000_000),
        "d · 2.000.000 de lances"
    );
    assert_eq!(Lang::En.moves_summary("d", 0), "d · 0 moves");
}

/// Numbers, scores and dates as the browser's `Intl` writes them in each language, and the
/// counted texts with their numbers (29 November 2024 is 2567 in the Buddhist Era of Thai).
#[wasm_bindgen_test]
fn numbers_and_dates_follow_the_language() {
    use web::i18n::Counted;
    use web::intl::{date_time, integer, signed};
    assert_eq!(integer(Lang::En, 1_234_567), "1,234,567");
    assert_eq!(integer(Lang::Th, 1_234_567), "1,234,567");
    assert_eq!(integer(Lang::De, 1_234_567), "1.234.567");
    assert_eq!(integer(Lang::Vi, 1_234_567), "1.234.567");
    // French groups with a narrow no-break space.
    assert_eq!(integer(Lang::Fr, 1_234_567), "1\u{202f}234\u{202f}567");
    assert_eq!(signed(Lang::En, 0.35, 2), "+0.35");
    assert_eq!(signed(Lang::Pt, -1.2, 2), "-1,20");
    assert_eq!(signed(Lang::Vi, 0.0, 2), "+0,00");
    let ms = 1_732_880_100_000.0;
    assert!(
        date_time(Lang::Th, ms).contains("2567"),
        "{}",
        date_time(Lang::Th, ms)
    );
    assert!(
        date_time(Lang::Th, ms).contains("พ.ย."),
        "{}",
        date_time(Lang::Th, ms)
    );
    assert!(
        date_time(Lang::Vi, ms).contains("2024"),
        "{}",
        date_time(Lang::Vi, ms)
    );
    assert!(
        date_time(Lang::Fr, ms).contains("nov."),
        "{}",
        date_time(Lang::Fr, ms)
    );
    catalogs();
    assert_eq!(
        Lang::De.count(Counted::LobbyPlayers, 1200, &[]),
        "1.200 Spieler online"
    );
    assert_eq!(
        Lang::Fr.count(Counted::LobbyGames, 1_000_000, &[]),
        "1\u{202f}000\u{202f}000 de parties en cours"
    );
    assert_eq!(
        Lang::Th.lobby_counts(1, 2),
        "ผู้เล่นออนไลน์ 1 คน · กำลังเล่นอยู่ 2 กระดาน"
    );
}

/// Games against the AI keep their mode, level and the human's colour in `localStorage`;
/// entries without these fields are hot-seat games.
#[wasm_bindgen_test]
fn ai_mode_is_saved_and_old_entries_are_hot_seat() {
    let store = local_store("test-ai-mode");
    let mut game = Game::new(Rules::default());
    game.play_uci("e3e4").expect("legal");
    let ai = web::model::AiGame {
        level: engine::Level::new(4).expect("a level"),
        human: rules::Color::Black,
        drill: None,
    };
    let saved = SavedGame::from_game("vsai", 1.0, 2.0, &game).with_ai(Some(ai));
    store.save(&saved).expect("saved");
    let (back, _) = store.load("vsai").expect("readable").expect("present");
    assert_eq!(back.ai_game(), Ok(Some(ai)));
    let hot = SavedGame::from_game("hot", 1.0, 2.0, &game);
    store.save(&hot).expect("saved");
    let (back, _) = store.load("hot").expect("readable").expect("present");
    assert_eq!(back.ai_game(), Ok(None));
}

/// Every game of the shared reference (`outcomes.json`), ended as the rules end it and, when
/// they do not, by each valid claim, a resignation of either side and an agreement: written as
/// the page exports it (`export::end_of` and `rules::pgn::write`), read back as the page imports
/// it (`export::read`) to the same moves, start and outcome; also the server's ends of an
/// online game (time, abandonment, abort) to the same moves and winner; its final FEN read back
/// as a position to play from gives the same position and count.
#[wasm_bindgen_test]
fn reference_games_export_and_import_as_the_page_does() {
    use protocol::Outcome;
    use web::model::export;

    let data: serde_json::Value =
        serde_json::from_str(include_str!("../../../../shared/reference/outcomes.json"))
            .expect("outcomes.json is JSON");
    let cases = data["cases"].as_array().expect("cases");
    assert!(!cases.is_empty());
    let uci = |g: &Game| g.moves().iter().map(|m| m.to_uci()).collect::<Vec<_>>();
    let (mut games, mut fens) = (0, 0);
    for case in cases {
        let id = case["id"].as_str().expect("id");
        let mut game = Game::from_fen(case["fen"].as_str().expect("fen"), Rules::default())
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        for m in case["moves"].as_array().expect("moves") {
            if game.is_over() {
                break;
            }
            game.play_uci(m.as_str().expect("uci"))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
        }
        let mut ends = vec![game.clone()];
        if !game.is_over() {
            for claim in game.claimable() {
                let mut g = game.clone();
                g.claim_draw(claim).expect("claimable");
                ends.push(g);
            }
            for loser in [rules::Color::White, rules::Color::Black] {
                let mut g = game.clone();
                g.resign(loser).expect("resign");
                ends.push(g);
            }
            let mut g = game.clone();
            g.agree_draw().expect("agree");
            ends.push(g);
        }
        for g in &ends {
            let what = format!("{id} ({:?})", g.outcome());
            let end = export::end_of(g, g.outcome());
            let text = rules::pgn::write(g, &rules::pgn::Tags::default(), &end);
            let back = export::read(&text, Rules::default(), Lang::En)
                .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
            assert!(back.from_pgn, "{what}: read as a PGN");
            assert_eq!(uci(&back.game), uci(g), "{what}: moves\n{text}");
            assert_eq!(back.game.outcome(), g.outcome(), "{what}: outcome\n{text}");
            assert_eq!(back.game.initial_fen(), g.initial_fen(), "{what}: start");
            assert_eq!(
                back.game.position().fen(),
                g.position().fen(),
                "{what}: final position"
            );
            games += 1;
        }
        // The server's own ends of an online game (every end of a clock or an absence: time,
        // abandonment, abort), which the rules cannot show: the same moves; the PGN's score is
        // applied as a resignation or an agreement, an abort (`*`) leaves the game going on.
        if !game.is_over() {
            // A flag ends the game as the position allows: a win on time needs the winner's
            // mating material, a draw on time a side that cannot mate.
            let possible = |r: Outcome| {
                let flagged = |side: rules::Color| {
                    let mut g = game.clone();
                    g.flag(side).is_ok() && g.outcome() == Some(r)
                };
                match r.decided_by() {
                    rules::Decider::Clock => match r.winner() {
                        Some(winner) => flagged(winner.other()),
                        None => flagged(rules::Color::White) || flagged(rules::Color::Black),
                    },
                    _ => true,
                }
            };
            let results = Outcome::ALL
                .into_iter()
                .filter(|&r| web::model::room::is_server_only(r) && possible(r));
            for r in results {
                let what = format!("{id} ({})", r.label());
                let end = export::end_of(&game, Some(r));
                let text = rules::pgn::write(&game, &rules::pgn::Tags::default(), &end);
                let back = export::read(&text, Rules::default(), Lang::En)
                    .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
                assert_eq!(uci(&back.game), uci(&game), "{what}: moves\n{text}");
                if r.is_aborted() {
                    assert_eq!(back.game.outcome(), None, "{what}: goes on\n{text}");
                } else {
                    let o = back
                        .game
                        .outcome()
                        .unwrap_or_else(|| panic!("{what}: {text}"));
                    assert_eq!(o.winner(), r.winner(), "{what}: winner\n{text}");
                }
                games += 1;
            }
        }
        // The final position as a FEN: a position to play from, the same one.
        let fen = game.position().fen();
        let back = export::read(&fen, Rules::default(), Lang::En)
            .unwrap_or_else(|e| panic!("{id}: FEN {fen}: {e}"));
        assert!(!back.from_pgn, "{id}: {fen} read as a FEN");
        assert!(back.game.moves().is_empty(), "{id}: no moves");
        assert_eq!(back.game.position().fen(), fen, "{id}: FEN read back");
        assert_eq!(back.game.initial_fen(), fen, "{id}: FEN as the start");
        assert_eq!(
            back.game.position().counting(),
            game.position().counting(),
            "{id}: the count"
        );
        fens += 1;
    }
    assert!(games > cases.len(), "only {games} games");
    assert_eq!(fens, cases.len());
}
