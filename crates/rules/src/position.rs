use core::fmt;

use crate::{
    Bitboard, Color, Counting, Move, MoveList, Piece, Role, Rules, Setup, Square, attacks,
    settings::PromotionRule, zobrist,
};

/// A legal position of ASEAN chess: piece placement, side to move, clocks, the count and the
/// rule settings.
///
/// Build one with [`Position::new`] (the start), [`Position::from_fen`] or
/// [`Position::from_setup`]; every constructor validates, so a `Position` always has one king of
/// each colour, at most 16 pieces and 8 pawns a side, and no pawn on its last rank.
///
/// ```
/// use rules::{Position, Rules};
/// let pos = Position::new(Rules::default());
/// assert_eq!(pos.legal_moves().len(), 23);
/// assert_eq!(pos.fen(), "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    turn: Color,
    halfmoves: u32,
    fullmoves: u32,
    counting: Option<Counting>,
    rules: Rules,
    hash: u64,
}

/// Why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// The two kings stand side by side (on these squares, White's first): no game reaches
    /// it, as the reference engine's FEN validation says too.
    KingsSideBySide(Square, Square),
    /// A side has more than 16 pieces.
    TooManyPieces(Color),
    /// A side has more than 8 pawns.
    TooManyPawns(Color),
    /// A pawn stands on its own last rank, where it would have promoted.
    PawnOnLastRank(Square),
    /// The count fields do not fit the position: no side is a lone king, a pawn is left, or the
    /// limit is not 32, 88 or 128 plies.
    InvalidCounting,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingKing(c) => write!(f, "{c} has no king"),
            PositionError::TooManyKings(c) => write!(f, "{c} has more than one king"),
            PositionError::KingsSideBySide(w, b) => {
                write!(f, "the kings stand side by side on {w} and {b}")
            }
            PositionError::TooManyPieces(c) => write!(f, "{c} has more than 16 pieces"),
            PositionError::TooManyPawns(c) => write!(f, "{c} has more than 8 pawns"),
            PositionError::PawnOnLastRank(sq) => {
                write!(
                    f,
                    "the pawn on {sq} stands on its last rank and should have promoted"
                )
            }
            PositionError::InvalidCounting => {
                f.write_str("the counting fields do not match the position")
            }
        }
    }
}

impl std::error::Error for PositionError {}

/// A move that is not legal in the position it was tried in (a missing or forbidden promotion
/// role included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMoveError(pub Move);

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl std::error::Error for IllegalMoveError {}

/// Why a game refused a move: the game is over, or the move cannot be played in the current
/// position, for the reason `E` gives.
///
/// `E` is [`IllegalMoveError`] for a [`Move`] ([`crate::Game::play`]), and for text, the
/// notation's error, which tells text that is not a move apart from a move that is not legal
/// (or, in SAN, ambiguous): [`crate::uci::ReadUciError`] for [`crate::Game::play_uci`],
/// [`crate::san::ReadSanError`] for [`crate::Game::play_san`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError<E = IllegalMoveError> {
    /// The game has already ended; no more moves are accepted.
    GameOver,
    /// The move cannot be played in the current position.
    Move(E),
}

impl<E: fmt::Display> fmt::Display for PlayError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::Move(e) => e.fmt(f),
        }
    }
}

impl<E: std::error::Error + 'static> std::error::Error for PlayError<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::GameOver => None,
            PlayError::Move(e) => Some(e),
        }
    }
}

/// Receives the legal moves of a piece as a set of target squares (bulk generation).
pub(crate) trait MoveSink {
    /// `targets` are the legal destinations of the piece on `from`; those in `promoting` are
    /// pawn moves to the last rank, one move per promotion role.
    fn add(&mut self, from: Square, targets: Bitboard, promoting: Bitboard);
}

struct ListSink<'a> {
    list: &'a mut MoveList,
    promotion: PromotionRule,
}

impl MoveSink for ListSink<'_> {
    #[inline]
    fn add(&mut self, from: Square, targets: Bitboard, promoting: Bitboard) {
        for to in targets & !promoting {
            self.list.push(Move {
                from,
                to,
                promotion: None,
            });
        }
        for to in targets & promoting {
            for &role in self.promotion.roles() {
                self.list.push(Move {
                    from,
                    to,
                    promotion: Some(role),
                });
            }
        }
    }
}

/// Keeps only the captures and the promotions.
struct TacticalSink<'a> {
    list: &'a mut MoveList,
    promotion: PromotionRule,
    enemy: Bitboard,
}

impl MoveSink for TacticalSink<'_> {
    #[inline]
    fn add(&mut self, from: Square, targets: Bitboard, promoting: Bitboard) {
        ListSink {
            list: self.list,
            promotion: self.promotion,
        }
        .add(from, targets & (self.enemy | promoting), promoting);
    }
}

struct CountSink {
    count: u64,
    per_promotion: u64,
}

impl MoveSink for CountSink {
    #[inline]
    fn add(&mut self, _from: Square, targets: Bitboard, promoting: Bitboard) {
        self.count += u64::from(targets.count())
            + u64::from((targets & promoting).count()) * (self.per_promotion - 1);
    }
}

impl Position {
    /// The start position: `rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w - - 0 1`.
    #[must_use]
    pub fn new(rules: Rules) -> Position {
        let mut setup = Setup::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Khon,
            Role::Met,
            Role::King,
            Role::Khon,
            Role::Knight,
            Role::Rook,
        ];
        for file in 0..8u8 {
            let role = back[file as usize];
            setup.board[Square::new(file, 0).index()] = Some(Piece {
                color: Color::White,
                role,
            });
            setup.board[Square::new(file, 7).index()] = Some(Piece {
                color: Color::Black,
                role,
            });
            setup.board[Square::new(file, 2).index()] = Some(Piece {
                color: Color::White,
                role: Role::Pawn,
            });
            setup.board[Square::new(file, 5).index()] = Some(Piece {
                color: Color::Black,
                role: Role::Pawn,
            });
        }
        match Position::from_setup(&setup, rules) {
            Ok(pos) => pos,
            Err(_) => unreachable!("the start position is legal"),
        }
    }

    /// Validates a [`Setup`] into a position under `rules`.
    ///
    /// # Errors
    /// Returns a [`PositionError`] naming the first problem found: a missing or extra king, more
    /// than 16 pieces or 8 pawns for a side, a pawn on its last rank, the kings side by side,
    /// or counting fields that do not fit the material.
    ///
    /// Like the reference engine, it accepts a position where the side not to move is in check
    /// (a composed position); a king is never captured: such a capture is not a legal move.
    ///
    /// ```
    /// use rules::{Position, PositionError, Rules, Setup};
    /// assert_eq!(
    ///     Position::from_setup(&Setup::empty(), Rules::default()),
    ///     Err(PositionError::MissingKing(rules::Color::White))
    /// );
    /// ```
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Position, PositionError> {
        let mut pos = Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            counting: setup.counting,
            rules,
            hash: zobrist::turn_key(setup.turn),
        };
        for sq in Square::ALL {
            if let Some(piece) = setup.board[sq.index()] {
                pos.put(piece, sq);
            }
        }
        for color in Color::ALL {
            let ours = pos.by_color[color.index()];
            match (ours & pos.by_role[Role::King.index()]).count() {
                0 => return Err(PositionError::MissingKing(color)),
                1 => {}
                _ => return Err(PositionError::TooManyKings(color)),
            }
            if ours.count() > 16 {
                return Err(PositionError::TooManyPieces(color));
            }
            let pawns = ours & pos.by_role[Role::Pawn.index()];
            if pawns.count() > 8 {
                return Err(PositionError::TooManyPawns(color));
            }
            let last = Bitboard::rank(if color.is_white() { 7 } else { 0 });
            if let Some(sq) = (pawns & last).first() {
                return Err(PositionError::PawnOnLastRank(sq));
            }
        }
        let (white, black) = (pos.king_square(Color::White), pos.king_square(Color::Black));
        if attacks::king(white).contains(black) {
            return Err(PositionError::KingsSideBySide(white, black));
        }
        if let Some(c) = pos.counting {
            let lone = Color::ALL
                .into_iter()
                .find(|&c| pos.by_color[c.index()].count() == 1);
            let valid = match lone {
                // The attacker may since have lost every piece: the count stays as it was set.
                Some(_) if pos.by_role[Role::Pawn.index()].is_empty() => {
                    matches!(c.limit_plies, 32 | 88 | 128)
                }
                _ => false,
            };
            if !valid {
                return Err(PositionError::InvalidCounting);
            }
        }
        Ok(pos)
    }

    /// The position as an unvalidated [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in self.occupied() {
            setup.board[sq.index()] = self.piece_at(sq);
        }
        setup.turn = self.turn;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup.counting = self.counting;
        setup
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= bb;
        self.by_role[piece.role.index()] |= bb;
        self.hash ^= zobrist::piece_key(piece, sq.index());
    }

    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.by_color[piece.color.index()] ^= bb;
        self.by_role[piece.role.index()] ^= bb;
        self.hash ^= zobrist::piece_key(piece, sq.index());
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The rule settings this position is played under.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// Plies since the last capture or pawn move: the 50-move clock (a claim is possible from 100).
    #[must_use]
    pub const fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number: 1 at the start, incremented after each move of Black.
    #[must_use]
    pub const fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The running count, or `None` when no count runs. See [`Counting`].
    #[must_use]
    pub const fn counting(&self) -> Option<Counting> {
        self.counting
    }

    /// The Zobrist key of the piece placement and side to move (not the clocks nor the count).
    #[must_use]
    pub const fn zobrist(&self) -> u64 {
        self.hash
    }

    /// All occupied squares.
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares occupied by `color`.
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares occupied by pieces of `role`, of both colours.
    #[must_use]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares occupied by `piece`.
    #[must_use]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_color[piece.color.index()] & self.by_role[piece.role.index()]
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        let role = Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))?;
        Some(Piece { color, role })
    }

    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// The square of `color`'s king.
    #[must_use]
    pub fn king_square(&self, color: Color) -> Square {
        (self.by_color[color.index()] & self.by_role[Role::King.index()]).lsb()
    }

    /// The pieces of `attacker` that attack `sq` as if the board held only `occupied` (a subset
    /// of the pieces, say with some captured off in an exchange): the rooks' lines are opened
    /// or closed by `occupied`, and pieces outside it still count when they are `attacker`'s.
    /// Callers that remove pieces mask the result with `occupied` themselves.
    #[inline]
    #[must_use]
    pub fn attackers(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[attacker.index()];
        let defender = attacker.other();
        let r = &self.by_role;
        them & ((attacks::knight(sq) & r[Role::Knight.index()])
            | (attacks::king(sq) & r[Role::King.index()])
            | (attacks::met(sq) & r[Role::Met.index()])
            // A khon of `attacker` on x attacks sq exactly when x is a khon step of `defender`
            // from sq (the forward step reverses with the colour).
            | (attacks::khon(defender, sq) & r[Role::Khon.index()])
            | (attacks::pawn(defender, sq) & r[Role::Pawn.index()])
            | (attacks::rook(sq, occupied) & r[Role::Rook.index()]))
    }

    /// The pieces of `attacker` that attack `sq` on the current board.
    ///
    /// ```
    /// use rules::{Color, Position, Rules};
    /// let pos = Position::new(Rules::default());
    /// // d2 is covered by White's knight b1, khon c1, met (d1 is a met: no, met d1 covers c2/e2),
    /// // king e1 and the khon on c1.
    /// let attackers = pos.attackers_to("d2".parse().unwrap(), Color::White);
    /// assert_eq!(attackers.count(), 3);
    /// ```
    #[must_use]
    pub fn attackers_to(&self, sq: Square, attacker: Color) -> Bitboard {
        self.attackers(sq, attacker, self.occupied())
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(
            self.king_square(self.turn),
            self.turn.other(),
            self.occupied(),
        )
    }

    /// `true` when the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// `true` when the side *not* to move is in check: a composed position no game reaches
    /// (the side in check would have had to move out of it), accepted as the reference accepts
    /// it; a king is never captured, so nothing is played differently.
    ///
    /// ```
    /// use rules::{Position, Rules};
    /// let p = Position::from_fen("k7/8/8/8/8/8/8/R6K b", Rules::default()).unwrap();
    /// assert!(p.is_check() && !p.waiting_side_in_check());
    /// let p = Position::from_fen("k7/8/8/8/8/8/8/R6K w", Rules::default()).unwrap();
    /// assert!(!p.is_check() && p.waiting_side_in_check());
    /// ```
    #[must_use]
    pub fn waiting_side_in_check(&self) -> bool {
        let waiting = self.turn.other();
        self.attackers(self.king_square(waiting), self.turn, self.occupied())
            .any()
    }

    /// Hands the legal moves to `sink`, piece by piece (bulk generation).
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S, only_from: Bitboard) {
        let us = self.turn;
        let them = us.other();
        let occ = self.occupied();
        let own = self.by_color[us.index()];
        let enemy = self.by_color[them.index()];
        let ksq = self.king_square(us);
        let checkers = self.attackers(ksq, them, occ);

        // King: any step to a square not attacked once the king has left its square.
        if only_from.contains(ksq) {
            let mut targets = Bitboard::EMPTY;
            let without_king = occ ^ Bitboard::from_square(ksq);
            for to in attacks::king(ksq) & !own & !(enemy & self.by_role[Role::King.index()]) {
                if self.attackers(to, them, without_king).is_empty() {
                    targets |= Bitboard::from_square(to);
                }
            }
            if targets.any() {
                sink.add(ksq, targets, Bitboard::EMPTY);
            }
        }
        if checkers.more_than_one() {
            return;
        }
        // Kings are never captured (a composed position may leave the other king in check).
        let their_king = enemy & self.by_role[Role::King.index()];
        let mask = match checkers.first() {
            Some(checker) => checkers | attacks::between(ksq, checker),
            None => !own,
        } & !their_king;

        // Pins: only rooks slide, so every pin runs along a rank or a file.
        let mut pinned = Bitboard::EMPTY;
        let mut pins: [(Square, Bitboard); 4] = [(ksq, Bitboard::EMPTY); 4];
        let mut npins = 0;
        for sniper in attacks::rook_empty(ksq) & enemy & self.by_role[Role::Rook.index()] {
            let between = attacks::between(ksq, sniper);
            let blockers = between & occ;
            if !blockers.more_than_one() && (blockers & own).any() {
                pinned |= blockers;
                pins[npins] = (blockers.lsb(), between | Bitboard::from_square(sniper));
                npins += 1;
            }
        }

        let last_rank = Bitboard::rank(if us.is_white() { 7 } else { 0 });
        let movable = own & only_from & !Bitboard::from_square(ksq);
        for from in movable & !pinned {
            self.piece_moves(sink, from, mask, occ, own, enemy, last_rank);
        }
        for &(from, line) in &pins[..npins] {
            if only_from.contains(from) {
                self.piece_moves(sink, from, mask & line, occ, own, enemy, last_rank);
            }
        }
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn piece_moves<S: MoveSink>(
        &self,
        sink: &mut S,
        from: Square,
        mask: Bitboard,
        occ: Bitboard,
        own: Bitboard,
        enemy: Bitboard,
        last_rank: Bitboard,
    ) {
        let us = self.turn;
        let Some(role) = self.role_at(from) else {
            return;
        };
        let targets = match role {
            Role::Knight => attacks::knight(from) & !own,
            Role::Khon => attacks::khon(us, from) & !own,
            Role::Met => attacks::met(from) & !own,
            Role::Rook => attacks::rook(from, occ) & !own,
            Role::Pawn => {
                let push = if us.is_white() {
                    Bitboard::from_square(from).0 << 8
                } else {
                    Bitboard::from_square(from).0 >> 8
                };
                let t = (Bitboard(push) & !occ) | (attacks::pawn(us, from) & enemy);
                let t = t & mask;
                if t.any() {
                    sink.add(from, t, last_rank);
                }
                return;
            }
            Role::King => return,
        } & mask;
        if targets.any() {
            sink.add(from, targets, Bitboard::EMPTY);
        }
    }

    /// All legal moves of the side to move (promotions give one move per allowed role).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(
            &mut ListSink {
                list: &mut list,
                promotion: self.rules.promotion,
            },
            Bitboard::FULL,
        );
        list
    }

    /// The legal captures and promotions of the side to move, the moves a quiescence search
    /// plays (a subset of [`Position::legal_moves`], in the same order).
    ///
    /// ```
    /// use rules::{Position, Rules};
    /// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", Rules::default()).unwrap();
    /// let tactical = pos.captures_and_promotions();
    /// assert_eq!(tactical.len(), 1);
    /// assert_eq!(tactical[0].to_uci(), "e4d5");
    /// ```
    #[must_use]
    pub fn captures_and_promotions(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(
            &mut TacticalSink {
                list: &mut list,
                promotion: self.rules.promotion,
                enemy: self.by_color[self.turn.other().index()],
            },
            Bitboard::FULL,
        );
        list
    }

    /// Passes the move to the other side without moving a piece (a null move, for a search's
    /// null-move pruning): the side to move, the hash, the 50-move clock and a running count
    /// advance as after a quiet move. Not a move of the game; never call it in check.
    pub fn play_null(&mut self) {
        self.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.hash ^= zobrist::BLACK_TO_MOVE;
        if let Some(c) = &mut self.counting {
            c.ply = c.ply.saturating_add(1);
        }
    }

    /// The legal moves of the piece on `from` (empty if it is not a piece of the side to move).
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.generate(
            &mut ListSink {
                list: &mut list,
                promotion: self.rules.promotion,
            },
            Bitboard::from_square(from),
        );
        list
    }

    /// The number of legal moves, counted in bulk without building the list.
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        let mut sink = CountSink {
            count: 0,
            per_promotion: self.rules.promotion.roles().len() as u64,
        };
        self.generate(&mut sink, Bitboard::FULL);
        sink.count
    }

    /// `true` when the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// `true` when `m` is legal in this position.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves_from(m.from).contains(&m)
    }

    /// `true` when the side to move is checkmated.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// `true` when the side to move is stalemated (no legal move, not in check).
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// `true` when `color` has material that could still mate, allowing for help-mates: the
    /// reference engine's rule (`shared/reference/README.md`, "Dead positions"), where a met
    /// also counts as mating material beside any rook or khon of the opponent, as the reference
    /// engine itself rules (checked with pyffish). Which side's material decides only the
    /// per-side answer: a position is dead only when neither side can mate.
    #[must_use]
    pub fn has_mating_material(&self, color: Color) -> bool {
        let ours = self.by_color[color.index()];
        let r = &self.by_role;
        if (ours & (r[Role::Rook.index()] | r[Role::Khon.index()])).any() {
            return true;
        }
        if (ours & r[Role::Pawn.index()]).any() && self.rules.promotion == PromotionRule::Any {
            return true;
        }
        // A met is bound to one square colour: it can mate (with help) only alongside a met on
        // the other colour or any piece that is neither a king nor a met, of either colour.
        let mets = r[Role::Met.index()];
        if (ours & mets).any()
            && (((mets & Bitboard::LIGHT).any() && (mets & Bitboard::DARK).any())
                || (self.occupied() & !mets & !r[Role::King.index()]).any())
        {
            return true;
        }
        (ours & (r[Role::Knight.index()] | r[Role::Pawn.index()])).any()
            && (self.occupied() & !r[Role::King.index()]).count() >= 2
    }

    /// `true` when neither side can ever mate: the game is drawn at once (a dead position).
    #[must_use]
    pub fn is_dead(&self) -> bool {
        !self.has_mating_material(Color::White) && !self.has_mating_material(Color::Black)
    }

    /// Plays a legal move and returns the new position.
    ///
    /// # Errors
    /// Returns [`IllegalMoveError`] when `m` is not legal here; `self` is unchanged.
    ///
    /// ```
    /// use rules::{Position, Rules};
    /// let pos = Position::new(Rules::default());
    /// let m = pos.parse_uci("e3e4").unwrap();
    /// assert_eq!(pos.play(m).unwrap().turn(), rules::Color::Black);
    /// ```
    pub fn play(&self, m: Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(m) {
            let mut next = self.clone();
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(IllegalMoveError(m))
        }
    }

    /// Plays `m` in place without checking legality: the clocks, the count and the hash follow.
    ///
    /// # Panics
    /// May panic or leave a nonsensical position when `m` is not legal here; use it only with
    /// moves from [`Position::legal_moves`].
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let Some(role) = self.role_at(m.from) else {
            panic!("play_unchecked: no piece on {}", m.from);
        };
        let captured = self.role_at(m.to);
        if let Some(cap) = captured {
            self.remove(
                Piece {
                    color: them,
                    role: cap,
                },
                m.to,
            );
        }
        self.remove(Piece { color: us, role }, m.from);
        self.put(
            Piece {
                color: us,
                role: m.promotion.unwrap_or(role),
            },
            m.to,
        );
        self.halfmoves = if captured.is_some() || role == Role::Pawn {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= zobrist::BLACK_TO_MOVE;

        // The count: once set it only advances; it is set after a move of the attacking side
        // that leaves the side to move with a lone king and no pawn on the board.
        match &mut self.counting {
            Some(c) => c.ply = c.ply.saturating_add(1),
            None => {
                if self.by_role[Role::Pawn.index()].is_empty()
                    && self.by_color[them.index()].count() == 1
                {
                    let ours = self.by_color[us.index()];
                    let has = |r: Role| (ours & self.by_role[r.index()]).any();
                    if let Some(limit) =
                        Counting::limit_for(has(Role::Rook), has(Role::Khon), has(Role::Knight))
                    {
                        self.counting = Some(Counting {
                            limit_plies: limit,
                            ply: 0,
                        });
                    }
                }
            }
        }
    }

    /// `true` when `m` (legal here) captures a piece.
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        self.by_color[self.turn.other().index()].contains(m.to)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new(Rules::default())
    }
}
