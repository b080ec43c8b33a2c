### The ASEAN chess page's texts in Vietnamese.
###
### One message a key: `Key = text`. Variables are written `{ $name }` and filled in by the
### page. A text with a count is a select on `$n` with one variant per CLDR plural category
### the language uses, `*[other]` the default. Every file has the messages of en.ftl with the
### same variables: the build names any that is missing, unknown or different.
###
### Plural categories: `other` only: a Vietnamese noun does not change with the count
### (1 nước đi, 3 nước đi). CLDR 49 gives Vietnamese a `one` for 0 and 1, which only a
### pronoun referring back to the count (nó / chúng) would need: these texts leave it to
### `other`.
### Vietnamese keeps *khon* and *met* (quân khon, quân met) like the Western languages: the
### game is played in Vietnam as cờ ốc, a newcomer from the ASEAN events, and we know of no
### Vietnamese names for these two pieces in common use, whereas the pieces it shares with
### chess take the chess names every Vietnamese player knows (vua, xe, mã, tốt; chiếu,
### chiếu hết).

## Texts with a count `{ $n }`: one variant per CLDR plural category the language uses,
## `other` the default.

SavedSummary =
    { $n ->
       *[other] { $date } · { $n } nước đi
    }

LobbyPlayers =
    { $n ->
       *[other] { $n } người chơi trực tuyến
    }

LobbyGames =
    { $n ->
       *[other] { $n } ván đang diễn ra
    }

AccountRetryMinutes =
    { $n ->
       *[other] Hãy thử lại sau { $n } phút.
    }

ToastSignedOutOthers =
    { $n ->
       *[other] Đã đăng xuất { $n } phiên khác.
    }

ProfilePerfGames =
    { $n ->
       *[other] { $n } ván tính điểm
    }

## Texts without a count.

AppTitle = Cờ ASEAN
Tagline = Makruk theo luật ASEAN: hai người chơi trên một thiết bị.
Loading = Đang tải…
LanguageLabel = Ngôn ngữ
RulesLink = Luật chơi
BoardLabel = Bàn cờ
BtnNew = Ván mới
BtnUndo = Đi lại
BtnFlip = Xoay bàn cờ
BtnResign = Xin thua
BtnDraw = Thỏa thuận hòa
BtnClaim = Yêu cầu hòa
ClaimFifty = Yêu cầu hòa (50 nước)
ClaimThreefold = Yêu cầu hòa (lặp thế cờ)
MovesTitle = Các nước đi
MovesEmpty = Chưa có nước đi nào. Trắng đi trước.
SavedTitle = Ván đã lưu
SavedEmpty = Không có ván nào khác đã lưu.
SavedCurrent = đang trên bàn cờ
SavedOngoing = đang chơi
SavedFinished = đã kết thúc
BtnResume = Chơi tiếp
BtnOpen = Mở
BtnDelete = Xóa
White = Trắng
Black = Đen
TurnWhite = Đến lượt Trắng
TurnBlack = Đến lượt Đen
CheckWhite = Đến lượt Trắng: bị chiếu!
CheckBlack = Đến lượt Đen: bị chiếu!
ResCheckmateWhite = Chiếu hết: Trắng thắng.
ResCheckmateBlack = Chiếu hết: Đen thắng.
ResResignWhite = Đen xin thua: Trắng thắng.
ResResignBlack = Trắng xin thua: Đen thắng.
ResStalemate = Hòa vì hết nước đi: bên đến lượt không còn nước đi hợp lệ nào và không bị chiếu.
ResDead = Hòa: không bên nào còn có thể chiếu hết.
ResCounting = Hòa: đã đếm hết số nước mà không chiếu hết được.
ResFifty = Đã yêu cầu hòa: 50 nước liền không có nước ăn quân hay đi tốt.
ResThreefold = Đã yêu cầu hòa: cùng một thế cờ đã lặp lại ba lần.
ResAgreement = Hòa theo thỏa thuận.
CountingStartWhite = Bắt đầu đếm từ nước đi tới của Đen: Trắng phải chiếu hết trong vòng { $limit } nước đếm, nếu không sẽ hòa.
CountingStartBlack = Bắt đầu đếm từ nước đi tới của Trắng: Đen phải chiếu hết trong vòng { $limit } nước đếm, nếu không sẽ hòa.
CountingWhite = Đếm { $used }/{ $limit }: Trắng phải chiếu hết chậm nhất ở nước đếm thứ { $limit }, nếu không sẽ hòa (còn { $left }).
CountingBlack = Đếm { $used }/{ $limit }: Đen phải chiếu hết chậm nhất ở nước đếm thứ { $limit }, nếu không sẽ hòa (còn { $left }).
CountByRook = Có xe nên giới hạn là 16.
CountByKhon = Không có xe, khon đặt giới hạn là 44.
CountByKnight = Không có xe và khon, mã đặt giới hạn là 64.
FiftyCounter = Luật 50 nước: { $n }/50
RepetitionCounter = Thế cờ này: đã gặp { $n }/3 lần
PieceKing = vua
PieceMet = met
PieceKhon = khon
PieceRook = xe
PieceKnight = mã
PiecePawn = tốt
GlossMet = đi chéo một ô
GlossKhon = đi chéo một ô hoặc tiến thẳng một ô
SquareLabel = { $square }: { $piece } { $color }
SquareEmpty = { $square }: trống
SquareSelected = { $label }, đang chọn
SquareDest = { $label }, nước đi hợp lệ
ControlsLabel = Ván cờ
AppFailed = Ứng dụng không khởi động được: { $error }
PromoTitle = Phong cấp tốt thành
Cancel = Hủy
Close = Đóng
NewTitle = Ván mới
NewPromotion = Phong cấp
NewPromoAny = Xe, mã, khon hoặc met (luật thường dùng khi chơi trực tuyến)
NewPromoMet = Chỉ met (Luật ASEAN năm 2011)
NewKeep = Ván đang chơi vẫn được giữ trong các ván đã lưu.
NewStart = Bắt đầu
ConfirmResignTitle = Xin thua?
ConfirmResignWhite = Trắng xin thua và Đen thắng ván này.
ConfirmResignBlack = Đen xin thua và Trắng thắng ván này.
ConfirmDrawTitle = Thỏa thuận hòa?
ConfirmDrawText = Cả hai người chơi có đồng ý kết thúc ván này với kết quả hòa không?
ConfirmDrawYes = Đồng ý hòa
ConfirmResignYes = Đồng ý xin thua
OverTitle = Ván cờ kết thúc
OverReview = Xem bàn cờ
NoticeDismiss = Bỏ qua
StorageFull = Bộ nhớ đã đầy nên ván này và các thay đổi cài đặt không được lưu. Hãy xóa bớt vài ván đã lưu để có chỗ.
StorageFullNoGames = Bộ nhớ đã đầy nên ván này và các thay đổi cài đặt không được lưu. Hãy giải phóng chỗ bằng cách xóa dữ liệu khác mà trình duyệt này lưu cho trang web, hoặc thoát chế độ duyệt web riêng tư.
ToastSynced = Đã cập nhật từ một thẻ khác.
ToastConflict = Ván này đã bị thay đổi ở một thẻ khác: phiên bản mới hơn đang được hiển thị và thay đổi gần nhất của bạn chưa được lưu.
StorageUnavailable = Trình duyệt này không cho trang lưu lại gì: các ván cờ, cài đặt (ngôn ngữ, giao diện, âm thanh) và chỗ ngồi của bạn trong các ván trực tuyến sẽ mất khi đóng hoặc tải lại trang. Trong lúc này bạn vẫn có thể chơi tiếp.
StorageCorrupt = Không đọc được một ván đã lưu. Ván đó đã được để riêng dưới tên “{ $key }” và không bị xóa.
StorageVersion = Một ván đã lưu đến từ phiên bản khác của ứng dụng (lược đồ { $version }). Ván đó đã được để riêng dưới tên “{ $key }”.
StorageError = Không lưu được ván cờ: { $error }
ToastIllegal = Nước đi này không hợp lệ.
ToastGameOver = Ván cờ đã kết thúc: hãy đi lại một nước hoặc bắt đầu ván mới.
ToastNothingToUndo = Không có nước nào để đi lại.
ToastUndone = Đã đi lại một nước.
ToastNewGame = Ván mới: Trắng đi trước.
ToastResumed = Đã tiếp tục ván cờ.
ToastDeleted = Đã xóa ván đã lưu.
ToastNoClaim = Lúc này chưa thể yêu cầu hòa.
NewMode = Đối thủ
NewModeHotSeat = Hai người trên thiết bị này
NewModeAi = Đấu với máy
NewAiLevel = Cấp độ của máy
NewAiLevelNote = Cấp 1 là người mới tập, hay đi hớ; cấp 8 mạnh nhất và nghĩ tới 4 giây mỗi nước.
NewHuman = Bạn cầm quân
NewHumanRandom = Ngẫu nhiên
AiThinking = Máy đang suy nghĩ…
AiYouWhite = Bạn cầm quân Trắng đấu với máy (cấp { $level }).
AiYouBlack = Bạn cầm quân Đen đấu với máy (cấp { $level }).
SavedVsAi = đấu với máy (cấp { $level })
BtnHint = Gợi ý
ToastWaitAi = Hãy chờ máy đi.
ToastAiUnavailable = Không khởi động được đối thủ máy trong trình duyệt này.
ToastAiFailed = Máy không chọn được nước đi: { $error }
HotSeat = Hai người chơi chung thiết bị này, lần lượt đi.
PromotionRuleAny = Phong cấp: tùy chọn quân
PromotionRuleMet = Phong cấp: chỉ met
NewModeOnline = Chơi trực tuyến với bạn
NewClock = Thời gian
ClockUntimed = Không tính giờ
NewVisibility = Ai được vào
NewVisPrivate = Riêng tư: chỉ ai có liên kết mời
NewVisPublic = Công khai: hiện trong sảnh chờ
NewRated = Ván tính điểm: kết quả thay đổi điểm xếp hạng của cả hai người chơi
RatedNeedsSignIn = Đăng nhập để chơi ván tính điểm.
RatedNeedsClock = Ván tính điểm cần đồng hồ: hãy chọn thể thức thời gian.
RatedBadge = Tính điểm
OverRatings = Thay đổi điểm xếp hạng
WaitingTitle = Đang chờ bạn của bạn
WaitingText = Gửi liên kết này cho bạn của bạn. Ván cờ bắt đầu ngay khi họ mở nó.
InviteLabel = Liên kết mời
BtnCopyLink = Sao chép liên kết
BtnShare = Chia sẻ
ShareText = Chơi một ván cờ ASEAN với mình nhé:
ToastCopied = Đã sao chép liên kết.
ToastCopyFailed = Không sao chép được: liên kết đã được chọn sẵn, hãy tự sao chép.
Reconnecting = Đang kết nối lại…
MovePending = Đang gửi nước đi của bạn…
OpponentOnline = Đối thủ của bạn đang trực tuyến.
OpponentOffline = Đối thủ của bạn đang vắng mặt.
OpponentAway = Đối thủ của bạn đang vắng mặt. Bạn có thể nhận phần thắng sau { $time }.
OpponentGone = Đối thủ của bạn đã rời đi. Bạn có thể nhận phần thắng.
BtnClaimVictory = Nhận phần thắng
DrawOfferText = Đối thủ của bạn đề nghị hòa.
BtnAccept = Chấp nhận
BtnDecline = Từ chối
BtnOfferDraw = Đề nghị hòa
ToastDrawOffered = Đã đề nghị hòa.
ToastDrawDeclined = Lời đề nghị hòa của bạn đã bị từ chối.
BtnRematch = Đấu lại
BtnRematchAccept = Đồng ý đấu lại
RematchWaiting = Đã mời đấu lại: đang chờ…
ToastRematchOffered = Đối thủ của bạn muốn đấu lại.
ToastRematchStarted = Đấu lại: hai bên đã đổi màu quân.
ToastFriendJoined = Đối thủ của bạn đã vào: ván cờ bắt đầu.
ToastOffline = Chưa kết nối với máy chủ: hãy chờ kết nối lại.
OnlineConnecting = Ván trực tuyến: đang kết nối…
OnlineYouWhite = Ván trực tuyến: bạn cầm quân Trắng.
OnlineYouBlack = Ván trực tuyến: bạn cầm quân Đen.
OnlineWatching = Ván trực tuyến: bạn đang xem.
ResTimeoutWhite = Trắng thắng vì Đen hết giờ.
ResTimeoutBlack = Đen thắng vì Trắng hết giờ.
ResTimeoutDraw = Đã hết giờ, nhưng bên kia không thể chiếu hết: hòa.
ResPlyCap = Hòa: ván cờ đã đạt giới hạn số nước của máy chủ.
ResAbandonedWhite = Trắng thắng: Đen đã rời ván cờ.
ResAbandonedBlack = Đen thắng: Trắng đã rời ván cờ.
LobbyTitle = Chơi trực tuyến
LobbyConnecting = Đang kết nối với sảnh chờ…
LobbyUnreachable = Hiện không kết nối được máy chủ. Đang thử lại…
LobbyRetry = Thử lại ngay
LobbyEmpty = Chưa có ai đang chờ: hãy tạo phòng hoặc đấu với máy trong lúc chờ.
BtnCreateRoom = Tạo phòng
BtnPlayAi = Đấu với máy
BtnJoin = Vào chơi
LobbySeatWhite = Bạn cầm quân Trắng
LobbySeatBlack = Bạn cầm quân Đen
ErrNotYourTurn = Chưa đến lượt bạn.
ErrUnknownRoom = Ván cờ này không tồn tại: hãy kiểm tra lại liên kết mời.
ErrNotSeated = Cả hai chỗ đã có người: bạn đang xem ván này.
ErrRateLimited = Quá nhiều thao tác cùng lúc: hãy chậm lại một chút.
ErrServer = Máy chủ từ chối: { $error }
ErrRoomClosed = Lời mời này đã đóng: phòng này không còn hoạt động được nữa.
ErrTooManyRooms = Có quá nhiều phòng đang mở: hãy chơi xong hoặc hủy một phòng của bạn, hoặc thử lại sau.
ErrSignInRequired = Hãy đăng nhập để chơi ván tính điểm hoặc nhận lời thách đấu có giới hạn điểm.
ErrTooManySeeks = Bạn đã có số lời thách đấu đang chờ tối đa: hãy hủy một lời hoặc chờ đối thủ.
SignInLink = Đăng nhập
LobbyCasual = Giao hữu
LobbyRange = Điểm { $min }–{ $max }
LobbyOwnSeek = Lời thách đấu của bạn
LobbySignInToTake = Đăng nhập để nhận
LobbyOutOfRange = Điểm của bạn nằm ngoài giới hạn
NewRange = Điểm của đối thủ
NewRangeBelow = Thấp nhất, dưới điểm của bạn
NewRangeAbove = Cao nhất, trên điểm của bạn
NewRangeAny = Bất kỳ
ErrConnectionReset = Máy chủ đã ngắt kết nối: đang kết nối lại…
BtnCancelInvite = Hủy lời mời
ToastInviteCancelled = Đã hủy lời mời.
WaitingListed = Phòng của bạn đang hiện trong sảnh chờ: ai cũng có thể vào chỗ trống.
WaitingUnlisted = Phòng của bạn hiện không có trong danh sách sảnh chờ; liên kết vẫn dùng được.
WaitingExpires = Liên kết còn hiệu lực đến { $time }.
ClosedCancelledTitle = Lời mời này đã bị hủy
ClosedExpiredTitle = Lời mời này đã hết hạn
ClosedGuest = Sẽ không có ván nào được chơi ở đây. Hãy xin bạn của bạn một liên kết mới, hoặc tự bắt đầu một ván.
ClosedExpiredHost = Không ai mở liên kết của bạn kịp lúc. Hãy tạo phòng mới để mời lại.
ClosedCancelledHost = Bạn đã hủy lời mời này. Hãy tạo phòng mới để mời lại.
BtnLeaveRoom = Rời phòng này
OnlineClosed = Trực tuyến: lời mời này đã đóng.
BtnAbort = Hủy ván
ResAborted = Ván cờ đã bị hủy: không ai thắng, không ai thua.
OpponentAwayAbort = Đối thủ của bạn đang vắng mặt. Nếu họ không quay lại, ván cờ sẽ bị hủy sau { $time }.
OpponentGoneAbort = Đối thủ của bạn không quay lại: ván cờ đang bị hủy.
ToastImported = Đã nhập ván cờ.
ToastImportedWaitingInCheck = Đã nhập thế cờ. Bên không đến lượt đang bị chiếu: không ván nào đi tới thế này, nhưng vẫn chơi như đã cho.
ImportEmpty = Hãy dán một PGN hoặc một FEN trước.
ImportBadFen = Không đọc được FEN này: { $error }
ImportBadPgn = Không đọc được PGN này: { $error }
ExportLocal = Dán PGN vào bất kỳ chương trình nào hiểu cờ ASEAN, hoặc nhập lại vào đây sau.
ExportOnline = PGN của ván trực tuyến này, tới nước đã chơi gần nhất.
ToastCopiedPgn = Đã sao chép PGN.
ToastCopiedFen = Đã sao chép FEN.
ToastCopyFailedText = Không sao chép được: hãy chọn đoạn văn bản và tự sao chép.
BtnExport = Xuất
BtnImport = Nhập
ExportTitle = Xuất ván cờ
ImportTitle = Nhập ván cờ
ImportText = Dán một PGN (cả ván cờ) hoặc một FEN (một thế cờ):
ImportFile = Hoặc mở một tệp .pgn
BtnCopyPgn = Sao chép PGN
BtnCopyFen = Sao chép FEN
BtnDownload = Tải về .pgn
ExportFenLabel = FEN của thế cờ đang hiển thị
ReviewLabel = Xem lại từng nước
ReviewFirst = Thế cờ ban đầu
ReviewPrev = Nước trước
ReviewNext = Nước sau
ReviewLast = Nước cuối
BtnLive = Quay lại ván cờ
AnalysisAfterGame = Phân tích chỉ mở khi ván này kết thúc: không dùng máy trợ giúp khi đấu với người.
ReviewAt = Thế cờ sau { $move } ({ $ply }/{ $total })
ReviewStart = Thế cờ ban đầu (0/{ $total })
SavedHotSeat = hai người trên thiết bị này
SavedOnlineWhite = trực tuyến, bạn cầm quân Trắng
SavedOnlineBlack = trực tuyến, bạn cầm quân Đen
SavedOnlineWatched = trực tuyến, đã xem
ConfirmDeleteTitle = Xóa ván đã lưu này?
ConfirmDeleteText = Ván cờ sẽ biến mất khỏi thiết bị này. Ván trực tuyến vẫn còn trên máy chủ và liên kết của nó vẫn mở được.
ConfirmDeleteYes = Xóa
AnalysisTitle = Phân tích
AnalysisNote = Chính máy chơi cờ sẽ xem xét từng thế cờ, ngay trong trình duyệt của bạn: không cần kết nối mạng.
BtnAnalyse = Phân tích ván cờ
BtnAnalysisResume = Tiếp tục phân tích
BtnAnalysisStop = Dừng
AnalysisProgress = Đang phân tích: { $done }/{ $total } thế cờ
AnalysisDone = Đã phân tích xong: { $total } thế cờ
EvalDepth = độ sâu { $n }
AnalysisFailed = Phân tích đã dừng: { $error }
AnalysisSide = { $side }: { $marks }
AnalysisSideClean = { $side }: không có nước sai
AnalysisLegend = ?! thiếu chính xác · ? nước sai · ?? nước hớ nặng. Bấm vào biểu đồ để tới một nước.
BestMove = Tốt hơn: { $move }
EvalGraphLabel = Đánh giá ván cờ qua từng nước

## The start screen, clocks and premoves.

StartTitle = Bạn muốn chơi thế nào?
StartLead = Makruk, cờ của Thái Lan và Campuchia, theo luật chuẩn ASEAN.
StartOnline = Chơi với bạn qua mạng
StartOnlineNote = Nhận một đường liên kết để gửi; ván cờ bắt đầu khi bạn ấy mở nó.
StartAi = Chơi với máy
StartAiNote = Bạn cầm quân Trắng ở mức dễ; đổi lúc nào cũng được.
StartHotSeat = Hai người, một máy
StartHotSeatNote = Lần lượt đi trên cùng một màn hình, ngồi đối diện nhau.
StartRules = Cách chơi: luật cờ
StartOptions = Tùy chọn khác…
ClockYou = bạn
ClockComputer = máy
ClockOpponent = đối thủ
PlayerAnonymous = Ẩn danh
PlayerWaiting = Đang chờ đối thủ

## Accessibility and sound: the sound toggle, the moves in words for `#announce` and the
## move list, the typed move box, the hint's squares.

SoundLabel = Âm thanh
SaySide = { $side }: { $move }
SayMove = { $piece } đến { $square }
SayCapture = { $piece } ăn ở { $square }
SayPieceFrom = { $piece } từ { $square }
SayPromotion = { $move }, phong thành { $piece }
SayCheck = { $move }, chiếu
SayMate = { $move }, chiếu hết
MoveInputLabel = Nhập nước đi
MoveInputPlaceholder = Nhập nước đi (Nd2, e3e4)
MovePlay = Đi
EntryNotUnderstood = Không hiểu “{ $text }”: hãy nhập nước đi như Nd2, e4, e8=Q hoặc e3e4 (M cho met, S cho khon cũng được).
EntryIllegal = “{ $text }” không phải nước đi hợp lệ trong thế cờ này.
EntryAmbiguous = “{ $text }” ứng với nhiều nước đi: thêm cột hoặc hàng của quân, như Nbd2.
EntryNotYourTurn = Chưa đến lượt bạn: hãy chờ nước đi của bên kia.
EntryGameOver = Ván cờ đã kết thúc: không thể đi thêm nước nào.
EntryReviewing = Đang xem một thế cờ trước đó: hãy quay lại ván cờ để đi.
SquareHint = { $label }, nước đi gợi ý

## Looks: dark mode, piece sets, board colours (view/looks.rs).

LooksTitle = Giao diện
ThemeToggle = Chế độ tối
ThemeLabel = Chủ đề màu
ThemeAuto = Theo thiết bị
ThemeLight = Sáng
ThemeDark = Tối
PiecesLabel = Quân cờ
PiecesThai = Kiểu Thái
PiecesWestern = Kiểu phương Tây
PiecesNote = Bộ quân kiểu phương Tây vẽ met như một hậu nhỏ và khon như một tượng: chúng vẫn đi như met và khon.
BoardThemeLabel = Bàn cờ
BoardTeak = Gỗ tếch
BoardJade = Ngọc bích
BoardSlate = Đá phiến

## Offline and installable: the AI worker that cannot start, online play without a
## connection.

AiUnavailableText = Đối thủ máy không khởi động được ({ $error }). Vẫn có thể chơi hai người trên máy này.
BtnAiRetry = Thử lại
UpdateReady = Đã có phiên bản mới của trò chơi.
UpdateNow = Cập nhật
OnlineNeedsConnection = Chơi qua mạng cần kết nối tới máy chủ, mà lúc này không có.
ToastNeedsConnection = Không có kết nối: lúc này không chơi qua mạng được. Hãy chơi với máy hoặc trên thiết bị này.

# Accounts: the sign-in view, the account view and their messages.
BtnSignIn = Đăng nhập
AccountLinkLabel = Tài khoản của bạn ({ $name })
SigninTitle = Đăng nhập
SignupTitle = Tạo tài khoản
SigninLead = Đăng nhập để giữ tên của bạn trong các ván trực tuyến. Chơi không cần tài khoản vẫn được như trước.
SignupLead = Tài khoản cho bạn một cái tên trong các ván trực tuyến. Chơi không cần tài khoản vẫn được như trước.
FieldUsername = Tên người dùng
FieldPassword = Mật khẩu
FieldConfirm = Nhập lại mật khẩu
UsernameHint = 2 đến 20 ký tự: chữ cái, chữ số, _ và -
PasswordHint = Ít nhất { $min } ký tự
BtnSigninSubmit = Đăng nhập
BtnSignupSubmit = Tạo tài khoản
SigninToSignup = Chưa có tài khoản? Tạo ngay
SignupToSignin = Đã có tài khoản? Đăng nhập
AccountBack = Quay lại ván cờ
AccountWorking = Vui lòng chờ…
AccountTitle = Tài khoản của bạn
AccountSince = Thành viên từ { $date }
AccountSessionsTitle = Nơi bạn đang đăng nhập
AccountThisDevice = Thiết bị này
AccountSessionTimes = Đăng nhập lúc { $created } · hoạt động gần nhất { $seen }
AccountDevice = { $browser } trên { $os }
AccountUnknownDevice = Trình duyệt không rõ
AccountNoOtherSessions = Bạn chỉ đăng nhập trên thiết bị này.
BtnRevokeSession = Đăng xuất
BtnSignOutOthers = Đăng xuất khỏi mọi nơi khác
BtnSignOut = Đăng xuất
AccountCloseTitle = Đóng tài khoản
AccountCloseWarning = Việc đóng là vĩnh viễn: tài khoản không thể mở lại, và tên của nó vẫn được giữ để không ai khác dùng được. Các ván đã lưu trên thiết bị này vẫn còn ở đây.
AccountClosePassword = Mật khẩu của bạn, để xác nhận
BtnCloseAccount = Đóng tài khoản của tôi
AccountErrUsername = Tên người dùng có 2 đến 20 ký tự: chữ cái A–Z, chữ số, _ và -.
AccountErrPasswordShort = Mật khẩu cần ít nhất { $min } ký tự.
AccountErrPasswordLong = Mật khẩu có tối đa { $max } ký tự.
AccountErrMismatch = Hai mật khẩu không giống nhau.
AccountErrRefused = Máy chủ không chấp nhận tên người dùng hoặc mật khẩu này.
AccountErrWrong = Sai tên người dùng hoặc mật khẩu.
AccountErrWrongPassword = Mật khẩu không đúng: tài khoản vẫn mở.
AccountErrTaken = Tên người dùng này đã có người dùng. Hãy chọn tên khác.
AccountErrTooMany = Có quá nhiều lần thử từ kết nối này.
AccountErrForbidden = Máy chủ đã từ chối yêu cầu này. Hãy tải lại trang và thử lại.
AccountErrSessionEnded = Phiên này đã kết thúc (đã đăng xuất ở nơi khác). Vui lòng đăng nhập lại.
AccountErrNoSession = Phiên đó đã kết thúc từ trước.
AccountErrServer = Máy chủ chưa làm được việc này lúc này. Hãy thử lại sau ít phút.
AccountErrNetwork = Không kết nối được với máy chủ. Hãy kiểm tra kết nối và thử lại.
ToastSignedIn = Đã đăng nhập với tên { $name }.
ToastSignedUp = Chào mừng { $name }! Tài khoản của bạn đã sẵn sàng.
ToastSignedOut = Đã đăng xuất.
ToastSessionRevoked = Phiên đó đã được đăng xuất.
ToastAccountClosed = Tài khoản của bạn đã được đóng.
AccountTokensTitle = Mã API
AccountTokensLead = Mã cá nhân cho phép một chương trình (bàn cờ, bot, script) dùng tài khoản của bạn qua API. Chỉ cấp những quyền cần thiết, và thu hồi khi không dùng nữa.
AccountNoTokens = Bạn chưa có mã API nào.
AccountTokenTimes = Tạo lúc { $created } · dùng gần nhất { $used }
AccountTokenNeverUsed = Tạo lúc { $created } · chưa dùng lần nào
AccountTokenNoScopes = Không có quyền: chỉ đọc tài khoản
FieldTokenDescription = Mã này dùng để làm gì?
AccountTokenScopes = Những gì mã được làm
ScopeBoardPlay = Chơi bằng bàn cờ hoặc ứng dụng
ScopeBotPlay = Chơi với tư cách bot
ScopeChallengeRead = Đọc các lời thách đấu nhận được
ScopeChallengeWrite = Gửi, nhận và từ chối lời thách đấu
ScopePreferenceRead = Đọc các tùy chọn của bạn
BtnCreateToken = Tạo mã
BtnRevokeToken = Thu hồi
AccountTokenNew = Mã mới của bạn:
AccountTokenShownOnce = Hãy sao chép ngay: mã sẽ không được hiển thị lại.
AccountErrNoToken = Mã đó đã bị thu hồi trước đó.
AccountErrTokenDescription = Hãy ghi mã dùng để làm gì, tối đa { $max } ký tự.
ToastTokenCreated = Đã tạo mã.
ToastTokenRevoked = Mã đã bị thu hồi.

# Quick pairing: one tap on a time control puts the player in that pool.
PoolsTitle = Ghép cặp nhanh
PoolsNote = Chơi ngay với người khác: chọn thời gian.
PoolWaiting = Đang tìm đối thủ
PoolCasual = Giao hữu
PoolPlayAi = Chơi với máy trong lúc chờ
BtnPoolCancel = Hủy
PoolLeftNotice = Bạn không còn chờ đối thủ: tài khoản của bạn đã vào hàng chờ từ một thẻ hoặc thiết bị khác.

# The players waiting in a pool (this one included).
PoolPlayers =
    { $n ->
       *[other] { $n } người đang chờ
    }
ProfileKicker = Người chơi
ProfileMissing = Không có người chơi nào tên này. Hãy kiểm tra chính tả, hoặc xem bảng xếp hạng.
ProfileClosed = Tài khoản này đã bị đóng. Các ván cờ của nó vẫn còn trong lịch sử của người chơi.
ProfileRatingsTitle = Điểm xếp hạng
ProfileProvisional = Tạm tính: điểm sẽ ổn định sau thêm vài ván tính điểm.
ClockRating = Điểm xếp hạng của nhịp độ này khi ván đấu bắt đầu
PerfBullet = Cờ siêu chớp
PerfBlitz = Cờ chớp
PerfRapid = Cờ nhanh
PerfClassical = Cờ tiêu chuẩn
ProfilePlayed = Đã chơi
ProfileWon = Thắng
ProfileDrawn = Hòa
ProfileLost = Thua
ProfileGraphTitle = Lịch sử điểm xếp hạng
ProfileGraphEmpty = Chưa có ván tính điểm nào: biểu đồ bắt đầu từ ván đầu tiên.
ProfileGraphLabel = Lịch sử điểm xếp hạng của { $name }
ProfileGamesTitle = Ván gần đây
ProfileNoGames = Chưa có ván nào kết thúc.
ProfileAgainst = gặp { $name }
ProfileCasual = Giao hữu
ResultWin = Thắng
ResultLoss = Thua
ResultDraw = Hòa
ProfileOwnLink = Hồ sơ công khai của bạn
ProfileOpen = Hồ sơ của { $name }
LeaderboardLink = Bảng xếp hạng
LeaderboardTitle = Bảng xếp hạng
LeaderboardLead = Những người chơi giỏi nhất của mỗi tốc độ đã chơi một ván tính điểm trong 30 ngày qua. Điểm tạm tính không được liệt kê.
LeaderboardEmpty = Chưa có ai trong bảng. Một người chơi xuất hiện ở đây khi điểm của họ đã ổn định và họ đã chơi một ván tính điểm trong 30 ngày qua.
LeaderboardSpeeds = Tốc độ
# Lời thách đấu giữa các tài khoản (nút trong hồ sơ, danh sách lời thách nhận và gửi).
BtnChallenge = Thách đấu một ván
ChallengeFormTitle = Thách đấu { $name }
ChallengeClockLabel = Thời gian
ChallengeColorLabel = Bên của bạn
ChallengeRatedLabel = Ván tính điểm
BtnChallengeSend = Gửi lời thách đấu
ChallengesTitle = Lời thách đấu
ChallengeIncoming = { $name } ({ $rating }) thách đấu bạn
ChallengeOutgoing = Bạn đã thách đấu { $name }: đang chờ trả lời
ChallengeYouWhite = bạn cầm quân Trắng
ChallengeYouBlack = bạn cầm quân Đen
ChallengeYouRandom = bốc thăm bên
BtnChallengeCancel = Rút lại
ChallengeDeclined = { $name } đã từ chối lời thách đấu của bạn.
ChallengeGone = Lời thách đấu này không còn mở.
BotsTitle = Bot đang trực tuyến
BotsLead = Các chương trình chơi bất cứ lúc nào: mở một bot để thách đấu.
BotBadge = BOT
# An imported game's end as its PGN says it.
ResRecordWhite = Trắng thắng (kết quả theo biên bản ván đấu: { $score }).
ResRecordBlack = Đen thắng (kết quả theo biên bản ván đấu: { $score }).
ResRecordDraw = Hòa (kết quả theo biên bản ván đấu: { $score }).
ResRecordContradicts = Biên bản ván đấu ghi { $score }, nhưng các nước đi không cho kết quả đó.
ToastImportedContradicts = Đã nhập ván đấu. Kết quả được ghi không khớp với các nước đi: ván đấu được hiển thị như đã chơi.

## Luyện đếm (`#/training/counting`) và các bài tập (`#drill`).

DrillLimitMoves =
    { $n ->
       *[other] Chiếu hết trong vòng { $n } nước
    }
DrillBest =
    { $n ->
       *[other] Kỷ lục của bạn: chiếu hết sau { $n } nước
    }
DrillMovesLeft =
    { $n ->
       *[other] Còn { $n }/{ $limit } nước
    }
DrillPassed =
    { $n ->
       *[other] Đạt: chiếu hết sau { $n } nước.
    }
TrainingLink = Luyện đếm
TrainingTitle = Luyện đếm
TrainingLead = Khi một bên chỉ còn vua và không còn tốt nào trên bàn, việc đếm bắt đầu: bên kia phải chiếu hết trong vòng 16 nước nếu có xe, 44 nước nếu có khon, 64 nước nếu có mã, nếu không ván cờ hòa. Hãy luyện từng thế tàn cuộc ở đây trước cách phòng thủ tốt nhất của máy.
DrillRook = Vua và xe
DrillKhonMet = Vua, khon và met
DrillKhonKnight = Vua, khon và mã
DrillKnightMets = Vua, mã và hai met
DrillKnightsMet = Vua, hai mã và một met
DrillMets = Vua và ba met
DrillRookTip = Dùng xe chặn vua dọc theo một hàng hoặc một cột, đưa vua của bạn lên đối diện, rồi đẩy vua đối phương lùi từng hàng một ra mép bàn. Mười sáu nước không cho phép lãng phí nước nào.
DrillKhonMetTip = Trước hết hãy đưa vua của bạn lại gần: khon và met chỉ chiếu hết được khi có vua giúp. Dồn vua đơn độc vào một góc, khon giữ các ô phía trước nó, met giữ các ô bên cạnh, và luôn để met cạnh vua của bạn để không bị bắt.
DrillKhonKnightTip = Vua của bạn dẫn đầu. Khon giữ các ô ngay trước mặt vua đơn độc, mã chiếu từ xa; dồn vua ra mép bàn rồi vào góc, và luôn giữ cả hai quân được bảo vệ.
DrillKnightMetsTip = Hai met đứng cạnh nhau, mỗi con một màu ô, làm bức tường bên cạnh vua của bạn: đẩy bức tường tiến lên để dồn vua đơn độc ra mép bàn, rồi kết thúc bằng mã.
DrillKnightsMetTip = Vua của bạn và met dồn vua đơn độc ra mép bàn; hai mã thay nhau giữ các ô thoát của nó cho đến khi một con chiếu hết.
DrillMetsTip = Met đi một ô chéo nên chỉ giữ được các ô cùng một màu. Dùng met của cả hai màu ô đứng cạnh nhau cùng vua của bạn làm bức tường, dồn vua đơn độc vào góc và chiếu hết trước 50 nước: không có đếm, nhưng vua đơn độc sẽ đòi hòa theo luật 50 nước.
DrillLimitFifty = Không đếm: chiếu hết trước khi hòa theo luật 50 nước
DrillNotPassed = Chưa đạt
DrillPictureLabel = Kỹ thuật trên bàn cờ
BtnDrillStart = Bắt đầu
DrillPlay = Chiếu hết vua đơn độc trước khi hết số nước đếm. Máy phòng thủ hết sức.
DrillPlayFifty = Chiếu hết vua đơn độc trước khi hòa theo luật 50 nước. Máy phòng thủ hết sức.
DrillNewBest = Kỷ lục mới cho bài tập này!
DrillFailedCount = Chưa đạt: đã hết số nước đếm mà chưa chiếu hết.
DrillFailedFifty = Chưa đạt: vua đơn độc đã đòi hòa theo luật 50 nước.
DrillFailedRepetition = Chưa đạt: vua đơn độc đã đòi hòa do lặp lại thế cờ ba lần.
DrillFailedStalemate = Chưa đạt: hết nước đi, vua đơn độc không còn nước nào.
DrillFailedDead = Chưa đạt: đã mất một quân và không thể chiếu hết được nữa.
DrillFailed = Chưa đạt: bài tập kết thúc mà không chiếu hết.
BtnDrillRetry = Thử lại
BtnDrillNext = Thế cờ khác
BtnDrillList = Tất cả bài tập
DrillTechnique = Kỹ thuật
DrillNoUndo = Không được đi lại trong bài tập: hãy chơi lại thế cờ này.
TrainingNav = Luyện tập
DrillLimitKnight = Đếm tới { $count } nước, nhưng vua đơn độc sẽ đòi hòa theo luật 50 nước trước: phải chiếu hết trong vòng 50 nước
SavedDrill = Luyện đếm: { $drill }

## Học từ sai lầm (`#learn`), sau khi phân tích.

BtnLearn = Học từ sai lầm của tôi
LearnTitle = Học từ sai lầm
LearnProgress = Sai lầm { $n } / { $total }
LearnFind = Ở đây đã đi { $move }. Hãy tìm nước tốt hơn cho bên { $side }.
LearnChecking = Đang kiểm tra { $move }…
LearnWrongPlayed = Đó là nước đã đi trong ván. Hãy thử nước khác.
LearnWrong = { $move } chưa đủ tốt. Hãy thử nước khác.
LearnRightBest = Giỏi lắm! { $move } là nước tốt nhất.
LearnRight = Nước hay! { $move } gần tốt bằng nước { $best } của máy.
LearnSolution = Nước tốt nhất là { $move }.
LearnLine = Biến của máy: { $line }
LearnDone = Xong: bạn đã tìm được nước tốt hơn cho { $found } trên { $total } sai lầm.
BtnLearnSolution = Xem lời giải
BtnLearnNext = Tiếp
BtnLearnSkip = Bỏ qua
BtnLearnClose = Dừng
BtnLearnDone = Đóng

## Bài học (`#/learn`, `#lessons`, `#lesson`).

LessonsLink = Bài học
LessonsTitle = Bài học
LessonsLead = Mới chơi cờ ASEAN? Học cách đi của từng quân, rồi chiếu, chiếu hết và các trường hợp hòa, mỗi lần một bài tập ngắn trên bàn cờ.
BtnLessonStart = Bắt đầu
LessonStars = { $n } / { $total } sao
LessonTask = Bài { $n } / { $total }
GoalCapture = Bắt hết tốt đen. Bên Đen không đi.
GoalPromote = Đưa tốt đến hàng cuối và chọn quân mới cho nó.
GoalMate = Chiếu hết trong một nước.
GoalStalemate = Làm Đen hết nước đi trong một nước: không còn nước hợp lệ và không bị chiếu.
GoalDead = Bắt quân đen cuối cùng: sau đó không ai chiếu hết được.
LessonMoves = Số nước: { $n }
LessonPassed = Giỏi lắm!
LessonMissedMate = Chưa phải chiếu hết. Thử lại.
LessonMissed = Chưa đúng. Thử lại.
LessonNoCheck = Ở đây vua đen chỉ đứng xem: đừng chiếu.
LessonNoUndo = Không được đi lại trong bài học: hãy làm lại bài tập.
BtnLessonNext = Bài tiếp
BtnLessonNextLesson = Bài học tiếp
BtnLessonRetry = Thử lại
BtnLessonAll = Tất cả bài học
LessonRook = Xe (ruea)
LessonRookIntro = Xe đi bao nhiêu ô tùy ý theo hàng ngang hoặc hàng dọc và bắt quân ở chỗ nó dừng. Xe không nhảy qua quân.
LessonKnight = Mã (ma)
LessonKnightIntro = Mã nhảy hai ô theo một hướng và một ô sang bên, vượt qua mọi quân ở giữa.
LessonKhon = Khon
LessonKhonIntro = Khon đi một ô chéo theo mọi hướng, hoặc một ô thẳng về phía trước. Khon không bao giờ lùi thẳng hay đi ngang.
LessonMet = Met
LessonMetIntro = Met đi một ô chéo theo mọi hướng: quân hậu của trò chơi này, và rất khiêm tốn.
LessonKing = Vua
LessonKingIntro = Vua đi một ô theo mọi hướng, không bao giờ vào ô bị quân đối phương tấn công. Tốt đen canh hai ô chéo phía dưới nó.
LessonPawn = Tốt (bia)
LessonPawnIntro = Tốt đi thẳng một ô về phía trước, không bao giờ hai ô, và bắt chéo một ô về phía trước. Đến hàng cuối nó thành xe, mã, khon hoặc met.
LessonMate = Chiếu và chiếu hết
LessonMateIntro = Vua bị tấn công là bị chiếu và phải thoát ngay. Nếu không thoát được thì bị chiếu hết và ván cờ thắng.
LessonStalemate = Hết nước đi
LessonStalemateIntro = Khi bên đến lượt không bị chiếu nhưng không còn nước hợp lệ nào, ván cờ hòa. Khi đang thắng, hãy chừa cho vua đơn độc một ô!
LessonDead = Thế cờ chết
LessonDeadIntro = Khi không bên nào còn chiếu hết được, chẳng hạn chỉ còn hai vua, ván cờ hòa ngay.
LessonCount = Đếm nước và đòi hòa
LessonCountIntro = Khi một bên chỉ còn vua và không còn tốt nào, việc đếm bắt đầu: phải chiếu hết trong 16 nước với xe, 44 với khon, 64 với mã, nếu không thì hòa. Ở đây đã đếm đến 30 trên 32 nửa nước. Mỗi người chơi cũng có thể đòi hòa sau 50 nước không bắt quân và không đi tốt, hoặc khi một thế cờ lặp lại lần thứ ba.
