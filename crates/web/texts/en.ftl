### The ASEAN chess page's texts in English, the reference every other language is checked against.
###
### One message a key: `Key = text`. Variables are written `{ $name }` and filled in by the
### page. A text with a count is a select on `$n` with one variant per CLDR plural category
### the language uses, `*[other]` the default. Every file has the messages of en.ftl with the
### same variables: the build names any that is missing, unknown or different.
###
### Plural categories: `one` (1) and `other`.
### The Makruk pieces keep their Thai names *khon* and *met*, as players writing in English
### call them; the pieces the game shares with chess take the chess names.

## Texts with a count `{ $n }`: one variant per CLDR plural category the language uses,
## `other` the default.

# The saved-games summary: `{ $date }`, then `{ $n }` moves.
SavedSummary =
    { $n ->
        [one] { $date } · { $n } move
       *[other] { $date } · { $n } moves
    }

# The lobby's count of players online.
LobbyPlayers =
    { $n ->
        [one] { $n } player online
       *[other] { $n } players online
    }

# The lobby's count of games being played.
LobbyGames =
    { $n ->
        [one] { $n } game in progress
       *[other] { $n } games in progress
    }

AccountRetryMinutes =
    { $n ->
        [one] Try again in { $n } minute.
       *[other] Try again in { $n } minutes.
    }

ToastSignedOutOthers =
    { $n ->
        [one] { $n } other session signed out.
       *[other] { $n } other sessions signed out.
    }

ProfilePerfGames =
    { $n ->
        [one] { $n } rated game
       *[other] { $n } rated games
    }

## Texts without a count.

AppTitle = ASEAN chess
Tagline = Makruk as the ASEAN rules play it: two players, one device.
Loading = Loading…
LanguageLabel = Language
RulesLink = Rules
BoardLabel = Chessboard
BtnNew = New game
BtnUndo = Undo
BtnFlip = Flip board
BtnResign = Resign
BtnDraw = Agree a draw
BtnClaim = Claim draw
ClaimFifty = Claim draw (50 moves)
ClaimThreefold = Claim draw (repetition)
MovesTitle = Moves
MovesEmpty = No moves yet. White begins.
SavedTitle = Saved games
SavedEmpty = No other saved games.
SavedCurrent = on the board now
SavedOngoing = in progress
SavedFinished = finished
BtnResume = Resume
BtnOpen = Open
BtnDelete = Delete
White = White
Black = Black
TurnWhite = White to move
TurnBlack = Black to move
CheckWhite = White to move: check!
CheckBlack = Black to move: check!
ResCheckmateWhite = Checkmate: White wins.
ResCheckmateBlack = Checkmate: Black wins.
ResResignWhite = Black resigned: White wins.
ResResignBlack = White resigned: Black wins.
ResStalemate = Draw by stalemate: the side to move has no legal move and is not in check.
ResDead = Draw: neither side can deliver mate any more.
ResCounting = Draw: the count ran out before mate.
ResFifty = Draw claimed: 50 moves without a capture or a pawn move.
ResThreefold = Draw claimed: the same position occurred three times.
ResAgreement = Draw by agreement.
CountingStartWhite = Count starts with Black’s next move: White must mate within { $limit } moves of the count, or it is a draw.
CountingStartBlack = Count starts with White’s next move: Black must mate within { $limit } moves of the count, or it is a draw.
CountingWhite = Count { $used } of { $limit }: White must mate by move { $limit } of the count, or it is a draw ({ $left } left).
CountingBlack = Count { $used } of { $limit }: Black must mate by move { $limit } of the count, or it is a draw ({ $left } left).
CountByRook = The rook sets the limit at 16.
CountByKhon = With no rook, the khon sets the limit at 44.
CountByKnight = With no rook or khon, the knight sets the limit at 64.
FiftyCounter = 50-move rule: { $n } of 50
RepetitionCounter = This position: seen { $n } of 3 times
PieceKing = king
PieceMet = met
PieceKhon = khon
PieceRook = rook
PieceKnight = knight
PiecePawn = pawn
GlossMet = one step diagonally
GlossKhon = one step diagonally or straight ahead
SquareLabel = { $square }: { $piece }, { $color }
SquareEmpty = { $square }: empty
SquareSelected = { $label }, selected
SquareDest = { $label }, legal move
ControlsLabel = Game
AppFailed = The app could not start: { $error }
PromoTitle = Promote the pawn to
Cancel = Cancel
Close = Close
NewTitle = New game
NewPromotion = Promotion
NewPromoAny = Rook, knight, khon or met (the usual online rule)
NewPromoMet = Met only (ASEAN Laws of 2011)
NewKeep = The current game stays in your saved games.
NewStart = Start
ConfirmResignTitle = Resign?
ConfirmResignWhite = White resigns and Black wins the game.
ConfirmResignBlack = Black resigns and White wins the game.
ConfirmDrawTitle = Draw by agreement?
ConfirmDrawText = Do both players agree to end the game as a draw?
ConfirmDrawYes = Yes, a draw
ConfirmResignYes = Yes, resign
OverTitle = Game over
OverReview = Look at the board
NoticeDismiss = Dismiss
StorageFull = Storage is full, so this game and changes to your settings are not being saved. Delete some saved games to make room.
StorageFullNoGames = Storage is full, so this game and changes to your settings are not being saved. Free space by clearing other data this browser keeps for the site, or leave private browsing mode.
ToastSynced = Updated from another tab.
ToastConflict = This game was changed in another tab: its newer version is shown and your last change was not saved.
StorageUnavailable = This browser does not let the page keep anything: your games, your settings (language, looks, sound) and your seats in online games will be lost when the page is closed or reloaded. You can play on meanwhile.
StorageCorrupt = A saved game could not be read. It was set aside under “{ $key }” and was not deleted.
StorageVersion = A saved game comes from another version of this app (schema { $version }). It was set aside under “{ $key }”.
StorageError = The game could not be saved: { $error }
ToastIllegal = That move is not allowed.
ToastGameOver = The game is over: undo a move or start a new game.
ToastNothingToUndo = Nothing to undo.
ToastUndone = Move taken back.
ToastNewGame = New game: White begins.
ToastResumed = Game resumed.
ToastDeleted = Saved game deleted.
ToastNoClaim = No draw can be claimed right now.
NewMode = Opponent
NewModeHotSeat = Two players on this device
NewModeAi = Against the computer
NewAiLevel = Computer level
NewAiLevelNote = 1 is a beginner who often blunders; 8 is the strongest and thinks for up to 4 seconds.
NewHuman = You play
NewHumanRandom = Random
AiThinking = The computer is thinking…
AiYouWhite = You play White against the computer (level { $level }).
AiYouBlack = You play Black against the computer (level { $level }).
SavedVsAi = vs AI (level { $level })
BtnHint = Hint
ToastWaitAi = Wait for the computer’s move.
ToastAiUnavailable = The computer opponent could not start in this browser.
ToastAiFailed = The computer could not choose a move: { $error }
HotSeat = Hot-seat: both players share this device and take turns.
PromotionRuleAny = Promotion: any piece
PromotionRuleMet = Promotion: met only
NewModeOnline = Play a friend online
NewClock = Time control
ClockUntimed = Untimed
NewVisibility = Who can join
NewVisPrivate = Private: only with the invite link
NewVisPublic = Public: listed in the lobby
NewRated = Rated game: the result changes both players' ratings
RatedNeedsSignIn = Sign in to play rated games.
RatedNeedsClock = Rated games need a clock: choose a time control.
RatedBadge = Rated
OverRatings = Rating changes
WaitingTitle = Waiting for your friend
WaitingText = Send this link to your friend. The game begins as soon as they open it.
InviteLabel = Invite link
BtnCopyLink = Copy link
BtnShare = Share
ShareText = Play a game of ASEAN chess with me:
ToastCopied = Link copied.
ToastCopyFailed = Could not copy: the link is selected, copy it by hand.
Reconnecting = Reconnecting…
MovePending = Sending your move…
OpponentOnline = Your opponent is online.
OpponentOffline = Your opponent is away.
OpponentAway = Your opponent is away. You may claim victory in { $time }.
OpponentGone = Your opponent has left. You may claim victory.
BtnClaimVictory = Claim victory
DrawOfferText = Your opponent offers a draw.
BtnAccept = Accept
BtnDecline = Decline
BtnOfferDraw = Offer a draw
ToastDrawOffered = Draw offered.
ToastDrawDeclined = Your draw offer was declined.
BtnRematch = Rematch
BtnRematchAccept = Accept the rematch
RematchWaiting = Rematch asked: waiting…
ToastRematchOffered = Your opponent wants a rematch.
ToastRematchStarted = Rematch: colours are swapped.
ToastFriendJoined = Your opponent has arrived: the game begins.
ToastOffline = Not connected to the server: wait for the reconnection.
OnlineConnecting = Online game: connecting…
OnlineYouWhite = Online game: you play White.
OnlineYouBlack = Online game: you play Black.
OnlineWatching = Online game: you are watching.
ResTimeoutWhite = White wins on time.
ResTimeoutBlack = Black wins on time.
ResTimeoutDraw = Time ran out, but the other side cannot mate: draw.
ResPlyCap = Draw: the game reached the server’s limit of moves.
ResAbandonedWhite = White wins: Black left the game.
ResAbandonedBlack = Black wins: White left the game.
LobbyTitle = Play online
LobbyConnecting = Connecting to the lobby…
LobbyUnreachable = The server cannot be reached right now. Trying again…
LobbyRetry = Try again now
LobbyEmpty = Nobody is waiting: create a room or play the AI meanwhile.
BtnCreateRoom = Create a room
BtnPlayAi = Play the AI
BtnJoin = Join
LobbySeatWhite = You play White
LobbySeatBlack = You play Black
ErrNotYourTurn = It is not your turn.
ErrUnknownRoom = This game does not exist: check the invite link.
ErrNotSeated = Both seats are taken: you are watching this game.
ErrRateLimited = Too many actions at once: slow down a little.
ErrServer = The server refused: { $error }
ErrRoomClosed = This invitation is closed: nothing more can happen in this room.
ErrTooManyRooms = Too many rooms are open: finish or cancel one of yours, or try again later.
ErrSignInRequired = Sign in to play rated games or to take a seek with a rating range.
ErrTooManySeeks = You have as many seeks waiting as allowed: cancel one or wait for an opponent.
SignInLink = Sign in
LobbyCasual = Casual
LobbyRange = Rating { $min }–{ $max }
LobbyOwnSeek = Your seek
LobbySignInToTake = Sign in to take it
LobbyOutOfRange = Your rating is outside its range
NewRange = Opponent's rating
NewRangeBelow = Lowest, below your rating
NewRangeAbove = Highest, above your rating
NewRangeAny = Any
ErrConnectionReset = The server closed the connection: reconnecting…
BtnCancelInvite = Cancel the invitation
ToastInviteCancelled = Invitation cancelled.
WaitingListed = Your room is listed in the lobby: anyone may take the free seat.
WaitingUnlisted = Your room is not in the lobby list right now; the link still works.
WaitingExpires = The link stays open until { $time }.
ClosedCancelledTitle = This invitation was cancelled
ClosedExpiredTitle = This invitation has expired
ClosedGuest = No game will be played here. Ask your friend for a new link, or start a game of your own.
ClosedExpiredHost = Nobody opened your link in time. Create a new room to invite someone again.
ClosedCancelledHost = You cancelled this invitation. Create a new room to invite someone again.
BtnLeaveRoom = Leave this room
OnlineClosed = Online: this invitation is closed.
BtnAbort = Abort game
ResAborted = Game aborted: no winner, no loser.
OpponentAwayAbort = Your opponent is away. If they do not return, the game will be aborted in { $time }.
OpponentGoneAbort = Your opponent did not come back: the game is being aborted.
ToastImported = Game imported.
ToastImportedWaitingInCheck = Position imported. The side not to move is in check: no game reaches this position, but it is played as given.
ImportEmpty = Paste a PGN or a FEN first.
ImportBadFen = This FEN cannot be read: { $error }
ImportBadPgn = This PGN cannot be read: { $error }
ExportLocal = Paste the PGN into any program that knows ASEAN chess, or import it here later.
ExportOnline = The PGN of this online game, as far as it has been played.
ToastCopiedPgn = PGN copied.
ToastCopiedFen = FEN copied.
ToastCopyFailedText = Could not copy: select the text and copy it by hand.
BtnExport = Export
BtnImport = Import
ExportTitle = Export the game
ImportTitle = Import a game
ImportText = Paste a PGN (a whole game) or a FEN (a position):
ImportFile = Or open a .pgn file
BtnCopyPgn = Copy PGN
BtnCopyFen = Copy FEN
BtnDownload = Download .pgn
ExportFenLabel = FEN of the position shown
ReviewLabel = Step through the game
ReviewFirst = First position
ReviewPrev = Previous move
ReviewNext = Next move
ReviewLast = Last move
BtnLive = Back to the game
AnalysisAfterGame = The analysis opens once this game is over: no engine help against a person.
ReviewAt = Position after { $move } ({ $ply } of { $total })
ReviewStart = The first position (0 of { $total })
SavedHotSeat = hot-seat
SavedOnlineWhite = online, you played White
SavedOnlineBlack = online, you played Black
SavedOnlineWatched = online, watched
ConfirmDeleteTitle = Delete this saved game?
ConfirmDeleteText = It will be gone from this device. An online game stays on the server and its link still opens it.
ConfirmDeleteYes = Delete
AnalysisTitle = Analysis
AnalysisNote = The engine that plays looks at every position, here in your browser: no connection needed.
BtnAnalyse = Analyse the game
BtnAnalysisResume = Resume the analysis
BtnAnalysisStop = Stop
AnalysisProgress = Analysing: { $done } of { $total } positions
AnalysisDone = Analysis complete: { $total } positions
EvalDepth = depth { $n }
AnalysisFailed = The analysis stopped: { $error }
AnalysisSide = { $side }: { $marks }
AnalysisSideClean = { $side }: no mistakes
AnalysisLegend = ?! inaccuracy · ? mistake · ?? blunder. Click the graph to go to a move.
BestMove = Better: { $move }
EvalGraphLabel = Evaluation of the game, move by move

## The start screen, clocks and premoves.

StartTitle = How do you want to play?
StartLead = Makruk, the chess of Thailand and Cambodia, in the standard ASEAN form.
StartOnline = Play a friend online
StartOnlineNote = Get a link to send; the game begins when they open it.
StartAi = Play the computer
StartAiNote = You are White, at a gentle level; change it any time.
StartHotSeat = Two players, this device
StartHotSeatNote = Take turns on one screen, face to face.
StartRules = How to play: the rules
StartOptions = More options…
ClockYou = you
ClockComputer = computer
ClockOpponent = opponent
PlayerAnonymous = Anonymous
PlayerWaiting = Waiting for an opponent

## Accessibility and sound: the sound toggle, the moves in words for `#announce` and the
## move list, the typed move box, the hint's squares.

SoundLabel = Sounds
SaySide = { $side }: { $move }
SayMove = { $piece } to { $square }
SayCapture = { $piece } takes { $square }
SayPieceFrom = { $piece } from { $square }
SayPromotion = { $move }, promotes to { $piece }
SayCheck = { $move }, check
SayMate = { $move }, checkmate
MoveInputLabel = Type a move
MoveInputPlaceholder = Type a move (Nd2, e3e4)
MovePlay = Play
EntryNotUnderstood = “{ $text }” is not understood: type a move such as Nd2, e4, e8=Q or e3e4 (M for met, S for khon also work).
EntryIllegal = “{ $text }” is not a legal move in this position.
EntryAmbiguous = “{ $text }” fits several moves: add the piece’s file or rank, as in Nbd2.
EntryNotYourTurn = It is not your turn: wait for the other side’s move.
EntryGameOver = The game is over: no more moves can be played.
EntryReviewing = An earlier position is shown: go back to the game to play.
SquareHint = { $label }, suggested move

## Looks: dark mode, piece sets, board colours (view/looks.rs).

LooksTitle = Looks
ThemeToggle = Dark mode
ThemeLabel = Theme
ThemeAuto = As on this device
ThemeLight = Light
ThemeDark = Dark
PiecesLabel = Pieces
PiecesThai = Thai
PiecesWestern = Western
PiecesNote = The Western set draws the met as a small queen and the khon as a bishop: they still move as met and khon.
BoardThemeLabel = Board
BoardTeak = Teak
BoardJade = Jade
BoardSlate = Slate

## Offline and installable: the AI worker that cannot start, online play without a
## connection.

AiUnavailableText = The computer opponent could not start ({ $error }). Hot-seat play still works.
BtnAiRetry = Try again
UpdateReady = A new version of the game is ready.
UpdateNow = Update
OnlineNeedsConnection = Online play needs a connection to the server, and there is none right now.
ToastNeedsConnection = No connection: online play is not possible now. Play the computer or on this device instead.

# Accounts: the sign-in view, the account view and their messages.
BtnSignIn = Sign in
AccountLinkLabel = Your account ({ $name })
SigninTitle = Sign in
SignupTitle = Create an account
SigninLead = Sign in to keep your name in online games. Playing without an account works just as before.
SignupLead = An account gives you a name for online games. Playing without one works just as before.
FieldUsername = Username
FieldPassword = Password
FieldConfirm = Repeat the password
UsernameHint = 2 to 20 characters: letters, digits, _ and -
PasswordHint = At least { $min } characters
BtnSigninSubmit = Sign in
BtnSignupSubmit = Create the account
SigninToSignup = No account yet? Create one
SignupToSignin = Already have an account? Sign in
AccountBack = Back to the game
AccountWorking = Please wait…
AccountTitle = Your account
AccountSince = Member since { $date }
AccountSessionsTitle = Where you are signed in
AccountThisDevice = This device
AccountSessionTimes = Signed in { $created } · last active { $seen }
AccountDevice = { $browser } on { $os }
AccountUnknownDevice = Unknown browser
AccountNoOtherSessions = You are signed in on this device only.
BtnRevokeSession = Sign out
BtnSignOutOthers = Sign out everywhere else
BtnSignOut = Sign out
AccountCloseTitle = Close the account
AccountCloseWarning = Closing is final: the account cannot be opened again, and its name stays reserved so that nobody else can use it. Games saved on this device stay here.
AccountClosePassword = Your password, to confirm
BtnCloseAccount = Close my account
AccountErrUsername = A username has 2 to 20 characters: letters A–Z, digits, _ and -.
AccountErrPasswordShort = The password needs at least { $min } characters.
AccountErrPasswordLong = The password can have at most { $max } characters.
AccountErrMismatch = The two passwords are not the same.
AccountErrRefused = The server did not accept this username or password.
AccountErrWrong = Wrong username or password.
AccountErrWrongPassword = That password is not right: the account stays open.
AccountErrTaken = This username is taken. Please choose another.
AccountErrTooMany = Too many attempts from this connection.
AccountErrForbidden = The server refused this request. Reload the page and try again.
AccountErrSessionEnded = This session has ended (signed out elsewhere). Please sign in again.
AccountErrNoSession = That session had already ended.
AccountErrServer = The server could not do this just now. Please try again in a moment.
AccountErrNetwork = The server cannot be reached. Check your connection and try again.
ToastSignedIn = Signed in as { $name }.
ToastSignedUp = Welcome, { $name }! Your account is ready.
ToastSignedOut = Signed out.
ToastSessionRevoked = That session is signed out.
ToastAccountClosed = Your account is closed.
AccountTokensTitle = API tokens
AccountTokensLead = A personal token lets a program (a board, a bot, a script) use your account through the API. Give it only the scopes it needs, and revoke it when it is no longer used.
AccountNoTokens = You have no API tokens.
AccountTokenTimes = Created { $created } · last used { $used }
AccountTokenNeverUsed = Created { $created } · never used
AccountTokenNoScopes = No scopes: reads the account only
FieldTokenDescription = What is it for?
AccountTokenScopes = What it may do
ScopeBoardPlay = Play games with a board or an app
ScopeBotPlay = Play games as a bot
ScopeChallengeRead = Read incoming challenges
ScopeChallengeWrite = Send, accept and decline challenges
ScopePreferenceRead = Read your preferences
BtnCreateToken = Create a token
BtnRevokeToken = Revoke
AccountTokenNew = Your new token:
AccountTokenShownOnce = Copy it now: it will not be shown again.
AccountErrNoToken = That token had already been revoked.
AccountErrTokenDescription = Say what the token is for, in at most { $max } characters.
ToastTokenCreated = Token created.
ToastTokenRevoked = The token is revoked.

# Quick pairing: one tap on a time control puts the player in that pool.
PoolsTitle = Quick pairing
PoolsNote = Play someone now: pick a time control.
PoolWaiting = Looking for an opponent
PoolCasual = Casual
PoolPlayAi = Play the computer meanwhile
BtnPoolCancel = Cancel
PoolLeftNotice = You are no longer waiting for an opponent: your account took a place from another tab or device.

# The players waiting in a pool (this one included).
PoolPlayers =
    { $n ->
        [one] { $n } player waiting
       *[other] { $n } players waiting
    }
# Profiles (`#/@/<name>`) and leaderboards (`#/leaderboard`).
ProfileKicker = Player
ProfileMissing = No player has this name. Check the spelling, or look at the leaderboard.
ProfileClosed = This account has been closed. Its games stay in the players' histories.
ProfileRatingsTitle = Ratings
ProfileProvisional = Provisional: the rating settles after more rated games.
ClockRating = Rating for this speed when the game began
PerfBullet = Bullet
PerfBlitz = Blitz
PerfRapid = Rapid
PerfClassical = Classical
ProfilePlayed = Played
ProfileWon = Won
ProfileDrawn = Drawn
ProfileLost = Lost
ProfileGraphTitle = Rating history
ProfileGraphEmpty = No rated games yet: the graph starts with the first one.
ProfileGraphLabel = Rating history of { $name }
ProfileGamesTitle = Recent games
ProfileNoGames = No finished games yet.
ProfileAgainst = vs { $name }
ProfileCasual = Casual
ResultWin = Win
ResultLoss = Loss
ResultDraw = Draw
ProfileOwnLink = Your public profile
ProfileOpen = Profile of { $name }
LeaderboardLink = Leaderboard
LeaderboardTitle = Leaderboard
LeaderboardLead = The best players of each speed who played a rated game in the last 30 days. Provisional ratings are not listed.
LeaderboardEmpty = Nobody is listed yet. A player appears here once their rating is established and they have played a rated game in the last 30 days.
LeaderboardSpeeds = Speeds
# Challenges between accounts (a profile's button, the list of challenges received and sent).
BtnChallenge = Challenge to a game
ChallengeFormTitle = Challenge { $name }
ChallengeClockLabel = Time control
ChallengeColorLabel = Your colour
ChallengeRatedLabel = Rated game
BtnChallengeSend = Send the challenge
ChallengesTitle = Challenges
ChallengeIncoming = { $name } ({ $rating }) challenges you
ChallengeOutgoing = You challenged { $name }: waiting for an answer
ChallengeYouWhite = you play White
ChallengeYouBlack = you play Black
ChallengeYouRandom = colours drawn at random
BtnChallengeCancel = Withdraw
ChallengeDeclined = { $name } declined your challenge.
ChallengeGone = This challenge is no longer open.
BotsTitle = Bots online
BotsLead = Programs that play any time: open one to challenge it.
BotBadge = BOT
# An imported game's end as its PGN says it.
ResRecordWhite = White wins (the game record's result: { $score }).
ResRecordBlack = Black wins (the game record's result: { $score }).
ResRecordDraw = Drawn (the game record's result: { $score }).
ResRecordContradicts = The game record says { $score }, which its moves do not give.
ToastImportedContradicts = Game imported. Its recorded result does not match its moves: the game is shown as played.

## The counting trainer (`#/training/counting`) and its drills (`#drill`).

DrillLimitMoves =
    { $n ->
        [one] Mate within { $n } move
       *[other] Mate within { $n } moves
    }
DrillBest =
    { $n ->
        [one] Your best: mate in { $n } move
       *[other] Your best: mate in { $n } moves
    }
DrillMovesLeft =
    { $n ->
        [one] { $n } of { $limit } moves left
       *[other] { $n } of { $limit } moves left
    }
DrillPassed =
    { $n ->
        [one] Passed: mate in { $n } move.
       *[other] Passed: mate in { $n } moves.
    }
TrainingLink = Counting trainer
TrainingTitle = Counting trainer
TrainingLead = When one side has nothing but its king and no pawn is left, the count begins: the other side must mate within 16 moves with a rook, 44 with a khon, 64 with a knight, or the game is a draw. Practise each ending here against the computer’s best defence.
DrillRook = King and rook
DrillKhonMet = King, khon and met
DrillKhonKnight = King, khon and knight
DrillKnightMets = King, knight and two mets
DrillKnightsMet = King, two knights and a met
DrillMets = King and three mets
DrillRookTip = Cut the king off with the rook along a rank or a file, bring your king up facing it, then push it back one line at a time to the edge. Sixteen moves leave no time to waste.
DrillKhonMetTip = Bring your king close first: khon and met mate only with its help. Drive the lone king towards a corner, the khon taking the squares in front of it and the met those beside it, and keep the met next to your king so it cannot be taken.
DrillKhonKnightTip = Your king leads. The khon takes the squares straight ahead of the lone king, the knight checks from a distance; drive the king to the edge, then into a corner, and keep both pieces defended.
DrillKnightMetsTip = The two mets stand side by side, one on each colour, as a wall beside your king: walk the wall forward to push the lone king to the edge, and finish with the knight.
DrillKnightsMetTip = Your king and the met push the lone king to the edge; the knights take turns covering its escape squares until one of them mates.
DrillMetsTip = A met moves one step diagonally, so it only ever covers squares of one colour. Use mets of both colours side by side with your king as a wall, push the lone king into a corner and mate before 50 moves pass: there is no count, but the lone king claims the 50-move draw.
DrillLimitFifty = No count: mate before the 50-move draw
DrillNotPassed = Not passed yet
DrillPictureLabel = The technique on the board
BtnDrillStart = Start
DrillPlay = Mate the lone king before the count runs out. The computer defends as well as it can.
DrillPlayFifty = Mate the lone king before the 50-move draw. The computer defends as well as it can.
DrillNewBest = A new best for this drill!
DrillFailedCount = Failed: the count ran out before mate.
DrillFailedFifty = Failed: the lone king claimed the 50-move draw.
DrillFailedRepetition = Failed: the lone king claimed a draw by threefold repetition.
DrillFailedStalemate = Failed: stalemate, the lone king had no move.
DrillFailedDead = Failed: a piece was lost and mate is no longer possible.
DrillFailed = Failed: the drill ended without mate.
BtnDrillRetry = Try again
BtnDrillNext = Another position
BtnDrillList = All drills
DrillTechnique = Technique
DrillNoUndo = No take-backs in a drill: try the position again instead.
TrainingNav = Train
DrillLimitKnight = A count of { $count } moves, but the lone king claims the 50-move draw first: mate within 50 moves
SavedDrill = Counting trainer: { $drill }

## Learn from your mistakes (`#learn`), after an analysis.

BtnLearn = Learn from your mistakes
LearnTitle = Learn from your mistakes
LearnProgress = Mistake { $n } of { $total }
LearnFind = You played { $move } here. Find a better move for { $side }.
LearnChecking = Checking { $move }…
LearnWrongPlayed = That is the move played in the game. Try another one.
LearnWrong = { $move } is not good enough. Try another move.
LearnRightBest = Well done! { $move } is the best move.
LearnRight = Good move! { $move } is nearly as good as the engine’s { $best }.
LearnSolution = The best move was { $move }.
LearnLine = The engine’s line: { $line }
LearnDone = Done: you found a better move for { $found } of { $total } mistakes.
BtnLearnSolution = View the solution
BtnLearnNext = Next
BtnLearnSkip = Skip
BtnLearnClose = Stop
BtnLearnDone = Close

## The lessons (`#/learn`, `#lessons`, `#lesson`).

LessonsLink = Lessons
LessonsTitle = Lessons
LessonsLead = New to ASEAN chess? Learn how each piece moves, then check, mate and the draws, one short task at a time on the board.
BtnLessonStart = Start
LessonStars = { $n } of { $total } stars
LessonTask = Task { $n } of { $total }
GoalCapture = Capture every black pawn. Black does not move.
GoalPromote = Bring the pawn to the last rank and choose its new piece.
GoalMate = Checkmate in one move.
GoalStalemate = Stalemate Black in one move: no legal move, and not in check.
GoalDead = Capture the last black piece: then nobody can mate.
LessonMoves = Moves: { $n }
LessonPassed = Well done!
LessonMissedMate = That is not mate. Try again.
LessonMissed = Not quite. Try again.
LessonNoCheck = The black king only watches here: do not give check.
LessonNoUndo = No take-backs in a lesson: try the task again instead.
BtnLessonNext = Next task
BtnLessonNextLesson = Next lesson
BtnLessonRetry = Try again
BtnLessonAll = All lessons
LessonRook = The rook (ruea)
LessonRookIntro = The rook moves any number of squares along a rank or a file and takes what stands where it stops. It cannot jump.
LessonKnight = The knight (ma)
LessonKnightIntro = The knight jumps two squares one way and one square to the side, over anything in between.
LessonKhon = The khon
LessonKhonIntro = The khon moves one square diagonally in any direction, or one square straight forward. It never moves straight back or sideways.
LessonMet = The met
LessonMetIntro = The met moves one square diagonally in any direction: the queen of this game, and a modest one.
LessonKing = The king
LessonKingIntro = The king moves one square in any direction, never onto a square an enemy attacks. Black pawns guard the two squares diagonally below them.
LessonPawn = The pawn (bia)
LessonPawnIntro = A pawn moves one square straight forward, never two, and takes one square diagonally forward. On the last rank it becomes a rook, knight, khon or met.
LessonMate = Check and checkmate
LessonMateIntro = A king that is attacked is in check and must get out of it at once. When it cannot, it is checkmate and the game is won.
LessonStalemate = Stalemate
LessonStalemateIntro = When the side to move is not in check but has no legal move, the game is drawn: stalemate. When you are winning, leave the lone king a square!
LessonDead = Dead positions
LessonDeadIntro = When neither side can ever mate, the kings alone for instance, the game is drawn at once.
LessonCount = The count and the claims
LessonCountIntro = When one side has only its king and no pawn is left, the count begins: mate within 16 moves with a rook, 44 with a khon, 64 with a knight, or the game is drawn. Here the count stands at 30 of its 32 plies. Either player may also claim a draw after 50 moves without a capture or a pawn move, or when a position comes back for the third time.
