### The ASEAN chess page's texts in German.
###
### One message a key: `Key = text`. Variables are written `{ $name }` and filled in by the
### page. A text with a count is a select on `$n` with one variant per CLDR plural category
### the language uses, `*[other]` the default. Every file has the messages of en.ftl with the
### same variables: the build names any that is missing, unknown or different.
###
### Plural categories: `one` (1) and `other`.
### The Makruk pieces keep their Thai names *khon* and *met*, as players writing in German call
### them; the pieces the game shares with chess take the chess names.

## Texts with a count `{ $n }`: one variant per CLDR plural category the language uses,
## `other` the default.

SavedSummary =
    { $n ->
        [one] { $date } · { $n } Zug
       *[other] { $date } · { $n } Züge
    }

LobbyPlayers =
    { $n ->
        [one] { $n } Spieler online
       *[other] { $n } Spieler online
    }

LobbyGames =
    { $n ->
        [one] { $n } laufende Partie
       *[other] { $n } laufende Partien
    }

AccountRetryMinutes =
    { $n ->
        [one] Versuche es in { $n } Minute erneut.
       *[other] Versuche es in { $n } Minuten erneut.
    }

ToastSignedOutOthers =
    { $n ->
        [one] { $n } andere Sitzung abgemeldet.
       *[other] { $n } andere Sitzungen abgemeldet.
    }

ProfilePerfGames =
    { $n ->
        [one] { $n } gewertete Partie
       *[other] { $n } gewertete Partien
    }

## Texts without a count.

AppTitle = ASEAN-Schach
Tagline = Makruk nach ASEAN-Regeln: zwei Spieler, ein Gerät.
Loading = Wird geladen…
LanguageLabel = Sprache
RulesLink = Regeln
BoardLabel = Schachbrett
BtnNew = Neue Partie
BtnUndo = Zurücknehmen
BtnFlip = Brett drehen
BtnResign = Aufgeben
BtnDraw = Remis vereinbaren
BtnClaim = Remis beanspruchen
ClaimFifty = Remis beanspruchen (50 Züge)
ClaimThreefold = Remis beanspruchen (Wiederholung)
MovesTitle = Züge
MovesEmpty = Noch kein Zug. Weiß beginnt.
SavedTitle = Gespeicherte Partien
SavedEmpty = Keine weiteren gespeicherten Partien.
SavedCurrent = jetzt auf dem Brett
SavedOngoing = läuft
SavedFinished = beendet
BtnResume = Fortsetzen
BtnOpen = Öffnen
BtnDelete = Löschen
White = Weiß
Black = Schwarz
TurnWhite = Weiß am Zug
TurnBlack = Schwarz am Zug
CheckWhite = Weiß am Zug: Schach!
CheckBlack = Schwarz am Zug: Schach!
ResCheckmateWhite = Schachmatt: Weiß gewinnt.
ResCheckmateBlack = Schachmatt: Schwarz gewinnt.
ResResignWhite = Schwarz hat aufgegeben: Weiß gewinnt.
ResResignBlack = Weiß hat aufgegeben: Schwarz gewinnt.
ResStalemate = Remis durch Patt: die Seite am Zug hat keinen legalen Zug und steht nicht im Schach.
ResDead = Remis: keine Seite kann noch mattsetzen.
ResCounting = Remis: die Zählung ist ohne Matt abgelaufen.
ResFifty = Remis beansprucht: 50 Züge ohne Schlagen und ohne Bauernzug.
ResThreefold = Remis beansprucht: dieselbe Stellung kam dreimal vor.
ResAgreement = Remis durch Vereinbarung.
CountingStartWhite = Die Zählung beginnt mit dem nächsten Zug von Schwarz: Weiß muss innerhalb von { $limit } Zügen der Zählung mattsetzen, sonst Remis.
CountingStartBlack = Die Zählung beginnt mit dem nächsten Zug von Weiß: Schwarz muss innerhalb von { $limit } Zügen der Zählung mattsetzen, sonst Remis.
CountingWhite = Zählung { $used } von { $limit }: Weiß muss bis zum { $limit }. Zug der Zählung mattsetzen, sonst Remis (noch { $left }).
CountingBlack = Zählung { $used } von { $limit }: Schwarz muss bis zum { $limit }. Zug der Zählung mattsetzen, sonst Remis (noch { $left }).
CountByRook = Der Turm setzt die Grenze auf 16.
CountByKhon = Ohne Turm setzt der Khon die Grenze auf 44.
CountByKnight = Ohne Turm und Khon setzt der Springer die Grenze auf 64.
FiftyCounter = 50-Züge-Regel: { $n } von 50
RepetitionCounter = Diese Stellung: { $n } von 3 Malen
PieceKing = König
PieceMet = Met
PieceKhon = Khon
PieceRook = Turm
PieceKnight = Springer
PiecePawn = Bauer
GlossMet = ein Schritt diagonal
GlossKhon = ein Schritt diagonal oder geradeaus
SquareLabel = { $square }: { $piece }, { $color }
SquareEmpty = { $square }: leer
SquareSelected = { $label }, ausgewählt
SquareDest = { $label }, legaler Zug
ControlsLabel = Partie
AppFailed = Die App konnte nicht starten: { $error }
PromoTitle = Bauer umwandeln in
Cancel = Abbrechen
Close = Schließen
NewTitle = Neue Partie
NewPromotion = Umwandlung
NewPromoAny = Turm, Springer, Khon oder Met (übliche Online-Regel)
NewPromoMet = Nur Met (ASEAN-Regeln von 2011)
NewKeep = Die laufende Partie bleibt bei den gespeicherten Partien.
NewStart = Starten
ConfirmResignTitle = Aufgeben?
ConfirmResignWhite = Weiß gibt auf, Schwarz gewinnt die Partie.
ConfirmResignBlack = Schwarz gibt auf, Weiß gewinnt die Partie.
ConfirmDrawTitle = Remis vereinbaren?
ConfirmDrawText = Sind beide Spieler einverstanden, die Partie remis zu beenden?
ConfirmDrawYes = Ja, remis
ConfirmResignYes = Ja, aufgeben
OverTitle = Partie beendet
OverReview = Brett ansehen
NoticeDismiss = Ausblenden
StorageFull = Der Speicher ist voll, diese Partie und geänderte Einstellungen werden nicht gespeichert. Lösche gespeicherte Partien, um Platz zu schaffen.
StorageFullNoGames = Der Speicher ist voll, diese Partie und geänderte Einstellungen werden nicht gespeichert. Schaffe Platz, indem du andere Website-Daten in diesem Browser löschst, oder verlasse den privaten Modus.
ToastSynced = Aus einem anderen Tab aktualisiert.
ToastConflict = Diese Partie wurde in einem anderen Tab geändert: die neuere Fassung wird angezeigt, deine letzte Änderung wurde nicht gespeichert.
StorageUnavailable = Dieser Browser lässt die Seite nichts speichern: deine Partien, deine Einstellungen (Sprache, Aussehen, Ton) und deine Plätze in Online-Partien gehen beim Schließen oder Neuladen der Seite verloren. Bis dahin kannst du weiterspielen.
StorageCorrupt = Eine gespeicherte Partie war unlesbar. Sie wurde unter „{ $key }“ beiseitegelegt, nicht gelöscht.
StorageVersion = Eine gespeicherte Partie stammt aus einer anderen Version (Schema { $version }). Sie wurde unter „{ $key }“ beiseitegelegt.
StorageError = Die Partie konnte nicht gespeichert werden: { $error }
ToastIllegal = Dieser Zug ist nicht erlaubt.
ToastGameOver = Die Partie ist vorbei: nimm einen Zug zurück oder starte eine neue.
ToastNothingToUndo = Nichts zurückzunehmen.
ToastUndone = Zug zurückgenommen.
ToastNewGame = Neue Partie: Weiß beginnt.
ToastResumed = Partie fortgesetzt.
ToastDeleted = Partie gelöscht.
ToastNoClaim = Derzeit kann kein Remis beansprucht werden.
NewMode = Gegner
NewModeHotSeat = Zwei Spieler an diesem Gerät
NewModeAi = Gegen den Computer
NewAiLevel = Spielstärke des Computers
NewAiLevelNote = 1 ist ein Anfänger, der oft patzt; 8 spielt am stärksten und denkt bis zu 4 Sekunden nach.
NewHuman = Sie spielen
NewHumanRandom = Zufällig
AiThinking = Der Computer denkt nach…
AiYouWhite = Sie spielen Weiß gegen den Computer (Stufe { $level }).
AiYouBlack = Sie spielen Schwarz gegen den Computer (Stufe { $level }).
SavedVsAi = gegen die KI (Stufe { $level })
BtnHint = Tipp
ToastWaitAi = Warten Sie den Zug des Computers ab.
ToastAiUnavailable = Der Computergegner konnte in diesem Browser nicht starten.
ToastAiFailed = Der Computer konnte keinen Zug wählen: { $error }
HotSeat = Zu zweit an einem Gerät, abwechselnd am Zug.
PromotionRuleAny = Umwandlung: frei wählbar
PromotionRuleMet = Umwandlung: nur Met
NewModeOnline = Online gegen Freunde spielen
NewClock = Bedenkzeit
ClockUntimed = Ohne Uhr
NewVisibility = Wer beitreten kann
NewVisPrivate = Privat: nur mit dem Einladungslink
NewVisPublic = Öffentlich: in der Lobby aufgeführt
NewRated = Gewertete Partie: das Ergebnis ändert die Wertungszahl beider Spieler
RatedNeedsSignIn = Melde dich an, um gewertete Partien zu spielen.
RatedNeedsClock = Gewertete Partien brauchen eine Uhr: wähle eine Bedenkzeit.
RatedBadge = Gewertet
OverRatings = Wertungsänderung
WaitingTitle = Warten auf Ihren Gegner
WaitingText = Schicken Sie diesen Link Ihrem Gegner. Die Partie beginnt, sobald er ihn öffnet.
InviteLabel = Einladungslink
BtnCopyLink = Link kopieren
BtnShare = Teilen
ShareText = Spiel eine Partie ASEAN-Schach mit mir:
ToastCopied = Link kopiert.
ToastCopyFailed = Kopieren nicht möglich: Der Link ist markiert, bitte von Hand kopieren.
Reconnecting = Verbindung wird wiederhergestellt…
MovePending = Ihr Zug wird gesendet…
OpponentOnline = Ihr Gegner ist online.
OpponentOffline = Ihr Gegner ist abwesend.
OpponentAway = Ihr Gegner ist abwesend. In { $time } können Sie den Sieg beanspruchen.
OpponentGone = Ihr Gegner ist gegangen. Sie können den Sieg beanspruchen.
BtnClaimVictory = Sieg beanspruchen
DrawOfferText = Ihr Gegner bietet Remis an.
BtnAccept = Annehmen
BtnDecline = Ablehnen
BtnOfferDraw = Remis anbieten
ToastDrawOffered = Remis angeboten.
ToastDrawDeclined = Ihr Remisangebot wurde abgelehnt.
BtnRematch = Revanche
BtnRematchAccept = Revanche annehmen
RematchWaiting = Revanche angefragt: warten…
ToastRematchOffered = Ihr Gegner möchte eine Revanche.
ToastRematchStarted = Revanche: Die Farben sind getauscht.
ToastFriendJoined = Ihr Gegner ist da: Die Partie beginnt.
ToastOffline = Keine Verbindung zum Server: Bitte warten Sie auf die Wiederverbindung.
OnlineConnecting = Online-Partie: Verbindung wird aufgebaut…
OnlineYouWhite = Online-Partie: Sie spielen Weiß.
OnlineYouBlack = Online-Partie: Sie spielen Schwarz.
OnlineWatching = Online-Partie: Sie schauen zu.
ResTimeoutWhite = Weiß gewinnt auf Zeit.
ResTimeoutBlack = Schwarz gewinnt auf Zeit.
ResTimeoutDraw = Die Zeit ist abgelaufen, aber die andere Seite kann nicht mattsetzen: Remis.
ResPlyCap = Remis: die Partie hat die Zuggrenze des Servers erreicht.
ResAbandonedWhite = Weiß gewinnt: Schwarz hat die Partie verlassen.
ResAbandonedBlack = Schwarz gewinnt: Weiß hat die Partie verlassen.
LobbyTitle = Online spielen
LobbyConnecting = Verbindung zur Lobby…
LobbyUnreachable = Der Server ist gerade nicht erreichbar. Neuer Versuch läuft…
LobbyRetry = Jetzt erneut versuchen
LobbyEmpty = Niemand wartet: Eröffnen Sie einen Raum oder spielen Sie solange gegen die KI.
BtnCreateRoom = Raum eröffnen
BtnPlayAi = Gegen die KI spielen
BtnJoin = Beitreten
LobbySeatWhite = Sie spielen Weiß
LobbySeatBlack = Sie spielen Schwarz
ErrNotYourTurn = Sie sind nicht am Zug.
ErrUnknownRoom = Diese Partie gibt es nicht: Prüfen Sie den Einladungslink.
ErrNotSeated = Beide Plätze sind besetzt: Sie schauen dieser Partie zu.
ErrRateLimited = Zu viele Aktionen auf einmal: bitte etwas langsamer.
ErrServer = Der Server hat abgelehnt: { $error }
ErrRoomClosed = Diese Einladung ist geschlossen: In diesem Raum kann nichts mehr geschehen.
ErrTooManyRooms = Es sind zu viele Räume offen: Beenden oder schließen Sie einen Ihrer Räume oder versuchen Sie es später noch einmal.
ErrSignInRequired = Melden Sie sich an, um gewertete Partien zu spielen oder ein Angebot mit Wertungsbereich anzunehmen.
ErrTooManySeeks = Sie haben so viele wartende Angebote wie erlaubt: Ziehen Sie eines zurück oder warten Sie auf einen Gegner.
SignInLink = Anmelden
LobbyCasual = Ungewertet
LobbyRange = Wertung { $min }–{ $max }
LobbyOwnSeek = Ihr Angebot
LobbySignInToTake = Zum Annehmen anmelden
LobbyOutOfRange = Ihre Wertung liegt außerhalb des Bereichs
NewRange = Wertung des Gegners
NewRangeBelow = Mindestens, unter Ihrer Wertung
NewRangeAbove = Höchstens, über Ihrer Wertung
NewRangeAny = Beliebig
ErrConnectionReset = Der Server hat die Verbindung getrennt: Verbindung wird wiederhergestellt…
BtnCancelInvite = Einladung zurückziehen
ToastInviteCancelled = Einladung zurückgezogen.
WaitingListed = Ihr Raum steht in der Lobby: Jeder kann den freien Platz einnehmen.
WaitingUnlisted = Ihr Raum steht gerade nicht in der Lobby; der Link funktioniert weiterhin.
WaitingExpires = Der Link gilt bis { $time }.
ClosedCancelledTitle = Diese Einladung wurde zurückgezogen
ClosedExpiredTitle = Diese Einladung ist abgelaufen
ClosedGuest = Hier wird keine Partie gespielt. Bitten Sie um einen neuen Link oder beginnen Sie selbst eine Partie.
ClosedExpiredHost = Niemand hat Ihren Link rechtzeitig geöffnet. Eröffnen Sie einen neuen Raum, um erneut einzuladen.
ClosedCancelledHost = Sie haben diese Einladung zurückgezogen. Eröffnen Sie einen neuen Raum, um erneut einzuladen.
BtnLeaveRoom = Raum verlassen
OnlineClosed = Online: Diese Einladung ist geschlossen.
BtnAbort = Partie abbrechen
ResAborted = Partie abgebrochen: kein Sieger, kein Verlierer.
OpponentAwayAbort = Ihr Gegner ist abwesend. Kommt er nicht zurück, wird die Partie in { $time } abgebrochen.
OpponentGoneAbort = Ihr Gegner ist nicht zurückgekommen: Die Partie wird abgebrochen.
ToastImported = Partie importiert.
ToastImportedWaitingInCheck = Stellung importiert. Die Seite, die nicht am Zug ist, steht im Schach: keine Partie führt dorthin, gespielt wird sie trotzdem wie angegeben.
ImportEmpty = Füge zuerst ein PGN oder einen FEN ein.
ImportBadFen = Dieser FEN ist nicht lesbar: { $error }
ImportBadPgn = Dieses PGN ist nicht lesbar: { $error }
ExportLocal = Füge das PGN in jedes Programm ein, das ASEAN-Schach kennt, oder importiere es später hier.
ExportOnline = Das PGN dieser Online-Partie, so weit sie gespielt ist.
ToastCopiedPgn = PGN kopiert.
ToastCopiedFen = FEN kopiert.
ToastCopyFailedText = Kopieren nicht möglich: Markiere den Text und kopiere ihn von Hand.
BtnExport = Exportieren
BtnImport = Importieren
ExportTitle = Partie exportieren
ImportTitle = Partie importieren
ImportText = Füge ein PGN (eine ganze Partie) oder einen FEN (eine Stellung) ein:
ImportFile = Oder öffne eine .pgn-Datei
BtnCopyPgn = PGN kopieren
BtnCopyFen = FEN kopieren
BtnDownload = .pgn herunterladen
ExportFenLabel = FEN der gezeigten Stellung
ReviewLabel = Durch die Partie gehen
ReviewFirst = Ausgangsstellung
ReviewPrev = Vorheriger Zug
ReviewNext = Nächster Zug
ReviewLast = Letzter Zug
BtnLive = Zurück zur Partie
AnalysisAfterGame = Die Analyse gibt es nach dem Ende der Partie: keine Engine-Hilfe gegen einen Menschen.
ReviewAt = Stellung nach { $move } ({ $ply } von { $total })
ReviewStart = Die Ausgangsstellung (0 von { $total })
SavedHotSeat = zu zweit an diesem Gerät
SavedOnlineWhite = online, du hattest Weiß
SavedOnlineBlack = online, du hattest Schwarz
SavedOnlineWatched = online, zugeschaut
ConfirmDeleteTitle = Diese gespeicherte Partie löschen?
ConfirmDeleteText = Sie verschwindet von diesem Gerät. Eine Online-Partie bleibt auf dem Server, ihr Link öffnet sie weiterhin.
ConfirmDeleteYes = Löschen
AnalysisTitle = Analyse
AnalysisNote = Die Engine, die spielt, prüft jede Stellung hier im Browser: ohne Verbindung.
BtnAnalyse = Partie analysieren
BtnAnalysisResume = Analyse fortsetzen
BtnAnalysisStop = Anhalten
AnalysisProgress = Analyse: { $done } von { $total } Stellungen
AnalysisDone = Analyse fertig: { $total } Stellungen
EvalDepth = Tiefe { $n }
AnalysisFailed = Die Analyse wurde angehalten: { $error }
AnalysisSide = { $side }: { $marks }
AnalysisSideClean = { $side }: keine Fehler
AnalysisLegend = ?! Ungenauigkeit · ? Fehler · ?? grober Fehler. Klicke in die Grafik, um zu einem Zug zu gehen.
BestMove = Besser: { $move }
EvalGraphLabel = Bewertung der Partie, Zug um Zug

## The start screen, clocks and premoves.

StartTitle = Wie möchtest du spielen?
StartLead = Makruk, das Schach Thailands und Kambodschas, in der einheitlichen ASEAN-Form.
StartOnline = Online gegen Freunde spielen
StartOnlineNote = Du bekommst einen Link zum Verschicken; die Partie beginnt, sobald er geöffnet wird.
StartAi = Gegen den Computer spielen
StartAiNote = Du spielst Weiß auf einer sanften Stufe; ändern kannst du sie jederzeit.
StartHotSeat = Zwei Spieler, dieses Gerät
StartHotSeatNote = Abwechselnd auf einem Bildschirm, einander gegenüber.
StartRules = So wird gespielt: die Regeln
StartOptions = Weitere Optionen…
ClockYou = du
ClockComputer = Computer
ClockOpponent = Gegner
PlayerAnonymous = Anonym
PlayerWaiting = Wartet auf einen Gegner

## Accessibility and sound: the sound toggle, the moves in words for `#announce` and the
## move list, the typed move box, the hint's squares.

SoundLabel = Töne
SaySide = { $side }: { $move }
SayMove = { $piece } nach { $square }
SayCapture = { $piece } schlägt auf { $square }
SayPieceFrom = { $piece } von { $square }
SayPromotion = { $move }, Umwandlung zum { $piece }
SayCheck = { $move }, Schach
SayMate = { $move }, schachmatt
MoveInputLabel = Zug eingeben
MoveInputPlaceholder = Zug eingeben (Nd2, e3e4)
MovePlay = Ziehen
EntryNotUnderstood = „{ $text }“ ist unverständlich: gib einen Zug wie Nd2, e4, e8=Q oder e3e4 ein (M für den Met, S für den Khon gehen auch).
EntryIllegal = „{ $text }“ ist in dieser Stellung kein legaler Zug.
EntryAmbiguous = „{ $text }“ passt auf mehrere Züge: gib die Linie oder Reihe der Figur an, etwa Nbd2.
EntryNotYourTurn = Du bist nicht am Zug: warte auf den Zug der Gegenseite.
EntryGameOver = Die Partie ist beendet: es kann kein Zug mehr gespielt werden.
EntryReviewing = Eine frühere Stellung wird gezeigt: kehre zur Partie zurück, um zu ziehen.
SquareHint = { $label }, vorgeschlagener Zug

## Looks: dark mode, piece sets, board colours (view/looks.rs).

LooksTitle = Aussehen
ThemeToggle = Dunkelmodus
ThemeLabel = Farbschema
ThemeAuto = Wie das Gerät
ThemeLight = Hell
ThemeDark = Dunkel
PiecesLabel = Figuren
PiecesThai = Thailändisch
PiecesWestern = Westlich
PiecesNote = Der westliche Satz zeigt den Met als kleine Dame und den Khon als Läufer: Sie ziehen weiter wie Met und Khon.
BoardThemeLabel = Brett
BoardTeak = Teak
BoardJade = Jade
BoardSlate = Schiefer

## Offline and installable: the AI worker that cannot start, online play without a
## connection.

AiUnavailableText = Der Computergegner konnte nicht starten ({ $error }). Das Spiel zu zweit an diesem Gerät geht weiterhin.
BtnAiRetry = Erneut versuchen
UpdateReady = Eine neue Version des Spiels ist bereit.
UpdateNow = Aktualisieren
OnlineNeedsConnection = Online-Spiel braucht eine Verbindung zum Server, und gerade gibt es keine.
ToastNeedsConnection = Keine Verbindung: Online-Spiel ist gerade nicht möglich. Spiel gegen den Computer oder an diesem Gerät.

# Accounts: the sign-in view, the account view and their messages.
BtnSignIn = Anmelden
AccountLinkLabel = Dein Konto ({ $name })
SigninTitle = Anmelden
SignupTitle = Konto erstellen
SigninLead = Melde dich an, um deinen Namen in Online-Partien zu behalten. Ohne Konto spielen geht weiterhin wie bisher.
SignupLead = Mit einem Konto hast du einen Namen für Online-Partien. Ohne Konto spielen geht weiterhin wie bisher.
FieldUsername = Benutzername
FieldPassword = Passwort
FieldConfirm = Passwort wiederholen
UsernameHint = 2 bis 20 Zeichen: Buchstaben, Ziffern, _ und -
PasswordHint = Mindestens { $min } Zeichen
BtnSigninSubmit = Anmelden
BtnSignupSubmit = Konto erstellen
SigninToSignup = Noch kein Konto? Jetzt erstellen
SignupToSignin = Schon ein Konto? Anmelden
AccountBack = Zurück zur Partie
AccountWorking = Einen Moment…
AccountTitle = Dein Konto
AccountSince = Mitglied seit { $date }
AccountSessionsTitle = Wo du angemeldet bist
AccountThisDevice = Dieses Gerät
AccountSessionTimes = Angemeldet { $created } · zuletzt aktiv { $seen }
AccountDevice = { $browser } unter { $os }
AccountUnknownDevice = Unbekannter Browser
AccountNoOtherSessions = Du bist nur auf diesem Gerät angemeldet.
BtnRevokeSession = Abmelden
BtnSignOutOthers = Überall sonst abmelden
BtnSignOut = Abmelden
AccountCloseTitle = Konto schließen
AccountCloseWarning = Das Schließen ist endgültig: Das Konto lässt sich nicht wieder öffnen, und sein Name bleibt reserviert, damit niemand anderes ihn nutzt. Die auf diesem Gerät gespeicherten Partien bleiben hier.
AccountClosePassword = Dein Passwort zur Bestätigung
BtnCloseAccount = Mein Konto schließen
AccountErrUsername = Ein Benutzername hat 2 bis 20 Zeichen: Buchstaben A–Z, Ziffern, _ und -.
AccountErrPasswordShort = Das Passwort braucht mindestens { $min } Zeichen.
AccountErrPasswordLong = Das Passwort darf höchstens { $max } Zeichen haben.
AccountErrMismatch = Die beiden Passwörter stimmen nicht überein.
AccountErrRefused = Der Server hat diesen Benutzernamen oder dieses Passwort nicht angenommen.
AccountErrWrong = Benutzername oder Passwort falsch.
AccountErrWrongPassword = Das Passwort stimmt nicht: Das Konto bleibt offen.
AccountErrTaken = Dieser Benutzername ist schon vergeben. Bitte wähle einen anderen.
AccountErrTooMany = Zu viele Versuche von dieser Verbindung.
AccountErrForbidden = Der Server hat diese Anfrage abgelehnt. Lade die Seite neu und versuche es noch einmal.
AccountErrSessionEnded = Diese Sitzung ist beendet (anderswo abgemeldet). Bitte melde dich erneut an.
AccountErrNoSession = Diese Sitzung war bereits beendet.
AccountErrServer = Der Server konnte das gerade nicht erledigen. Versuche es gleich noch einmal.
AccountErrNetwork = Der Server ist nicht erreichbar. Prüfe deine Verbindung und versuche es noch einmal.
ToastSignedIn = Angemeldet als { $name }.
ToastSignedUp = Willkommen, { $name }! Dein Konto ist bereit.
ToastSignedOut = Abgemeldet.
ToastSessionRevoked = Diese Sitzung ist abgemeldet.
ToastAccountClosed = Dein Konto ist geschlossen.
AccountTokensTitle = API-Tokens
AccountTokensLead = Mit einem persönlichen Token kann ein Programm (ein Brett, ein Bot, ein Skript) dein Konto über die API nutzen. Gib ihm nur die Rechte, die es braucht, und widerrufe es, wenn es nicht mehr gebraucht wird.
AccountNoTokens = Du hast keine API-Tokens.
AccountTokenTimes = Erstellt { $created } · zuletzt benutzt { $used }
AccountTokenNeverUsed = Erstellt { $created } · nie benutzt
AccountTokenNoScopes = Keine Rechte: liest nur das Konto
FieldTokenDescription = Wofür ist es?
AccountTokenScopes = Was es darf
ScopeBoardPlay = Mit einem Brett oder einer App spielen
ScopeBotPlay = Als Bot spielen
ScopeChallengeRead = Eingehende Herausforderungen lesen
ScopeChallengeWrite = Herausforderungen senden, annehmen und ablehnen
ScopePreferenceRead = Deine Einstellungen lesen
BtnCreateToken = Token erstellen
BtnRevokeToken = Widerrufen
AccountTokenNew = Dein neues Token:
AccountTokenShownOnce = Kopiere es jetzt: Es wird nicht noch einmal angezeigt.
AccountErrNoToken = Dieses Token war schon widerrufen.
AccountErrTokenDescription = Schreib, wofür das Token ist, in höchstens { $max } Zeichen.
ToastTokenCreated = Token erstellt.
ToastTokenRevoked = Das Token ist widerrufen.

# Quick pairing: one tap on a time control puts the player in that pool.
PoolsTitle = Schnelle Partie
PoolsNote = Jetzt gegen jemanden spielen: wähle eine Bedenkzeit.
PoolWaiting = Suche nach einem Gegner
PoolCasual = Ungewertet
PoolPlayAi = Solange gegen den Computer spielen
BtnPoolCancel = Abbrechen
PoolLeftNotice = Du wartest nicht mehr auf einen Gegner: dein Konto hat in einem anderen Tab oder auf einem anderen Gerät einen Platz eingenommen.

# The players waiting in a pool (this one included).
PoolPlayers =
    { $n ->
        [one] { $n } Spieler wartet
       *[other] { $n } Spieler warten
    }
ProfileKicker = Spieler
ProfileMissing = Kein Spieler trägt diesen Namen. Prüfen Sie die Schreibweise oder sehen Sie in die Bestenliste.
ProfileClosed = Dieses Konto wurde geschlossen. Seine Partien bleiben in den Verläufen der Spieler.
ProfileRatingsTitle = Wertungszahlen
ProfileProvisional = Vorläufig: die Wertungszahl festigt sich nach weiteren gewerteten Partien.
ClockRating = Wertungszahl für dieses Tempo zu Beginn der Partie
PerfBullet = Bullet
PerfBlitz = Blitz
PerfRapid = Schnellschach
PerfClassical = Klassisch
ProfilePlayed = Gespielt
ProfileWon = Gewonnen
ProfileDrawn = Remis
ProfileLost = Verloren
ProfileGraphTitle = Verlauf der Wertungszahl
ProfileGraphEmpty = Noch keine gewertete Partie: der Verlauf beginnt mit der ersten.
ProfileGraphLabel = Verlauf der Wertungszahl von { $name }
ProfileGamesTitle = Letzte Partien
ProfileNoGames = Noch keine beendete Partie.
ProfileAgainst = gegen { $name }
ProfileCasual = Ungewertet
ResultWin = Sieg
ResultLoss = Niederlage
ResultDraw = Remis
ProfileOwnLink = Ihr öffentliches Profil
ProfileOpen = Profil von { $name }
LeaderboardLink = Bestenliste
LeaderboardTitle = Bestenliste
LeaderboardLead = Die besten Spieler jedes Tempos, die in den letzten 30 Tagen eine gewertete Partie gespielt haben. Vorläufige Wertungszahlen stehen nicht darin.
LeaderboardEmpty = Noch steht niemand darin. Ein Spieler erscheint hier, sobald seine Wertungszahl gefestigt ist und er in den letzten 30 Tagen eine gewertete Partie gespielt hat.
LeaderboardSpeeds = Tempi
# Herausforderungen zwischen Konten (die Schaltfläche eines Profils, die Liste der erhaltenen und gesendeten).
BtnChallenge = Zu einer Partie herausfordern
ChallengeFormTitle = { $name } herausfordern
ChallengeClockLabel = Bedenkzeit
ChallengeColorLabel = Ihre Farbe
ChallengeRatedLabel = Gewertete Partie
BtnChallengeSend = Herausforderung senden
ChallengesTitle = Herausforderungen
ChallengeIncoming = { $name } ({ $rating }) fordert Sie heraus
ChallengeOutgoing = Sie haben { $name } herausgefordert: Warten auf Antwort
ChallengeYouWhite = Sie spielen Weiß
ChallengeYouBlack = Sie spielen Schwarz
ChallengeYouRandom = Farben werden ausgelost
BtnChallengeCancel = Zurückziehen
ChallengeDeclined = { $name } hat Ihre Herausforderung abgelehnt.
ChallengeGone = Diese Herausforderung ist nicht mehr offen.
BotsTitle = Bots online
BotsLead = Programme, die jederzeit spielen: öffnen Sie einen, um ihn herauszufordern.
BotBadge = BOT
# An imported game's end as its PGN says it.
ResRecordWhite = Weiß gewinnt (Ergebnis laut Partienotation: { $score }).
ResRecordBlack = Schwarz gewinnt (Ergebnis laut Partienotation: { $score }).
ResRecordDraw = Remis (Ergebnis laut Partienotation: { $score }).
ResRecordContradicts = Die Partienotation nennt { $score }, was ihre Züge nicht ergeben.
ToastImportedContradicts = Partie importiert. Das notierte Ergebnis passt nicht zu den Zügen: Die Partie wird so gezeigt, wie sie gespielt wurde.

## Das Zähltraining (`#/training/counting`) und seine Übungen (`#drill`).

DrillLimitMoves =
    { $n ->
        [one] Matt in höchstens { $n } Zug
       *[other] Matt in höchstens { $n } Zügen
    }
DrillBest =
    { $n ->
        [one] Ihre Bestleistung: Matt in { $n } Zug
       *[other] Ihre Bestleistung: Matt in { $n } Zügen
    }
DrillMovesLeft =
    { $n ->
        [one] Noch { $n } von { $limit } Zügen
       *[other] Noch { $n } von { $limit } Zügen
    }
DrillPassed =
    { $n ->
        [one] Geschafft: Matt in { $n } Zug.
       *[other] Geschafft: Matt in { $n } Zügen.
    }
TrainingLink = Zähltraining
TrainingTitle = Zähltraining
TrainingLead = Hat eine Seite nur noch ihren König und steht kein Bauer mehr auf dem Brett, beginnt das Zählen: Die andere Seite muss mit einem Turm in 16 Zügen mattsetzen, mit einem Khon in 44, mit einem Springer in 64, sonst ist die Partie remis. Üben Sie hier jedes Endspiel gegen die beste Verteidigung des Computers.
DrillRook = König und Turm
DrillKhonMet = König, Khon und Met
DrillKhonKnight = König, Khon und Springer
DrillKnightMets = König, Springer und zwei Mets
DrillKnightsMet = König, zwei Springer und ein Met
DrillMets = König und drei Mets
DrillRookTip = Schneiden Sie den König mit dem Turm entlang einer Reihe oder Linie ab, bringen Sie Ihren König ihm gegenüber und drängen Sie ihn Linie für Linie an den Rand. Sechzehn Züge lassen keine Zeit zu verlieren.
DrillKhonMetTip = Bringen Sie zuerst Ihren König heran: Khon und Met setzen nur mit seiner Hilfe matt. Treiben Sie den einsamen König in eine Ecke, der Khon deckt die Felder vor ihm, der Met die daneben, und halten Sie den Met neben Ihrem König, damit er nicht geschlagen wird.
DrillKhonKnightTip = Ihr König führt. Der Khon deckt die Felder direkt vor dem einsamen König, der Springer gibt aus der Ferne Schach; treiben Sie den König an den Rand, dann in eine Ecke, und halten Sie beide Figuren gedeckt.
DrillKnightMetsTip = Die beiden Mets stehen nebeneinander, einer auf jeder Farbe, als Mauer neben Ihrem König: Schieben Sie die Mauer vor, um den einsamen König an den Rand zu drängen, und setzen Sie mit dem Springer matt.
DrillKnightsMetTip = Ihr König und der Met drängen den einsamen König an den Rand; die Springer decken abwechselnd seine Fluchtfelder, bis einer von ihnen mattsetzt.
DrillMetsTip = Ein Met zieht ein Feld diagonal und deckt daher nur Felder einer Farbe. Stellen Sie Mets beider Farben nebeneinander mit Ihrem König als Mauer auf, drängen Sie den einsamen König in eine Ecke und setzen Sie vor 50 Zügen matt: Es wird nicht gezählt, aber der einsame König beansprucht das Remis nach 50 Zügen.
DrillLimitFifty = Kein Zählen: Matt vor dem Remis nach 50 Zügen
DrillNotPassed = Noch nicht geschafft
DrillPictureLabel = Die Technik auf dem Brett
BtnDrillStart = Starten
DrillPlay = Setzen Sie den einsamen König matt, bevor das Zählen endet. Der Computer verteidigt sich so gut er kann.
DrillPlayFifty = Setzen Sie den einsamen König matt, bevor das Remis nach 50 Zügen kommt. Der Computer verteidigt sich so gut er kann.
DrillNewBest = Neue Bestleistung in dieser Übung!
DrillFailedCount = Nicht geschafft: Das Zählen endete vor dem Matt.
DrillFailedFifty = Nicht geschafft: Der einsame König beanspruchte das Remis nach 50 Zügen.
DrillFailedRepetition = Nicht geschafft: Der einsame König beanspruchte Remis durch dreifache Wiederholung.
DrillFailedStalemate = Nicht geschafft: Patt, der einsame König hatte keinen Zug.
DrillFailedDead = Nicht geschafft: Eine Figur ging verloren, Matt ist nicht mehr möglich.
DrillFailed = Nicht geschafft: Die Übung endete ohne Matt.
BtnDrillRetry = Noch einmal
BtnDrillNext = Andere Stellung
BtnDrillList = Alle Übungen
DrillTechnique = Technik
DrillNoUndo = In einer Übung wird kein Zug zurückgenommen: Beginnen Sie die Stellung stattdessen neu.
TrainingNav = Training
DrillLimitKnight = Gezählt wird bis { $count } Züge, doch der einsame König beansprucht vorher das Remis nach 50 Zügen: Matt in höchstens 50 Zügen
SavedDrill = Zähltraining: { $drill }

## Aus Fehlern lernen (`#learn`), nach einer Analyse.

BtnLearn = Aus meinen Fehlern lernen
LearnTitle = Aus Fehlern lernen
LearnProgress = Fehler { $n } von { $total }
LearnFind = Hier wurde { $move } gespielt. Finde einen besseren Zug für { $side }.
LearnChecking = { $move } wird geprüft…
LearnWrongPlayed = Das ist der Zug aus der Partie. Versuche einen anderen.
LearnWrong = { $move } reicht nicht. Versuche einen anderen Zug.
LearnRightBest = Gut gemacht! { $move } ist der beste Zug.
LearnRight = Guter Zug! { $move } ist fast so gut wie { $best }, der Zug der Engine.
LearnSolution = Der beste Zug war { $move }.
LearnLine = Die Variante der Engine: { $line }
LearnDone = Fertig: Du hast für { $found } von { $total } Fehlern einen besseren Zug gefunden.
BtnLearnSolution = Lösung zeigen
BtnLearnNext = Weiter
BtnLearnSkip = Überspringen
BtnLearnClose = Beenden
BtnLearnDone = Schließen

## Die Lektionen (`#/learn`, `#lessons`, `#lesson`).

LessonsLink = Lektionen
LessonsTitle = Lektionen
LessonsLead = Neu bei ASEAN-Schach? Lerne, wie jede Figur zieht, dann Schach, Matt und die Remisregeln, eine kurze Aufgabe nach der anderen auf dem Brett.
BtnLessonStart = Starten
LessonStars = { $n } von { $total } Sternen
LessonTask = Aufgabe { $n } von { $total }
GoalCapture = Schlage alle schwarzen Bauern. Schwarz zieht nicht.
GoalPromote = Bringe den Bauern auf die letzte Reihe und wähle seine neue Figur.
GoalMate = Setze in einem Zug matt.
GoalStalemate = Setze Schwarz in einem Zug patt: kein legaler Zug und kein Schach.
GoalDead = Schlage die letzte schwarze Figur: dann kann niemand mehr mattsetzen.
LessonMoves = Züge: { $n }
LessonPassed = Gut gemacht!
LessonMissedMate = Das ist nicht matt. Versuche es noch einmal.
LessonMissed = Nicht ganz. Versuche es noch einmal.
LessonNoCheck = Der schwarze König schaut hier nur zu: gib kein Schach.
LessonNoUndo = In einer Lektion wird nichts zurückgenommen: versuche die Aufgabe lieber noch einmal.
BtnLessonNext = Nächste Aufgabe
BtnLessonNextLesson = Nächste Lektion
BtnLessonRetry = Noch einmal
BtnLessonAll = Alle Lektionen
LessonRook = Der Turm (Ruea)
LessonRookIntro = Der Turm zieht beliebig weit entlang einer Reihe oder Linie und schlägt, was dort steht, wo er anhält. Er kann nicht springen.
LessonKnight = Der Springer (Ma)
LessonKnightIntro = Der Springer springt zwei Felder in eine Richtung und ein Feld zur Seite, über alles dazwischen hinweg.
LessonKhon = Der Khon
LessonKhonIntro = Der Khon zieht ein Feld diagonal in jede Richtung oder ein Feld gerade nach vorn. Gerade zurück oder zur Seite zieht er nie.
LessonMet = Der Met
LessonMetIntro = Der Met zieht ein Feld diagonal in jede Richtung: die Dame dieses Spiels, eine bescheidene.
LessonKing = Der König
LessonKingIntro = Der König zieht ein Feld in jede Richtung, nie auf ein angegriffenes Feld. Schwarze Bauern decken die zwei Felder schräg unter sich.
LessonPawn = Der Bauer (Bia)
LessonPawnIntro = Ein Bauer zieht ein Feld gerade nach vorn, nie zwei, und schlägt ein Feld schräg nach vorn. Auf der letzten Reihe wird er Turm, Springer, Khon oder Met.
LessonMate = Schach und Matt
LessonMateIntro = Ein angegriffener König steht im Schach und muss sofort heraus. Kann er das nicht, ist er matt und die Partie gewonnen.
LessonStalemate = Patt
LessonStalemateIntro = Steht die Seite am Zug nicht im Schach, hat aber keinen legalen Zug, ist die Partie remis: Patt. Wer gewinnt, lässt dem einsamen König ein Feld!
LessonDead = Tote Stellungen
LessonDeadIntro = Kann keine Seite mehr mattsetzen, etwa mit den Königen allein, ist die Partie sofort remis.
LessonCount = Die Zählung und die Remisansprüche
LessonCountIntro = Hat eine Seite nur noch ihren König und kein Bauer ist mehr übrig, beginnt die Zählung: matt in 16 Zügen mit einem Turm, 44 mit einem Khon, 64 mit einem Springer, sonst ist die Partie remis. Hier steht die Zählung bei 30 von 32 Halbzügen. Jeder Spieler kann außerdem Remis beanspruchen nach 50 Zügen ohne Schlagen oder Bauernzug, oder wenn eine Stellung zum dritten Mal entsteht.
