### The ASEAN chess page's texts in Portuguese.
###
### One message a key: `Key = text`. Variables are written `{ $name }` and filled in by the
### page. A text with a count is a select on `$n` with one variant per CLDR plural category
### the language uses, `*[other]` the default. Every file has the messages of en.ftl with the
### same variables: the build names any that is missing, unknown or different.
###
### Plural categories: `one` (0 and 1), `many` (exact millions: “1 000 000 de lances”) and
### `other`.
### The Makruk pieces keep their Thai names *khon* and *met*, as players writing in Portuguese
### call them; the pieces the game shares with chess take the chess names.

## Texts with a count `{ $n }`: one variant per CLDR plural category the language uses,
## `other` the default.

SavedSummary =
    { $n ->
        [one] { $date } · { $n } lance
        [many] { $date } · { $n } de lances
       *[other] { $date } · { $n } lances
    }

LobbyPlayers =
    { $n ->
        [one] { $n } jogador online
        [many] { $n } de jogadores online
       *[other] { $n } jogadores online
    }

LobbyGames =
    { $n ->
        [one] { $n } partida em andamento
        [many] { $n } de partidas em andamento
       *[other] { $n } partidas em andamento
    }

AccountRetryMinutes =
    { $n ->
        [one] Tente de novo em { $n } minuto.
        [many] Tente de novo em { $n } de minutos.
       *[other] Tente de novo em { $n } minutos.
    }

ToastSignedOutOthers =
    { $n ->
        [one] { $n } outra sessão desconectada.
        [many] { $n } de outras sessões desconectadas.
       *[other] { $n } outras sessões desconectadas.
    }

ProfilePerfGames =
    { $n ->
        [one] { $n } partida ranqueada
        [many] { $n } de partidas ranqueadas
       *[other] { $n } partidas ranqueadas
    }

## Texts without a count.

AppTitle = Xadrez ASEAN
Tagline = Makruk pelas regras ASEAN: dois jogadores, um só aparelho.
Loading = Carregando…
LanguageLabel = Idioma
RulesLink = Regras
BoardLabel = Tabuleiro
BtnNew = Nova partida
BtnUndo = Desfazer
BtnFlip = Girar tabuleiro
BtnResign = Desistir
BtnDraw = Empate combinado
BtnClaim = Reivindicar empate
ClaimFifty = Reivindicar empate (50 lances)
ClaimThreefold = Reivindicar empate (repetição)
MovesTitle = Lances
MovesEmpty = Nenhum lance ainda. As brancas começam.
SavedTitle = Partidas salvas
SavedEmpty = Nenhuma outra partida salva.
SavedCurrent = no tabuleiro agora
SavedOngoing = em andamento
SavedFinished = encerrada
BtnResume = Retomar
BtnOpen = Abrir
BtnDelete = Apagar
White = Brancas
Black = Pretas
TurnWhite = Vez das brancas
TurnBlack = Vez das pretas
CheckWhite = Vez das brancas: xeque!
CheckBlack = Vez das pretas: xeque!
ResCheckmateWhite = Xeque-mate: as brancas vencem.
ResCheckmateBlack = Xeque-mate: as pretas vencem.
ResResignWhite = As pretas desistiram: as brancas vencem.
ResResignBlack = As brancas desistiram: as pretas vencem.
ResStalemate = Empate por afogamento: quem joga não tem lance legal e não está em xeque.
ResDead = Empate: nenhum dos lados consegue mais dar mate.
ResCounting = Empate: a contagem terminou sem mate.
ResFifty = Empate reivindicado: 50 lances sem captura nem lance de peão.
ResThreefold = Empate reivindicado: a mesma posição ocorreu três vezes.
ResAgreement = Empate por acordo.
CountingStartWhite = A contagem começa no próximo lance das pretas: as brancas devem dar mate em { $limit } lances da contagem, ou é empate.
CountingStartBlack = A contagem começa no próximo lance das brancas: as pretas devem dar mate em { $limit } lances da contagem, ou é empate.
CountingWhite = Contagem { $used } de { $limit }: as brancas devem dar mate até o lance { $limit } da contagem, ou é empate (faltam { $left }).
CountingBlack = Contagem { $used } de { $limit }: as pretas devem dar mate até o lance { $limit } da contagem, ou é empate (faltam { $left }).
CountByRook = A torre fixa o limite em 16.
CountByKhon = Sem torre, o khon fixa o limite em 44.
CountByKnight = Sem torre nem khon, o cavalo fixa o limite em 64.
FiftyCounter = Regra dos 50 lances: { $n } de 50
RepetitionCounter = Esta posição: vista { $n } de 3 vezes
PieceKing = rei
PieceMet = met
PieceKhon = khon
PieceRook = torre
PieceKnight = cavalo
PiecePawn = peão
GlossMet = um passo na diagonal
GlossKhon = um passo na diagonal ou em frente
SquareLabel = { $square }: { $piece }, { $color }
SquareEmpty = { $square }: vazia
SquareSelected = { $label }, selecionada
SquareDest = { $label }, lance legal
ControlsLabel = Partida
AppFailed = O app não conseguiu iniciar: { $error }
PromoTitle = Promover o peão a
Cancel = Cancelar
Close = Fechar
NewTitle = Nova partida
NewPromotion = Promoção
NewPromoAny = Torre, cavalo, khon ou met (regra comum online)
NewPromoMet = Só met (regras ASEAN de 2011)
NewKeep = A partida atual continua nas suas partidas salvas.
NewStart = Começar
ConfirmResignTitle = Desistir?
ConfirmResignWhite = As brancas desistem e as pretas vencem a partida.
ConfirmResignBlack = As pretas desistem e as brancas vencem a partida.
ConfirmDrawTitle = Empate por acordo?
ConfirmDrawText = Os dois jogadores aceitam terminar a partida empatada?
ConfirmDrawYes = Sim, empate
ConfirmResignYes = Sim, desistir
OverTitle = Fim de partida
OverReview = Ver o tabuleiro
NoticeDismiss = Dispensar
StorageFull = O armazenamento está cheio e esta partida e as mudanças de configuração não estão sendo salvas. Apague algumas partidas para liberar espaço.
StorageFullNoGames = O armazenamento está cheio e esta partida e as mudanças de configuração não estão sendo salvas. Libere espaço apagando outros dados do site neste navegador, ou saia da navegação privada.
ToastSynced = Atualizado a partir de outra aba.
ToastConflict = Esta partida foi alterada em outra aba: a versão mais recente está sendo mostrada e sua última alteração não foi salva.
StorageUnavailable = Este navegador não deixa a página guardar nada: suas partidas, suas configurações (idioma, aparência, som) e seus lugares nas partidas online se perdem ao fechar ou recarregar a página. Enquanto isso, você pode continuar jogando.
StorageCorrupt = Uma partida salva não pôde ser lida. Ela foi guardada à parte em “{ $key }” e não foi apagada.
StorageVersion = Uma partida salva vem de outra versão do app (esquema { $version }). Ela foi guardada à parte em “{ $key }”.
StorageError = Não foi possível salvar a partida: { $error }
ToastIllegal = Esse lance não é permitido.
ToastGameOver = A partida acabou: desfaça um lance ou comece outra.
ToastNothingToUndo = Nada para desfazer.
ToastUndone = Lance desfeito.
ToastNewGame = Nova partida: as brancas começam.
ToastResumed = Partida retomada.
ToastDeleted = Partida apagada.
ToastNoClaim = Nenhum empate pode ser reivindicado agora.
NewMode = Adversário
NewModeHotSeat = Dois jogadores neste aparelho
NewModeAi = Contra o computador
NewAiLevel = Nível do computador
NewAiLevelNote = 1 é um iniciante que erra muito; 8 é o mais forte e pensa até 4 segundos.
NewHuman = Você joga com
NewHumanRandom = Sorteio
AiThinking = O computador está pensando…
AiYouWhite = Você joga de brancas contra o computador (nível { $level }).
AiYouBlack = Você joga de pretas contra o computador (nível { $level }).
SavedVsAi = contra a IA (nível { $level })
BtnHint = Dica
ToastWaitAi = Aguarde o lance do computador.
ToastAiUnavailable = O adversário computador não conseguiu iniciar neste navegador.
ToastAiFailed = O computador não conseguiu escolher um lance: { $error }
HotSeat = Partida a dois no mesmo aparelho, cada um na sua vez.
PromotionRuleAny = Promoção: à escolha
PromotionRuleMet = Promoção: só met
NewModeOnline = Jogar com um amigo online
NewClock = Controle de tempo
ClockUntimed = Sem relógio
NewVisibility = Quem pode entrar
NewVisPrivate = Privada: só com o link de convite
NewVisPublic = Pública: listada no saguão
NewRated = Partida ranqueada: o resultado muda o rating dos dois jogadores
RatedNeedsSignIn = Entre na sua conta para jogar partidas ranqueadas.
RatedNeedsClock = Partidas ranqueadas precisam de relógio: escolha um ritmo.
RatedBadge = Ranqueada
OverRatings = Mudança de rating
WaitingTitle = Aguardando seu amigo
WaitingText = Envie este link ao seu amigo. A partida começa assim que ele o abrir.
InviteLabel = Link de convite
BtnCopyLink = Copiar link
BtnShare = Compartilhar
ShareText = Jogue uma partida de xadrez ASEAN comigo:
ToastCopied = Link copiado.
ToastCopyFailed = Não foi possível copiar: o link está selecionado, copie-o manualmente.
Reconnecting = Reconectando…
MovePending = Enviando sua jogada…
OpponentOnline = Seu adversário está online.
OpponentOffline = Seu adversário saiu.
OpponentAway = Seu adversário saiu. Você poderá reivindicar a vitória em { $time }.
OpponentGone = Seu adversário foi embora. Você pode reivindicar a vitória.
BtnClaimVictory = Reivindicar vitória
DrawOfferText = Seu adversário propõe empate.
BtnAccept = Aceitar
BtnDecline = Recusar
BtnOfferDraw = Propor empate
ToastDrawOffered = Empate proposto.
ToastDrawDeclined = Sua proposta de empate foi recusada.
BtnRematch = Revanche
BtnRematchAccept = Aceitar a revanche
RematchWaiting = Revanche pedida: aguardando…
ToastRematchOffered = Seu adversário quer uma revanche.
ToastRematchStarted = Revanche: as cores foram trocadas.
ToastFriendJoined = Seu adversário chegou: a partida começa.
ToastOffline = Sem conexão com o servidor: aguarde a reconexão.
OnlineConnecting = Partida online: conectando…
OnlineYouWhite = Partida online: você joga de brancas.
OnlineYouBlack = Partida online: você joga de pretas.
OnlineWatching = Partida online: você está assistindo.
ResTimeoutWhite = As brancas vencem por tempo.
ResTimeoutBlack = As pretas vencem por tempo.
ResTimeoutDraw = O tempo acabou, mas o outro lado não pode dar mate: empate.
ResPlyCap = Empate: a partida atingiu o limite de lances do servidor.
ResAbandonedWhite = As brancas vencem: as pretas abandonaram a partida.
ResAbandonedBlack = As pretas vencem: as brancas abandonaram a partida.
LobbyTitle = Jogar online
LobbyConnecting = Conectando ao saguão…
LobbyUnreachable = O servidor não está acessível agora. Tentando de novo…
LobbyRetry = Tentar de novo agora
LobbyEmpty = Ninguém está esperando: crie uma sala ou jogue contra a IA enquanto isso.
BtnCreateRoom = Criar uma sala
BtnPlayAi = Jogar contra a IA
BtnJoin = Entrar
LobbySeatWhite = Você joga de brancas
LobbySeatBlack = Você joga de pretas
ErrNotYourTurn = Não é a sua vez.
ErrUnknownRoom = Esta partida não existe: verifique o link de convite.
ErrNotSeated = Os dois lugares estão ocupados: você está assistindo a esta partida.
ErrRateLimited = Ações demais de uma vez: vá um pouco mais devagar.
ErrServer = O servidor recusou: { $error }
ErrRoomClosed = Este convite está encerrado: nada mais pode acontecer nesta sala.
ErrTooManyRooms = Há salas abertas demais: termine ou cancele uma das suas, ou tente mais tarde.
ErrSignInRequired = Entre na sua conta para jogar partidas ranqueadas ou aceitar um desafio com faixa de rating.
ErrTooManySeeks = Você já tem tantos desafios à espera quanto o permitido: cancele um ou aguarde um adversário.
SignInLink = Entrar
LobbyCasual = Amistosa
LobbyRange = Rating { $min }–{ $max }
LobbyOwnSeek = Seu desafio
LobbySignInToTake = Entre para aceitá-lo
LobbyOutOfRange = Seu rating está fora da faixa
NewRange = Rating do adversário
NewRangeBelow = Mínimo, abaixo do seu rating
NewRangeAbove = Máximo, acima do seu rating
NewRangeAny = Qualquer
ErrConnectionReset = O servidor encerrou a conexão: reconectando…
BtnCancelInvite = Cancelar o convite
ToastInviteCancelled = Convite cancelado.
WaitingListed = Sua sala aparece no saguão: qualquer pessoa pode ocupar o lugar livre.
WaitingUnlisted = Sua sala não aparece no saguão agora; o link continua valendo.
WaitingExpires = O link vale até { $time }.
ClosedCancelledTitle = Este convite foi cancelado
ClosedExpiredTitle = Este convite expirou
ClosedGuest = Nenhuma partida será jogada aqui. Peça um novo link ao seu amigo ou comece uma partida sua.
ClosedExpiredHost = Ninguém abriu seu link a tempo. Crie uma nova sala para convidar alguém de novo.
ClosedCancelledHost = Você cancelou este convite. Crie uma nova sala para convidar alguém de novo.
BtnLeaveRoom = Sair desta sala
OnlineClosed = Online: este convite está encerrado.
BtnAbort = Anular a partida
ResAborted = Partida anulada: sem vencedor nem perdedor.
OpponentAwayAbort = Seu adversário saiu. Se ele não voltar, a partida será anulada em { $time }.
OpponentGoneAbort = Seu adversário não voltou: a partida será anulada.
ToastImported = Partida importada.
ToastImportedWaitingInCheck = Posição importada. O lado que não joga está em xeque: nenhuma partida chega a esta posição, mas ela é jogada como está.
ImportEmpty = Cole primeiro um PGN ou um FEN.
ImportBadFen = Não é possível ler este FEN: { $error }
ImportBadPgn = Não é possível ler este PGN: { $error }
ExportLocal = Cole o PGN em qualquer programa que conheça o xadrez ASEAN, ou importe-o aqui mais tarde.
ExportOnline = O PGN desta partida online, até o último lance jogado.
ToastCopiedPgn = PGN copiado.
ToastCopiedFen = FEN copiado.
ToastCopyFailedText = Não foi possível copiar: selecione o texto e copie-o manualmente.
BtnExport = Exportar
BtnImport = Importar
ExportTitle = Exportar a partida
ImportTitle = Importar uma partida
ImportText = Cole um PGN (uma partida inteira) ou um FEN (uma posição):
ImportFile = Ou abra um arquivo .pgn
BtnCopyPgn = Copiar PGN
BtnCopyFen = Copiar FEN
BtnDownload = Baixar .pgn
ExportFenLabel = FEN da posição mostrada
ReviewLabel = Percorrer a partida
ReviewFirst = Posição inicial
ReviewPrev = Lance anterior
ReviewNext = Próximo lance
ReviewLast = Último lance
BtnLive = Voltar à partida
AnalysisAfterGame = A análise abre quando a partida terminar: sem ajuda do motor contra uma pessoa.
ReviewAt = Posição após { $move } ({ $ply } de { $total })
ReviewStart = A posição inicial (0 de { $total })
SavedHotSeat = dois jogadores neste aparelho
SavedOnlineWhite = online, você jogou de Brancas
SavedOnlineBlack = online, você jogou de Pretas
SavedOnlineWatched = online, assistida
ConfirmDeleteTitle = Excluir esta partida salva?
ConfirmDeleteText = Ela sumirá deste aparelho. Uma partida online continua no servidor e o link ainda a abre.
ConfirmDeleteYes = Excluir
AnalysisTitle = Análise
AnalysisNote = O motor que joga examina cada posição, aqui no seu navegador: sem precisar de conexão.
BtnAnalyse = Analisar a partida
BtnAnalysisResume = Retomar a análise
BtnAnalysisStop = Parar
AnalysisProgress = Analisando: { $done } de { $total } posições
AnalysisDone = Análise concluída: { $total } posições
EvalDepth = profundidade { $n }
AnalysisFailed = A análise parou: { $error }
AnalysisSide = { $side }: { $marks }
AnalysisSideClean = { $side }: nenhum erro
AnalysisLegend = ?! imprecisão · ? erro · ?? capivarada. Clique no gráfico para ir a um lance.
BestMove = Melhor: { $move }
EvalGraphLabel = Avaliação da partida, lance a lance

## The start screen, clocks and premoves.

StartTitle = Como você quer jogar?
StartLead = Makruk, o xadrez da Tailândia e do Camboja, na forma padrão da ASEAN.
StartOnline = Jogar com um amigo online
StartOnlineNote = Receba um link para enviar; a partida começa quando ele for aberto.
StartAi = Jogar contra o computador
StartAiNote = Você joga de Brancas, num nível suave; mude quando quiser.
StartHotSeat = Dois jogadores, este aparelho
StartHotSeatNote = Joguem alternadamente numa só tela, frente a frente.
StartRules = Como jogar: as regras
StartOptions = Mais opções…
ClockYou = você
ClockComputer = computador
ClockOpponent = adversário
PlayerAnonymous = Anônimo
PlayerWaiting = Aguardando um adversário

## Accessibility and sound: the sound toggle, the moves in words for `#announce` and the
## move list, the typed move box, the hint's squares.

SoundLabel = Sons
SaySide = { $side }: { $move }
SayMove = { $piece } para { $square }
SayCapture = { $piece } captura em { $square }
SayPieceFrom = { $piece } de { $square }
SayPromotion = { $move }, promovido a { $piece }
SayCheck = { $move }, xeque
SayMate = { $move }, xeque-mate
MoveInputLabel = Digitar um lance
MoveInputPlaceholder = Digite um lance (Nd2, e3e4)
MovePlay = Jogar
EntryNotUnderstood = “{ $text }” não foi entendido: digite um lance como Nd2, e4, e8=Q ou e3e4 (M para o met e S para o khon também valem).
EntryIllegal = “{ $text }” não é um lance legal nesta posição.
EntryAmbiguous = “{ $text }” serve para vários lances: acrescente a coluna ou a fileira da peça, como Nbd2.
EntryNotYourTurn = Não é a sua vez: espere o lance do outro lado.
EntryGameOver = A partida terminou: nenhum lance pode mais ser jogado.
EntryReviewing = Uma posição anterior está sendo mostrada: volte à partida para jogar.
SquareHint = { $label }, lance sugerido

## Looks: dark mode, piece sets, board colours (view/looks.rs).

LooksTitle = Aparência
ThemeToggle = Modo escuro
ThemeLabel = Tema
ThemeAuto = Como no aparelho
ThemeLight = Claro
ThemeDark = Escuro
PiecesLabel = Peças
PiecesThai = Tailandesas
PiecesWestern = Ocidentais
PiecesNote = O jogo ocidental desenha o met como uma pequena dama e o khon como um bispo: eles continuam a se mover como met e khon.
BoardThemeLabel = Tabuleiro
BoardTeak = Teca
BoardJade = Jade
BoardSlate = Ardósia

## Offline and installable: the AI worker that cannot start, online play without a
## connection.

AiUnavailableText = O adversário computador não conseguiu iniciar ({ $error }). O jogo a dois neste aparelho continua a funcionar.
BtnAiRetry = Tentar de novo
UpdateReady = Uma nova versão do jogo está pronta.
UpdateNow = Atualizar
OnlineNeedsConnection = O jogo online precisa de uma conexão com o servidor, e agora não há nenhuma.
ToastNeedsConnection = Sem conexão: o jogo online não é possível agora. Jogue contra o computador ou neste aparelho.

# Accounts: the sign-in view, the account view and their messages.
BtnSignIn = Entrar
AccountLinkLabel = Sua conta ({ $name })
SigninTitle = Entrar
SignupTitle = Criar uma conta
SigninLead = Entre para manter seu nome nas partidas online. Jogar sem conta continua funcionando como antes.
SignupLead = Uma conta dá a você um nome para as partidas online. Jogar sem conta continua funcionando como antes.
FieldUsername = Nome de usuário
FieldPassword = Senha
FieldConfirm = Repita a senha
UsernameHint = 2 a 20 caracteres: letras, algarismos, _ e -
PasswordHint = Pelo menos { $min } caracteres
BtnSigninSubmit = Entrar
BtnSignupSubmit = Criar a conta
SigninToSignup = Ainda não tem conta? Crie uma
SignupToSignin = Já tem uma conta? Entre
AccountBack = Voltar à partida
AccountWorking = Aguarde…
AccountTitle = Sua conta
AccountSince = Membro desde { $date }
AccountSessionsTitle = Onde você está conectado
AccountThisDevice = Este dispositivo
AccountSessionTimes = Entrou em { $created } · última atividade em { $seen }
AccountDevice = { $browser } no { $os }
AccountUnknownDevice = Navegador desconhecido
AccountNoOtherSessions = Você está conectado apenas neste dispositivo.
BtnRevokeSession = Desconectar
BtnSignOutOthers = Sair de todos os outros lugares
BtnSignOut = Sair
AccountCloseTitle = Encerrar a conta
AccountCloseWarning = O encerramento é definitivo: a conta não pode ser reaberta, e o nome continua reservado para que ninguém mais o use. As partidas salvas neste dispositivo continuam aqui.
AccountClosePassword = Sua senha, para confirmar
BtnCloseAccount = Encerrar minha conta
AccountErrUsername = Um nome de usuário tem de 2 a 20 caracteres: letras A–Z, algarismos, _ e -.
AccountErrPasswordShort = A senha precisa ter pelo menos { $min } caracteres.
AccountErrPasswordLong = A senha pode ter no máximo { $max } caracteres.
AccountErrMismatch = As duas senhas não são iguais.
AccountErrRefused = O servidor não aceitou este nome de usuário ou esta senha.
AccountErrWrong = Nome de usuário ou senha incorretos.
AccountErrWrongPassword = Essa senha não está certa: a conta continua aberta.
AccountErrTaken = Este nome de usuário já está em uso. Escolha outro.
AccountErrTooMany = Tentativas demais a partir desta conexão.
AccountErrForbidden = O servidor recusou este pedido. Recarregue a página e tente de novo.
AccountErrSessionEnded = Esta sessão terminou (saída feita em outro lugar). Entre de novo.
AccountErrNoSession = Essa sessão já tinha terminado.
AccountErrServer = O servidor não conseguiu fazer isso agora. Tente de novo daqui a pouco.
AccountErrNetwork = Não foi possível falar com o servidor. Verifique sua conexão e tente de novo.
ToastSignedIn = Você entrou como { $name }.
ToastSignedUp = Boas-vindas, { $name }! Sua conta está pronta.
ToastSignedOut = Você saiu.
ToastSessionRevoked = Essa sessão foi desconectada.
ToastAccountClosed = Sua conta foi encerrada.
AccountTokensTitle = Tokens de API
AccountTokensLead = Um token pessoal permite que um programa (um tabuleiro, um bot, um script) use sua conta pela API. Dê a ele só as permissões de que precisa e revogue-o quando não for mais usado.
AccountNoTokens = Você não tem tokens de API.
AccountTokenTimes = Criado em { $created } · último uso em { $used }
AccountTokenNeverUsed = Criado em { $created } · nunca usado
AccountTokenNoScopes = Sem permissões: só lê a conta
FieldTokenDescription = Para que ele serve?
AccountTokenScopes = O que ele pode fazer
ScopeBoardPlay = Jogar com um tabuleiro ou um aplicativo
ScopeBotPlay = Jogar como bot
ScopeChallengeRead = Ler os desafios recebidos
ScopeChallengeWrite = Enviar, aceitar e recusar desafios
ScopePreferenceRead = Ler suas preferências
BtnCreateToken = Criar um token
BtnRevokeToken = Revogar
AccountTokenNew = Seu novo token:
AccountTokenShownOnce = Copie-o agora: ele não será mostrado de novo.
AccountErrNoToken = Esse token já tinha sido revogado.
AccountErrTokenDescription = Diga para que serve o token, em no máximo { $max } caracteres.
ToastTokenCreated = Token criado.
ToastTokenRevoked = O token foi revogado.

# Quick pairing: one tap on a time control puts the player in that pool.
PoolsTitle = Partida rápida
PoolsNote = Jogue agora contra alguém: escolha um ritmo.
PoolWaiting = Procurando um adversário
PoolCasual = Casual
PoolPlayAi = Jogar contra o computador enquanto espera
BtnPoolCancel = Cancelar
PoolLeftNotice = Você não está mais esperando um adversário: sua conta ocupou um lugar em outra aba ou outro aparelho.

# The players waiting in a pool (this one included).
PoolPlayers =
    { $n ->
        [one] { $n } jogador esperando
        [many] { $n } de jogadores esperando
       *[other] { $n } jogadores esperando
    }
ProfileKicker = Jogador
ProfileMissing = Nenhum jogador tem este nome. Confira a grafia ou veja o ranking.
ProfileClosed = Esta conta foi encerrada. As partidas dela continuam no histórico dos jogadores.
ProfileRatingsTitle = Ratings
ProfileProvisional = Provisório: o rating se firma depois de mais partidas ranqueadas.
ClockRating = Rating deste ritmo no início da partida
PerfBullet = Bullet
PerfBlitz = Blitz
PerfRapid = Rápida
PerfClassical = Clássica
ProfilePlayed = Jogadas
ProfileWon = Vitórias
ProfileDrawn = Empates
ProfileLost = Derrotas
ProfileGraphTitle = Histórico de rating
ProfileGraphEmpty = Nenhuma partida ranqueada ainda: o gráfico começa com a primeira.
ProfileGraphLabel = Histórico de rating de { $name }
ProfileGamesTitle = Partidas recentes
ProfileNoGames = Nenhuma partida terminada ainda.
ProfileAgainst = contra { $name }
ProfileCasual = Amistosa
ResultWin = Vitória
ResultLoss = Derrota
ResultDraw = Empate
ProfileOwnLink = Seu perfil público
ProfileOpen = Perfil de { $name }
LeaderboardLink = Ranking
LeaderboardTitle = Ranking
LeaderboardLead = Os melhores jogadores de cada ritmo que jogaram uma partida ranqueada nos últimos 30 dias. Ratings provisórios não aparecem.
LeaderboardEmpty = Ninguém aparece ainda. Um jogador entra aqui quando o rating dele se firma e ele jogou uma partida ranqueada nos últimos 30 dias.
LeaderboardSpeeds = Ritmos
# Desafios entre contas (o botão de um perfil, a lista de desafios recebidos e enviados).
BtnChallenge = Desafiar para uma partida
ChallengeFormTitle = Desafiar { $name }
ChallengeClockLabel = Ritmo de jogo
ChallengeColorLabel = A sua cor
ChallengeRatedLabel = Partida com rating
BtnChallengeSend = Enviar o desafio
ChallengesTitle = Desafios
ChallengeIncoming = { $name } ({ $rating }) desafia-o
ChallengeOutgoing = Desafiou { $name }: à espera de resposta
ChallengeYouWhite = joga com as Brancas
ChallengeYouBlack = joga com as Pretas
ChallengeYouRandom = cores sorteadas
BtnChallengeCancel = Retirar
ChallengeDeclined = { $name } recusou o seu desafio.
ChallengeGone = Este desafio já não está aberto.
BotsTitle = Bots em linha
BotsLead = Programas que jogam a qualquer hora: abra um para o desafiar.
BotBadge = BOT
# An imported game's end as its PGN says it.
ResRecordWhite = As Brancas ganham (resultado do registo da partida: { $score }).
ResRecordBlack = As Pretas ganham (resultado do registo da partida: { $score }).
ResRecordDraw = Empate (resultado do registo da partida: { $score }).
ResRecordContradicts = O registo da partida indica { $score }, o que os seus lances não dão.
ToastImportedContradicts = Partida importada. O resultado registado não corresponde aos lances: a partida é mostrada como foi jogada.

## O treino da contagem (`#/training/counting`) e os seus exercícios (`#drill`).

DrillLimitMoves =
    { $n ->
        [one] Dar mate em { $n } lance no máximo
        [many] Dar mate em { $n } de lances no máximo
       *[other] Dar mate em { $n } lances no máximo
    }
DrillBest =
    { $n ->
        [one] O seu recorde: mate em { $n } lance
        [many] O seu recorde: mate em { $n } de lances
       *[other] O seu recorde: mate em { $n } lances
    }
DrillMovesLeft =
    { $n ->
        [one] Resta { $n } de { $limit } lances
        [many] Restam { $n } de lances de { $limit }
       *[other] Restam { $n } de { $limit } lances
    }
DrillPassed =
    { $n ->
        [one] Conseguido: mate em { $n } lance.
        [many] Conseguido: mate em { $n } de lances.
       *[other] Conseguido: mate em { $n } lances.
    }
TrainingLink = Treino da contagem
TrainingTitle = Treino da contagem
TrainingLead = Quando um lado fica só com o rei e já não há peões, começa a contagem: o outro lado tem de dar mate em 16 lances com uma torre, 44 com um khon, 64 com um cavalo, ou a partida fica empatada. Treine aqui cada final contra a melhor defesa do computador.
DrillRook = Rei e torre
DrillKhonMet = Rei, khon e met
DrillKhonKnight = Rei, khon e cavalo
DrillKnightMets = Rei, cavalo e dois mets
DrillKnightsMet = Rei, dois cavalos e um met
DrillMets = Rei e três mets
DrillRookTip = Corte o rei com a torre ao longo de uma fila ou coluna, traga o seu rei para a frente dele e empurre-o linha a linha até à borda. Dezasseis lances não deixam tempo a perder.
DrillKhonMetTip = Aproxime primeiro o seu rei: khon e met só dão mate com a ajuda dele. Leve o rei sozinho para um canto, o khon a cobrir as casas à frente dele e o met as do lado, e mantenha o met junto do seu rei para não ser tomado.
DrillKhonKnightTip = O seu rei comanda. O khon cobre as casas mesmo à frente do rei sozinho, o cavalo dá xeque de longe; leve o rei para a borda, depois para um canto, com as duas peças sempre defendidas.
DrillKnightMetsTip = Os dois mets ficam lado a lado, um em cada cor, como uma parede junto do seu rei: avance a parede para empurrar o rei sozinho para a borda e acabe com o cavalo.
DrillKnightsMetTip = O seu rei e o met empurram o rei sozinho para a borda; os cavalos revezam-se a cobrir as casas de fuga até um deles dar mate.
DrillMetsTip = Um met anda uma casa na diagonal, por isso só cobre casas de uma cor. Use mets das duas cores lado a lado com o seu rei como parede, empurre o rei sozinho para um canto e dê mate antes de 50 lances: não há contagem, mas o rei sozinho reclama o empate dos 50 lances.
DrillLimitFifty = Sem contagem: dar mate antes do empate dos 50 lances
DrillNotPassed = Ainda não conseguido
DrillPictureLabel = A técnica no tabuleiro
BtnDrillStart = Começar
DrillPlay = Dê mate ao rei sozinho antes de a contagem acabar. O computador defende-se o melhor que pode.
DrillPlayFifty = Dê mate ao rei sozinho antes do empate dos 50 lances. O computador defende-se o melhor que pode.
DrillNewBest = Novo recorde neste exercício!
DrillFailedCount = Falhou: a contagem acabou antes do mate.
DrillFailedFifty = Falhou: o rei sozinho reclamou o empate dos 50 lances.
DrillFailedRepetition = Falhou: o rei sozinho reclamou o empate por tripla repetição.
DrillFailedStalemate = Falhou: afogado, o rei sozinho não tinha lances.
DrillFailedDead = Falhou: perdeu-se uma peça e o mate já não é possível.
DrillFailed = Falhou: o exercício terminou sem mate.
BtnDrillRetry = Tentar de novo
BtnDrillNext = Outra posição
BtnDrillList = Todos os exercícios
DrillTechnique = Técnica
DrillNoUndo = Não há lances anulados num exercício: recomece antes a posição.
TrainingNav = Treinar
DrillLimitKnight = Uma contagem de { $count } lances, mas o rei sozinho reclama antes o empate dos 50 lances: dar mate em 50 lances no máximo
SavedDrill = Treino da contagem: { $drill }

## Aprender com os erros (`#learn`), depois de uma análise.

BtnLearn = Aprender com os meus erros
LearnTitle = Aprender com os erros
LearnProgress = Erro { $n } de { $total }
LearnFind = Aqui foi jogado { $move }. Encontre um lance melhor para as { $side }.
LearnChecking = A verificar { $move }…
LearnWrongPlayed = Esse é o lance jogado na partida. Tente outro.
LearnWrong = { $move } não chega. Tente outro lance.
LearnRightBest = Muito bem! { $move } é o melhor lance.
LearnRight = Bom lance! { $move } é quase tão bom como { $best }, o lance do motor.
LearnSolution = O melhor lance era { $move }.
LearnLine = A linha do motor: { $line }
LearnDone = Terminado: encontrou um lance melhor em { $found } de { $total } erros.
BtnLearnSolution = Ver a solução
BtnLearnNext = Seguinte
BtnLearnSkip = Saltar
BtnLearnClose = Parar
BtnLearnDone = Fechar

## As lições (`#/learn`, `#lessons`, `#lesson`).

LessonsLink = Lições
LessonsTitle = Lições
LessonsLead = Novo no xadrez ASEAN? Aprenda como cada peça se move, depois o xeque, o mate e os empates, uma pequena tarefa de cada vez no tabuleiro.
BtnLessonStart = Começar
LessonStars = { $n } de { $total } estrelas
LessonTask = Tarefa { $n } de { $total }
GoalCapture = Capture todos os peões pretos. As pretas não jogam.
GoalPromote = Leve o peão à última fila e escolha a sua nova peça.
GoalMate = Dê mate num lance.
GoalStalemate = Afogue as pretas num lance: nenhum lance legal, e sem xeque.
GoalDead = Capture a última peça preta: depois ninguém pode dar mate.
LessonMoves = Lances: { $n }
LessonPassed = Muito bem!
LessonMissedMate = Isso não é mate. Tente outra vez.
LessonMissed = Quase. Tente outra vez.
LessonNoCheck = Aqui o rei preto só observa: não dê xeque.
LessonNoUndo = Numa lição não se volta atrás: tente antes a tarefa de novo.
BtnLessonNext = Tarefa seguinte
BtnLessonNextLesson = Lição seguinte
BtnLessonRetry = Tentar de novo
BtnLessonAll = Todas as lições
LessonRook = A torre (ruea)
LessonRookIntro = A torre move-se quantas casas quiser ao longo de uma fila ou coluna e captura o que estiver onde para. Não salta.
LessonKnight = O cavalo (ma)
LessonKnightIntro = O cavalo salta duas casas num sentido e uma para o lado, por cima do que houver pelo meio.
LessonKhon = O khon
LessonKhonIntro = O khon move-se uma casa na diagonal em qualquer sentido, ou uma casa em frente. Nunca anda para trás a direito nem para o lado.
LessonMet = O met
LessonMetIntro = O met move-se uma casa na diagonal em qualquer sentido: a dama deste jogo, e modesta.
LessonKing = O rei
LessonKingIntro = O rei move-se uma casa em qualquer sentido, nunca para uma casa atacada. Os peões pretos guardam as duas casas na diagonal abaixo deles.
LessonPawn = O peão (bia)
LessonPawnIntro = Um peão avança uma casa em frente, nunca duas, e captura uma casa na diagonal para a frente. Na última fila torna-se torre, cavalo, khon ou met.
LessonMate = Xeque e mate
LessonMateIntro = Um rei atacado está em xeque e tem de sair dele já. Se não puder, é mate e a partida está ganha.
LessonStalemate = Afogamento
LessonStalemateIntro = Quando quem joga não está em xeque mas não tem nenhum lance legal, a partida é empate: afogamento. Quando estiver a ganhar, deixe uma casa ao rei sozinho!
LessonDead = Posições mortas
LessonDeadIntro = Quando nenhum lado pode voltar a dar mate, por exemplo só com os reis, a partida é empate de imediato.
LessonCount = A contagem e os pedidos de empate
LessonCountIntro = Quando um lado só tem o rei e já não há peões, começa a contagem: mate em 16 lances com uma torre, 44 com um khon, 64 com um cavalo, senão é empate. Aqui a contagem vai em 30 de 32 meios-lances. Qualquer jogador pode também pedir empate após 50 lances sem captura nem lance de peão, ou quando uma posição se repete pela terceira vez.
