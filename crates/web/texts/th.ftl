### The ASEAN chess page's texts in Thai.
###
### One message a key: `Key = text`. Variables are written `{ $name }` and filled in by the
### page. A text with a count is a select on `$n` with one variant per CLDR plural category
### the language uses, `*[other]` the default. Every file has the messages of en.ftl with the
### same variables: the build names any that is missing, unknown or different.
###
### Plural categories: `other` only: Thai does not mark the plural on the noun.
### Thai uses the pieces' own names: ขุน (khun, the king), เม็ด (met), โคน (khon), ม้า (ma,
### the knight), เรือ (ruea, the rook) and เบี้ย (bia, the pawn); a check is รุก, checkmate
### รุกจน, stalemate อับ, promotion หงายเบี้ย (the pawn "turned over") and the count of the
### lone king's moves นับ.

## Texts with a count `{ $n }`: one variant per CLDR plural category the language uses,
## `other` the default.

SavedSummary =
    { $n ->
       *[other] { $date } · { $n } ตา
    }

LobbyPlayers =
    { $n ->
       *[other] ผู้เล่นออนไลน์ { $n } คน
    }

LobbyGames =
    { $n ->
       *[other] กำลังเล่นอยู่ { $n } กระดาน
    }

AccountRetryMinutes =
    { $n ->
       *[other] ลองใหม่อีกครั้งในอีก { $n } นาที
    }

ToastSignedOutOthers =
    { $n ->
       *[other] ออกจากระบบเซสชันอื่นแล้ว { $n } รายการ
    }

ProfilePerfGames =
    { $n ->
       *[other] เกมจัดอันดับ { $n } เกม
    }

## Texts without a count.

AppTitle = หมากรุกอาเซียน
Tagline = หมากรุกไทยตามกติกาอาเซียน เล่นสองคนบนเครื่องเดียว
Loading = กำลังโหลด…
LanguageLabel = ภาษา
RulesLink = กติกา
BoardLabel = กระดานหมากรุก
BtnNew = เกมใหม่
BtnUndo = ย้อนตาเดิน
BtnFlip = กลับกระดาน
BtnResign = ยอมแพ้
BtnDraw = ตกลงเสมอ
BtnClaim = ขอเสมอ
ClaimFifty = ขอเสมอ (50 ตา)
ClaimThreefold = ขอเสมอ (ตำแหน่งซ้ำ)
MovesTitle = ตาเดิน
MovesEmpty = ยังไม่มีการเดิน ฝ่ายขาวเดินก่อน
SavedTitle = เกมที่บันทึกไว้
SavedEmpty = ไม่มีเกมอื่นที่บันทึกไว้
SavedCurrent = อยู่บนกระดานตอนนี้
SavedOngoing = ยังเล่นอยู่
SavedFinished = จบแล้ว
BtnResume = เล่นต่อ
BtnOpen = เปิด
BtnDelete = ลบ
White = ฝ่ายขาว
Black = ฝ่ายดำ
TurnWhite = ตาฝ่ายขาวเดิน
TurnBlack = ตาฝ่ายดำเดิน
CheckWhite = ตาฝ่ายขาวเดิน: ถูกรุก!
CheckBlack = ตาฝ่ายดำเดิน: ถูกรุก!
ResCheckmateWhite = รุกจน: ฝ่ายขาวชนะ
ResCheckmateBlack = รุกจน: ฝ่ายดำชนะ
ResResignWhite = ฝ่ายดำยอมแพ้: ฝ่ายขาวชนะ
ResResignBlack = ฝ่ายขาวยอมแพ้: ฝ่ายดำชนะ
ResStalemate = เสมอเพราะอับ: ฝ่ายที่ถึงตาเดินไม่มีตาเดินที่ถูกกติกาและไม่ได้ถูกรุก
ResDead = เสมอ: ไม่มีฝ่ายใดรุกจนได้อีกแล้ว
ResCounting = เสมอ: นับครบก่อนรุกจน
ResFifty = ขอเสมอแล้ว: เดินครบ 50 ตาโดยไม่มีการกินและไม่มีการเดินเบี้ย
ResThreefold = ขอเสมอแล้ว: ตำแหน่งเดียวกันเกิดขึ้นสามครั้ง
ResAgreement = เสมอโดยความตกลงของทั้งสองฝ่าย
CountingStartWhite = เริ่มนับเมื่อฝ่ายดำเดินตาถัดไป: ฝ่ายขาวต้องรุกจนภายใน { $limit } ตาของการนับ มิฉะนั้นเสมอ
CountingStartBlack = เริ่มนับเมื่อฝ่ายขาวเดินตาถัดไป: ฝ่ายดำต้องรุกจนภายใน { $limit } ตาของการนับ มิฉะนั้นเสมอ
CountingWhite = นับ { $used } จาก { $limit }: ฝ่ายขาวต้องรุกจนไม่เกินตาที่ { $limit } ของการนับ มิฉะนั้นเสมอ (เหลือ { $left })
CountingBlack = นับ { $used } จาก { $limit }: ฝ่ายดำต้องรุกจนไม่เกินตาที่ { $limit } ของการนับ มิฉะนั้นเสมอ (เหลือ { $left })
CountByRook = มีเรือ จึงนับได้ 16
CountByKhon = ไม่มีเรือ มีโคน จึงนับได้ 44
CountByKnight = ไม่มีเรือและโคน มีม้า จึงนับได้ 64
FiftyCounter = กติกา 50 ตา: { $n } จาก 50
RepetitionCounter = ตำแหน่งนี้: เกิดขึ้น { $n } จาก 3 ครั้ง
PieceKing = ขุน
PieceMet = เม็ด
PieceKhon = โคน
PieceRook = เรือ
PieceKnight = ม้า
PiecePawn = เบี้ย
GlossMet = เดินทแยงหนึ่งช่อง
GlossKhon = เดินทแยงหนึ่งช่อง หรือตรงไปข้างหน้าหนึ่งช่อง
SquareLabel = { $square }: { $piece }{ $color }
SquareEmpty = { $square }: ว่าง
SquareSelected = { $label } เลือกอยู่
SquareDest = { $label } เดินมาได้
ControlsLabel = เกม
AppFailed = แอปเริ่มทำงานไม่ได้: { $error }
PromoTitle = หงายเบี้ยเป็น
Cancel = ยกเลิก
Close = ปิด
NewTitle = เกมใหม่
NewPromotion = การหงายเบี้ย
NewPromoAny = เรือ ม้า โคน หรือเม็ด (กติกาที่นิยมเล่นออนไลน์)
NewPromoMet = เม็ดเท่านั้น (กติกาอาเซียนปี 2011)
NewKeep = เกมที่เล่นอยู่จะยังอยู่ในเกมที่บันทึกไว้
NewStart = เริ่ม
ConfirmResignTitle = ยอมแพ้ไหม
ConfirmResignWhite = ฝ่ายขาวยอมแพ้ และฝ่ายดำชนะเกมนี้
ConfirmResignBlack = ฝ่ายดำยอมแพ้ และฝ่ายขาวชนะเกมนี้
ConfirmDrawTitle = ตกลงเสมอไหม
ConfirmDrawText = ผู้เล่นทั้งสองตกลงจบเกมนี้ด้วยผลเสมอหรือไม่
ConfirmDrawYes = ตกลง เสมอ
ConfirmResignYes = ยืนยัน ยอมแพ้
OverTitle = จบเกม
OverReview = ดูกระดาน
NoticeDismiss = ปิดข้อความ
StorageFull = ที่เก็บข้อมูลเต็ม เกมนี้และการตั้งค่าที่เปลี่ยนจึงไม่ได้ถูกบันทึก ลบเกมที่บันทึกไว้บางเกมเพื่อให้มีที่ว่าง
StorageFullNoGames = ที่เก็บข้อมูลเต็ม เกมนี้และการตั้งค่าที่เปลี่ยนจึงไม่ได้ถูกบันทึก ทำให้มีที่ว่างโดยล้างข้อมูลอื่นที่เบราว์เซอร์นี้เก็บไว้ให้เว็บไซต์นี้ หรือออกจากโหมดท่องเว็บแบบส่วนตัว
ToastSynced = อัปเดตจากแท็บอื่นแล้ว
ToastConflict = เกมนี้ถูกเปลี่ยนในแท็บอื่น: กำลังแสดงฉบับที่ใหม่กว่า และการเปลี่ยนแปลงล่าสุดของคุณไม่ได้ถูกบันทึก
StorageUnavailable = เบราว์เซอร์นี้ไม่ให้หน้าเว็บเก็บข้อมูลใด ๆ ไว้ เกมของคุณ การตั้งค่า (ภาษา หน้าตา เสียง) และที่นั่งของคุณในเกมออนไลน์จะหายไปเมื่อปิดหรือโหลดหน้าใหม่ ระหว่างนี้คุณยังเล่นต่อได้
StorageCorrupt = อ่านเกมที่บันทึกไว้เกมหนึ่งไม่ได้ เกมนั้นถูกเก็บแยกไว้ที่ “{ $key }” และไม่ได้ถูกลบ
StorageVersion = เกมที่บันทึกไว้เกมหนึ่งมาจากแอปนี้รุ่นอื่น (รูปแบบข้อมูลรุ่น { $version }) เกมนั้นถูกเก็บแยกไว้ที่ “{ $key }”
StorageError = บันทึกเกมไม่ได้: { $error }
ToastIllegal = เดินแบบนั้นไม่ได้
ToastGameOver = เกมจบแล้ว: ย้อนตาเดินหรือเริ่มเกมใหม่
ToastNothingToUndo = ไม่มีตาเดินให้ย้อน
ToastUndone = ย้อนตาเดินแล้ว
ToastNewGame = เกมใหม่: ฝ่ายขาวเดินก่อน
ToastResumed = เล่นเกมต่อแล้ว
ToastDeleted = ลบเกมที่บันทึกไว้แล้ว
ToastNoClaim = ตอนนี้ยังขอเสมอไม่ได้
NewMode = คู่เล่น
NewModeHotSeat = สองคนบนเครื่องนี้
NewModeAi = เล่นกับคอมพิวเตอร์
NewAiLevel = ระดับของคอมพิวเตอร์
NewAiLevelNote = ระดับ 1 เหมือนมือใหม่ที่เดินพลาดบ่อย ระดับ 8 เก่งที่สุดและคิดได้นานถึง 4 วินาที
NewHuman = คุณเล่นฝ่าย
NewHumanRandom = สุ่ม
AiThinking = คอมพิวเตอร์กำลังคิด…
AiYouWhite = คุณเล่นฝ่ายขาวกับคอมพิวเตอร์ (ระดับ { $level })
AiYouBlack = คุณเล่นฝ่ายดำกับคอมพิวเตอร์ (ระดับ { $level })
SavedVsAi = กับคอมพิวเตอร์ (ระดับ { $level })
BtnHint = คำใบ้
ToastWaitAi = รอให้คอมพิวเตอร์เดินก่อน
ToastAiUnavailable = คู่เล่นคอมพิวเตอร์เริ่มทำงานในเบราว์เซอร์นี้ไม่ได้
ToastAiFailed = คอมพิวเตอร์เลือกตาเดินไม่ได้: { $error }
HotSeat = สองคนผลัดกันเล่นบนเครื่องเดียวกัน
PromotionRuleAny = หงายเบี้ย: เลือกได้ทุกตัว
PromotionRuleMet = หงายเบี้ย: เป็นเม็ดเท่านั้น
NewModeOnline = เล่นออนไลน์กับเพื่อน
NewClock = เวลาเล่น
ClockUntimed = ไม่จับเวลา
NewVisibility = ใครเข้าร่วมได้
NewVisPrivate = ส่วนตัว: เฉพาะผู้มีลิงก์เชิญ
NewVisPublic = สาธารณะ: แสดงในล็อบบี้
NewRated = เกมจัดอันดับ: ผลการแข่งขันจะเปลี่ยนคะแนนเรตติ้งของผู้เล่นทั้งสองฝ่าย
RatedNeedsSignIn = เข้าสู่ระบบเพื่อเล่นเกมจัดอันดับ
RatedNeedsClock = เกมจัดอันดับต้องจับเวลา: เลือกรูปแบบเวลา
RatedBadge = จัดอันดับ
OverRatings = คะแนนเรตติ้งที่เปลี่ยนไป
WaitingTitle = กำลังรอเพื่อนของคุณ
WaitingText = ส่งลิงก์นี้ให้เพื่อน เกมจะเริ่มทันทีที่เพื่อนเปิดลิงก์
InviteLabel = ลิงก์เชิญ
BtnCopyLink = คัดลอกลิงก์
BtnShare = แชร์
ShareText = มาเล่นหมากรุกอาเซียนกับฉันสักกระดาน:
ToastCopied = คัดลอกลิงก์แล้ว
ToastCopyFailed = คัดลอกไม่ได้: เลือกลิงก์ไว้ให้แล้ว คัดลอกเองได้เลย
Reconnecting = กำลังเชื่อมต่อใหม่…
MovePending = กำลังส่งตาเดินของคุณ…
OpponentOnline = คู่เล่นของคุณออนไลน์อยู่
OpponentOffline = คู่เล่นของคุณไม่อยู่
OpponentAway = คู่เล่นของคุณไม่อยู่ คุณขอรับชัยชนะได้ในอีก { $time }
OpponentGone = คู่เล่นของคุณออกไปแล้ว คุณขอรับชัยชนะได้
BtnClaimVictory = ขอรับชัยชนะ
DrawOfferText = คู่เล่นของคุณขอเสมอ
BtnAccept = ยอมรับ
BtnDecline = ปฏิเสธ
BtnOfferDraw = ขอเสมอ
ToastDrawOffered = ส่งคำขอเสมอแล้ว
ToastDrawDeclined = คำขอเสมอของคุณถูกปฏิเสธ
BtnRematch = แก้มือ
BtnRematchAccept = รับคำขอแก้มือ
RematchWaiting = ขอแก้มือแล้ว: กำลังรอ…
ToastRematchOffered = คู่เล่นของคุณขอแก้มือ
ToastRematchStarted = แก้มือ: สลับสีกันแล้ว
ToastFriendJoined = คู่เล่นของคุณมาแล้ว: เริ่มเกม
ToastOffline = ไม่ได้เชื่อมต่อกับเซิร์ฟเวอร์: รอให้เชื่อมต่อใหม่
OnlineConnecting = เกมออนไลน์: กำลังเชื่อมต่อ…
OnlineYouWhite = เกมออนไลน์: คุณเล่นฝ่ายขาว
OnlineYouBlack = เกมออนไลน์: คุณเล่นฝ่ายดำ
OnlineWatching = เกมออนไลน์: คุณกำลังดู
ResTimeoutWhite = ฝ่ายขาวชนะเพราะฝ่ายดำหมดเวลา
ResTimeoutBlack = ฝ่ายดำชนะเพราะฝ่ายขาวหมดเวลา
ResTimeoutDraw = หมดเวลา แต่อีกฝ่ายรุกจนไม่ได้: เสมอ
ResPlyCap = เสมอ: เกมเดินครบจำนวนตาสูงสุดที่เซิร์ฟเวอร์กำหนด
ResAbandonedWhite = ฝ่ายขาวชนะ: ฝ่ายดำออกจากเกม
ResAbandonedBlack = ฝ่ายดำชนะ: ฝ่ายขาวออกจากเกม
LobbyTitle = เล่นออนไลน์
LobbyConnecting = กำลังเชื่อมต่อล็อบบี้…
LobbyUnreachable = ติดต่อเซิร์ฟเวอร์ไม่ได้ในขณะนี้ กำลังลองใหม่…
LobbyRetry = ลองอีกครั้งตอนนี้
LobbyEmpty = ยังไม่มีใครรอ: สร้างห้อง หรือเล่นกับคอมพิวเตอร์ระหว่างรอ
BtnCreateRoom = สร้างห้อง
BtnPlayAi = เล่นกับคอมพิวเตอร์
BtnJoin = เข้าร่วม
LobbySeatWhite = คุณเล่นฝ่ายขาว
LobbySeatBlack = คุณเล่นฝ่ายดำ
ErrNotYourTurn = ยังไม่ถึงตาคุณ
ErrUnknownRoom = ไม่มีเกมนี้: ตรวจดูลิงก์เชิญอีกครั้ง
ErrNotSeated = ที่นั่งเต็มทั้งสองฝั่ง: คุณกำลังดูเกมนี้
ErrRateLimited = ทำหลายอย่างพร้อมกันเกินไป: ช้าลงหน่อย
ErrServer = เซิร์ฟเวอร์ปฏิเสธ: { $error }
ErrRoomClosed = คำเชิญนี้ปิดแล้ว: ห้องนี้ไม่มีอะไรเกิดขึ้นได้อีก
ErrTooManyRooms = มีห้องเปิดอยู่มากเกินไป: เล่นให้จบหรือยกเลิกห้องของคุณสักห้อง หรือลองใหม่ภายหลัง
ErrSignInRequired = เข้าสู่ระบบเพื่อเล่นเกมจัดอันดับ หรือรับคำท้าที่กำหนดช่วงคะแนน
ErrTooManySeeks = คุณมีคำท้าที่รออยู่ครบจำนวนที่อนุญาตแล้ว: ยกเลิกสักคำท้า หรือรอคู่แข่ง
SignInLink = เข้าสู่ระบบ
LobbyCasual = ไม่จัดอันดับ
LobbyRange = คะแนน { $min }–{ $max }
LobbyOwnSeek = คำท้าของคุณ
LobbySignInToTake = เข้าสู่ระบบเพื่อรับคำท้า
LobbyOutOfRange = คะแนนของคุณอยู่นอกช่วงที่กำหนด
NewRange = คะแนนของคู่แข่ง
NewRangeBelow = ต่ำสุด ต่ำกว่าคะแนนของคุณ
NewRangeAbove = สูงสุด สูงกว่าคะแนนของคุณ
NewRangeAny = ไม่จำกัด
ErrConnectionReset = เซิร์ฟเวอร์ตัดการเชื่อมต่อ: กำลังเชื่อมต่อใหม่…
BtnCancelInvite = ยกเลิกคำเชิญ
ToastInviteCancelled = ยกเลิกคำเชิญแล้ว
WaitingListed = ห้องของคุณแสดงอยู่ในล็อบบี้: ใครก็เข้ามานั่งที่ว่างได้
WaitingUnlisted = ตอนนี้ห้องของคุณไม่ได้แสดงในรายชื่อล็อบบี้ แต่ลิงก์ยังใช้ได้
WaitingExpires = ลิงก์นี้ใช้ได้ถึง { $time }
ClosedCancelledTitle = คำเชิญนี้ถูกยกเลิกแล้ว
ClosedExpiredTitle = คำเชิญนี้หมดอายุแล้ว
ClosedGuest = จะไม่มีการเล่นที่นี่ ขอลิงก์ใหม่จากเพื่อน หรือเริ่มเกมของคุณเอง
ClosedExpiredHost = ไม่มีใครเปิดลิงก์ของคุณทันเวลา สร้างห้องใหม่เพื่อเชิญอีกครั้ง
ClosedCancelledHost = คุณยกเลิกคำเชิญนี้แล้ว สร้างห้องใหม่เพื่อเชิญอีกครั้ง
BtnLeaveRoom = ออกจากห้องนี้
OnlineClosed = ออนไลน์: คำเชิญนี้ปิดแล้ว
BtnAbort = ล้มเกม
ResAborted = ล้มเกมแล้ว: ไม่มีฝ่ายแพ้ชนะ
OpponentAwayAbort = คู่เล่นของคุณไม่อยู่ ถ้าไม่กลับมา เกมจะถูกล้มในอีก { $time }
OpponentGoneAbort = คู่เล่นของคุณไม่กลับมา: กำลังล้มเกม
ToastImported = นำเข้าเกมแล้ว
ToastImportedWaitingInCheck = นำเข้าตำแหน่งแล้ว ฝ่ายที่ไม่ได้เดินกำลังถูกรุก: ไม่มีเกมใดเดินมาถึงตำแหน่งนี้ได้ แต่จะเล่นตามที่ให้มา
ImportEmpty = วาง PGN หรือ FEN ก่อน
ImportBadFen = อ่าน FEN นี้ไม่ได้: { $error }
ImportBadPgn = อ่าน PGN นี้ไม่ได้: { $error }
ExportLocal = วาง PGN ในโปรแกรมใดก็ได้ที่รู้จักหมากรุกอาเซียน หรือนำเข้าที่นี่ภายหลัง
ExportOnline = PGN ของเกมออนไลน์นี้ เท่าที่เล่นมาถึงตอนนี้
ToastCopiedPgn = คัดลอก PGN แล้ว
ToastCopiedFen = คัดลอก FEN แล้ว
ToastCopyFailedText = คัดลอกไม่ได้: เลือกข้อความแล้วคัดลอกเอง
BtnExport = ส่งออก
BtnImport = นำเข้า
ExportTitle = ส่งออกเกม
ImportTitle = นำเข้าเกม
ImportText = วาง PGN (ทั้งเกม) หรือ FEN (ตำแหน่งเดียว):
ImportFile = หรือเปิดไฟล์ .pgn
BtnCopyPgn = คัดลอก PGN
BtnCopyFen = คัดลอก FEN
BtnDownload = ดาวน์โหลด .pgn
ExportFenLabel = FEN ของตำแหน่งที่แสดงอยู่
ReviewLabel = ไล่ดูเกมทีละตา
ReviewFirst = ตำแหน่งเริ่มต้น
ReviewPrev = ตาก่อนหน้า
ReviewNext = ตาถัดไป
ReviewLast = ตาล่าสุด
BtnLive = กลับไปที่เกม
AnalysisAfterGame = การวิเคราะห์จะเปิดเมื่อเกมนี้จบแล้ว: ไม่มีเอนจินช่วยเมื่อเล่นกับคน
ReviewAt = ตำแหน่งหลัง { $move } ({ $ply } จาก { $total })
ReviewStart = ตำแหน่งเริ่มต้น (0 จาก { $total })
SavedHotSeat = สองคนบนเครื่องนี้
SavedOnlineWhite = ออนไลน์ คุณเล่นฝ่ายขาว
SavedOnlineBlack = ออนไลน์ คุณเล่นฝ่ายดำ
SavedOnlineWatched = ออนไลน์ ดูอยู่
ConfirmDeleteTitle = ลบเกมที่บันทึกไว้นี้ไหม
ConfirmDeleteText = เกมจะหายไปจากเครื่องนี้ เกมออนไลน์ยังอยู่บนเซิร์ฟเวอร์และเปิดได้จากลิงก์ของเกม
ConfirmDeleteYes = ลบ
AnalysisTitle = การวิเคราะห์
AnalysisNote = เอนจินตัวเดียวกับที่เล่นด้วยจะตรวจดูทุกตำแหน่ง ที่นี่ในเบราว์เซอร์ของคุณ: ไม่ต้องเชื่อมต่ออินเทอร์เน็ต
BtnAnalyse = วิเคราะห์เกม
BtnAnalysisResume = วิเคราะห์ต่อ
BtnAnalysisStop = หยุด
AnalysisProgress = กำลังวิเคราะห์: { $done } จาก { $total } ตำแหน่ง
AnalysisDone = วิเคราะห์เสร็จแล้ว: { $total } ตำแหน่ง
EvalDepth = ความลึก { $n }
AnalysisFailed = การวิเคราะห์หยุดลง: { $error }
AnalysisSide = { $side }: { $marks }
AnalysisSideClean = { $side }: ไม่มีตาพลาด
AnalysisLegend = ?! ไม่แม่นยำ · ? พลาด · ?? พลาดหนัก แตะที่กราฟเพื่อไปยังตานั้น
BestMove = ดีกว่า: { $move }
EvalGraphLabel = กราฟประเมินเกม ทีละตา

## The start screen, clocks and premoves.

StartTitle = อยากเล่นแบบไหน?
StartLead = มากรุก หมากรุกของไทยและกัมพูชา ในแบบมาตรฐานอาเซียน
StartOnline = เล่นกับเพื่อนออนไลน์
StartOnlineNote = รับลิงก์ไปส่งให้เพื่อน เกมเริ่มทันทีที่เพื่อนเปิดลิงก์
StartAi = เล่นกับคอมพิวเตอร์
StartAiNote = คุณเล่นฝ่ายขาวในระดับง่าย เปลี่ยนได้ทุกเมื่อ
StartHotSeat = สองคน เครื่องเดียว
StartHotSeatNote = ผลัดกันเดินบนหน้าจอเดียว นั่งตรงข้ามกัน
StartRules = วิธีเล่น: กติกา
StartOptions = ตัวเลือกเพิ่มเติม…
ClockYou = คุณ
ClockComputer = คอมพิวเตอร์
ClockOpponent = คู่แข่ง
PlayerAnonymous = ไม่ระบุชื่อ
PlayerWaiting = รอคู่แข่ง

## Accessibility and sound: the sound toggle, the moves in words for `#announce` and the
## move list, the typed move box, the hint's squares.

SoundLabel = เสียง
SaySide = { $side }: { $move }
SayMove = { $piece }ไปที่ { $square }
SayCapture = { $piece }กินที่ { $square }
SayPieceFrom = { $piece }จาก { $square }
SayPromotion = { $move } หงายเป็น{ $piece }
SayCheck = { $move } รุก
SayMate = { $move } รุกจน
MoveInputLabel = พิมพ์ตาเดิน
MoveInputPlaceholder = พิมพ์ตาเดิน (Nd2, e3e4)
MovePlay = เดิน
EntryNotUnderstood = ไม่เข้าใจ “{ $text }”: พิมพ์ตาเดิน เช่น Nd2, e4, e8=Q หรือ e3e4 (ใช้ M แทนเม็ด และ S แทนโคนได้)
EntryIllegal = “{ $text }” เดินไม่ได้ในตำแหน่งนี้
EntryAmbiguous = “{ $text }” ตรงกับหลายตาเดิน: เติมแถวหรือตาของตัวหมาก เช่น Nbd2
EntryNotYourTurn = ยังไม่ถึงตาคุณ: รออีกฝ่ายเดินก่อน
EntryGameOver = เกมจบแล้ว: เดินต่อไม่ได้อีก
EntryReviewing = กำลังแสดงตำแหน่งก่อนหน้า: กลับไปที่เกมเพื่อเดิน
SquareHint = { $label } ตาเดินที่แนะนำ

## Looks: dark mode, piece sets, board colours (view/looks.rs).

LooksTitle = รูปลักษณ์
ThemeToggle = โหมดมืด
ThemeLabel = ธีม
ThemeAuto = ตามเครื่องนี้
ThemeLight = สว่าง
ThemeDark = มืด
PiecesLabel = ตัวหมาก
PiecesThai = แบบไทย
PiecesWestern = แบบสากล
PiecesNote = ชุดแบบสากลวาดเม็ดเป็นควีนตัวเล็กและโคนเป็นบิชอป แต่ยังเดินแบบเม็ดและโคนเหมือนเดิม
BoardThemeLabel = กระดาน
BoardTeak = ไม้สัก
BoardJade = หยก
BoardSlate = หินชนวน

## Offline and installable: the AI worker that cannot start, online play without a
## connection.

AiUnavailableText = คอมพิวเตอร์เริ่มทำงานไม่ได้ ({ $error }) แต่ยังเล่นสองคนบนเครื่องนี้ได้
BtnAiRetry = ลองอีกครั้ง
UpdateReady = เกมเวอร์ชันใหม่พร้อมแล้ว
UpdateNow = อัปเดต
OnlineNeedsConnection = การเล่นออนไลน์ต้องเชื่อมต่อกับเซิร์ฟเวอร์ และตอนนี้ยังเชื่อมต่อไม่ได้
ToastNeedsConnection = ไม่มีการเชื่อมต่อ: ตอนนี้เล่นออนไลน์ไม่ได้ ลองเล่นกับคอมพิวเตอร์หรือบนเครื่องนี้แทน

# Accounts: the sign-in view, the account view and their messages.
BtnSignIn = เข้าสู่ระบบ
AccountLinkLabel = บัญชีของคุณ ({ $name })
SigninTitle = เข้าสู่ระบบ
SignupTitle = สร้างบัญชี
SigninLead = เข้าสู่ระบบเพื่อใช้ชื่อของคุณในเกมออนไลน์ ส่วนการเล่นโดยไม่มีบัญชียังทำได้เหมือนเดิม
SignupLead = บัญชีจะให้ชื่อของคุณสำหรับเกมออนไลน์ ส่วนการเล่นโดยไม่มีบัญชียังทำได้เหมือนเดิม
FieldUsername = ชื่อผู้ใช้
FieldPassword = รหัสผ่าน
FieldConfirm = ใส่รหัสผ่านอีกครั้ง
UsernameHint = 2 ถึง 20 ตัว: ตัวอักษรอังกฤษ ตัวเลข _ และ -
PasswordHint = อย่างน้อย { $min } ตัวอักษร
BtnSigninSubmit = เข้าสู่ระบบ
BtnSignupSubmit = สร้างบัญชี
SigninToSignup = ยังไม่มีบัญชี? สร้างบัญชีใหม่
SignupToSignin = มีบัญชีอยู่แล้ว? เข้าสู่ระบบ
AccountBack = กลับไปที่เกม
AccountWorking = กรุณารอสักครู่…
AccountTitle = บัญชีของคุณ
AccountSince = เป็นสมาชิกตั้งแต่ { $date }
AccountSessionsTitle = อุปกรณ์ที่เข้าสู่ระบบอยู่
AccountThisDevice = อุปกรณ์นี้
AccountSessionTimes = เข้าสู่ระบบเมื่อ { $created } · ใช้งานล่าสุด { $seen }
AccountDevice = { $browser } บน { $os }
AccountUnknownDevice = ไม่ทราบเบราว์เซอร์
AccountNoOtherSessions = คุณเข้าสู่ระบบอยู่บนอุปกรณ์นี้เท่านั้น
BtnRevokeSession = ออกจากระบบ
BtnSignOutOthers = ออกจากระบบในที่อื่นทั้งหมด
BtnSignOut = ออกจากระบบ
AccountCloseTitle = ปิดบัญชี
AccountCloseWarning = การปิดบัญชีเป็นการถาวร: จะเปิดบัญชีนี้อีกไม่ได้ และชื่อนี้จะถูกสงวนไว้ไม่ให้ผู้อื่นใช้ เกมที่บันทึกไว้ในอุปกรณ์นี้ยังอยู่ที่นี่
AccountClosePassword = รหัสผ่านของคุณ เพื่อยืนยัน
BtnCloseAccount = ปิดบัญชีของฉัน
AccountErrUsername = ชื่อผู้ใช้ต้องมี 2 ถึง 20 ตัว: ตัวอักษร A–Z ตัวเลข _ และ -
AccountErrPasswordShort = รหัสผ่านต้องมีอย่างน้อย { $min } ตัวอักษร
AccountErrPasswordLong = รหัสผ่านมีได้ไม่เกิน { $max } ตัวอักษร
AccountErrMismatch = รหัสผ่านทั้งสองช่องไม่ตรงกัน
AccountErrRefused = เซิร์ฟเวอร์ไม่ยอมรับชื่อผู้ใช้หรือรหัสผ่านนี้
AccountErrWrong = ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง
AccountErrWrongPassword = รหัสผ่านไม่ถูกต้อง บัญชียังเปิดอยู่
AccountErrTaken = ชื่อผู้ใช้นี้มีคนใช้แล้ว โปรดเลือกชื่ออื่น
AccountErrTooMany = มีการลองจากการเชื่อมต่อนี้มากเกินไป
AccountErrForbidden = เซิร์ฟเวอร์ปฏิเสธคำขอนี้ โปรดโหลดหน้านี้ใหม่แล้วลองอีกครั้ง
AccountErrSessionEnded = เซสชันนี้สิ้นสุดแล้ว (มีการออกจากระบบจากที่อื่น) โปรดเข้าสู่ระบบอีกครั้ง
AccountErrNoSession = เซสชันนั้นสิ้นสุดไปแล้ว
AccountErrServer = ขณะนี้เซิร์ฟเวอร์ทำรายการนี้ไม่ได้ โปรดลองอีกครั้งในอีกสักครู่
AccountErrNetwork = ติดต่อเซิร์ฟเวอร์ไม่ได้ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง
ToastSignedIn = เข้าสู่ระบบในชื่อ { $name } แล้ว
ToastSignedUp = ยินดีต้อนรับ { $name }! บัญชีของคุณพร้อมใช้งานแล้ว
ToastSignedOut = ออกจากระบบแล้ว
ToastSessionRevoked = ออกจากระบบเซสชันนั้นแล้ว
ToastAccountClosed = ปิดบัญชีของคุณแล้ว
AccountTokensTitle = โทเค็น API
AccountTokensLead = โทเค็นส่วนตัวให้โปรแกรม (กระดาน บอต หรือสคริปต์) ใช้บัญชีของคุณผ่าน API ได้ ให้สิทธิ์เฉพาะที่จำเป็น และเพิกถอนเมื่อไม่ใช้แล้ว
AccountNoTokens = คุณยังไม่มีโทเค็น API
AccountTokenTimes = สร้างเมื่อ { $created } · ใช้ล่าสุด { $used }
AccountTokenNeverUsed = สร้างเมื่อ { $created } · ยังไม่เคยใช้
AccountTokenNoScopes = ไม่มีสิทธิ์ใด ๆ: อ่านข้อมูลบัญชีได้เท่านั้น
FieldTokenDescription = ใช้ทำอะไร
AccountTokenScopes = สิ่งที่ทำได้
ScopeBoardPlay = เล่นด้วยกระดานหรือแอป
ScopeBotPlay = เล่นในฐานะบอต
ScopeChallengeRead = อ่านคำท้าที่ได้รับ
ScopeChallengeWrite = ส่ง รับ และปฏิเสธคำท้า
ScopePreferenceRead = อ่านการตั้งค่าของคุณ
BtnCreateToken = สร้างโทเค็น
BtnRevokeToken = เพิกถอน
AccountTokenNew = โทเค็นใหม่ของคุณ:
AccountTokenShownOnce = คัดลอกไว้ตอนนี้ เพราะจะไม่แสดงอีก
AccountErrNoToken = โทเค็นนั้นถูกเพิกถอนไปแล้ว
AccountErrTokenDescription = บอกว่าโทเค็นนี้ใช้ทำอะไร ไม่เกิน { $max } ตัวอักษร
ToastTokenCreated = สร้างโทเค็นแล้ว
ToastTokenRevoked = เพิกถอนโทเค็นแล้ว

# Quick pairing: one tap on a time control puts the player in that pool.
PoolsTitle = จับคู่ด่วน
PoolsNote = เล่นกับผู้เล่นคนอื่นได้ทันที: เลือกเวลาที่ต้องการ
PoolWaiting = กำลังหาคู่แข่ง
PoolCasual = ไม่จัดอันดับ
PoolPlayAi = เล่นกับคอมพิวเตอร์ระหว่างรอ
BtnPoolCancel = ยกเลิก
PoolLeftNotice = คุณไม่ได้รอคู่แข่งแล้ว: บัญชีของคุณเข้าคิวจากแท็บหรืออุปกรณ์อื่น

# The players waiting in a pool (this one included).
PoolPlayers =
    { $n ->
       *[other] ผู้เล่นรออยู่ { $n } คน
    }
ProfileKicker = ผู้เล่น
ProfileMissing = ไม่มีผู้เล่นชื่อนี้ ลองตรวจการสะกด หรือดูที่ตารางอันดับ
ProfileClosed = บัญชีนี้ถูกปิดแล้ว เกมของบัญชียังคงอยู่ในประวัติของผู้เล่น
ProfileRatingsTitle = เรตติ้ง
ProfileProvisional = ชั่วคราว: เรตติ้งจะนิ่งขึ้นหลังเล่นเกมจัดอันดับเพิ่ม
ClockRating = เรตติ้งของเวลาแบบนี้ตอนเริ่มเกม
PerfBullet = บุลเล็ต
PerfBlitz = บลิตซ์
PerfRapid = แรพิด
PerfClassical = คลาสสิก
ProfilePlayed = เล่นแล้ว
ProfileWon = ชนะ
ProfileDrawn = เสมอ
ProfileLost = แพ้
ProfileGraphTitle = ประวัติเรตติ้ง
ProfileGraphEmpty = ยังไม่มีเกมจัดอันดับ กราฟจะเริ่มเมื่อเล่นเกมแรก
ProfileGraphLabel = ประวัติเรตติ้งของ { $name }
ProfileGamesTitle = เกมล่าสุด
ProfileNoGames = ยังไม่มีเกมที่จบแล้ว
ProfileAgainst = พบ { $name }
ProfileCasual = เกมกระชับมิตร
ResultWin = ชนะ
ResultLoss = แพ้
ResultDraw = เสมอ
ProfileOwnLink = โปรไฟล์สาธารณะของคุณ
ProfileOpen = โปรไฟล์ของ { $name }
LeaderboardLink = ตารางอันดับ
LeaderboardTitle = ตารางอันดับ
LeaderboardLead = ผู้เล่นที่ดีที่สุดของแต่ละความเร็ว ที่เล่นเกมจัดอันดับภายใน 30 วันที่ผ่านมา ไม่รวมเรตติ้งชั่วคราว
LeaderboardEmpty = ยังไม่มีใครอยู่ในตาราง ผู้เล่นจะปรากฏที่นี่เมื่อเรตติ้งนิ่งแล้วและได้เล่นเกมจัดอันดับภายใน 30 วันที่ผ่านมา
LeaderboardSpeeds = ความเร็ว
# คำท้าระหว่างบัญชี (ปุ่มในโปรไฟล์ รายการคำท้าที่ได้รับและที่ส่งไป)
BtnChallenge = ท้าเล่นหนึ่งเกม
ChallengeFormTitle = ท้า { $name }
ChallengeClockLabel = การควบคุมเวลา
ChallengeColorLabel = ฝ่ายของคุณ
ChallengeRatedLabel = เกมจัดอันดับ
BtnChallengeSend = ส่งคำท้า
ChallengesTitle = คำท้า
ChallengeIncoming = { $name } ({ $rating }) ท้าคุณ
ChallengeOutgoing = คุณท้า { $name } แล้ว: รอคำตอบ
ChallengeYouWhite = คุณเล่นฝ่ายขาว
ChallengeYouBlack = คุณเล่นฝ่ายดำ
ChallengeYouRandom = สุ่มฝ่าย
BtnChallengeCancel = ถอนคำท้า
ChallengeDeclined = { $name } ปฏิเสธคำท้าของคุณ
ChallengeGone = คำท้านี้ไม่เปิดอยู่แล้ว
BotsTitle = บอตที่ออนไลน์
BotsLead = โปรแกรมที่พร้อมเล่นทุกเวลา เปิดโปรไฟล์ของบอตเพื่อท้าเล่น
BotBadge = บอต
# An imported game's end as its PGN says it.
ResRecordWhite = ฝ่ายขาวชนะ (ผลตามบันทึกเกม: { $score })
ResRecordBlack = ฝ่ายดำชนะ (ผลตามบันทึกเกม: { $score })
ResRecordDraw = เสมอ (ผลตามบันทึกเกม: { $score })
ResRecordContradicts = บันทึกเกมระบุผล { $score } แต่ตาเดินในเกมไม่ได้ให้ผลนี้
ToastImportedContradicts = นำเข้าเกมแล้ว ผลที่บันทึกไว้ไม่ตรงกับตาเดิน จึงแสดงเกมตามที่เล่นจริง

## ฝึกการนับ (`#/training/counting`) และแบบฝึก (`#drill`)

DrillLimitMoves =
    { $n ->
       *[other] รุกจนภายใน { $n } ตา
    }
DrillBest =
    { $n ->
       *[other] สถิติดีที่สุด: รุกจนใน { $n } ตา
    }
DrillMovesLeft =
    { $n ->
       *[other] เหลือ { $n } จาก { $limit } ตา
    }
DrillPassed =
    { $n ->
       *[other] ผ่าน: รุกจนใน { $n } ตา
    }
TrainingLink = ฝึกการนับ
TrainingTitle = ฝึกการนับ
TrainingLead = เมื่อฝ่ายหนึ่งเหลือขุนตัวเดียวและไม่มีเบี้ยเหลือบนกระดาน จะเริ่มนับ: อีกฝ่ายต้องรุกจนภายใน 16 ตาเมื่อมีเรือ 44 ตาเมื่อมีโคน 64 ตาเมื่อมีม้า มิฉะนั้นเสมอ ฝึกการไล่ขุนแต่ละแบบที่นี่ กับการป้องกันที่ดีที่สุดของคอมพิวเตอร์
DrillRook = ขุนกับเรือ
DrillKhonMet = ขุน โคน และเม็ด
DrillKhonKnight = ขุน โคน และม้า
DrillKnightMets = ขุน ม้า และเม็ดสองตัว
DrillKnightsMet = ขุน ม้าสองตัว และเม็ด
DrillMets = ขุนกับเม็ดสามตัว
DrillRookTip = ใช้เรือกั้นขุนไว้ตามแถวหรือแนวตั้ง นำขุนของเราขึ้นไปประจันหน้า แล้วดันขุนฝ่ายตรงข้ามถอยทีละแถวจนถึงขอบกระดาน 16 ตาไม่มีเวลาให้เสียเปล่า
DrillKhonMetTip = นำขุนของเราเข้าไปใกล้ก่อน โคนกับเม็ดรุกจนได้ก็ต่อเมื่อขุนช่วย ไล่ขุนตัวเดียวเข้ามุม ให้โคนคุมตาข้างหน้าและเม็ดคุมตาข้าง ๆ และให้เม็ดอยู่ติดขุนของเราเสมอเพื่อไม่ให้ถูกกิน
DrillKhonKnightTip = ขุนของเรานำหน้า โคนคุมตาตรงหน้าขุนตัวเดียว ม้ารุกจากระยะไกล ไล่ขุนไปที่ขอบ แล้วเข้ามุม โดยให้ตัวหมากทั้งสองมีตัวป้องกันเสมอ
DrillKnightMetsTip = ให้เม็ดสองตัวยืนเคียงกัน ตัวหนึ่งอยู่ตาสีขาว อีกตัวอยู่ตาสีดำ เป็นกำแพงข้างขุนของเรา ดันกำแพงไปข้างหน้าเพื่อไล่ขุนตัวเดียวไปที่ขอบ แล้วรุกจนด้วยม้า
DrillKnightsMetTip = ขุนของเรากับเม็ดไล่ขุนตัวเดียวไปที่ขอบ ม้าทั้งสองผลัดกันคุมตาที่ขุนจะหนี จนม้าตัวหนึ่งรุกจน
DrillMetsTip = เม็ดเดินทแยงทีละตา จึงคุมได้แต่ตาสีเดียว ใช้เม็ดทั้งสองสีเรียงกันกับขุนของเราเป็นกำแพง ไล่ขุนตัวเดียวเข้ามุม แล้วรุกจนก่อนครบ 50 ตา ไม่มีการนับ แต่ขุนตัวเดียวขอเสมอตามกติกา 50 ตาได้
DrillLimitFifty = ไม่มีการนับ: รุกจนก่อนเสมอตามกติกา 50 ตา
DrillNotPassed = ยังไม่ผ่าน
DrillPictureLabel = วิธีไล่บนกระดาน
BtnDrillStart = เริ่ม
DrillPlay = รุกจนขุนตัวเดียวก่อนนับครบ คอมพิวเตอร์ป้องกันเต็มที่
DrillPlayFifty = รุกจนขุนตัวเดียวก่อนเสมอตามกติกา 50 ตา คอมพิวเตอร์ป้องกันเต็มที่
DrillNewBest = สถิติใหม่ของแบบฝึกนี้!
DrillFailedCount = ไม่ผ่าน: นับครบก่อนรุกจน
DrillFailedFifty = ไม่ผ่าน: ขุนตัวเดียวขอเสมอตามกติกา 50 ตา
DrillFailedRepetition = ไม่ผ่าน: ขุนตัวเดียวขอเสมอเพราะตำแหน่งซ้ำสามครั้ง
DrillFailedStalemate = ไม่ผ่าน: อับ ขุนตัวเดียวไม่มีตาเดิน
DrillFailedDead = ไม่ผ่าน: เสียหมากไปตัวหนึ่ง รุกจนไม่ได้อีกแล้ว
DrillFailed = ไม่ผ่าน: แบบฝึกจบลงโดยไม่ได้รุกจน
BtnDrillRetry = ลองอีกครั้ง
BtnDrillNext = ตำแหน่งอื่น
BtnDrillList = แบบฝึกทั้งหมด
DrillTechnique = วิธีไล่
DrillNoUndo = แบบฝึกไม่มีการย้อนตา ให้เริ่มตำแหน่งนี้ใหม่แทน
TrainingNav = ฝึก
DrillLimitKnight = นับได้ { $count } ตา แต่ขุนตัวเดียวขอเสมอตามกติกา 50 ตาได้ก่อน: ต้องรุกจนภายใน 50 ตา
SavedDrill = ฝึกการนับ: { $drill }

## เรียนรู้จากตาพลาด (`#learn`) หลังการวิเคราะห์

BtnLearn = เรียนรู้จากตาพลาดของฉัน
LearnTitle = เรียนรู้จากตาพลาด
LearnProgress = ตาพลาดที่ { $n } จาก { $total }
LearnFind = ตรงนี้เดิน { $move } ลองหาตาที่ดีกว่าให้{ $side }
LearnChecking = กำลังตรวจ { $move }…
LearnWrongPlayed = นั่นคือตาที่เดินในเกม ลองตาอื่น
LearnWrong = { $move } ยังไม่ดีพอ ลองตาอื่น
LearnRightBest = เยี่ยม! { $move } คือตาที่ดีที่สุด
LearnRight = ตาดี! { $move } ดีเกือบเท่า { $best } ของเครื่อง
LearnSolution = ตาที่ดีที่สุดคือ { $move }
LearnLine = แนวการเดินของเครื่อง: { $line }
LearnDone = เสร็จแล้ว: คุณหาตาที่ดีกว่าได้ { $found } จาก { $total } ตาพลาด
BtnLearnSolution = ดูเฉลย
BtnLearnNext = ถัดไป
BtnLearnSkip = ข้าม
BtnLearnClose = หยุด
BtnLearnDone = ปิด

## บทเรียน (`#/learn`, `#lessons`, `#lesson`)

LessonsLink = บทเรียน
LessonsTitle = บทเรียน
LessonsLead = เพิ่งเริ่มเล่นหมากรุกอาเซียน? เรียนวิธีเดินของหมากแต่ละตัว แล้วต่อด้วยการรุก รุกจน และการเสมอ ทีละโจทย์สั้นๆ บนกระดาน
BtnLessonStart = เริ่ม
LessonStars = { $n } จาก { $total } ดาว
LessonTask = โจทย์ที่ { $n } จาก { $total }
GoalCapture = กินเบี้ยดำให้หมด ฝ่ายดำไม่เดิน
GoalPromote = เดินเบี้ยไปถึงแถวสุดท้าย แล้วเลือกหมากตัวใหม่
GoalMate = รุกจนในตาเดียว
GoalStalemate = ทำให้ฝ่ายดำอับในตาเดียว: ไม่มีตาเดินที่ถูกกติกาและไม่ได้ถูกรุก
GoalDead = กินหมากดำตัวสุดท้าย: จากนั้นไม่มีใครรุกจนได้อีก
LessonMoves = เดินไป { $n } ตา
LessonPassed = เยี่ยม!
LessonMissedMate = ยังไม่จน ลองใหม่
LessonMissed = ยังไม่ใช่ ลองใหม่
LessonNoCheck = ตรงนี้ขุนดำแค่ดูอยู่: อย่ารุก
LessonNoUndo = บทเรียนย้อนตาไม่ได้ ให้ลองโจทย์นี้ใหม่แทน
BtnLessonNext = โจทย์ถัดไป
BtnLessonNextLesson = บทเรียนถัดไป
BtnLessonRetry = ลองใหม่
BtnLessonAll = บทเรียนทั้งหมด
LessonRook = เรือ
LessonRookIntro = เรือเดินตรงไปตามแถวหรือตามตาได้ไกลเท่าที่ต้องการ และกินหมากที่อยู่ตรงที่หยุด เรือกระโดดข้ามไม่ได้
LessonKnight = ม้า
LessonKnightIntro = ม้ากระโดดไปสองช่องทางหนึ่งแล้วเลี้ยวออกข้างหนึ่งช่อง ข้ามหมากที่ขวางอยู่ได้
LessonKhon = โคน
LessonKhonIntro = โคนเดินทแยงได้หนึ่งช่องทุกทิศ หรือเดินตรงไปข้างหน้าหนึ่งช่อง โคนไม่เดินตรงถอยหลังหรือออกข้าง
LessonMet = เม็ด
LessonMetIntro = เม็ดเดินทแยงได้หนึ่งช่องทุกทิศ เป็นหมากที่อยู่ข้างขุน แต่เดินได้ไม่ไกล
LessonKing = ขุน
LessonKingIntro = ขุนเดินได้หนึ่งช่องทุกทิศ แต่เดินเข้าช่องที่ถูกหมากฝ่ายตรงข้ามโจมตีไม่ได้ เบี้ยดำคุมสองช่องทแยงด้านล่างของมัน
LessonPawn = เบี้ย
LessonPawnIntro = เบี้ยเดินตรงไปข้างหน้าได้ทีละหนึ่งช่อง ไม่ใช่สองช่อง และกินทแยงไปข้างหน้าหนึ่งช่อง เมื่อถึงแถวสุดท้ายจะกลายเป็นเรือ ม้า โคน หรือเม็ด
LessonMate = รุกและรุกจน
LessonMateIntro = ขุนที่ถูกโจมตีคือถูกรุก และต้องหนีทันที ถ้าหนีไม่ได้คือรุกจน และชนะเกม
LessonStalemate = อับ
LessonStalemateIntro = เมื่อฝ่ายที่ถึงตาเดินไม่ได้ถูกรุกแต่ไม่มีตาเดินที่ถูกกติกา เกมจะเสมอ: อับ ถ้ากำลังชนะ อย่าลืมเหลือช่องให้ขุนตัวเดียว!
LessonDead = ตำแหน่งที่ไม่มีใครชนะได้
LessonDeadIntro = เมื่อไม่มีฝ่ายใดรุกจนได้อีก เช่นเหลือแต่ขุนสองตัว เกมจะเสมอทันที
LessonCount = การนับและการขอเสมอ
LessonCountIntro = เมื่อฝ่ายหนึ่งเหลือแต่ขุนและไม่มีเบี้ยเหลือบนกระดาน การนับจะเริ่ม: ต้องรุกจนภายใน 16 ตาถ้ามีเรือ 44 ตาถ้ามีโคน 64 ตาถ้ามีม้า มิฉะนั้นเสมอ ที่นี่นับถึง 30 จาก 32 ตาเดินแล้ว ผู้เล่นยังขอเสมอได้เมื่อเดินครบ 50 ตาโดยไม่มีการกินหรือเดินเบี้ย หรือเมื่อตำแหน่งเดิมเกิดขึ้นเป็นครั้งที่สาม
