//! Every user-visible string in English, French, Portuguese and German, and language negotiation.
//!
//! The strings live in one table (the `strings!` macro below): a key cannot exist without its
//! four texts, so no language can miss a string. Texts may hold named placeholders such as
//! `{n}`, filled by [`Lang::fmt`]. The pieces keep their names *khon* and *met* in every
//! language. Static markup in `index.html` names its key in a `data-i18n` attribute (the key's
//! [`Key::name`]); `data-i18n-attr="aria-label"` puts the text into that attribute instead.

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the fallback).
    En,
    /// French.
    Fr,
    /// Portuguese.
    Pt,
    /// German.
    De,
}

impl Lang {
    /// Every language, in the order of the picker.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::Pt, Lang::De];

    /// The ISO 639-1 code: `en`, `fr`, `pt` or `de` (also the picker's option value).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Pt => "pt",
            Lang::De => "de",
        }
    }

    /// The language's own name, as shown in the picker.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::Pt => "Português",
            Lang::De => "Deutsch",
        }
    }

    /// Parses a language tag such as `pt-BR`, `fr` or `DE-at` by its primary subtag; `None` for
    /// a language the interface does not have.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next().unwrap_or("");
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary))
    }

    /// The text of `key` in this language.
    pub fn t(self, key: Key) -> &'static str {
        let [en, fr, pt, de] = key.texts();
        match self {
            Lang::En => en,
            Lang::Fr => fr,
            Lang::Pt => pt,
            Lang::De => de,
        }
    }

    /// The saved-games summary for `n` moves, singular or plural as the language wants it
    /// (French uses the singular for 0 and 1, the others for 1 only).
    ///
    /// ```
    /// use web::i18n::Lang;
    /// assert_eq!(Lang::En.moves_summary("today", 1), "today · 1 move");
    /// assert_eq!(Lang::De.moves_summary("heute", 3), "heute · 3 Züge");
    /// ```
    pub fn moves_summary(self, date: &str, n: usize) -> String {
        let key = if self.is_singular(n) {
            Key::SavedSummaryOne
        } else {
            Key::SavedSummaryMany
        };
        self.fmt(key, &[("date", date), ("n", &n.to_string())])
    }

    /// `true` when a count of `n` takes the singular (French: 0 and 1; the others: 1 only).
    fn is_singular(self, n: usize) -> bool {
        match self {
            Lang::Fr => n <= 1,
            _ => n == 1,
        }
    }

    /// The lobby's live counts, singular or plural as the language wants it.
    ///
    /// ```
    /// use web::i18n::Lang;
    /// assert_eq!(Lang::En.lobby_counts(1, 0), "1 player online · 0 games in progress");
    /// assert_eq!(Lang::Fr.lobby_counts(2, 1), "2 joueurs en ligne · 1 partie en cours");
    /// ```
    pub fn lobby_counts(self, players: usize, games: usize) -> String {
        let pick = |n: usize, one: Key, many: Key| {
            let key = if self.is_singular(n) { one } else { many };
            self.fmt(key, &[("n", &n.to_string())])
        };
        format!(
            "{} · {}",
            pick(players, Key::LobbyPlayersOne, Key::LobbyPlayersMany),
            pick(games, Key::LobbyGamesOne, Key::LobbyGamesMany)
        )
    }

    /// The text of `key` with each `{name}` placeholder replaced by its value from `args`.
    /// Placeholders without a value are left as they are.
    pub fn fmt(self, key: Key, args: &[(&str, &str)]) -> String {
        let mut out = self.t(key).to_owned();
        for (name, value) in args {
            out = out.replace(&format!("{{{name}}}"), value);
        }
        out
    }
}

/// Chooses the interface language from the browser's preference list (`navigator.languages`,
/// most preferred first): the first tag whose primary subtag we have, else English.
///
/// ```
/// use web::i18n::{negotiate, Lang};
/// assert_eq!(negotiate(&["pt-BR", "en"]), Lang::Pt);
/// assert_eq!(negotiate(&["ja", "de-CH"]), Lang::De);
/// assert_eq!(negotiate::<&str>(&[]), Lang::En);
/// ```
pub fn negotiate<S: AsRef<str>>(preferences: &[S]) -> Lang {
    preferences
        .iter()
        .find_map(|tag| Lang::from_tag(tag.as_ref()))
        .unwrap_or(Lang::En)
}

macro_rules! strings {
    ($( $key:ident => [$en:expr, $fr:expr, $pt:expr, $de:expr $(,)?] ),* $(,)?) => {
        /// A user-visible string; its documentation is the English text.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key {
            $( #[doc = $en] $key, )*
        }

        impl Key {
            /// Every key.
            pub const ALL: &'static [Key] = &[$(Key::$key),*];

            /// The key's name, as written in `data-i18n` attributes.
            pub fn name(self) -> &'static str {
                match self { $(Key::$key => stringify!($key),)* }
            }

            /// Looks a key up by its [`Key::name`].
            pub fn from_name(name: &str) -> Option<Key> {
                Key::ALL.iter().copied().find(|k| k.name() == name)
            }

            /// The texts in the order English, French, Portuguese, German.
            fn texts(self) -> [&'static str; 4] {
                match self { $(Key::$key => [$en, $fr, $pt, $de],)* }
            }
        }
    };
}

strings! {
    AppTitle => ["ASEAN chess", "Échecs ASEAN", "Xadrez ASEAN", "ASEAN-Schach"],
    Tagline => [
        "Makruk as the ASEAN rules play it: two players, one device.",
        "Le makruk selon les règles ASEAN : deux joueurs, un seul appareil.",
        "Makruk pelas regras ASEAN: dois jogadores, um só aparelho.",
        "Makruk nach ASEAN-Regeln: zwei Spieler, ein Gerät.",
    ],
    Loading => ["Loading…", "Chargement…", "Carregando…", "Wird geladen…"],
    LanguageLabel => ["Language", "Langue", "Idioma", "Sprache"],
    RulesLink => ["Rules", "Règles", "Regras", "Regeln"],
    BoardLabel => ["Chessboard", "Échiquier", "Tabuleiro", "Schachbrett"],
    BtnNew => ["New game", "Nouvelle partie", "Nova partida", "Neue Partie"],
    BtnUndo => ["Undo", "Annuler le coup", "Desfazer", "Zurücknehmen"],
    BtnFlip => ["Flip board", "Retourner", "Girar tabuleiro", "Brett drehen"],
    BtnResign => ["Resign", "Abandonner", "Desistir", "Aufgeben"],
    BtnDraw => ["Agree a draw", "Nulle d’un commun accord", "Empate combinado", "Remis vereinbaren"],
    BtnClaim => ["Claim draw", "Réclamer la nulle", "Reivindicar empate", "Remis beanspruchen"],
    ClaimFifty => [
        "Claim draw (50 moves)",
        "Réclamer la nulle (50 coups)",
        "Reivindicar empate (50 lances)",
        "Remis beanspruchen (50 Züge)",
    ],
    ClaimThreefold => [
        "Claim draw (repetition)",
        "Réclamer la nulle (répétition)",
        "Reivindicar empate (repetição)",
        "Remis beanspruchen (Wiederholung)",
    ],
    MovesTitle => ["Moves", "Coups", "Lances", "Züge"],
    MovesEmpty => [
        "No moves yet. White begins.",
        "Aucun coup joué. Les Blancs commencent.",
        "Nenhum lance ainda. As brancas começam.",
        "Noch kein Zug. Weiß beginnt.",
    ],
    SavedTitle => ["Saved games", "Parties enregistrées", "Partidas salvas", "Gespeicherte Partien"],
    SavedEmpty => [
        "No other saved games.",
        "Aucune autre partie enregistrée.",
        "Nenhuma outra partida salva.",
        "Keine weiteren gespeicherten Partien.",
    ],
    SavedCurrent => ["on the board now", "sur l’échiquier", "no tabuleiro agora", "jetzt auf dem Brett"],
    SavedSummaryOne => [
        "{date} · {n} move",
        "{date} · {n} coup",
        "{date} · {n} lance",
        "{date} · {n} Zug",
    ],
    SavedSummaryMany => [
        "{date} · {n} moves",
        "{date} · {n} coups",
        "{date} · {n} lances",
        "{date} · {n} Züge",
    ],
    SavedOngoing => ["in progress", "en cours", "em andamento", "läuft"],
    SavedFinished => ["finished", "terminée", "encerrada", "beendet"],
    BtnResume => ["Resume", "Reprendre", "Retomar", "Fortsetzen"],
    BtnOpen => ["Open", "Ouvrir", "Abrir", "Öffnen"],
    BtnDelete => ["Delete", "Supprimer", "Apagar", "Löschen"],
    White => ["White", "Blancs", "Brancas", "Weiß"],
    Black => ["Black", "Noirs", "Pretas", "Schwarz"],
    TurnWhite => ["White to move", "Trait aux Blancs", "Vez das brancas", "Weiß am Zug"],
    TurnBlack => ["Black to move", "Trait aux Noirs", "Vez das pretas", "Schwarz am Zug"],
    CheckWhite => [
        "White to move: check!",
        "Trait aux Blancs : échec !",
        "Vez das brancas: xeque!",
        "Weiß am Zug: Schach!",
    ],
    CheckBlack => [
        "Black to move: check!",
        "Trait aux Noirs : échec !",
        "Vez das pretas: xeque!",
        "Schwarz am Zug: Schach!",
    ],
    ResCheckmateWhite => [
        "Checkmate: White wins.",
        "Échec et mat : les Blancs gagnent.",
        "Xeque-mate: as brancas vencem.",
        "Schachmatt: Weiß gewinnt.",
    ],
    ResCheckmateBlack => [
        "Checkmate: Black wins.",
        "Échec et mat : les Noirs gagnent.",
        "Xeque-mate: as pretas vencem.",
        "Schachmatt: Schwarz gewinnt.",
    ],
    ResResignWhite => [
        "Black resigned: White wins.",
        "Les Noirs abandonnent : les Blancs gagnent.",
        "As pretas desistiram: as brancas vencem.",
        "Schwarz hat aufgegeben: Weiß gewinnt.",
    ],
    ResResignBlack => [
        "White resigned: Black wins.",
        "Les Blancs abandonnent : les Noirs gagnent.",
        "As brancas desistiram: as pretas vencem.",
        "Weiß hat aufgegeben: Schwarz gewinnt.",
    ],
    ResStalemate => [
        "Draw by stalemate: the side to move has no legal move and is not in check.",
        "Nulle par pat : le camp au trait n’a aucun coup légal sans être en échec.",
        "Empate por afogamento: quem joga não tem lance legal e não está em xeque.",
        "Remis durch Patt: die Seite am Zug hat keinen legalen Zug und steht nicht im Schach.",
    ],
    ResDead => [
        "Draw: neither side can deliver mate any more.",
        "Nulle : plus aucun camp ne peut mater.",
        "Empate: nenhum dos lados consegue mais dar mate.",
        "Remis: keine Seite kann noch mattsetzen.",
    ],
    ResCounting => [
        "Draw: the count ran out before mate.",
        "Nulle : le décompte s’est achevé sans mat.",
        "Empate: a contagem terminou sem mate.",
        "Remis: die Zählung ist ohne Matt abgelaufen.",
    ],
    ResFifty => [
        "Draw claimed: 50 moves without a capture or a pawn move.",
        "Nulle réclamée : 50 coups sans prise ni coup de pion.",
        "Empate reivindicado: 50 lances sem captura nem lance de peão.",
        "Remis beansprucht: 50 Züge ohne Schlagen und ohne Bauernzug.",
    ],
    ResThreefold => [
        "Draw claimed: the same position occurred three times.",
        "Nulle réclamée : la même position est apparue trois fois.",
        "Empate reivindicado: a mesma posição ocorreu três vezes.",
        "Remis beansprucht: dieselbe Stellung kam dreimal vor.",
    ],
    ResAgreement => [
        "Draw by agreement.",
        "Nulle d’un commun accord.",
        "Empate por acordo.",
        "Remis durch Vereinbarung.",
    ],
    CountingStartWhite => [
        "Count starts with Black’s next move: White must mate within {limit} moves of the count, or it is a draw.",
        "Le décompte commence au prochain coup des Noirs : les Blancs doivent mater en {limit} coups du décompte, sinon nulle.",
        "A contagem começa no próximo lance das pretas: as brancas devem dar mate em {limit} lances da contagem, ou é empate.",
        "Die Zählung beginnt mit dem nächsten Zug von Schwarz: Weiß muss innerhalb von {limit} Zügen der Zählung mattsetzen, sonst Remis.",
    ],
    CountingStartBlack => [
        "Count starts with White’s next move: Black must mate within {limit} moves of the count, or it is a draw.",
        "Le décompte commence au prochain coup des Blancs : les Noirs doivent mater en {limit} coups du décompte, sinon nulle.",
        "A contagem começa no próximo lance das brancas: as pretas devem dar mate em {limit} lances da contagem, ou é empate.",
        "Die Zählung beginnt mit dem nächsten Zug von Weiß: Schwarz muss innerhalb von {limit} Zügen der Zählung mattsetzen, sonst Remis.",
    ],
    CountingWhite => [
        "Count {used} of {limit}: White must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Décompte {used} sur {limit} : les Blancs doivent mater au plus tard au coup {limit} du décompte, sinon nulle (reste {left}).",
        "Contagem {used} de {limit}: as brancas devem dar mate até o lance {limit} da contagem, ou é empate (faltam {left}).",
        "Zählung {used} von {limit}: Weiß muss bis zum {limit}. Zug der Zählung mattsetzen, sonst Remis (noch {left}).",
    ],
    CountingBlack => [
        "Count {used} of {limit}: Black must mate by move {limit} of the count, or it is a draw ({left} left).",
        "Décompte {used} sur {limit} : les Noirs doivent mater au plus tard au coup {limit} du décompte, sinon nulle (reste {left}).",
        "Contagem {used} de {limit}: as pretas devem dar mate até o lance {limit} da contagem, ou é empate (faltam {left}).",
        "Zählung {used} von {limit}: Schwarz muss bis zum {limit}. Zug der Zählung mattsetzen, sonst Remis (noch {left}).",
    ],
    CountByRook => [
        "The rook sets the limit at 16.",
        "La tour fixe la limite à 16.",
        "A torre fixa o limite em 16.",
        "Der Turm setzt die Grenze auf 16.",
    ],
    CountByKhon => [
        "With no rook, the khon sets the limit at 44.",
        "Sans tour, le khon fixe la limite à 44.",
        "Sem torre, o khon fixa o limite em 44.",
        "Ohne Turm setzt der Khon die Grenze auf 44.",
    ],
    CountByKnight => [
        "With no rook or khon, the knight sets the limit at 64.",
        "Sans tour ni khon, le cavalier fixe la limite à 64.",
        "Sem torre nem khon, o cavalo fixa o limite em 64.",
        "Ohne Turm und Khon setzt der Springer die Grenze auf 64.",
    ],
    FiftyCounter => [
        "50-move rule: {n} of 50",
        "Règle des 50 coups : {n} sur 50",
        "Regra dos 50 lances: {n} de 50",
        "50-Züge-Regel: {n} von 50",
    ],
    RepetitionCounter => [
        "This position: seen {n} of 3 times",
        "Cette position : vue {n} fois sur 3",
        "Esta posição: vista {n} de 3 vezes",
        "Diese Stellung: {n} von 3 Malen",
    ],
    PieceKing => ["king", "roi", "rei", "König"],
    PieceMet => ["met", "met", "met", "Met"],
    PieceKhon => ["khon", "khon", "khon", "Khon"],
    PieceRook => ["rook", "tour", "torre", "Turm"],
    PieceKnight => ["knight", "cavalier", "cavalo", "Springer"],
    PiecePawn => ["pawn", "pion", "peão", "Bauer"],
    GlossMet => [
        "one step diagonally",
        "un pas en diagonale",
        "um passo na diagonal",
        "ein Schritt diagonal",
    ],
    GlossKhon => [
        "one step diagonally or straight ahead",
        "un pas en diagonale ou droit devant",
        "um passo na diagonal ou em frente",
        "ein Schritt diagonal oder geradeaus",
    ],
    SquareLabel => ["{square}: {piece}, {color}", "{square} : {piece}, {color}", "{square}: {piece}, {color}", "{square}: {piece}, {color}"],
    SquareEmpty => ["{square}: empty", "{square} : vide", "{square}: vazia", "{square}: leer"],
    SquareSelected => ["{label}, selected", "{label}, sélectionnée", "{label}, selecionada", "{label}, ausgewählt"],
    SquareDest => ["{label}, legal move", "{label}, coup légal", "{label}, lance legal", "{label}, legaler Zug"],
    ControlsLabel => ["Game", "Partie", "Partida", "Partie"],
    AppFailed => [
        "The app could not start: {error}",
        "L’application n’a pas pu démarrer : {error}",
        "O app não conseguiu iniciar: {error}",
        "Die App konnte nicht starten: {error}",
    ],
    PromoTitle => ["Promote the pawn to", "Promouvoir le pion en", "Promover o peão a", "Bauer umwandeln in"],
    PromoMetOnly => [
        "Met-only setting: the pawn becomes a met.",
        "Réglage « met seulement » : le pion devient un met.",
        "Regra “só met”: o peão vira met.",
        "Einstellung „nur Met“: der Bauer wird ein Met.",
    ],
    Cancel => ["Cancel", "Annuler", "Cancelar", "Abbrechen"],
    Close => ["Close", "Fermer", "Fechar", "Schließen"],
    NewTitle => ["New game", "Nouvelle partie", "Nova partida", "Neue Partie"],
    NewPromotion => ["Promotion", "Promotion", "Promoção", "Umwandlung"],
    NewPromoAny => [
        "Rook, knight, khon or met (the usual online rule)",
        "Tour, cavalier, khon ou met (règle courante en ligne)",
        "Torre, cavalo, khon ou met (regra comum online)",
        "Turm, Springer, Khon oder Met (übliche Online-Regel)",
    ],
    NewPromoMet => [
        "Met only (ASEAN Laws of 2011)",
        "Met seulement (règles ASEAN de 2011)",
        "Só met (regras ASEAN de 2011)",
        "Nur Met (ASEAN-Regeln von 2011)",
    ],
    NewKeep => [
        "The current game stays in your saved games.",
        "La partie en cours reste dans vos parties enregistrées.",
        "A partida atual continua nas suas partidas salvas.",
        "Die laufende Partie bleibt bei den gespeicherten Partien.",
    ],
    NewStart => ["Start", "Commencer", "Começar", "Starten"],
    ConfirmResignTitle => ["Resign?", "Abandonner ?", "Desistir?", "Aufgeben?"],
    ConfirmResignWhite => [
        "White resigns and Black wins the game.",
        "Les Blancs abandonnent et les Noirs gagnent la partie.",
        "As brancas desistem e as pretas vencem a partida.",
        "Weiß gibt auf, Schwarz gewinnt die Partie.",
    ],
    ConfirmResignBlack => [
        "Black resigns and White wins the game.",
        "Les Noirs abandonnent et les Blancs gagnent la partie.",
        "As pretas desistem e as brancas vencem a partida.",
        "Schwarz gibt auf, Weiß gewinnt die Partie.",
    ],
    ConfirmDrawTitle => ["Draw by agreement?", "Nulle d’un commun accord ?", "Empate por acordo?", "Remis vereinbaren?"],
    ConfirmDrawText => [
        "Do both players agree to end the game as a draw?",
        "Les deux joueurs acceptent-ils de conclure la partie par une nulle ?",
        "Os dois jogadores aceitam terminar a partida empatada?",
        "Sind beide Spieler einverstanden, die Partie remis zu beenden?",
    ],
    ConfirmDrawYes => ["Yes, a draw", "Oui, nulle", "Sim, empate", "Ja, remis"],
    ConfirmResignYes => ["Yes, resign", "Oui, abandonner", "Sim, desistir", "Ja, aufgeben"],
    OverTitle => ["Game over", "Partie terminée", "Fim de partida", "Partie beendet"],
    OverReview => ["Look at the board", "Voir l’échiquier", "Ver o tabuleiro", "Brett ansehen"],
    NoticeDismiss => ["Dismiss", "Fermer", "Dispensar", "Ausblenden"],
    StorageFull => [
        "Storage is full, so this game is not being saved. Delete some saved games to make room.",
        "Le stockage est plein : cette partie n’est plus enregistrée. Supprimez des parties pour libérer de la place.",
        "O armazenamento está cheio e esta partida não está sendo salva. Apague algumas partidas para liberar espaço.",
        "Der Speicher ist voll, diese Partie wird nicht gespeichert. Lösche gespeicherte Partien, um Platz zu schaffen.",
    ],
    StorageFullNoGames => [
        "Storage is full, so this game is not being saved. Free space by clearing other data this browser keeps for the site, or leave private browsing mode.",
        "Le stockage est plein : cette partie n’est plus enregistrée. Libérez de la place en effaçant les autres données du site dans ce navigateur, ou quittez la navigation privée.",
        "O armazenamento está cheio e esta partida não está sendo salva. Libere espaço apagando outros dados do site neste navegador, ou saia da navegação privada.",
        "Der Speicher ist voll, diese Partie wird nicht gespeichert. Schaffe Platz, indem du andere Website-Daten in diesem Browser löschst, oder verlasse den privaten Modus.",
    ],
    ToastSynced => [
        "Updated from another tab.",
        "Mise à jour depuis un autre onglet.",
        "Atualizado a partir de outra aba.",
        "Aus einem anderen Tab aktualisiert.",
    ],
    ToastConflict => [
        "This game was changed in another tab: its newer version is shown and your last change was not saved.",
        "Cette partie a été modifiée dans un autre onglet : sa version plus récente est affichée et votre dernière modification n’a pas été enregistrée.",
        "Esta partida foi alterada em outra aba: a versão mais recente está sendo mostrada e sua última alteração não foi salva.",
        "Diese Partie wurde in einem anderen Tab geändert: die neuere Fassung wird angezeigt, deine letzte Änderung wurde nicht gespeichert.",
    ],
    StorageUnavailable => [
        "This browser does not let the page save games; the game will be lost on reload.",
        "Ce navigateur ne permet pas d’enregistrer les parties ; elle sera perdue au rechargement.",
        "Este navegador não permite salvar partidas; a partida se perde ao recarregar.",
        "Dieser Browser erlaubt kein Speichern; die Partie geht beim Neuladen verloren.",
    ],
    StorageCorrupt => [
        "A saved game could not be read. It was set aside under “{key}” and was not deleted.",
        "Une partie enregistrée est illisible. Elle a été mise de côté sous « {key} », sans être supprimée.",
        "Uma partida salva não pôde ser lida. Ela foi guardada à parte em “{key}” e não foi apagada.",
        "Eine gespeicherte Partie war unlesbar. Sie wurde unter „{key}“ beiseitegelegt, nicht gelöscht.",
    ],
    StorageVersion => [
        "A saved game comes from another version of this app (schema {version}). It was set aside under “{key}”.",
        "Une partie enregistrée provient d’une autre version de l’application (schéma {version}). Elle a été mise de côté sous « {key} ».",
        "Uma partida salva vem de outra versão do app (esquema {version}). Ela foi guardada à parte em “{key}”.",
        "Eine gespeicherte Partie stammt aus einer anderen Version (Schema {version}). Sie wurde unter „{key}“ beiseitegelegt.",
    ],
    StorageError => [
        "The game could not be saved: {error}",
        "La partie n’a pas pu être enregistrée : {error}",
        "Não foi possível salvar a partida: {error}",
        "Die Partie konnte nicht gespeichert werden: {error}",
    ],
    ToastIllegal => [
        "That move is not allowed.",
        "Ce coup n’est pas permis.",
        "Esse lance não é permitido.",
        "Dieser Zug ist nicht erlaubt.",
    ],
    ToastGameOver => [
        "The game is over: undo a move or start a new game.",
        "La partie est finie : annulez un coup ou commencez une nouvelle partie.",
        "A partida acabou: desfaça um lance ou comece outra.",
        "Die Partie ist vorbei: nimm einen Zug zurück oder starte eine neue.",
    ],
    ToastNothingToUndo => ["Nothing to undo.", "Rien à annuler.", "Nada para desfazer.", "Nichts zurückzunehmen."],
    ToastUndone => ["Move taken back.", "Coup annulé.", "Lance desfeito.", "Zug zurückgenommen."],
    ToastNewGame => ["New game: White begins.", "Nouvelle partie : les Blancs commencent.", "Nova partida: as brancas começam.", "Neue Partie: Weiß beginnt."],
    ToastResumed => ["Game resumed.", "Partie reprise.", "Partida retomada.", "Partie fortgesetzt."],
    ToastDeleted => ["Saved game deleted.", "Partie supprimée.", "Partida apagada.", "Partie gelöscht."],
    ToastNoClaim => [
        "No draw can be claimed right now.",
        "Aucune nulle ne peut être réclamée pour l’instant.",
        "Nenhum empate pode ser reivindicado agora.",
        "Derzeit kann kein Remis beansprucht werden.",
    ],
    NewMode => ["Opponent", "Adversaire", "Adversário", "Gegner"],
    NewModeHotSeat => [
        "Two players on this device",
        "Deux joueurs sur cet appareil",
        "Dois jogadores neste aparelho",
        "Zwei Spieler an diesem Gerät",
    ],
    NewModeAi => ["Against the computer", "Contre l’ordinateur", "Contra o computador", "Gegen den Computer"],
    NewAiLevel => ["Computer level", "Niveau de l’ordinateur", "Nível do computador", "Spielstärke des Computers"],
    NewAiLevelNote => [
        "1 is a beginner who often blunders; 8 is the strongest and thinks for up to 4 seconds.",
        "1 : débutant qui gaffe souvent ; 8 : le plus fort, il réfléchit jusqu’à 4 secondes.",
        "1 é um iniciante que erra muito; 8 é o mais forte e pensa até 4 segundos.",
        "1 ist ein Anfänger, der oft patzt; 8 spielt am stärksten und denkt bis zu 4 Sekunden nach.",
    ],
    NewHuman => ["You play", "Vous jouez", "Você joga com", "Sie spielen"],
    NewHumanRandom => ["Random", "Au hasard", "Sorteio", "Zufällig"],
    AiThinking => [
        "The computer is thinking…",
        "L’ordinateur réfléchit…",
        "O computador está pensando…",
        "Der Computer denkt nach…",
    ],
    AiYouWhite => [
        "You play White against the computer (level {level}).",
        "Vous avez les Blancs contre l’ordinateur (niveau {level}).",
        "Você joga de brancas contra o computador (nível {level}).",
        "Sie spielen Weiß gegen den Computer (Stufe {level}).",
    ],
    AiYouBlack => [
        "You play Black against the computer (level {level}).",
        "Vous avez les Noirs contre l’ordinateur (niveau {level}).",
        "Você joga de pretas contra o computador (nível {level}).",
        "Sie spielen Schwarz gegen den Computer (Stufe {level}).",
    ],
    SavedVsAi => ["vs AI (level {level})", "contre l’IA (niveau {level})", "contra a IA (nível {level})", "gegen die KI (Stufe {level})"],
    BtnHint => ["Hint", "Indice", "Dica", "Tipp"],
    ToastWaitAi => [
        "Wait for the computer’s move.",
        "Attendez le coup de l’ordinateur.",
        "Aguarde o lance do computador.",
        "Warten Sie den Zug des Computers ab.",
    ],
    ToastAiUnavailable => [
        "The computer opponent could not start in this browser.",
        "L’adversaire ordinateur n’a pas pu démarrer dans ce navigateur.",
        "O adversário computador não conseguiu iniciar neste navegador.",
        "Der Computergegner konnte in diesem Browser nicht starten.",
    ],
    ToastAiFailed => [
        "The computer could not choose a move: {error}",
        "L’ordinateur n’a pas pu choisir de coup : {error}",
        "O computador não conseguiu escolher um lance: {error}",
        "Der Computer konnte keinen Zug wählen: {error}",
    ],
    HotSeat => [
        "Hot-seat: both players share this device and take turns.",
        "Partie à deux sur le même appareil, chacun son tour.",
        "Partida a dois no mesmo aparelho, cada um na sua vez.",
        "Zu zweit an einem Gerät, abwechselnd am Zug.",
    ],
    PromotionRuleAny => ["Promotion: any piece", "Promotion : au choix", "Promoção: à escolha", "Umwandlung: frei wählbar"],
    PromotionRuleMet => ["Promotion: met only", "Promotion : met seulement", "Promoção: só met", "Umwandlung: nur Met"],
    NewModeOnline => ["Play a friend online", "Jouer contre un ami en ligne", "Jogar com um amigo online", "Online gegen Freunde spielen"],
    NewClock => ["Time control", "Cadence", "Controle de tempo", "Bedenkzeit"],
    ClockUntimed => ["Untimed", "Sans pendule", "Sem relógio", "Ohne Uhr"],
    NewVisibility => ["Who can join", "Qui peut rejoindre", "Quem pode entrar", "Wer beitreten kann"],
    NewVisPrivate => [
        "Private: only with the invite link",
        "Privée : seulement avec le lien d’invitation",
        "Privada: só com o link de convite",
        "Privat: nur mit dem Einladungslink",
    ],
    NewVisPublic => [
        "Public: listed in the lobby",
        "Publique : affichée dans le salon",
        "Pública: listada no saguão",
        "Öffentlich: in der Lobby aufgeführt",
    ],
    WaitingTitle => ["Waiting for your friend", "En attente de votre ami", "Aguardando seu amigo", "Warten auf Ihren Gegner"],
    WaitingText => [
        "Send this link to your friend. The game begins as soon as they open it.",
        "Envoyez ce lien à votre ami. La partie commence dès qu’il l’ouvre.",
        "Envie este link ao seu amigo. A partida começa assim que ele o abrir.",
        "Schicken Sie diesen Link Ihrem Gegner. Die Partie beginnt, sobald er ihn öffnet.",
    ],
    InviteLabel => ["Invite link", "Lien d’invitation", "Link de convite", "Einladungslink"],
    BtnCopyLink => ["Copy link", "Copier le lien", "Copiar link", "Link kopieren"],
    BtnShare => ["Share", "Partager", "Compartilhar", "Teilen"],
    ShareText => [
        "Play a game of ASEAN chess with me:",
        "Jouez une partie d’échecs ASEAN avec moi :",
        "Jogue uma partida de xadrez ASEAN comigo:",
        "Spiel eine Partie ASEAN-Schach mit mir:",
    ],
    ToastCopied => ["Link copied.", "Lien copié.", "Link copiado.", "Link kopiert."],
    ToastCopyFailed => [
        "Could not copy: the link is selected, copy it by hand.",
        "Copie impossible : le lien est sélectionné, copiez-le vous-même.",
        "Não foi possível copiar: o link está selecionado, copie-o manualmente.",
        "Kopieren nicht möglich: Der Link ist markiert, bitte von Hand kopieren.",
    ],
    Reconnecting => ["Reconnecting…", "Reconnexion…", "Reconectando…", "Verbindung wird wiederhergestellt…"],
    OpponentOnline => ["Your opponent is online.", "Votre adversaire est en ligne.", "Seu adversário está online.", "Ihr Gegner ist online."],
    OpponentOffline => ["Your opponent is away.", "Votre adversaire s’est absenté.", "Seu adversário saiu.", "Ihr Gegner ist abwesend."],
    OpponentAway => [
        "Your opponent is away. You may claim victory in {time}.",
        "Votre adversaire s’est absenté. Vous pourrez réclamer la victoire dans {time}.",
        "Seu adversário saiu. Você poderá reivindicar a vitória em {time}.",
        "Ihr Gegner ist abwesend. In {time} können Sie den Sieg beanspruchen.",
    ],
    OpponentGone => [
        "Your opponent has left. You may claim victory.",
        "Votre adversaire est parti. Vous pouvez réclamer la victoire.",
        "Seu adversário foi embora. Você pode reivindicar a vitória.",
        "Ihr Gegner ist gegangen. Sie können den Sieg beanspruchen.",
    ],
    BtnClaimVictory => ["Claim victory", "Réclamer la victoire", "Reivindicar vitória", "Sieg beanspruchen"],
    DrawOfferText => [
        "Your opponent offers a draw.",
        "Votre adversaire propose la nulle.",
        "Seu adversário propõe empate.",
        "Ihr Gegner bietet Remis an.",
    ],
    BtnAccept => ["Accept", "Accepter", "Aceitar", "Annehmen"],
    BtnDecline => ["Decline", "Refuser", "Recusar", "Ablehnen"],
    BtnOfferDraw => ["Offer a draw", "Proposer la nulle", "Propor empate", "Remis anbieten"],
    ToastDrawOffered => ["Draw offered.", "Nulle proposée.", "Empate proposto.", "Remis angeboten."],
    ToastDrawDeclined => [
        "Your draw offer was declined.",
        "Votre proposition de nulle a été refusée.",
        "Sua proposta de empate foi recusada.",
        "Ihr Remisangebot wurde abgelehnt.",
    ],
    BtnRematch => ["Rematch", "Revanche", "Revanche", "Revanche"],
    BtnRematchAccept => ["Accept the rematch", "Accepter la revanche", "Aceitar a revanche", "Revanche annehmen"],
    RematchWaiting => [
        "Rematch asked: waiting…",
        "Revanche demandée : en attente…",
        "Revanche pedida: aguardando…",
        "Revanche angefragt: warten…",
    ],
    ToastRematchOffered => [
        "Your opponent wants a rematch.",
        "Votre adversaire veut une revanche.",
        "Seu adversário quer uma revanche.",
        "Ihr Gegner möchte eine Revanche.",
    ],
    ToastRematchStarted => [
        "Rematch: colours are swapped.",
        "Revanche : les couleurs sont inversées.",
        "Revanche: as cores foram trocadas.",
        "Revanche: Die Farben sind getauscht.",
    ],
    ToastFriendJoined => [
        "Your opponent has arrived: the game begins.",
        "Votre adversaire est arrivé : la partie commence.",
        "Seu adversário chegou: a partida começa.",
        "Ihr Gegner ist da: Die Partie beginnt.",
    ],
    ToastOffline => [
        "Not connected to the server: wait for the reconnection.",
        "Pas de connexion au serveur : attendez la reconnexion.",
        "Sem conexão com o servidor: aguarde a reconexão.",
        "Keine Verbindung zum Server: Bitte warten Sie auf die Wiederverbindung.",
    ],
    OnlineConnecting => ["Online game: connecting…", "Partie en ligne : connexion…", "Partida online: conectando…", "Online-Partie: Verbindung wird aufgebaut…"],
    OnlineYouWhite => ["Online game: you play White.", "Partie en ligne : vous avez les Blancs.", "Partida online: você joga de brancas.", "Online-Partie: Sie spielen Weiß."],
    OnlineYouBlack => ["Online game: you play Black.", "Partie en ligne : vous avez les Noirs.", "Partida online: você joga de pretas.", "Online-Partie: Sie spielen Schwarz."],
    OnlineWatching => ["Online game: you are watching.", "Partie en ligne : vous êtes spectateur.", "Partida online: você está assistindo.", "Online-Partie: Sie schauen zu."],
    ResTimeoutWhite => ["White wins on time.", "Les Blancs gagnent au temps.", "As brancas vencem por tempo.", "Weiß gewinnt auf Zeit."],
    ResTimeoutBlack => ["Black wins on time.", "Les Noirs gagnent au temps.", "As pretas vencem por tempo.", "Schwarz gewinnt auf Zeit."],
    ResTimeoutDraw => [
        "Time ran out, but the other side cannot mate: draw.",
        "Le temps est écoulé, mais l’autre camp ne peut pas mater : nulle.",
        "O tempo acabou, mas o outro lado não pode dar mate: empate.",
        "Die Zeit ist abgelaufen, aber die andere Seite kann nicht mattsetzen: Remis.",
    ],
    ResAbandonedWhite => [
        "White wins: Black left the game.",
        "Les Blancs gagnent : les Noirs ont quitté la partie.",
        "As brancas vencem: as pretas abandonaram a partida.",
        "Weiß gewinnt: Schwarz hat die Partie verlassen.",
    ],
    ResAbandonedBlack => [
        "Black wins: White left the game.",
        "Les Noirs gagnent : les Blancs ont quitté la partie.",
        "As pretas vencem: as brancas abandonaram a partida.",
        "Schwarz gewinnt: Weiß hat die Partie verlassen.",
    ],
    LobbyTitle => ["Play online", "Jouer en ligne", "Jogar online", "Online spielen"],
    LobbyPlayersOne => ["{n} player online", "{n} joueur en ligne", "{n} jogador online", "{n} Spieler online"],
    LobbyPlayersMany => ["{n} players online", "{n} joueurs en ligne", "{n} jogadores online", "{n} Spieler online"],
    LobbyGamesOne => ["{n} game in progress", "{n} partie en cours", "{n} partida em andamento", "{n} laufende Partie"],
    LobbyGamesMany => ["{n} games in progress", "{n} parties en cours", "{n} partidas em andamento", "{n} laufende Partien"],
    LobbyConnecting => ["Connecting to the lobby…", "Connexion au salon…", "Conectando ao saguão…", "Verbindung zur Lobby…"],
    LobbyEmpty => [
        "Nobody is waiting: create a room or play the AI meanwhile.",
        "Personne n’attend : créez une salle ou jouez contre l’IA en attendant.",
        "Ninguém está esperando: crie uma sala ou jogue contra a IA enquanto isso.",
        "Niemand wartet: Eröffnen Sie einen Raum oder spielen Sie solange gegen die KI.",
    ],
    BtnCreateRoom => ["Create a room", "Créer une salle", "Criar uma sala", "Raum eröffnen"],
    BtnPlayAi => ["Play the AI", "Jouer contre l’IA", "Jogar contra a IA", "Gegen die KI spielen"],
    BtnJoin => ["Join", "Rejoindre", "Entrar", "Beitreten"],
    LobbySeatWhite => ["You play White", "Vous avez les Blancs", "Você joga de brancas", "Sie spielen Weiß"],
    LobbySeatBlack => ["You play Black", "Vous avez les Noirs", "Você joga de pretas", "Sie spielen Schwarz"],
    ErrNotYourTurn => ["It is not your turn.", "Ce n’est pas votre tour.", "Não é a sua vez.", "Sie sind nicht am Zug."],
    ErrUnknownRoom => [
        "This game does not exist: check the invite link.",
        "Cette partie n’existe pas : vérifiez le lien d’invitation.",
        "Esta partida não existe: verifique o link de convite.",
        "Diese Partie gibt es nicht: Prüfen Sie den Einladungslink.",
    ],
    ErrNotSeated => [
        "Both seats are taken: you are watching this game.",
        "Les deux places sont prises : vous regardez cette partie.",
        "Os dois lugares estão ocupados: você está assistindo a esta partida.",
        "Beide Plätze sind besetzt: Sie schauen dieser Partie zu.",
    ],
    ErrRateLimited => [
        "Too many actions at once: slow down a little.",
        "Trop d’actions à la fois : ralentissez un peu.",
        "Ações demais de uma vez: vá um pouco mais devagar.",
        "Zu viele Aktionen auf einmal: bitte etwas langsamer.",
    ],
    ErrServer => ["The server refused: {error}", "Le serveur a refusé : {error}", "O servidor recusou: {error}", "Der Server hat abgelehnt: {error}"],
    ErrRoomClosed => [
        "This invitation is closed: nothing more can happen in this room.",
        "Cette invitation est close : il ne peut plus rien se passer dans cette salle.",
        "Este convite está encerrado: nada mais pode acontecer nesta sala.",
        "Diese Einladung ist geschlossen: In diesem Raum kann nichts mehr geschehen.",
    ],
    ErrTooManyRooms => [
        "Too many rooms are open: finish or cancel one of yours, or try again later.",
        "Trop de salles sont ouvertes : terminez ou annulez l’une des vôtres, ou réessayez plus tard.",
        "Há salas abertas demais: termine ou cancele uma das suas, ou tente mais tarde.",
        "Es sind zu viele Räume offen: Beenden oder schließen Sie einen Ihrer Räume oder versuchen Sie es später noch einmal.",
    ],
    ErrConnectionReset => [
        "The server closed the connection: reconnecting…",
        "Le serveur a fermé la connexion : reconnexion…",
        "O servidor encerrou a conexão: reconectando…",
        "Der Server hat die Verbindung getrennt: Verbindung wird wiederhergestellt…",
    ],
    BtnCancelInvite => ["Cancel the invitation", "Annuler l’invitation", "Cancelar o convite", "Einladung zurückziehen"],
    ToastInviteCancelled => ["Invitation cancelled.", "Invitation annulée.", "Convite cancelado.", "Einladung zurückgezogen."],
    WaitingListed => [
        "Your room is listed in the lobby: anyone may take the free seat.",
        "Votre salle figure dans le salon : n’importe qui peut prendre la place libre.",
        "Sua sala aparece no saguão: qualquer pessoa pode ocupar o lugar livre.",
        "Ihr Raum steht in der Lobby: Jeder kann den freien Platz einnehmen.",
    ],
    WaitingUnlisted => [
        "Your room is not in the lobby list right now; the link still works.",
        "Votre salle n’apparaît pas dans le salon pour l’instant ; le lien reste valable.",
        "Sua sala não aparece no saguão agora; o link continua valendo.",
        "Ihr Raum steht gerade nicht in der Lobby; der Link funktioniert weiterhin.",
    ],
    WaitingExpires => [
        "The link stays open until {time}.",
        "Le lien reste valable jusqu’au {time}.",
        "O link vale até {time}.",
        "Der Link gilt bis {time}.",
    ],
    ClosedCancelledTitle => [
        "This invitation was cancelled",
        "Cette invitation a été annulée",
        "Este convite foi cancelado",
        "Diese Einladung wurde zurückgezogen",
    ],
    ClosedExpiredTitle => [
        "This invitation has expired",
        "Cette invitation a expiré",
        "Este convite expirou",
        "Diese Einladung ist abgelaufen",
    ],
    ClosedGuest => [
        "No game will be played here. Ask your friend for a new link, or start a game of your own.",
        "Aucune partie ne se jouera ici. Demandez un nouveau lien à votre ami, ou lancez votre propre partie.",
        "Nenhuma partida será jogada aqui. Peça um novo link ao seu amigo ou comece uma partida sua.",
        "Hier wird keine Partie gespielt. Bitten Sie um einen neuen Link oder beginnen Sie selbst eine Partie.",
    ],
    ClosedExpiredHost => [
        "Nobody opened your link in time. Create a new room to invite someone again.",
        "Personne n’a ouvert votre lien à temps. Créez une nouvelle salle pour inviter de nouveau.",
        "Ninguém abriu seu link a tempo. Crie uma nova sala para convidar alguém de novo.",
        "Niemand hat Ihren Link rechtzeitig geöffnet. Eröffnen Sie einen neuen Raum, um erneut einzuladen.",
    ],
    ClosedCancelledHost => [
        "You cancelled this invitation. Create a new room to invite someone again.",
        "Vous avez annulé cette invitation. Créez une nouvelle salle pour inviter de nouveau.",
        "Você cancelou este convite. Crie uma nova sala para convidar alguém de novo.",
        "Sie haben diese Einladung zurückgezogen. Eröffnen Sie einen neuen Raum, um erneut einzuladen.",
    ],
    BtnLeaveRoom => ["Leave this room", "Quitter cette salle", "Sair desta sala", "Raum verlassen"],
    OnlineClosed => [
        "Online: this invitation is closed.",
        "En ligne : cette invitation est close.",
        "Online: este convite está encerrado.",
        "Online: Diese Einladung ist geschlossen.",
    ],
    BtnAbort => ["Abort game", "Annuler la partie", "Anular a partida", "Partie abbrechen"],
    ResAborted => [
        "Game aborted: no winner, no loser.",
        "Partie annulée : ni vainqueur ni vaincu.",
        "Partida anulada: sem vencedor nem perdedor.",
        "Partie abgebrochen: kein Sieger, kein Verlierer.",
    ],
    OpponentAwayAbort => [
        "Your opponent is away. If they do not return, the game will be aborted in {time}.",
        "Votre adversaire s’est absenté. S’il ne revient pas, la partie sera annulée dans {time}.",
        "Seu adversário saiu. Se ele não voltar, a partida será anulada em {time}.",
        "Ihr Gegner ist abwesend. Kommt er nicht zurück, wird die Partie in {time} abgebrochen.",
    ],
    OpponentGoneAbort => [
        "Your opponent did not come back: the game is being aborted.",
        "Votre adversaire n’est pas revenu : la partie va être annulée.",
        "Seu adversário não voltou: a partida será anulada.",
        "Ihr Gegner ist nicht zurückgekommen: Die Partie wird abgebrochen.",
    ],
    ToastImported => ["Game imported.", "Partie importée.", "Partida importada.", "Partie importiert."],
    ImportEmpty => [
        "Paste a PGN or a FEN first.",
        "Collez d’abord un PGN ou un FEN.",
        "Cole primeiro um PGN ou um FEN.",
        "Füge zuerst ein PGN oder einen FEN ein.",
    ],
    ImportBadFen => [
        "This FEN cannot be read: {error}",
        "Ce FEN est illisible : {error}",
        "Não é possível ler este FEN: {error}",
        "Dieser FEN ist nicht lesbar: {error}",
    ],
    ImportBadPgn => [
        "This PGN cannot be read: {error}",
        "Ce PGN est illisible : {error}",
        "Não é possível ler este PGN: {error}",
        "Dieses PGN ist nicht lesbar: {error}",
    ],
    ExportLocal => [
        "Paste the PGN into any program that knows ASEAN chess, or import it here later.",
        "Collez le PGN dans tout programme qui connaît les échecs ASEAN, ou importez-le ici plus tard.",
        "Cole o PGN em qualquer programa que conheça o xadrez ASEAN, ou importe-o aqui mais tarde.",
        "Füge das PGN in jedes Programm ein, das ASEAN-Schach kennt, oder importiere es später hier.",
    ],
    ExportOnline => [
        "The PGN of this online game, as far as it has been played.",
        "Le PGN de cette partie en ligne, jusqu’au dernier coup joué.",
        "O PGN desta partida online, até o último lance jogado.",
        "Das PGN dieser Online-Partie, so weit sie gespielt ist.",
    ],
    ToastCopiedPgn => ["PGN copied.", "PGN copié.", "PGN copiado.", "PGN kopiert."],
    ToastCopiedFen => ["FEN copied.", "FEN copié.", "FEN copiado.", "FEN kopiert."],
    ToastCopyFailedText => [
        "Could not copy: select the text and copy it by hand.",
        "Copie impossible : sélectionnez le texte et copiez-le vous-même.",
        "Não foi possível copiar: selecione o texto e copie-o manualmente.",
        "Kopieren nicht möglich: Markiere den Text und kopiere ihn von Hand.",
    ],
    BtnExport => ["Export", "Exporter", "Exportar", "Exportieren"],
    BtnImport => ["Import", "Importer", "Importar", "Importieren"],
    ExportTitle => ["Export the game", "Exporter la partie", "Exportar a partida", "Partie exportieren"],
    ImportTitle => ["Import a game", "Importer une partie", "Importar uma partida", "Partie importieren"],
    ImportText => [
        "Paste a PGN (a whole game) or a FEN (a position):",
        "Collez un PGN (une partie entière) ou un FEN (une position) :",
        "Cole um PGN (uma partida inteira) ou um FEN (uma posição):",
        "Füge ein PGN (eine ganze Partie) oder einen FEN (eine Stellung) ein:",
    ],
    ImportFile => [
        "Or open a .pgn file",
        "Ou ouvrez un fichier .pgn",
        "Ou abra um arquivo .pgn",
        "Oder öffne eine .pgn-Datei",
    ],
    BtnCopyPgn => ["Copy PGN", "Copier le PGN", "Copiar PGN", "PGN kopieren"],
    BtnCopyFen => ["Copy FEN", "Copier le FEN", "Copiar FEN", "FEN kopieren"],
    BtnDownload => ["Download .pgn", "Télécharger .pgn", "Baixar .pgn", ".pgn herunterladen"],
    ExportFenLabel => [
        "FEN of the position shown",
        "FEN de la position affichée",
        "FEN da posição mostrada",
        "FEN der gezeigten Stellung",
    ],
    ReviewLabel => ["Step through the game", "Parcourir la partie", "Percorrer a partida", "Durch die Partie gehen"],
    ReviewFirst => ["First position", "Position de départ", "Posição inicial", "Ausgangsstellung"],
    ReviewPrev => ["Previous move", "Coup précédent", "Lance anterior", "Vorheriger Zug"],
    ReviewNext => ["Next move", "Coup suivant", "Próximo lance", "Nächster Zug"],
    ReviewLast => ["Last move", "Dernier coup", "Último lance", "Letzter Zug"],
    BtnLive => ["Back to the game", "Retour à la partie", "Voltar à partida", "Zurück zur Partie"],
    AnalysisAfterGame => [
        "The analysis opens once this game is over: no engine help against a person.",
        "L’analyse s’ouvre une fois la partie terminée : pas d’aide du moteur contre une personne.",
        "A análise abre quando a partida terminar: sem ajuda do motor contra uma pessoa.",
        "Die Analyse gibt es nach dem Ende der Partie: keine Engine-Hilfe gegen einen Menschen.",
    ],
    ReviewAt => [
        "Position after {move} ({ply} of {total})",
        "Position après {move} ({ply} sur {total})",
        "Posição após {move} ({ply} de {total})",
        "Stellung nach {move} ({ply} von {total})",
    ],
    ReviewStart => [
        "The first position (0 of {total})",
        "La position de départ (0 sur {total})",
        "A posição inicial (0 de {total})",
        "Die Ausgangsstellung (0 von {total})",
    ],
    SavedHotSeat => ["hot-seat", "à deux sur cet appareil", "dois jogadores neste aparelho", "zu zweit an diesem Gerät"],
    SavedOnlineWhite => [
        "online, you played White",
        "en ligne, vous aviez les Blancs",
        "online, você jogou de Brancas",
        "online, du hattest Weiß",
    ],
    SavedOnlineBlack => [
        "online, you played Black",
        "en ligne, vous aviez les Noirs",
        "online, você jogou de Pretas",
        "online, du hattest Schwarz",
    ],
    SavedOnlineWatched => ["online, watched", "en ligne, regardée", "online, assistida", "online, zugeschaut"],
    ConfirmDeleteTitle => [
        "Delete this saved game?",
        "Supprimer cette partie enregistrée ?",
        "Excluir esta partida salva?",
        "Diese gespeicherte Partie löschen?",
    ],
    ConfirmDeleteText => [
        "It will be gone from this device. An online game stays on the server and its link still opens it.",
        "Elle disparaîtra de cet appareil. Une partie en ligne reste sur le serveur et son lien l’ouvre toujours.",
        "Ela sumirá deste aparelho. Uma partida online continua no servidor e o link ainda a abre.",
        "Sie verschwindet von diesem Gerät. Eine Online-Partie bleibt auf dem Server, ihr Link öffnet sie weiterhin.",
    ],
    ConfirmDeleteYes => ["Delete", "Supprimer", "Excluir", "Löschen"],
    AnalysisTitle => ["Analysis", "Analyse", "Análise", "Analyse"],
    AnalysisNote => [
        "The engine that plays looks at every position, here in your browser: no connection needed.",
        "Le moteur qui joue examine chaque position, ici dans votre navigateur : aucune connexion requise.",
        "O motor que joga examina cada posição, aqui no seu navegador: sem precisar de conexão.",
        "Die Engine, die spielt, prüft jede Stellung hier im Browser: ohne Verbindung.",
    ],
    BtnAnalyse => ["Analyse the game", "Analyser la partie", "Analisar a partida", "Partie analysieren"],
    BtnAnalysisResume => ["Resume the analysis", "Reprendre l’analyse", "Retomar a análise", "Analyse fortsetzen"],
    BtnAnalysisStop => ["Stop", "Arrêter", "Parar", "Anhalten"],
    AnalysisProgress => [
        "Analysing: {done} of {total} positions",
        "Analyse : {done} positions sur {total}",
        "Analisando: {done} de {total} posições",
        "Analyse: {done} von {total} Stellungen",
    ],
    AnalysisDone => [
        "Analysis complete: {total} positions",
        "Analyse terminée : {total} positions",
        "Análise concluída: {total} posições",
        "Analyse fertig: {total} Stellungen",
    ],
    EvalDepth => ["depth {n}", "profondeur {n}", "profundidade {n}", "Tiefe {n}"],
    AnalysisFailed => [
        "The analysis stopped: {error}",
        "L’analyse s’est arrêtée : {error}",
        "A análise parou: {error}",
        "Die Analyse wurde angehalten: {error}",
    ],
    AnalysisSide => ["{side}: {marks}", "{side} : {marks}", "{side}: {marks}", "{side}: {marks}"],
    AnalysisSideClean => [
        "{side}: no mistakes",
        "{side} : aucune erreur",
        "{side}: nenhum erro",
        "{side}: keine Fehler",
    ],
    AnalysisLegend => [
        "?! inaccuracy · ? mistake · ?? blunder. Click the graph to go to a move.",
        "?! imprécision · ? erreur · ?? gaffe. Cliquez sur le graphique pour aller à un coup.",
        "?! imprecisão · ? erro · ?? capivarada. Clique no gráfico para ir a um lance.",
        "?! Ungenauigkeit · ? Fehler · ?? grober Fehler. Klicke in die Grafik, um zu einem Zug zu gehen.",
    ],
    BestMove => ["Better: {move}", "Mieux : {move}", "Melhor: {move}", "Besser: {move}"],
    EvalGraphLabel => [
        "Evaluation of the game, move by move",
        "Évaluation de la partie, coup par coup",
        "Avaliação da partida, lance a lance",
        "Bewertung der Partie, Zug um Zug",
    ],
    // Offline and installable (issue 10): the AI worker that cannot start, online play without
    // a connection.
    AiUnavailableText => [
        "The computer opponent could not start ({error}). Hot-seat play still works.",
        "L’adversaire ordinateur n’a pas pu démarrer ({error}). Le jeu à deux sur cet appareil fonctionne toujours.",
        "O adversário computador não conseguiu iniciar ({error}). O jogo a dois neste aparelho continua a funcionar.",
        "Der Computergegner konnte nicht starten ({error}). Das Spiel zu zweit an diesem Gerät geht weiterhin.",
    ],
    BtnAiRetry => ["Try again", "Réessayer", "Tentar de novo", "Erneut versuchen"],
    OnlineNeedsConnection => [
        "Online play needs a connection to the server, and there is none right now.",
        "Le jeu en ligne demande une connexion au serveur, et il n’y en a pas pour l’instant.",
        "O jogo online precisa de uma conexão com o servidor, e agora não há nenhuma.",
        "Online-Spiel braucht eine Verbindung zum Server, und gerade gibt es keine.",
    ],
    ToastNeedsConnection => [
        "No connection: online play is not possible now. Play the computer or on this device instead.",
        "Pas de connexion : le jeu en ligne est impossible pour l’instant. Jouez contre l’ordinateur ou sur cet appareil.",
        "Sem conexão: o jogo online não é possível agora. Jogue contra o computador ou neste aparelho.",
        "Keine Verbindung: Online-Spiel ist gerade nicht möglich. Spielen Sie gegen den Computer oder an diesem Gerät.",
    ],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_four_texts() {
        for &key in Key::ALL {
            for lang in Lang::ALL {
                assert!(
                    !lang.t(key).trim().is_empty(),
                    "{key:?} is empty in {lang:?}"
                );
            }
            assert_eq!(Key::from_name(key.name()), Some(key));
        }
    }

    #[test]
    fn negotiation() {
        assert_eq!(negotiate(&["pt-BR", "en"]), Lang::Pt);
        assert_eq!(negotiate(&["zh-CN", "ja"]), Lang::En);
        assert_eq!(negotiate(&["FR_ca"]), Lang::Fr);
    }

    #[test]
    fn move_counts_agree_in_number() {
        let cases = [
            (Lang::En, 1, "d · 1 move"),
            (Lang::En, 3, "d · 3 moves"),
            (Lang::Fr, 1, "d · 1 coup"),
            (Lang::Fr, 3, "d · 3 coups"),
            (Lang::De, 1, "d · 1 Zug"),
            (Lang::De, 3, "d · 3 Züge"),
            (Lang::Pt, 1, "d · 1 lance"),
            (Lang::Pt, 3, "d · 3 lances"),
        ];
        for (lang, n, want) in cases {
            assert_eq!(lang.moves_summary("d", n), want);
        }
    }

    #[test]
    fn placeholders() {
        let s = Lang::En.fmt(Key::FiftyCounter, &[("n", "7")]);
        assert_eq!(s, "50-move rule: 7 of 50");
    }
}
