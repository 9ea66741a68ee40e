//! What a front end draws and offers, as serialisable data: the board (pieces with their
//! letters and names, energies, hands, neutral pieces), the actions open to the seat to act in a
//! form a user interface can offer directly, and each piece type's moves for diagrams. A front
//! end that reads these needs no rules of its own.

use crate::wire::ColourSchema;
use messhall_records::Seat;
use messhall_rules::{Color, Move, MoveKind, Role, Square, Variant};
use messhall_table::{Legal, Table, removed_pieces};
use serde::Serialize;
use std::collections::BTreeMap;

/// A square of the cafeteria, from the top left.
#[derive(Clone, Copy, Debug, utoipa::ToSchema)]
#[schema(as = Sq)]
#[allow(dead_code)]
pub(crate) struct SqSchema {
    /// Column, 0 at the left.
    x: u8,
    /// Row, 0 at the top.
    y: u8,
}

/// A chess board as a front end draws it.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct BoardView {
    /// Files (columns), `a` first.
    pub files: u8,
    /// Ranks (rows), 1 first.
    pub ranks: u8,
    /// The position in messhall's FEN.
    pub fen: String,
    /// The side to move.
    #[schema(value_type = ColourSchema)]
    pub side_to_move: Color,
    /// Every piece on the board.
    pub pieces: Vec<PieceView>,
    /// Squares of neutral pieces (the PieceEater).
    #[schema(value_type = Vec<String>)]
    pub neutrals: Vec<Square>,
    /// Pieces in hand, by side.
    pub hands: Vec<HandView>,
    /// What the variant calls a piece's energy (`Cal`), when pieces carry one.
    #[schema(required = true)]
    pub energy_name: Option<String>,
}

/// A piece on the board.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct PieceView {
    /// Where it stands.
    #[schema(value_type = String)]
    pub square: Square,
    /// Its side.
    #[schema(value_type = ColourSchema)]
    pub color: Color,
    /// Its type, an index into the variant's [`RoleView`]s.
    #[schema(value_type = u8)]
    pub role: Role,
    /// Its FEN letter (upper case for White).
    #[schema(value_type = String)]
    pub letter: char,
    /// Its name (`Rhubarb`).
    pub name: String,
    /// Its energy, in a variant whose pieces carry one.
    #[schema(required = true)]
    pub energy: Option<u16>,
    /// For a piece that borrows (a Friend): the friendly pieces that guard it and so lend to it,
    /// with what each lends; empty when none does. Absent for other pieces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub borrows: Option<Vec<LendView>>,
}

/// A piece lending its moves and powers to a borrower (a Friend).
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct LendView {
    /// Where the lender stands.
    #[schema(value_type = String)]
    pub square: Square,
    /// Its name (`Archer`).
    pub name: String,
    /// The types whose moves and powers it lends: its own, or for a lending borrower, what it
    /// borrowed that reaches the borrower through it.
    pub lends: Vec<String>,
}

/// Pieces of one type in a side's hand.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct HandView {
    /// The side.
    #[schema(value_type = ColourSchema)]
    pub color: Color,
    /// The type.
    #[schema(value_type = u8)]
    pub role: Role,
    /// Its letter.
    #[schema(value_type = String)]
    pub letter: char,
    /// Its name.
    pub name: String,
    /// How many.
    pub count: u8,
}

/// A piece type of a variant, for legends and diagrams.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct RoleView {
    /// The type's index.
    #[schema(value_type = u8)]
    pub role: Role,
    /// Its FEN letter.
    #[schema(value_type = String)]
    pub letter: char,
    /// Its name.
    pub name: String,
    /// Its moves in XBetza.
    pub betza: String,
    /// Its value in pawns' hundredths.
    pub value: i32,
    /// Whether losing it loses the game (a king).
    pub royal: bool,
    /// Whether it is a pawn.
    pub pawn: bool,
}

/// A legal move as a front end offers it, under its from-square.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct MoveView {
    /// Where the piece ends (for a rifle capture, the victim's square).
    #[schema(value_type = String)]
    pub to: Square,
    /// The move in coordinates, as the server and records read it (`e2e4`, `P@e4`, `e7e8q`).
    pub coordinates: String,
    /// The move in SAN.
    pub san: String,
    /// The letter of the type promoted to.
    #[schema(value_type = Option<String>, required = true)]
    pub promotion: Option<char>,
    /// What kind of move it is (`quiet`, `capture`, `castle`, `drop`...).
    #[schema(value_type = String)]
    pub kind: &'static str,
    /// Squares whose pieces the move removes.
    #[schema(value_type = Vec<String>)]
    pub victims: Vec<Square>,
}

/// A step a steering player may choose for a neutral piece.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct StepView {
    /// Where the piece would go (its own square: it stands still).
    #[schema(value_type = String)]
    pub to: Square,
    /// The step as the server reads it (`d4-e5`).
    pub text: String,
}

/// A cafeteria student's action as a front end offers it.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct StudentActionView {
    /// The action's text, as the server and the terminal read it.
    pub text: String,
    /// The action in the rules' words, food named (`throw the milk at Connie`).
    pub words: String,
    /// The action as data.
    #[schema(value_type = Object)]
    pub action: messhall_cafeteria::Action,
}

/// A walk the student to act can make this turn: several steps sent as one action.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct WalkView {
    /// Where it ends.
    #[schema(value_type = SqSchema)]
    pub to: messhall_cafeteria::Sq,
    /// The squares stepped to, in order (the last is `to`).
    #[schema(value_type = Vec<SqSchema>)]
    pub path: Vec<messhall_cafeteria::Sq>,
    /// The walk as the server reads it (`move c6 c5 c4`).
    pub text: String,
    /// The walk in the rules' words.
    pub words: String,
}

/// The actions open to one seat now.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum LegalView {
    /// Nothing: the game is over, or another seat is to act.
    Nothing,
    /// Chess moves, grouped by the square they start from (drops under `P@` with the piece's
    /// letter, a pass under `pass`).
    Moves {
        /// From-square (or drop or pass key) to the moves from there.
        from: BTreeMap<String, Vec<MoveView>>,
    },
    /// Steps of the neutral piece to choose from before moving.
    Steps {
        /// Where the piece stands.
        #[schema(value_type = String)]
        from: Square,
        /// Where it may go.
        steps: Vec<StepView>,
    },
    /// A cafeteria student's actions.
    Student {
        /// The student.
        #[schema(value_type = u8)]
        student: messhall_cafeteria::StudentId,
        /// What it may do.
        actions: Vec<StudentActionView>,
        /// The squares two steps or more away it can walk to this turn, each by a shortest
        /// path (squares one step away are among `actions`).
        walks: Vec<WalkView>,
    },
}

/// A cafeteria student as a front end shows it (what it carries is hidden: counts only).
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct StudentView {
    /// The student's number.
    #[schema(value_type = u8)]
    pub id: messhall_cafeteria::StudentId,
    /// Its name.
    pub name: String,
    /// The player (seat) running it.
    pub player: u8,
    /// Where it stands.
    #[schema(value_type = SqSchema)]
    pub square: messhall_cafeteria::Sq,
    /// Its Appearance Rating now, and at most.
    pub ar: u8,
    /// Its Appearance Rating at the start.
    pub max_ar: u8,
    /// Its Action Allowance.
    pub aa: u8,
    /// In the fight, retired or gone.
    #[schema(value_type = String)]
    pub status: messhall_cafeteria::Status,
    /// Whether it loses its next turn.
    pub stunned: bool,
    /// How many food counters it carries.
    pub carrying: usize,
}

/// A faculty/staff member as a front end shows it.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct FacultyView {
    /// Its name.
    pub name: String,
    /// Where it stands; `None` in the Lounge.
    #[schema(value_type = Option<SqSchema>, required = true)]
    pub square: Option<messhall_cafeteria::Sq>,
}

/// The cafeteria as a front end draws it.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
pub struct CafeteriaView {
    /// The round.
    pub round: u8,
    /// The students.
    pub students: Vec<StudentView>,
    /// The faculty and staff.
    pub faculty: Vec<FacultyView>,
    /// Squares with spilled food on the floor.
    #[schema(value_type = Vec<SqSchema>)]
    pub floor: Vec<messhall_cafeteria::Sq>,
    /// Food left in each of the five stacks of the Food Line.
    #[schema(value_type = Vec<u64>)]
    pub stacks: [usize; 5],
    /// The student whose turn it is; `None` between turns and at the end.
    #[schema(value_type = Option<u8>, required = true)]
    pub to_move: Option<messhall_cafeteria::StudentId>,
    /// The AA that student has left this turn.
    #[schema(required = true)]
    pub aa_left: Option<u8>,
}

/// Each piece type of a variant, in the variant's order.
pub fn roles(v: &Variant) -> Vec<RoleView> {
    v.roles()
        .map(|(role, info)| RoleView {
            role,
            letter: info.letter,
            name: info.name.clone(),
            betza: info.betza.clone(),
            value: info.value,
            royal: info.royal,
            pawn: info.pawn,
        })
        .collect()
}

/// The word for a kind of move.
pub fn kind_name(kind: MoveKind) -> &'static str {
    match kind {
        MoveKind::Quiet => "quiet",
        MoveKind::DoubleStep => "double-step",
        MoveKind::Capture => "capture",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Castle => "castle",
        MoveKind::Locust => "locust",
        MoveKind::Rifle => "rifle",
        MoveKind::Withdrawal => "withdrawal",
        MoveKind::Swap => "swap",
        MoveKind::Drop(_) => "drop",
        MoveKind::Pass => "pass",
    }
}

/// The chess board now; `None` at a cafeteria table.
pub fn board_view(table: &Table) -> Option<BoardView> {
    let chess = table.chess()?;
    Some(position_view(chess.variant(), chess.position()))
}

/// A position of `v` as the board draws it: its pieces with their names, energies and loans, the
/// neutral pieces and the hands.
pub fn position_view(v: &Variant, pos: &messhall_rules::Position) -> BoardView {
    let pieces = v
        .size()
        .squares()
        .filter_map(|square| {
            let piece = pos.piece_at(square)?;
            let role = piece.role();
            Some(PieceView {
                square,
                color: piece.color(),
                role,
                letter: v.piece_letter(piece),
                name: v.role(role).name.clone(),
                energy: v.carries_counter(role).then(|| pos.counter(square)),
                borrows: lenders(v, pos, square),
            })
        })
        .collect();
    let mut hands = Vec::new();
    for color in [Color::White, Color::Black] {
        for (role, info) in v.roles() {
            let count = pos.hand(color, role);
            if count > 0 {
                hands.push(HandView {
                    color,
                    role,
                    letter: info.letter,
                    name: info.name.clone(),
                    count,
                });
            }
        }
    }
    BoardView {
        files: v.size().files(),
        ranks: v.size().ranks(),
        fen: pos.to_fen(v),
        side_to_move: pos.side_to_move(),
        pieces,
        neutrals: pos.neutrals().into_iter().collect(),
        hands,
        energy_name: v.counter_name().map(String::from),
    }
}

/// The cafeteria now; `None` at a chess table.
pub fn cafeteria_view(table: &Table) -> Option<CafeteriaView> {
    Some(game_view(table.cafeteria()?.game()))
}

/// A cafeteria game as a front end draws it.
pub fn game_view(game: &messhall_cafeteria::Game) -> CafeteriaView {
    let students = game
        .students()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let id = i as messhall_cafeteria::StudentId;
            StudentView {
                id,
                name: game.student_name(id).to_string(),
                player: s.player,
                square: s.pos,
                ar: s.ar,
                max_ar: game.student_max_ar(id),
                aa: game.student_aa(id),
                status: s.status,
                stunned: s.stunned,
                carrying: match &s.hold {
                    messhall_cafeteria::Hold::Empty => 0,
                    messhall_cafeteria::Hold::Hands(f) | messhall_cafeteria::Hold::Tray(f) => f.len(),
                    _ => 1,
                },
            }
        })
        .collect();
    let faculty = game
        .faculty()
        .iter()
        .enumerate()
        .map(|(i, f)| FacultyView {
            name: game.faculty_name(i as messhall_cafeteria::FacultyId).to_string(),
            square: f.pos,
        })
        .collect();
    CafeteriaView {
        round: game.round(),
        students,
        faculty,
        floor: game.floor().iter().map(|(sq, _)| *sq).collect(),
        stacks: game.stack_sizes(),
        to_move: game.to_move(),
        aa_left: game.to_move().map(|_| game.aa_left()),
    }
}

/// The actions open to `seat` now, ready for a user interface (nothing when another seat is
/// to act or the game is over).
pub fn legal_view(table: &Table, seat: Seat) -> LegalView {
    if table.turn().seat() != Some(seat) {
        return LegalView::Nothing;
    }
    match (table.legal(), table.chess(), table.cafeteria()) {
        (Legal::Moves(_), Some(chess), _) => LegalView::Moves {
            from: move_views(chess.variant(), chess.position()),
        },
        (Legal::Steps(outcomes), Some(_), _) => LegalView::Steps {
            from: outcomes.first().map_or(Square::from_index(0), |o| o.from),
            steps: outcomes
                .iter()
                .map(|o| StepView {
                    to: o.to,
                    text: o.to_text(),
                })
                .collect(),
        },
        (Legal::Student(actions), _, Some(cafeteria)) => student_view(cafeteria.game(), actions),
        _ => LegalView::Nothing,
    }
}

/// `actions`, open to the student to act in `game`, ready for a user interface, with its walks.
pub fn student_view(game: &messhall_cafeteria::Game, actions: &[messhall_cafeteria::Action]) -> LegalView {
    LegalView::Student {
        student: game.to_move().unwrap_or_default(),
        actions: actions
            .iter()
            .map(|a| StudentActionView {
                text: game.action_name(a),
                words: messhall_cafeteria::words::action(game, a),
                action: a.clone(),
            })
            .collect(),
        walks: walk_views(game),
    }
}

/// The walks of two steps or more open to the student to act, from the rules' reachable squares.
fn walk_views(game: &messhall_cafeteria::Game) -> Vec<WalkView> {
    game.reachable()
        .into_iter()
        .filter(|(_, steps)| steps.len() > 1)
        .map(|(to, steps)| {
            let path: Vec<messhall_cafeteria::Sq> = steps
                .iter()
                .filter_map(|a| match a {
                    messhall_cafeteria::Action::Move(sq) => Some(*sq),
                    _ => None,
                })
                .collect();
            let walk = messhall_cafeteria::Action::Walk(path.clone());
            WalkView {
                to,
                path,
                text: game.action_name(&walk),
                words: messhall_cafeteria::words::action(game, &walk),
            }
        })
        .collect()
}

/// The legal moves of `pos` grouped by from-square, each with its SAN and victims.
/// The legal moves of `pos`, grouped by the square they start from.
pub fn move_views(v: &Variant, pos: &messhall_rules::Position) -> BTreeMap<String, Vec<MoveView>> {
    let mut from: BTreeMap<String, Vec<MoveView>> = BTreeMap::new();
    for (mv, san) in v.legal_moves_san(pos) {
        let key = match mv.kind() {
            MoveKind::Drop(role) => format!("{}@", v.role_letter(role).to_ascii_uppercase()),
            MoveKind::Pass => "pass".to_string(),
            _ => mv.from().to_string(),
        };
        from.entry(key).or_default().push(MoveView {
            to: mv.to(),
            coordinates: mv.to_coordinates(v),
            san,
            promotion: mv.promotion().map(|r| v.role_letter(r)),
            kind: kind_name(mv.kind()),
            victims: victims(v, pos, &mv),
        });
    }
    from
}

/// The squares whose pieces `mv` removes.
fn victims(v: &Variant, pos: &messhall_rules::Position, mv: &Move) -> Vec<Square> {
    let after = pos.play_unchecked(v, mv);
    let changed = messhall_table::changed_squares(v, pos, &after);
    removed_pieces(&changed, pos, &after, Some(mv))
        .into_iter()
        .map(|(sq, _)| sq)
        .collect()
}

/// The names of the types in a mask of roles (bit `r`: role `r`), in the variant's order.
fn type_names(v: &Variant, mask: u64) -> Vec<String> {
    v.roles()
        .filter(|(r, _)| mask >> r.0 & 1 == 1)
        .map(|(_, info)| info.name.clone())
        .collect()
}

/// Who lends what to the borrower on `sq`, as the rules work it out; `None` when no borrower
/// stands there.
fn lenders(v: &Variant, pos: &messhall_rules::Position, sq: Square) -> Option<Vec<LendView>> {
    let b = v.borrowed(pos, sq)?;
    let lends = b
        .lenders
        .iter()
        .filter_map(|at| {
            let piece = pos.piece_at(at)?;
            let own = v.role(piece.role());
            // A lending borrower passes on what it borrows; what reaches `sq` is in `b.roles`.
            let lent = match v.borrowed(pos, at) {
                Some(theirs) => type_names(v, theirs.roles & b.roles),
                None => vec![own.name.clone()],
            };
            Some(LendView {
                square: at,
                name: own.name.clone(),
                lends: lent,
            })
        })
        .collect();
    Some(lends)
}

#[cfg(test)]
mod tests {
    use super::*;
    use messhall_records::catalog;

    #[test]
    fn the_start_of_chess_offers_twenty_moves_from_ten_squares() {
        let table = Table::new(catalog::builtin("chess").unwrap(), &Default::default()).unwrap();
        let LegalView::Moves { from } = legal_view(&table, Seat(0)) else {
            panic!("moves expected")
        };
        assert_eq!(from.len(), 10);
        assert_eq!(from.values().map(Vec::len).sum::<usize>(), 20);
        let e2 = &from["e2"];
        assert!(
            e2.iter()
                .any(|m| m.coordinates == "e2e4" && m.san == "e4" && m.kind == "double-step")
        );
        assert_eq!(legal_view(&table, Seat(1)), LegalView::Nothing);
        let board = board_view(&table).unwrap();
        assert_eq!((board.files, board.ranks, board.pieces.len()), (8, 8, 32));
        assert!(
            board
                .pieces
                .iter()
                .any(|p| p.square.to_string() == "e1" && p.letter == 'K')
        );
    }

    #[test]
    fn a_capture_names_its_victim_and_calorie_pieces_show_energy() {
        let mut table = Table::new(catalog::builtin("calorie").unwrap(), &Default::default()).unwrap();
        for text in ["e4", "d5"] {
            let seat = table.turn().seat().unwrap();
            let action = table.parse_action(text).unwrap();
            table.try_act(seat, action).unwrap();
        }
        let LegalView::Moves { from } = legal_view(&table, Seat(0)) else {
            panic!("moves expected")
        };
        let capture = from["e4"].iter().find(|m| m.to.to_string() == "d5").unwrap();
        assert_eq!(capture.kind, "capture");
        assert_eq!(capture.victims.len(), 1);
        assert_eq!(capture.victims[0].to_string(), "d5");
        let board = board_view(&table).unwrap();
        assert!(board.energy_name.is_some());
        assert!(board.pieces.iter().any(|p| p.energy == Some(6)));
    }

    #[test]
    fn pieceeater_hands_and_cafeteria_students_are_shown() {
        let table = Table::new(catalog::builtin("pieceeater").unwrap(), &Default::default()).unwrap();
        let board = board_view(&table).unwrap();
        assert_eq!(board.neutrals.len(), 1);
        assert_eq!(board.hands.iter().map(|h| u32::from(h.count)).sum::<u32>(), 12);
        let cafeteria = Table::new(catalog::builtin("cafeteria").unwrap(), &Default::default()).unwrap();
        let view = cafeteria_view(&cafeteria).unwrap();
        assert!(!view.students.is_empty());
        let seat = cafeteria.turn().seat().unwrap();
        let LegalView::Student { actions, .. } = legal_view(&cafeteria, seat) else {
            panic!("student actions expected")
        };
        for a in &actions {
            assert_eq!(
                cafeteria.parse_action(&a.text).unwrap(),
                messhall_table::Action::Student(a.action.clone())
            );
        }
    }

    #[test]
    fn a_cafeteria_walk_is_offered_with_its_path_and_played_as_one_action() {
        let setup = messhall_table::TableSetup {
            seed: Some(messhall_dice::Seed::from_number(7)),
            ..Default::default()
        };
        let mut table = Table::new(catalog::builtin("cafeteria").unwrap(), &setup).unwrap();
        let seat = table.turn().seat().unwrap();
        // The first turn opens with the Food Line; the rest of it is walking.
        let LegalView::Student { actions, walks, .. } = legal_view(&table, seat) else {
            panic!("student actions expected")
        };
        assert!(walks.is_empty());
        assert!(
            actions[0].words.starts_with("go through the Food Line"),
            "{}",
            actions[0].words
        );
        let line = table.parse_action(&actions[0].text).unwrap();
        table.try_act(seat, line).unwrap();
        let LegalView::Student { student, walks, .. } = legal_view(&table, seat) else {
            panic!("student actions expected")
        };
        let view = cafeteria_view(&table).unwrap();
        assert_eq!(view.to_move, Some(student));
        let aa = view.aa_left.unwrap();
        let longest = walks.iter().max_by_key(|w| w.path.len()).unwrap();
        assert!(longest.path.len() <= usize::from(aa));
        assert!(longest.path.len() > 2, "{longest:?}");
        assert_eq!(longest.path.last(), Some(&longest.to));
        assert!(
            longest.words.starts_with(&format!("walk to {}", longest.to)),
            "{}",
            longest.words
        );
        let played = table.actions().len();
        let walk = table.parse_action(&longest.text).unwrap();
        table.try_act(seat, walk).unwrap();
        assert_eq!(table.actions().len(), played + 1, "one action");
        let game = table.cafeteria().unwrap().game();
        assert_eq!(game.students()[usize::from(student)].pos, longest.to);
    }

    #[test]
    fn the_board_view_says_who_lends_to_each_friend() {
        // The Caliph on d4 guards the Friend on f6, which lends it on to the Friend on g7.
        let setup = messhall_table::TableSetup {
            fen: Some("12/11f/12/12/12/6F5/5F6/12/3C8/12/12/11f w - - 0 1".to_string()),
            ..Default::default()
        };
        let t = Table::new(catalog::builtin("friendly").unwrap(), &setup).unwrap();
        let view = board_view(&t).unwrap();
        let lends = |sq: &str| {
            view.pieces
                .iter()
                .find(|p| p.square.to_string() == sq)
                .unwrap()
                .borrows
                .clone()
        };
        let f6 = lends("f6").unwrap();
        assert_eq!(f6.len(), 1, "{f6:?}");
        assert_eq!(
            (f6[0].square.to_string(), f6[0].name.as_str()),
            ("d4".to_string(), "Caliph")
        );
        assert_eq!(f6[0].lends, ["Caliph"]);
        let g7 = lends("g7").unwrap();
        assert_eq!(g7.len(), 1, "{g7:?}");
        assert_eq!(
            (g7[0].square.to_string(), g7[0].name.as_str()),
            ("f6".to_string(), "Friend")
        );
        assert_eq!(g7[0].lends, ["Caliph"]);
        // An unguarded Friend borrows nothing; a piece that does not borrow has no list.
        assert_eq!(lends("l11"), Some(Vec::new()));
        assert_eq!(lends("d4"), None);
    }
}
