//! A checked, compiled variant: what the rest of the program plays.

use crate::hooks::{GameRules, NoRules};
use crate::problem::{Locator, VariantProblem};
use crate::spec::{RoyalRule, StalemateRule, VariantSpec};
use crate::tables::Tables;
use crate::zobrist::Zobrist;
use crate::{Color, Piece, Position, Role, echo, piece::MAX_ROLES};
use messhall_betza::PieceMoves;
use messhall_geometry::{BoardSize, Square};
use std::sync::Arc;

/// The largest piece value, in centipawns, either way: a hundred pawns, far beyond any piece, and
/// small enough that the search's sums of values never overflow.
pub const MAX_VALUE: i32 = crate::limits::MAX_PIECE_VALUE;

/// The longest TOML syntax message an error repeats, in characters.
const MAX_SYNTAX_MESSAGE_CHARS: usize = 200;

/// Why a variant file was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The text is not TOML, or not of the shape of a variant file: reading stops at the first
    /// such fault.
    #[error("{file}: line {line}, column {column}: {message}")]
    Syntax {
        /// The file's name.
        file: String,
        /// Where the fault is, from 1.
        line: usize,
        /// Where the fault is on its line, from 1.
        column: usize,
        /// What is wrong, in one line.
        message: String,
    },
    /// The file reads, but its rules do not hold together: every fault found, each with its
    /// field and place. Shown as the first fault and a count of the rest, on one line;
    /// [`VariantError::lines`] gives each fault a line of its own.
    #[error("{}", summary(file, problems))]
    Invalid {
        /// The file's name.
        file: String,
        /// The faults, in the order of the file's checks (at least one).
        problems: Vec<VariantProblem>,
    },
}

impl VariantError {
    /// The faults of the file: one for a syntax error, each one found for a file that reads.
    pub fn problems(&self) -> Vec<VariantProblem> {
        match self {
            VariantError::Syntax {
                line, column, message, ..
            } => vec![VariantProblem {
                field: String::new(),
                line: *line,
                column: *column,
                message: message.clone(),
            }],
            VariantError::Invalid { problems, .. } => problems.clone(),
        }
    }

    /// Each fault on a line of its own, after the file's name: what a terminal shows.
    pub fn lines(&self) -> Vec<String> {
        match self {
            VariantError::Syntax { .. } => vec![self.to_string()],
            VariantError::Invalid { file, problems } => problems.iter().map(|p| format!("{file}: {p}")).collect(),
        }
    }
}

/// The first problem after the file's name, and how many more there are.
fn summary(file: &str, problems: &[VariantProblem]) -> String {
    match problems {
        [] => format!("{file}: not a valid variant"),
        [one] => format!("{file}: {one}"),
        [first, _] => format!("{file}: {first} (and 1 more problem)"),
        [first, rest @ ..] => format!("{file}: {first} (and {} more problems)", rest.len()),
    }
}

/// One piece type of a variant.
#[derive(Clone, Debug)]
pub struct RoleInfo {
    /// The FEN letter (uppercase; Black's pieces are written in lowercase).
    pub letter: char,
    /// The piece's name ("Knight", "Pancake").
    pub name: String,
    /// Its moves in XBetza, as the file wrote them.
    pub betza: String,
    /// Its moves compiled into tables.
    pub moves: PieceMoves,
    /// Centipawns (given, or derived from the moves).
    pub value: i32,
    /// Whether the piece is royal (check, mate and capture rules apply to it).
    pub royal: bool,
    /// Whether the piece is a pawn (the fifty-move rule, promotion and pawn structure).
    pub pawn: bool,
    /// Starting counter value (Calorie's energy).
    pub counter: u16,
}

/// A promotion rule: on arriving on `rank` (from the mover's side, from 0), pieces of a role in
/// `roles` become one of `choices`, or may stay unless `forced`.
#[derive(Clone, Debug)]
pub struct PromotionRule {
    /// The roles that promote, one bit each.
    pub roles: u64,
    /// The rank of promotion, from the mover's side, from 0.
    pub rank: u8,
    /// What a promoting piece may become.
    pub choices: Vec<Role>,
    /// Whether the piece must promote on arriving there.
    pub forced: bool,
}

/// One castling: a right, its royal and rook start squares, and where they land.
#[derive(Clone, Copy, Debug)]
pub struct CastlingSide {
    /// The side that castles.
    pub color: Color,
    /// Index of the right: 0 White kingside, 1 White queenside, 2 Black kingside, 3 Black queenside.
    pub right: usize,
    /// Where the royal piece starts.
    pub king_from: Square,
    /// Where the royal piece lands.
    pub king_to: Square,
    /// Where the rook starts.
    pub rook_from: Square,
    /// Where the rook lands.
    pub rook_to: Square,
}

/// Where roles may be dropped: `ranks` counted from the dropping side, from 0.
#[derive(Clone, Debug)]
pub struct DropRule {
    /// The roles that may be dropped, one bit each.
    pub roles: u64,
    /// The ranks they may be dropped on.
    pub ranks: Vec<u8>,
}

/// How the game ends.
#[derive(Clone, Debug)]
pub struct EndRules {
    /// How royal pieces are protected and lost.
    pub royal: RoyalRule,
    /// What stalemate means.
    pub stalemate: StalemateRule,
    /// The roles a side loses by losing all pieces of, one bit each (0: none).
    pub extinction: u64,
    /// Moves (by each side) without a capture or pawn move that draw (0: no such rule).
    pub fifty_moves: u32,
    /// How many times a position must occur to draw (0: no such rule).
    pub repetitions: u32,
}

/// A variant: board, pieces, rules and compiled tables.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The variant's name (`chess`, `foodfight`).
    pub(crate) name: String,
    /// The game's name for people (`Food Fight chess`).
    pub(crate) title: String,
    /// One line on what the game is.
    pub(crate) description: String,
    /// The rules in prose from the file's `rules_text`, if it has one.
    pub(crate) rules_text: Option<String>,
    /// The board's files and ranks.
    pub(crate) size: BoardSize,
    roles: Vec<RoleInfo>,
    by_letter: [Option<Role>; 128],
    /// The start position in FEN.
    pub(crate) start_fen: String,
    /// Its promotion rules.
    pub(crate) promotions: Vec<PromotionRule>,
    /// Its castlings.
    pub(crate) castling: Vec<CastlingSide>,
    /// Where pieces in hand may be dropped.
    pub(crate) drops: Vec<DropRule>,
    /// How the game ends.
    pub(crate) end: EndRules,
    /// The name of the pieces' counter, when its pieces carry one (`energy` in Calorie Chess).
    pub(crate) counter_name: Option<String>,
    /// The game's special rules, through the hooks of [`GameRules`].
    pub(crate) rules: Arc<dyn GameRules>,
    pub(crate) royal_roles: u64,
    pub(crate) pawn_roles: u64,
    /// Roles some promotion rule names: the moves of the others skip the promotion rules.
    pub(crate) promoting_roles: u64,
    /// Per colour, the ranks (bit `r` for rank `r` from 0, from White's side) where some
    /// promotion rule applies to that colour's pieces.
    pub(crate) promotion_ranks: [u32; 2],
    /// Roles whose pieces carry a counter (a variant file gives them a starting `counter`).
    pub(crate) counter_roles: u64,
    pub(crate) tables: Tables,
    pub(crate) zobrist: Zobrist,
    /// Start squares of each piece code, for deciding which pieces have moved when a FEN does not say.
    pub(crate) start_board: [u8; 256],
    /// Roles whose never-moved state changes what they can do (initial moves, castling).
    pub(crate) tracks_unmoved: u64,
    /// The pieces' powers beyond moving and capturing, if any piece has some.
    pub(crate) powers: Option<crate::powers::Powers>,
}

impl Variant {
    /// The variant's name (`chess`, `foodfight`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The game's name for people (`Food Fight chess`): the file's `title`, else its `name`.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// One line on what the game is.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The rules in prose from the file's `rules_text`, if it has one.
    pub fn rules_text(&self) -> Option<&str> {
        self.rules_text.as_deref()
    }

    /// The board's files and ranks.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The start position in FEN.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// Its promotion rules.
    pub fn promotions(&self) -> &[PromotionRule] {
        &self.promotions
    }

    /// Its castlings.
    pub fn castling(&self) -> &[CastlingSide] {
        &self.castling
    }

    /// Where pieces in hand may be dropped.
    pub fn drops(&self) -> &[DropRule] {
        &self.drops
    }

    /// How the game ends.
    pub fn end(&self) -> &EndRules {
        &self.end
    }

    /// The name of the pieces' counter, when its pieces carry one (`energy` in Calorie Chess).
    pub fn counter_name(&self) -> Option<&str> {
        self.counter_name.as_deref()
    }

    /// The game's special rules, through the hooks of [`GameRules`].
    pub fn rules(&self) -> &Arc<dyn GameRules> {
        &self.rules
    }

    /// The same variant under another name (a variant derived from a built-in one).
    pub fn renamed(mut self, name: impl Into<String>) -> Variant {
        self.name = name.into();
        self
    }

    /// The same variant with `rules` as its special rules instead (a wrapper around the old
    /// ones, say).
    pub fn with_game_rules(mut self, rules: Arc<dyn GameRules>) -> Variant {
        self.rules = rules;
        self
    }

    /// Reads a variant file's text. `file` names it in error messages.
    pub fn spec_from_toml(file: &str, text: &str) -> Result<VariantSpec, VariantError> {
        let mut spec: VariantSpec = toml::from_str(text).map_err(|e| {
            let (line, column) = match e.span() {
                Some(span) => {
                    let before = &text[..span.start.min(text.len())];
                    (
                        before.matches('\n').count() + 1,
                        before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1,
                    )
                }
                None => (0, 0),
            };
            // The parser's message quotes the offending key whole: cut it to a line's length.
            // It may also quote the input's own control characters: escaped, to keep one line.
            let message = crate::echo::one_line(e.message(), MAX_SYNTAX_MESSAGE_CHARS);
            VariantError::Syntax {
                file: file.to_string(),
                line,
                column,
                message,
            }
        })?;
        spec.source = Some(text.to_string());
        Ok(spec)
    }

    /// Checks and compiles a variant with no special rules.
    pub fn new(file: &str, spec: &VariantSpec) -> Result<Variant, VariantError> {
        Variant::with_rules(file, spec, Arc::new(NoRules))
    }

    /// Checks and compiles a variant whose special rules are `rules`.
    ///
    /// # Errors
    /// [`VariantError::Invalid`] with every fault found: the checks that do not depend on each
    /// other all run, so a file with several independent faults reports each of them.
    pub fn with_rules(file: &str, spec: &VariantSpec, rules: Arc<dyn GameRules>) -> Result<Variant, VariantError> {
        let mut found = Locator::new(spec.source.as_deref());
        let fail = |found: Locator<'_>| VariantError::Invalid {
            file: file.to_string(),
            problems: found.found,
        };
        crate::limits::check_spec(spec, &mut found);
        let size = BoardSize::new(spec.files, spec.ranks);
        if let Err(e) = &size {
            found.add("files", e.to_string());
        }
        if spec.pieces.is_empty() {
            found.add("piece", "no [[piece]] defined");
        }
        if spec.pieces.len() > MAX_ROLES {
            found.add(
                "piece",
                format!("{} piece types; at most {MAX_ROLES}", spec.pieces.len()),
            );
        }
        let mut roles = Vec::new();
        let mut by_letter = [None; 128];
        for (i, p) in spec.pieces.iter().enumerate().take(MAX_ROLES) {
            let letter = p.letter.to_ascii_uppercase();
            let field = |f: &str| format!("piece[{i}].{f}");
            if !letter.is_ascii_uppercase() {
                found.add(
                    &field("letter"),
                    format!("piece {:?}: letter '{}' must be a letter A-Z", echo(&p.name), p.letter),
                );
            } else if by_letter[letter as usize].is_some() {
                found.add(
                    &field("letter"),
                    format!("piece {:?}: letter '{letter}' is used twice", echo(&p.name)),
                );
            } else {
                by_letter[letter as usize] = Some(Role(i as u8));
                by_letter[letter.to_ascii_lowercase() as usize] = Some(Role(i as u8));
            }
            let mut moves = PieceMoves::default();
            if !found.has(&field("betza")) {
                match messhall_betza::parse(&p.betza) {
                    Ok(m) => match crate::limits::check_moves(&p.name, "betza", &m) {
                        Ok(()) => moves = m,
                        Err(e) => found.add(&field("betza"), e),
                    },
                    Err(e) => found.add(&field("betza"), format!("piece {:?}: {e}", echo(&p.name))),
                }
            }
            let value = p
                .value
                .unwrap_or_else(|| crate::value::derived_value(&moves).min(crate::limits::MAX_PIECE_VALUE));
            roles.push(RoleInfo {
                letter,
                name: p.name.clone(),
                betza: p.betza.clone(),
                moves,
                value,
                royal: p.royal,
                pawn: p.pawn,
                counter: p.counter.unwrap_or(0),
            });
        }
        // The pieces a field names by their letters; a letter no piece has is a fault of the field.
        let letters = |found: &mut Locator<'_>, field: &str, what: &str, text: &str| -> u64 {
            let mut mask = 0u64;
            for c in text.chars().filter(|c| !c.is_whitespace()) {
                match by_letter.get(c as usize).copied().flatten() {
                    Some(r) => mask |= 1 << r.0,
                    None => {
                        // One fault a field: the first letter it names wrong.
                        found.add(field, format!("{what}: '{c}' is not a piece letter of this variant"));
                        break;
                    }
                }
            }
            mask
        };
        let pawn_roles = roles
            .iter()
            .enumerate()
            .filter(|(_, r)| r.pawn)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        let royal_roles = roles
            .iter()
            .enumerate()
            .filter(|(_, r)| r.royal)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        let mut promotions = Vec::new();
        for (i, p) in spec.promotion.iter().enumerate() {
            let table = "[[promotion]]";
            let field = |f: &str| format!("promotion[{i}].{f}");
            let mask = match &p.pieces {
                Some(text) => letters(&mut found, &field("pieces"), &format!("{table} pieces"), text),
                None => pawn_roles,
            };
            if p.rank == 0 || p.rank > spec.ranks {
                found.add(
                    &field("rank"),
                    format!("{table} rank {} is not a rank of a {}-rank board", p.rank, spec.ranks),
                );
            }
            // Checked by `letters`; kept in the order the file gives them (the order of prompts).
            letters(&mut found, &field("choices"), &format!("{table} choices"), &p.choices);
            let mut choices: Vec<Role> = Vec::new();
            for c in p.choices.chars().filter(|c| !c.is_whitespace()) {
                if let Some(r) = by_letter
                    .get(c as usize)
                    .copied()
                    .flatten()
                    .filter(|r| !choices.contains(r))
                {
                    choices.push(r);
                }
            }
            if choices.is_empty() && !found.has(&field("choices")) {
                found.add(&field("choices"), format!("{table} on rank {} has no choices", p.rank));
            }
            // A promotion makes neither a royal (a second King would change what check and mate
            // mean) nor a pawn (which could promote again): no game of RULINGS has either.
            for &r in &choices {
                let what = if royal_roles >> r.0 & 1 == 1 {
                    "royal"
                } else if pawn_roles >> r.0 & 1 == 1 {
                    "a pawn"
                } else {
                    continue;
                };
                let role = &roles[r.index()];
                found.add(
                    &field("choices"),
                    format!(
                        "{table} on rank {}: choice '{}' ({}) is {what}; a promotion may not make one",
                        p.rank, role.letter, role.name
                    ),
                );
            }
            promotions.push(PromotionRule {
                roles: mask,
                rank: p.rank.saturating_sub(1).min(u32::from(u8::MAX)) as u8,
                choices,
                forced: p.forced,
            });
        }
        let mut drops = Vec::new();
        for (i, d) in spec.drops.iter().enumerate() {
            let field = |f: &str| format!("drops[{i}].{f}");
            let mask = letters(&mut found, &field("pieces"), "[[drops]] pieces", &d.pieces);
            let mut ranks = Vec::new();
            for &r in &d.ranks {
                if r == 0 || r > spec.ranks {
                    found.add(
                        &field("ranks"),
                        format!("[[drops]] rank {r} is not a rank of a {}-rank board", spec.ranks),
                    );
                    continue;
                }
                let rank = (r - 1) as u8;
                // Each (piece, rank) once, or its drops would be listed twice.
                if let Some(earlier) = drops
                    .iter()
                    .find(|e: &&DropRule| e.roles & mask != 0 && e.ranks.contains(&rank))
                {
                    let both = (earlier.roles & mask).trailing_zeros() as usize;
                    found.add(
                        &field("ranks"),
                        format!("[[drops]]: '{}' on rank {r} is given by two tables", roles[both].letter),
                    );
                }
                // A piece dropped where it must promote would stand where no game can have it.
                if let Some(rule) = promotions
                    .iter()
                    .find(|p: &&PromotionRule| p.forced && p.rank == rank && p.roles & mask != 0)
                {
                    let piece = (rule.roles & mask).trailing_zeros() as usize;
                    found.add(
                        &field("ranks"),
                        format!(
                            "[[drops]]: '{}' may not be dropped on rank {r}, where it must promote",
                            roles[piece].letter
                        ),
                    );
                }
                if !ranks.contains(&rank) {
                    ranks.push(rank);
                }
            }
            drops.push(DropRule { roles: mask, ranks });
        }
        let extinction = match &spec.end.extinction {
            Some(text) => letters(&mut found, "end.extinction", "[end] extinction", text),
            None => 0,
        };
        if royal_roles == 0 && spec.end.extinction.as_deref().is_none_or(|t| t.trim().is_empty()) {
            found.add(
                "piece",
                "no piece has `royal = true` and [end] names no extinction pieces: the game could not be won",
            );
        }
        let end = EndRules {
            royal: spec.end.royal,
            stalemate: spec.end.stalemate,
            extinction,
            fifty_moves: spec.end.fifty_moves,
            repetitions: spec.end.repetitions,
        };
        let mut extra_moves = Vec::new();
        let powers = match crate::powers::Powers::compile(&spec.pieces, &mut extra_moves) {
            Ok(powers) => powers,
            Err(e) => {
                found.add("piece", e);
                None
            }
        };
        if spec.pieces.len() + extra_moves.len() > MAX_ROLES {
            found.add(
                "piece",
                format!(
                    "{} piece types and {} sets of moves-while-attacked; at most {MAX_ROLES} in all",
                    spec.pieces.len(),
                    extra_moves.len()
                ),
            );
        }
        // What follows compiles the pieces and reads the start position with them: only a
        // variant without faults so far gets that far.
        let size = match size {
            Ok(size) if found.found.is_empty() => size,
            _ => return Err(fail(found)),
        };
        let mut moves: Vec<PieceMoves> = roles.iter().map(|r| r.moves.clone()).collect();
        moves.extend(extra_moves.iter().cloned());
        let tables = match Tables::build(size, &moves) {
            Ok(tables) => tables,
            Err(e) => {
                // Past the pieces come their `when_attacked` moves, in the pieces' order.
                let (i, field) = match spec.pieces.get(e.piece) {
                    Some(_) => (e.piece, "betza"),
                    None => (
                        spec.pieces
                            .iter()
                            .enumerate()
                            .filter(|(_, p)| p.when_attacked.is_some())
                            .nth(e.piece - spec.pieces.len())
                            .map_or(0, |(i, _)| i),
                        "when_attacked",
                    ),
                };
                let name = spec.pieces.get(i).map_or("?", |p| p.name.as_str());
                found.add(
                    &format!("piece[{i}].{field}"),
                    format!(
                        "piece {name:?}: {field}: its moves reach {} squares from {}; at most {}",
                        e.targets,
                        e.square,
                        crate::limits::MAX_TARGETS_PER_SQUARE
                    ),
                );
                return Err(fail(found));
            }
        };
        let mut tracks_unmoved = 0u64;
        for (i, r) in roles.iter().enumerate() {
            if r.moves.moves.iter().any(|m| m.initial_only) {
                tracks_unmoved |= 1 << i;
            }
        }
        if let Some(p) = &powers {
            // A borrower may borrow initial moves while it has not moved.
            tracks_unmoved |= p.borrowers;
        }
        let promoting_roles = promotions.iter().fold(0u64, |m, p: &PromotionRule| m | p.roles);
        let mut promotion_ranks = [0u32; 2];
        for p in promotions.iter().filter(|p| p.rank < size.ranks()) {
            promotion_ranks[Color::White.index()] |= 1 << p.rank;
            promotion_ranks[Color::Black.index()] |= 1 << (size.ranks() - 1 - p.rank);
        }
        let mut variant = Variant {
            name: spec.name.clone(),
            title: spec.title.clone().unwrap_or_else(|| spec.name.clone()),
            description: spec.description.clone(),
            rules_text: spec.rules_text.clone(),
            size,
            roles,
            by_letter,
            start_fen: spec.start.clone(),
            promotions,
            castling: Vec::new(),
            drops,
            end,
            counter_name: spec.counter.clone(),
            rules,
            royal_roles,
            pawn_roles,
            promoting_roles,
            promotion_ranks,
            counter_roles: spec
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.counter.is_some())
                .fold(0u64, |m, (i, _)| m | 1 << i),
            zobrist: Zobrist::new(spec.pieces.len()),
            tables,
            start_board: [0; 256],
            tracks_unmoved,
            powers,
        };
        if let Some(mut p) = variant.powers.take() {
            p.build_spans(&variant);
            variant.powers = Some(p);
        }
        // The start position: parsed without castling first, since castling squares come from it.
        match crate::fen::parse_board_only(&variant, &spec.start) {
            Ok(start) => variant.start_board = start,
            Err(e) => {
                found.add("start", format!("start position: {e}"));
                return Err(fail(found));
            }
        }
        if let Some(c) = &spec.castling {
            match castling_sides(&variant, c) {
                Ok(sides) => variant.castling = sides,
                Err(m) => {
                    // The start position's castling rights need the castling: not read without.
                    found.add("castling", format!("[castling]: {m}"));
                    return Err(fail(found));
                }
            }
        }
        if let Err(e) = Position::from_fen(&variant, &spec.start) {
            found.add("start", format!("start position: {e}"));
        }
        if found.found.is_empty() {
            Ok(variant)
        } else {
            Err(fail(found))
        }
    }

    /// Piece type by index.
    ///
    /// # Panics
    /// If `role` is not one of the variant's (from a record or a program's own bug: check ids
    /// from outside with [`Variant::try_role`]).
    pub fn role(&self, role: Role) -> &RoleInfo {
        &self.roles[role.index()]
    }

    /// Piece type by index; `None` when the variant has no such role.
    pub fn try_role(&self, role: Role) -> Option<&RoleInfo> {
        self.roles.get(role.index())
    }

    /// The letter of a role, `?` for a role the variant does not have (so that writing a move
    /// read from a tampered record never panics).
    pub fn role_letter(&self, role: Role) -> char {
        self.try_role(role).map_or('?', |r| r.letter)
    }

    /// Every role with its description, in the order of the file.
    pub fn roles(&self) -> impl Iterator<Item = (Role, &RoleInfo)> {
        self.roles.iter().enumerate().map(|(i, r)| (Role(i as u8), r))
    }

    /// How many piece types the variant has.
    pub fn role_count(&self) -> usize {
        self.roles.len()
    }

    /// The role written with `letter` (either case).
    pub fn role_by_letter(&self, letter: char) -> Option<Role> {
        self.by_letter.get(letter as usize).copied().flatten()
    }

    /// The FEN letter of a piece: uppercase for White.
    pub fn piece_letter(&self, piece: Piece) -> char {
        let l = self.role(piece.role()).letter;
        match piece.color() {
            Color::White => l,
            Color::Black => l.to_ascii_lowercase(),
        }
    }

    /// Whether pieces of `role` are royal.
    pub fn is_royal(&self, role: Role) -> bool {
        role.in_mask(self.royal_roles)
    }

    /// Whether pieces of `role` carry a counter (Calorie's energy; a King's is unlimited: none).
    pub fn carries_counter(&self, role: Role) -> bool {
        self.counter_roles >> role.0 & 1 == 1
    }

    /// Whether pieces of `role` are pawns.
    pub fn is_pawn(&self, role: Role) -> bool {
        role.in_mask(self.pawn_roles)
    }

    /// The start position.
    pub fn start(&self) -> Position {
        // Checked in `with_rules`, so this parse cannot fail.
        Position::from_fen(self, &self.start_fen).unwrap_or_else(|_| Position::empty(self))
    }

    /// Rank of `sq` counted from `color`'s side, from 0.
    pub fn relative_rank(&self, color: Color, sq: Square) -> u8 {
        match color {
            Color::White => sq.rank(),
            Color::Black => self.size.ranks() - 1 - sq.rank(),
        }
    }
}

fn castling_sides(v: &Variant, c: &crate::spec::CastlingSpec) -> Result<Vec<CastlingSide>, String> {
    let king = v
        .role_by_letter(c.king)
        .ok_or(format!("king '{}' is not a piece letter", c.king))?;
    let rook = v
        .role_by_letter(c.rook)
        .ok_or(format!("rook '{}' is not a piece letter", c.rook))?;
    let file_of = |ch: char| -> Result<u8, String> {
        let f = (ch as u32).wrapping_sub('a' as u32);
        if f < u32::from(v.size.files()) {
            Ok(f as u8)
        } else {
            Err(format!("file '{ch}' is not on the board"))
        }
    };
    let (ks, qs) = (file_of(c.kingside_file)?, file_of(c.queenside_file)?);
    // The rook lands beside the king, on the side it comes from: it needs a file there.
    if ks == 0 {
        return Err(format!(
            "kingside_file '{}': the rook would land left of the king, off the board",
            c.kingside_file
        ));
    }
    if qs + 1 >= v.size.files() {
        return Err(format!(
            "queenside_file '{}': the rook would land right of the king, off the board",
            c.queenside_file
        ));
    }
    if qs >= ks {
        return Err(format!(
            "queenside_file '{}' must be left of kingside_file '{}'",
            c.queenside_file, c.kingside_file
        ));
    }
    let mut sides = Vec::new();
    for color in Color::ALL {
        let rank = if color == Color::White { 0 } else { v.size.ranks() - 1 };
        let on_rank = |role: Role| {
            (0..v.size.files())
                .filter_map(move |f| Square::new(f, rank))
                .filter(move |s| v.start_board[s.index()] == Piece::new(color, role).code())
        };
        let k = on_rank(king).next().ok_or(format!(
            "no {} king on its first rank in the start position",
            color.name()
        ))?;
        let right_rook = on_rank(rook).rfind(|s| s.file() > k.file());
        let left_rook = on_rank(rook).find(|s| s.file() < k.file());
        for (i, rook_sq, king_file) in [(0, right_rook, ks), (1, left_rook, qs)] {
            let Some(rook_from) = rook_sq else { continue };
            let rook_file = if i == 0 { king_file - 1 } else { king_file + 1 };
            sides.push(CastlingSide {
                color,
                right: color.index() * 2 + i,
                king_from: k,
                king_to: Square::new(king_file, rank).ok_or("bad king file")?,
                rook_from,
                rook_to: Square::new(rook_file, rank).ok_or("bad rook file")?,
            });
        }
    }
    Ok(sides)
}
