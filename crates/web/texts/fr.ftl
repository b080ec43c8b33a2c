### The ASEAN chess page's texts in French.
###
### One message a key: `Key = text`. Variables are written `{ $name }` and filled in by the
### page. A text with a count is a select on `$n` with one variant per CLDR plural category
### the language uses, `*[other]` the default. Every file has the messages of en.ftl with the
### same variables: the build names any that is missing, unknown or different.
###
### Plural categories: `one` (0 and 1), `many` (exact millions: « 1 000 000 de coups ») and
### `other`.
### The Makruk pieces keep their Thai names *khon* and *met*, as players writing in French call
### them; the pieces the game shares with chess take the chess names.

## Texts with a count `{ $n }`: one variant per CLDR plural category the language uses,
## `other` the default.

SavedSummary =
    { $n ->
        [one] { $date } · { $n } coup
        [many] { $date } · { $n } de coups
       *[other] { $date } · { $n } coups
    }

LobbyPlayers =
    { $n ->
        [one] { $n } joueur en ligne
        [many] { $n } de joueurs en ligne
       *[other] { $n } joueurs en ligne
    }

LobbyGames =
    { $n ->
        [one] { $n } partie en cours
        [many] { $n } de parties en cours
       *[other] { $n } parties en cours
    }

AccountRetryMinutes =
    { $n ->
        [one] Réessayez dans { $n } minute.
        [many] Réessayez dans { $n } de minutes.
       *[other] Réessayez dans { $n } minutes.
    }

ToastSignedOutOthers =
    { $n ->
        [one] { $n } autre session déconnectée.
        [many] { $n } d’autres sessions déconnectées.
       *[other] { $n } autres sessions déconnectées.
    }

ProfilePerfGames =
    { $n ->
        [one] { $n } partie classée
        [many] { $n } de parties classées
       *[other] { $n } parties classées
    }

## Texts without a count.

AppTitle = Échecs ASEAN
Tagline = Le makruk selon les règles ASEAN : deux joueurs, un seul appareil.
Loading = Chargement…
LanguageLabel = Langue
RulesLink = Règles
BoardLabel = Échiquier
BtnNew = Nouvelle partie
BtnUndo = Annuler le coup
BtnFlip = Retourner
BtnResign = Abandonner
BtnDraw = Nulle d’un commun accord
BtnClaim = Réclamer la nulle
ClaimFifty = Réclamer la nulle (50 coups)
ClaimThreefold = Réclamer la nulle (répétition)
MovesTitle = Coups
MovesEmpty = Aucun coup joué. Les Blancs commencent.
SavedTitle = Parties enregistrées
SavedEmpty = Aucune autre partie enregistrée.
SavedCurrent = sur l’échiquier
SavedOngoing = en cours
SavedFinished = terminée
BtnResume = Reprendre
BtnOpen = Ouvrir
BtnDelete = Supprimer
White = Blancs
Black = Noirs
TurnWhite = Trait aux Blancs
TurnBlack = Trait aux Noirs
CheckWhite = Trait aux Blancs : échec !
CheckBlack = Trait aux Noirs : échec !
ResCheckmateWhite = Échec et mat : les Blancs gagnent.
ResCheckmateBlack = Échec et mat : les Noirs gagnent.
ResResignWhite = Les Noirs abandonnent : les Blancs gagnent.
ResResignBlack = Les Blancs abandonnent : les Noirs gagnent.
ResStalemate = Nulle par pat : le camp au trait n’a aucun coup légal sans être en échec.
ResDead = Nulle : plus aucun camp ne peut mater.
ResCounting = Nulle : le décompte s’est achevé sans mat.
ResFifty = Nulle réclamée : 50 coups sans prise ni coup de pion.
ResThreefold = Nulle réclamée : la même position est apparue trois fois.
ResAgreement = Nulle d’un commun accord.
CountingStartWhite = Le décompte commence au prochain coup des Noirs : les Blancs doivent mater en { $limit } coups du décompte, sinon nulle.
CountingStartBlack = Le décompte commence au prochain coup des Blancs : les Noirs doivent mater en { $limit } coups du décompte, sinon nulle.
CountingWhite = Décompte { $used } sur { $limit } : les Blancs doivent mater au plus tard au coup { $limit } du décompte, sinon nulle (reste { $left }).
CountingBlack = Décompte { $used } sur { $limit } : les Noirs doivent mater au plus tard au coup { $limit } du décompte, sinon nulle (reste { $left }).
CountByRook = La tour fixe la limite à 16.
CountByKhon = Sans tour, le khon fixe la limite à 44.
CountByKnight = Sans tour ni khon, le cavalier fixe la limite à 64.
FiftyCounter = Règle des 50 coups : { $n } sur 50
RepetitionCounter = Cette position : vue { $n } fois sur 3
PieceKing = roi
PieceMet = met
PieceKhon = khon
PieceRook = tour
PieceKnight = cavalier
PiecePawn = pion
GlossMet = un pas en diagonale
GlossKhon = un pas en diagonale ou droit devant
SquareLabel = { $square } : { $piece }, { $color }
SquareEmpty = { $square } : vide
SquareSelected = { $label }, sélectionnée
SquareDest = { $label }, coup légal
ControlsLabel = Partie
AppFailed = L’application n’a pas pu démarrer : { $error }
PromoTitle = Promouvoir le pion en
Cancel = Annuler
Close = Fermer
NewTitle = Nouvelle partie
NewPromotion = Promotion
NewPromoAny = Tour, cavalier, khon ou met (règle courante en ligne)
NewPromoMet = Met seulement (règles ASEAN de 2011)
NewKeep = La partie en cours reste dans vos parties enregistrées.
NewStart = Commencer
ConfirmResignTitle = Abandonner ?
ConfirmResignWhite = Les Blancs abandonnent et les Noirs gagnent la partie.
ConfirmResignBlack = Les Noirs abandonnent et les Blancs gagnent la partie.
ConfirmDrawTitle = Nulle d’un commun accord ?
ConfirmDrawText = Les deux joueurs acceptent-ils de conclure la partie par une nulle ?
ConfirmDrawYes = Oui, nulle
ConfirmResignYes = Oui, abandonner
OverTitle = Partie terminée
OverReview = Voir l’échiquier
NoticeDismiss = Fermer
StorageFull = Le stockage est plein : cette partie et les changements de réglages ne sont plus enregistrés. Supprimez des parties pour libérer de la place.
StorageFullNoGames = Le stockage est plein : cette partie et les changements de réglages ne sont plus enregistrés. Libérez de la place en effaçant les autres données du site dans ce navigateur, ou quittez la navigation privée.
ToastSynced = Mise à jour depuis un autre onglet.
ToastConflict = Cette partie a été modifiée dans un autre onglet : sa version plus récente est affichée et votre dernière modification n’a pas été enregistrée.
StorageUnavailable = Ce navigateur ne laisse la page rien conserver : vos parties, vos réglages (langue, apparence, son) et vos places dans les parties en ligne seront perdus à la fermeture ou au rechargement de la page. Vous pouvez continuer à jouer en attendant.
StorageCorrupt = Une partie enregistrée est illisible. Elle a été mise de côté sous « { $key } », sans être supprimée.
StorageVersion = Une partie enregistrée provient d’une autre version de l’application (schéma { $version }). Elle a été mise de côté sous « { $key } ».
StorageError = La partie n’a pas pu être enregistrée : { $error }
ToastIllegal = Ce coup n’est pas permis.
ToastGameOver = La partie est finie : annulez un coup ou commencez une nouvelle partie.
ToastNothingToUndo = Rien à annuler.
ToastUndone = Coup annulé.
ToastNewGame = Nouvelle partie : les Blancs commencent.
ToastResumed = Partie reprise.
ToastDeleted = Partie supprimée.
ToastNoClaim = Aucune nulle ne peut être réclamée pour l’instant.
NewMode = Adversaire
NewModeHotSeat = Deux joueurs sur cet appareil
NewModeAi = Contre l’ordinateur
NewAiLevel = Niveau de l’ordinateur
NewAiLevelNote = 1 : débutant qui gaffe souvent ; 8 : le plus fort, il réfléchit jusqu’à 4 secondes.
NewHuman = Vous jouez
NewHumanRandom = Au hasard
AiThinking = L’ordinateur réfléchit…
AiYouWhite = Vous avez les Blancs contre l’ordinateur (niveau { $level }).
AiYouBlack = Vous avez les Noirs contre l’ordinateur (niveau { $level }).
SavedVsAi = contre l’IA (niveau { $level })
BtnHint = Indice
ToastWaitAi = Attendez le coup de l’ordinateur.
ToastAiUnavailable = L’adversaire ordinateur n’a pas pu démarrer dans ce navigateur.
ToastAiFailed = L’ordinateur n’a pas pu choisir de coup : { $error }
HotSeat = Partie à deux sur le même appareil, chacun son tour.
PromotionRuleAny = Promotion : au choix
PromotionRuleMet = Promotion : met seulement
NewModeOnline = Jouer contre un ami en ligne
NewClock = Cadence
ClockUntimed = Sans pendule
NewVisibility = Qui peut rejoindre
NewVisPrivate = Privée : seulement avec le lien d’invitation
NewVisPublic = Publique : affichée dans le salon
NewRated = Partie classée : le résultat change le classement des deux joueurs
RatedNeedsSignIn = Connectez-vous pour jouer des parties classées.
RatedNeedsClock = Une partie classée se joue à la pendule : choisissez une cadence.
RatedBadge = Classée
OverRatings = Évolution du classement
WaitingTitle = En attente de votre ami
WaitingText = Envoyez ce lien à votre ami. La partie commence dès qu’il l’ouvre.
InviteLabel = Lien d’invitation
BtnCopyLink = Copier le lien
BtnShare = Partager
ShareText = Jouez une partie d’échecs ASEAN avec moi :
ToastCopied = Lien copié.
ToastCopyFailed = Copie impossible : le lien est sélectionné, copiez-le vous-même.
Reconnecting = Reconnexion…
MovePending = Envoi de votre coup…
OpponentOnline = Votre adversaire est en ligne.
OpponentOffline = Votre adversaire s’est absenté.
OpponentAway = Votre adversaire s’est absenté. Vous pourrez réclamer la victoire dans { $time }.
OpponentGone = Votre adversaire est parti. Vous pouvez réclamer la victoire.
BtnClaimVictory = Réclamer la victoire
DrawOfferText = Votre adversaire propose la nulle.
BtnAccept = Accepter
BtnDecline = Refuser
BtnOfferDraw = Proposer la nulle
ToastDrawOffered = Nulle proposée.
ToastDrawDeclined = Votre proposition de nulle a été refusée.
BtnRematch = Revanche
BtnRematchAccept = Accepter la revanche
RematchWaiting = Revanche demandée : en attente…
ToastRematchOffered = Votre adversaire veut une revanche.
ToastRematchStarted = Revanche : les couleurs sont inversées.
ToastFriendJoined = Votre adversaire est arrivé : la partie commence.
ToastOffline = Pas de connexion au serveur : attendez la reconnexion.
OnlineConnecting = Partie en ligne : connexion…
OnlineYouWhite = Partie en ligne : vous avez les Blancs.
OnlineYouBlack = Partie en ligne : vous avez les Noirs.
OnlineWatching = Partie en ligne : vous êtes spectateur.
ResTimeoutWhite = Les Blancs gagnent au temps.
ResTimeoutBlack = Les Noirs gagnent au temps.
ResTimeoutDraw = Le temps est écoulé, mais l’autre camp ne peut pas mater : nulle.
ResPlyCap = Nulle : la partie a atteint la limite de coups du serveur.
ResAbandonedWhite = Les Blancs gagnent : les Noirs ont quitté la partie.
ResAbandonedBlack = Les Noirs gagnent : les Blancs ont quitté la partie.
LobbyTitle = Jouer en ligne
LobbyConnecting = Connexion au salon…
LobbyUnreachable = Le serveur est injoignable pour le moment. Nouvel essai en cours…
LobbyRetry = Réessayer maintenant
LobbyEmpty = Personne n’attend : créez une salle ou jouez contre l’IA en attendant.
BtnCreateRoom = Créer une salle
BtnPlayAi = Jouer contre l’IA
BtnJoin = Rejoindre
LobbySeatWhite = Vous avez les Blancs
LobbySeatBlack = Vous avez les Noirs
ErrNotYourTurn = Ce n’est pas votre tour.
ErrUnknownRoom = Cette partie n’existe pas : vérifiez le lien d’invitation.
ErrNotSeated = Les deux places sont prises : vous regardez cette partie.
ErrRateLimited = Trop d’actions à la fois : ralentissez un peu.
ErrServer = Le serveur a refusé : { $error }
ErrRoomClosed = Cette invitation est close : il ne peut plus rien se passer dans cette salle.
ErrTooManyRooms = Trop de salles sont ouvertes : terminez ou annulez l’une des vôtres, ou réessayez plus tard.
ErrSignInRequired = Connectez-vous pour jouer des parties classées ou accepter une proposition avec une fourchette de classement.
ErrTooManySeeks = Vous avez déjà autant de propositions en attente que permis : annulez-en une ou attendez un adversaire.
SignInLink = Se connecter
LobbyCasual = Amicale
LobbyRange = Classement { $min }–{ $max }
LobbyOwnSeek = Votre proposition
LobbySignInToTake = Connectez-vous pour l’accepter
LobbyOutOfRange = Votre classement est hors de sa fourchette
NewRange = Classement de l’adversaire
NewRangeBelow = Au plus bas, sous votre classement
NewRangeAbove = Au plus haut, au-dessus de votre classement
NewRangeAny = Indifférent
ErrConnectionReset = Le serveur a fermé la connexion : reconnexion…
BtnCancelInvite = Annuler l’invitation
ToastInviteCancelled = Invitation annulée.
WaitingListed = Votre salle figure dans le salon : n’importe qui peut prendre la place libre.
WaitingUnlisted = Votre salle n’apparaît pas dans le salon pour l’instant ; le lien reste valable.
WaitingExpires = Le lien reste valable jusqu’au { $time }.
ClosedCancelledTitle = Cette invitation a été annulée
ClosedExpiredTitle = Cette invitation a expiré
ClosedGuest = Aucune partie ne se jouera ici. Demandez un nouveau lien à votre ami, ou lancez votre propre partie.
ClosedExpiredHost = Personne n’a ouvert votre lien à temps. Créez une nouvelle salle pour inviter de nouveau.
ClosedCancelledHost = Vous avez annulé cette invitation. Créez une nouvelle salle pour inviter de nouveau.
BtnLeaveRoom = Quitter cette salle
OnlineClosed = En ligne : cette invitation est close.
BtnAbort = Annuler la partie
ResAborted = Partie annulée : ni vainqueur ni vaincu.
OpponentAwayAbort = Votre adversaire s’est absenté. S’il ne revient pas, la partie sera annulée dans { $time }.
OpponentGoneAbort = Votre adversaire n’est pas revenu : la partie va être annulée.
ToastImported = Partie importée.
ToastImportedWaitingInCheck = Position importée. Le camp qui n’a pas le trait est en échec : aucune partie n’y mène, mais elle se joue telle quelle.
ImportEmpty = Collez d’abord un PGN ou un FEN.
ImportBadFen = Ce FEN est illisible : { $error }
ImportBadPgn = Ce PGN est illisible : { $error }
ExportLocal = Collez le PGN dans tout programme qui connaît les échecs ASEAN, ou importez-le ici plus tard.
ExportOnline = Le PGN de cette partie en ligne, jusqu’au dernier coup joué.
ToastCopiedPgn = PGN copié.
ToastCopiedFen = FEN copié.
ToastCopyFailedText = Copie impossible : sélectionnez le texte et copiez-le vous-même.
BtnExport = Exporter
BtnImport = Importer
ExportTitle = Exporter la partie
ImportTitle = Importer une partie
ImportText = Collez un PGN (une partie entière) ou un FEN (une position) :
ImportFile = Ou ouvrez un fichier .pgn
BtnCopyPgn = Copier le PGN
BtnCopyFen = Copier le FEN
BtnDownload = Télécharger .pgn
ExportFenLabel = FEN de la position affichée
ReviewLabel = Parcourir la partie
ReviewFirst = Position de départ
ReviewPrev = Coup précédent
ReviewNext = Coup suivant
ReviewLast = Dernier coup
BtnLive = Retour à la partie
AnalysisAfterGame = L’analyse s’ouvre une fois la partie terminée : pas d’aide du moteur contre une personne.
ReviewAt = Position après { $move } ({ $ply } sur { $total })
ReviewStart = La position de départ (0 sur { $total })
SavedHotSeat = à deux sur cet appareil
SavedOnlineWhite = en ligne, vous aviez les Blancs
SavedOnlineBlack = en ligne, vous aviez les Noirs
SavedOnlineWatched = en ligne, regardée
ConfirmDeleteTitle = Supprimer cette partie enregistrée ?
ConfirmDeleteText = Elle disparaîtra de cet appareil. Une partie en ligne reste sur le serveur et son lien l’ouvre toujours.
ConfirmDeleteYes = Supprimer
AnalysisTitle = Analyse
AnalysisNote = Le moteur qui joue examine chaque position, ici dans votre navigateur : aucune connexion requise.
BtnAnalyse = Analyser la partie
BtnAnalysisResume = Reprendre l’analyse
BtnAnalysisStop = Arrêter
AnalysisProgress = Analyse : { $done } positions sur { $total }
AnalysisDone = Analyse terminée : { $total } positions
EvalDepth = profondeur { $n }
AnalysisFailed = L’analyse s’est arrêtée : { $error }
AnalysisSide = { $side } : { $marks }
AnalysisSideClean = { $side } : aucune erreur
AnalysisLegend = ?! imprécision · ? erreur · ?? gaffe. Cliquez sur le graphique pour aller à un coup.
BestMove = Mieux : { $move }
EvalGraphLabel = Évaluation de la partie, coup par coup

## The start screen, clocks and premoves.

StartTitle = Comment voulez-vous jouer ?
StartLead = Le makruk, les échecs de Thaïlande et du Cambodge, dans sa forme standard ASEAN.
StartOnline = Jouer avec un ami en ligne
StartOnlineNote = Recevez un lien à envoyer ; la partie commence dès qu’il est ouvert.
StartAi = Jouer contre l’ordinateur
StartAiNote = Vous avez les Blancs, à un niveau doux ; changez-le quand vous voulez.
StartHotSeat = Deux joueurs, cet appareil
StartHotSeatNote = Jouez à tour de rôle sur un seul écran, face à face.
StartRules = Comment jouer : les règles
StartOptions = Plus d’options…
ClockYou = vous
ClockComputer = ordinateur
ClockOpponent = adversaire
PlayerAnonymous = Anonyme
PlayerWaiting = En attente d’un adversaire

## Accessibility and sound: the sound toggle, the moves in words for `#announce` and the
## move list, the typed move box, the hint's squares.

SoundLabel = Sons
SaySide = { $side } : { $move }
SayMove = { $piece } en { $square }
SayCapture = { $piece } prend en { $square }
SayPieceFrom = { $piece } de { $square }
SayPromotion = { $move }, promu en { $piece }
SayCheck = { $move }, échec
SayMate = { $move }, échec et mat
MoveInputLabel = Saisir un coup
MoveInputPlaceholder = Tapez un coup (Nd2, e3e4)
MovePlay = Jouer
EntryNotUnderstood = « { $text } » n’est pas compris : tapez un coup comme Nd2, e4, e8=Q ou e3e4 (M pour le met, S pour le khon marchent aussi).
EntryIllegal = « { $text } » n’est pas un coup légal dans cette position.
EntryAmbiguous = « { $text } » correspond à plusieurs coups : ajoutez la colonne ou la rangée de la pièce, comme Nbd2.
EntryNotYourTurn = Ce n’est pas votre tour : attendez le coup de l’adversaire.
EntryGameOver = La partie est terminée : plus aucun coup ne peut être joué.
EntryReviewing = Une position antérieure est affichée : revenez à la partie pour jouer.
SquareHint = { $label }, coup suggéré

## Looks: dark mode, piece sets, board colours (view/looks.rs).

LooksTitle = Apparence
ThemeToggle = Mode sombre
ThemeLabel = Thème
ThemeAuto = Comme l’appareil
ThemeLight = Clair
ThemeDark = Sombre
PiecesLabel = Pièces
PiecesThai = Thaïes
PiecesWestern = Occidentales
PiecesNote = Le jeu occidental dessine le met en petite dame et le khon en fou : ils se déplacent toujours en met et en khon.
BoardThemeLabel = Échiquier
BoardTeak = Teck
BoardJade = Jade
BoardSlate = Ardoise

## Offline and installable: the AI worker that cannot start, online play without a
## connection.

AiUnavailableText = L’adversaire ordinateur n’a pas pu démarrer ({ $error }). Le jeu à deux sur cet appareil fonctionne toujours.
BtnAiRetry = Réessayer
UpdateReady = Une nouvelle version du jeu est prête.
UpdateNow = Mettre à jour
OnlineNeedsConnection = Le jeu en ligne demande une connexion au serveur, et il n’y en a pas pour l’instant.
ToastNeedsConnection = Pas de connexion : le jeu en ligne est impossible pour l’instant. Jouez contre l’ordinateur ou sur cet appareil.

# Accounts: the sign-in view, the account view and their messages.
BtnSignIn = Se connecter
AccountLinkLabel = Votre compte ({ $name })
SigninTitle = Connexion
SignupTitle = Créer un compte
SigninLead = Connectez-vous pour garder votre nom dans les parties en ligne. Jouer sans compte reste possible, comme avant.
SignupLead = Un compte vous donne un nom pour les parties en ligne. Jouer sans compte reste possible, comme avant.
FieldUsername = Nom d’utilisateur
FieldPassword = Mot de passe
FieldConfirm = Répétez le mot de passe
UsernameHint = 2 à 20 caractères : lettres, chiffres, _ et -
PasswordHint = Au moins { $min } caractères
BtnSigninSubmit = Se connecter
BtnSignupSubmit = Créer le compte
SigninToSignup = Pas encore de compte ? En créer un
SignupToSignin = Déjà un compte ? Se connecter
AccountBack = Retour à la partie
AccountWorking = Un instant…
AccountTitle = Votre compte
AccountSince = Membre depuis le { $date }
AccountSessionsTitle = Où vous êtes connecté
AccountThisDevice = Cet appareil
AccountSessionTimes = Connecté le { $created } · dernière activité le { $seen }
AccountDevice = { $browser } sous { $os }
AccountUnknownDevice = Navigateur inconnu
AccountNoOtherSessions = Vous n’êtes connecté que sur cet appareil.
BtnRevokeSession = Déconnecter
BtnSignOutOthers = Se déconnecter partout ailleurs
BtnSignOut = Se déconnecter
AccountCloseTitle = Fermer le compte
AccountCloseWarning = La fermeture est définitive : le compte ne pourra pas être rouvert, et son nom reste réservé pour que personne d’autre ne le prenne. Les parties enregistrées sur cet appareil y restent.
AccountClosePassword = Votre mot de passe, pour confirmer
BtnCloseAccount = Fermer mon compte
AccountErrUsername = Un nom d’utilisateur compte 2 à 20 caractères : lettres A–Z, chiffres, _ et -.
AccountErrPasswordShort = Le mot de passe doit compter au moins { $min } caractères.
AccountErrPasswordLong = Le mot de passe peut compter au plus { $max } caractères.
AccountErrMismatch = Les deux mots de passe ne sont pas identiques.
AccountErrRefused = Le serveur n’a pas accepté ce nom d’utilisateur ou ce mot de passe.
AccountErrWrong = Nom d’utilisateur ou mot de passe incorrect.
AccountErrWrongPassword = Ce mot de passe n’est pas le bon : le compte reste ouvert.
AccountErrTaken = Ce nom d’utilisateur est déjà pris. Choisissez-en un autre.
AccountErrTooMany = Trop de tentatives depuis cette connexion.
AccountErrForbidden = Le serveur a refusé cette demande. Rechargez la page et réessayez.
AccountErrSessionEnded = Cette session a pris fin (déconnexion ailleurs). Veuillez vous reconnecter.
AccountErrNoSession = Cette session avait déjà pris fin.
AccountErrServer = Le serveur n’a pas pu le faire pour l’instant. Réessayez dans un moment.
AccountErrNetwork = Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.
ToastSignedIn = Connecté en tant que { $name }.
ToastSignedUp = Bienvenue, { $name } ! Votre compte est prêt.
ToastSignedOut = Déconnecté.
ToastSessionRevoked = Cette session est déconnectée.
ToastAccountClosed = Votre compte est fermé.
AccountTokensTitle = Jetons d’API
AccountTokensLead = Un jeton personnel permet à un programme (un échiquier, un bot, un script) d’utiliser votre compte par l’API. Ne lui donnez que les droits dont il a besoin, et révoquez-le quand il ne sert plus.
AccountNoTokens = Vous n’avez aucun jeton d’API.
AccountTokenTimes = Créé le { $created } · dernière utilisation le { $used }
AccountTokenNeverUsed = Créé le { $created } · jamais utilisé
AccountTokenNoScopes = Aucun droit : lit seulement le compte
FieldTokenDescription = À quoi sert-il ?
AccountTokenScopes = Ce qu’il peut faire
ScopeBoardPlay = Jouer avec un échiquier ou une application
ScopeBotPlay = Jouer en tant que bot
ScopeChallengeRead = Lire les défis reçus
ScopeChallengeWrite = Envoyer, accepter et refuser des défis
ScopePreferenceRead = Lire vos préférences
BtnCreateToken = Créer un jeton
BtnRevokeToken = Révoquer
AccountTokenNew = Votre nouveau jeton :
AccountTokenShownOnce = Copiez-le maintenant : il ne sera plus affiché.
AccountErrNoToken = Ce jeton avait déjà été révoqué.
AccountErrTokenDescription = Dites à quoi sert le jeton, en { $max } caractères au plus.
ToastTokenCreated = Jeton créé.
ToastTokenRevoked = Le jeton est révoqué.

# Quick pairing: one tap on a time control puts the player in that pool.
PoolsTitle = Partie rapide
PoolsNote = Jouez tout de suite contre quelqu’un : choisissez une cadence.
PoolWaiting = Recherche d’un adversaire
PoolCasual = Amicale
PoolPlayAi = Jouer contre l’ordinateur en attendant
BtnPoolCancel = Annuler
PoolLeftNotice = Vous n’attendez plus d’adversaire : votre compte a pris une place depuis un autre onglet ou appareil.

# The players waiting in a pool (this one included).
PoolPlayers =
    { $n ->
        [one] { $n } joueur en attente
        [many] { $n } de joueurs en attente
       *[other] { $n } joueurs en attente
    }
ProfileKicker = Joueur
ProfileMissing = Aucun joueur ne porte ce nom. Vérifiez l’orthographe, ou consultez le classement.
ProfileClosed = Ce compte a été fermé. Ses parties restent dans l’historique des joueurs.
ProfileRatingsTitle = Classements
ProfileProvisional = Provisoire : le classement se stabilise après d’autres parties classées.
ClockRating = Classement pour cette cadence au début de la partie
PerfBullet = Bullet
PerfBlitz = Blitz
PerfRapid = Rapide
PerfClassical = Classique
ProfilePlayed = Jouées
ProfileWon = Gagnées
ProfileDrawn = Nulles
ProfileLost = Perdues
ProfileGraphTitle = Évolution du classement
ProfileGraphEmpty = Aucune partie classée pour l’instant : la courbe commence avec la première.
ProfileGraphLabel = Évolution du classement de { $name }
ProfileGamesTitle = Parties récentes
ProfileNoGames = Aucune partie terminée pour l’instant.
ProfileAgainst = contre { $name }
ProfileCasual = Amicale
ResultWin = Victoire
ResultLoss = Défaite
ResultDraw = Nulle
ProfileOwnLink = Votre profil public
ProfileOpen = Profil de { $name }
LeaderboardLink = Classement
LeaderboardTitle = Classement
LeaderboardLead = Les meilleurs joueurs de chaque cadence ayant joué une partie classée ces 30 derniers jours. Les classements provisoires n’y figurent pas.
LeaderboardEmpty = Personne n’y figure encore. Un joueur apparaît ici dès que son classement est établi et qu’il a joué une partie classée ces 30 derniers jours.
LeaderboardSpeeds = Cadences
# Défis entre comptes (le bouton d'un profil, la liste des défis reçus et envoyés).
BtnChallenge = Proposer une partie
ChallengeFormTitle = Défier { $name }
ChallengeClockLabel = Cadence
ChallengeColorLabel = Votre couleur
ChallengeRatedLabel = Partie classée
BtnChallengeSend = Envoyer le défi
ChallengesTitle = Défis
ChallengeIncoming = { $name } ({ $rating }) vous défie
ChallengeOutgoing = Vous avez défié { $name } : en attente de sa réponse
ChallengeYouWhite = vous jouez les Blancs
ChallengeYouBlack = vous jouez les Noirs
ChallengeYouRandom = couleurs tirées au sort
BtnChallengeCancel = Retirer
ChallengeDeclined = { $name } a refusé votre défi.
ChallengeGone = Ce défi n'est plus ouvert.
BotsTitle = Bots en ligne
BotsLead = Des programmes qui jouent à toute heure : ouvrez-en un pour le défier.
BotBadge = BOT
# An imported game's end as its PGN says it.
ResRecordWhite = Les Blancs gagnent (résultat de la partie enregistrée : { $score }).
ResRecordBlack = Les Noirs gagnent (résultat de la partie enregistrée : { $score }).
ResRecordDraw = Partie nulle (résultat de la partie enregistrée : { $score }).
ResRecordContradicts = La partie enregistrée indique { $score }, ce que ses coups ne donnent pas.
ToastImportedContradicts = Partie importée. Son résultat enregistré ne correspond pas à ses coups : la partie est montrée telle que jouée.

## L’entraînement au comptage (`#/training/counting`) et ses exercices (`#drill`).

DrillLimitMoves =
    { $n ->
        [one] Mater en { $n } coup au plus
        [many] Mater en { $n } de coups au plus
       *[other] Mater en { $n } coups au plus
    }
DrillBest =
    { $n ->
        [one] Votre record : mat en { $n } coup
        [many] Votre record : mat en { $n } de coups
       *[other] Votre record : mat en { $n } coups
    }
DrillMovesLeft =
    { $n ->
        [one] { $n } coup restant sur { $limit }
        [many] { $n } de coups restants sur { $limit }
       *[other] { $n } coups restants sur { $limit }
    }
DrillPassed =
    { $n ->
        [one] Réussi : mat en { $n } coup.
        [many] Réussi : mat en { $n } de coups.
       *[other] Réussi : mat en { $n } coups.
    }
TrainingLink = Entraînement au comptage
TrainingTitle = Entraînement au comptage
TrainingLead = Quand un camp n’a plus que son roi et qu’il ne reste aucun pion, le comptage commence : l’autre camp doit mater en 16 coups avec une tour, 44 avec un khon, 64 avec un cavalier, sinon la partie est nulle. Entraînez-vous ici à chaque finale contre la meilleure défense de l’ordinateur.
DrillRook = Roi et tour
DrillKhonMet = Roi, khon et met
DrillKhonKnight = Roi, khon et cavalier
DrillKnightMets = Roi, cavalier et deux mets
DrillKnightsMet = Roi, deux cavaliers et un met
DrillMets = Roi et trois mets
DrillRookTip = Coupez le roi avec la tour le long d’une rangée ou d’une colonne, amenez votre roi face à lui, puis repoussez-le ligne par ligne jusqu’au bord. Seize coups ne laissent aucun temps à perdre.
DrillKhonMetTip = Approchez d’abord votre roi : khon et met ne matent qu’avec son aide. Poussez le roi seul vers un coin, le khon tenant les cases devant lui et le met celles à côté, et gardez le met près de votre roi pour qu’il ne soit pas pris.
DrillKhonKnightTip = Votre roi mène. Le khon tient les cases droit devant le roi seul, le cavalier fait échec de loin ; poussez le roi au bord, puis dans un coin, en gardant vos deux pièces protégées.
DrillKnightMetsTip = Les deux mets se tiennent côte à côte, un sur chaque couleur, en mur à côté de votre roi : avancez le mur pour repousser le roi seul au bord, et finissez avec le cavalier.
DrillKnightsMetTip = Votre roi et le met repoussent le roi seul au bord ; les cavaliers couvrent tour à tour ses cases de fuite jusqu’à ce que l’un d’eux mate.
DrillMetsTip = Un met avance d’une case en diagonale : il ne couvre jamais que des cases d’une couleur. Placez côte à côte des mets des deux couleurs avec votre roi en mur, poussez le roi seul dans un coin et matez avant 50 coups : il n’y a pas de comptage, mais le roi seul réclame la nulle des 50 coups.
DrillLimitFifty = Pas de comptage : mater avant la nulle des 50 coups
DrillNotPassed = Pas encore réussi
DrillPictureLabel = La technique sur l’échiquier
BtnDrillStart = Commencer
DrillPlay = Matez le roi seul avant la fin du comptage. L’ordinateur se défend du mieux qu’il peut.
DrillPlayFifty = Matez le roi seul avant la nulle des 50 coups. L’ordinateur se défend du mieux qu’il peut.
DrillNewBest = Nouveau record pour cet exercice !
DrillFailedCount = Échec : le comptage s’est terminé avant le mat.
DrillFailedFifty = Échec : le roi seul a réclamé la nulle des 50 coups.
DrillFailedRepetition = Échec : le roi seul a réclamé la nulle par triple répétition.
DrillFailedStalemate = Échec : pat, le roi seul n’avait aucun coup.
DrillFailedDead = Échec : une pièce a été perdue et le mat n’est plus possible.
DrillFailed = Échec : l’exercice s’est terminé sans mat.
BtnDrillRetry = Réessayer
BtnDrillNext = Une autre position
BtnDrillList = Tous les exercices
DrillTechnique = Technique
DrillNoUndo = Pas de reprise dans un exercice : recommencez plutôt la position.
TrainingNav = S’entraîner
DrillLimitKnight = Un comptage de { $count } coups, mais le roi seul réclame d’abord la nulle des 50 coups : mater en 50 coups au plus
SavedDrill = Entraînement au comptage : { $drill }

## Apprendre de ses erreurs (`#learn`), après une analyse.

BtnLearn = Apprendre de mes erreurs
LearnTitle = Apprendre de ses erreurs
LearnProgress = Erreur { $n } sur { $total }
LearnFind = Vous avez joué { $move } ici. Trouvez un meilleur coup pour les { $side }.
LearnChecking = Vérification de { $move }…
LearnWrongPlayed = C’est le coup joué dans la partie. Essayez-en un autre.
LearnWrong = { $move } ne suffit pas. Essayez un autre coup.
LearnRightBest = Bravo ! { $move } est le meilleur coup.
LearnRight = Bon coup ! { $move } vaut presque le { $best } du moteur.
LearnSolution = Le meilleur coup était { $move }.
LearnLine = La ligne du moteur : { $line }
LearnDone = Terminé : vous avez trouvé un meilleur coup pour { $found } erreurs sur { $total }.
BtnLearnSolution = Voir la solution
BtnLearnNext = Suivant
BtnLearnSkip = Passer
BtnLearnClose = Arrêter
BtnLearnDone = Fermer

## Les leçons (`#/learn`, `#lessons`, `#lesson`).

LessonsLink = Leçons
LessonsTitle = Leçons
LessonsLead = Vous découvrez les échecs ASEAN ? Apprenez la marche de chaque pièce, puis l’échec, le mat et les nulles, une petite tâche à la fois sur l’échiquier.
BtnLessonStart = Commencer
LessonStars = { $n } étoiles sur { $total }
LessonTask = Tâche { $n } sur { $total }
GoalCapture = Prenez tous les pions noirs. Les Noirs ne jouent pas.
GoalPromote = Amenez le pion sur la dernière rangée et choisissez sa nouvelle pièce.
GoalMate = Faites mat en un coup.
GoalStalemate = Mettez les Noirs pat en un coup : aucun coup légal, et pas d’échec.
GoalDead = Prenez la dernière pièce noire : plus personne ne peut mater.
LessonMoves = Coups : { $n }
LessonPassed = Bravo !
LessonMissedMate = Ce n’est pas mat. Réessayez.
LessonMissed = Pas tout à fait. Réessayez.
LessonNoCheck = Ici le roi noir ne fait que regarder : ne donnez pas échec.
LessonNoUndo = Pas de retour en arrière dans une leçon : recommencez plutôt la tâche.
BtnLessonNext = Tâche suivante
BtnLessonNextLesson = Leçon suivante
BtnLessonRetry = Réessayer
BtnLessonAll = Toutes les leçons
LessonRook = La tour (ruea)
LessonRookIntro = La tour avance d’autant de cases qu’elle veut sur une rangée ou une colonne et prend ce qui se trouve où elle s’arrête. Elle ne saute pas.
LessonKnight = Le cavalier (ma)
LessonKnightIntro = Le cavalier saute de deux cases dans un sens et d’une case de côté, par-dessus ce qui se trouve entre les deux.
LessonKhon = Le khon
LessonKhonIntro = Le khon avance d’une case en diagonale dans tous les sens, ou d’une case droit devant. Il ne recule jamais tout droit et ne va pas de côté.
LessonMet = Le met
LessonMetIntro = Le met avance d’une case en diagonale dans tous les sens : la dame de ce jeu, bien modeste.
LessonKing = Le roi
LessonKingIntro = Le roi avance d’une case dans tous les sens, jamais sur une case attaquée. Les pions noirs gardent les deux cases en diagonale au-dessous d’eux.
LessonPawn = Le pion (bia)
LessonPawnIntro = Un pion avance d’une case droit devant, jamais de deux, et prend d’une case en diagonale vers l’avant. Sur la dernière rangée il devient tour, cavalier, khon ou met.
LessonMate = Échec et mat
LessonMateIntro = Un roi attaqué est en échec et doit en sortir aussitôt. S’il ne le peut pas, il est mat et la partie est gagnée.
LessonStalemate = Le pat
LessonStalemateIntro = Quand le camp au trait n’est pas en échec mais n’a aucun coup légal, la partie est nulle : c’est le pat. Quand vous gagnez, laissez une case au roi seul !
LessonDead = Les positions mortes
LessonDeadIntro = Quand plus aucun camp ne peut mater, par exemple les rois seuls, la partie est nulle aussitôt.
LessonCount = Le comptage et les demandes de nulle
LessonCountIntro = Quand un camp n’a plus que son roi et qu’il ne reste aucun pion, le comptage commence : mat en 16 coups avec une tour, 44 avec un khon, 64 avec un cavalier, sinon la partie est nulle. Ici le comptage en est à 30 demi-coups sur 32. Chaque joueur peut aussi demander la nulle après 50 coups sans prise ni coup de pion, ou quand une position revient pour la troisième fois.
