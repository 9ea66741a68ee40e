//! What happens in a game, as values: every action played returns the events it caused, with the
//! dice rolled and what they decided. Food a student holds face down appears only in events seen by
//! that student's player (see [`Seen`]); the wording is in [`crate::words`].

use serde::{Deserialize, Serialize};

use crate::action::{FacultyId, FoodId, StudentId, Target};
use crate::data::{Dir, Sq};
use crate::game::{EndKind, Mystery};

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seen {
    /// Every player and onlooker.
    Everyone,
    /// Only this player (0-based): the event names food held face down.
    Player(u8),
}

/// An event and who may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// What happened.
    pub event: Event,
    /// Who may see it.
    pub seen_by: Seen,
}

impl Note {
    /// Whether `viewer` may see this event: `Some(player)` for a player, `None` for an onlooker who
    /// sees only what everyone sees.
    pub fn visible_to(&self, viewer: Option<u8>) -> bool {
        match self.seen_by {
            Seen::Everyone => true,
            Seen::Player(p) => viewer == Some(p),
        }
    }
}

/// How food was sent at a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attack {
    /// Thrown.
    Throw,
    /// Squirted from the pumper.
    Squirt,
    /// The bowl's greens or curd dumped.
    DumpBowl,
    /// One item of a dumped tray.
    DumpTray,
    /// One item of a Last Ditch Assault.
    LastDitch,
    /// A Food-Off attack.
    FoodOff,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A student is placed on a numbered square (A New Beginning).
    StartsOn {
        /// Who.
        student: StudentId,
        /// Where.
        sq: Sq,
    },
    /// A round begins.
    RoundStarted(u8),
    /// A garbage can is back on its home square.
    CanBack {
        /// Which can.
        can: u8,
        /// Its home.
        sq: Sq,
    },
    /// A stunned student loses the turn.
    TurnLost(StudentId),
    /// A student's turn begins.
    TurnStarted {
        /// Whose turn.
        student: StudentId,
        /// Action Allowance.
        aa: u8,
    },
    /// A student ends the turn.
    TurnEnded {
        /// Who.
        student: StudentId,
        /// AA left unused.
        unused: u8,
    },
    /// The first attack of the game: the alarm sounds and the faculty will come.
    FightStarted,
    /// Mystery Meat's numbers are rolled.
    MysteryRevealed(Mystery),
    /// A student goes through the Food Line.
    FoodLine {
        /// Who.
        student: StudentId,
        /// Whether a tray was taken.
        tray: bool,
        /// Food counters taken (face down: see [`Event::Gets`]).
        count: u8,
    },
    /// Food a student takes face down (seen only by the student's player).
    Gets {
        /// Who.
        student: StudentId,
        /// The counters.
        foods: Vec<FoodId>,
    },
    /// Food a student puts away unseen (seen only by the student's player).
    Gives {
        /// Who.
        student: StudentId,
        /// The counters.
        foods: Vec<FoodId>,
    },
    /// A student steps to a neighbouring square.
    Moved {
        /// Who.
        student: StudentId,
        /// Where to.
        to: Sq,
    },
    /// A student leaves the tipped table, which is set upright.
    LeftTable(StudentId),
    /// A student picks up a garbage can from its home and rolls its fullness.
    TookCan {
        /// Who.
        student: StudentId,
        /// The fullness roll (1d6).
        roll: u8,
        /// The fullness, after food fed into the can.
        fullness: u8,
    },
    /// A student picks up the can lying at the feet again.
    TookCanAgain(StudentId),
    /// A student steps into spilled food and rolls against its slipperiness.
    SlipRoll {
        /// Who.
        student: StudentId,
        /// The square's slipperiness.
        slipperiness: u16,
        /// The roll (1d6): a slip when not above the slipperiness.
        roll: u8,
    },
    /// A student slips: the slip table's roll and what it costs.
    Slipped {
        /// Who.
        student: StudentId,
        /// The slip table roll (1d6).
        roll: u8,
        /// Everything carried leaves play.
        loses_items: bool,
        /// Damage follows (see [`Event::StudentHurt`]).
        hurt: bool,
        /// AA lost.
        aa_lost: u8,
        /// Stunned (see [`Event::StudentStunned`]).
        stunned: bool,
    },
    /// A student takes damage.
    StudentHurt {
        /// Who.
        student: StudentId,
        /// Damage.
        damage: u16,
        /// Appearance Rating left.
        ar: u8,
    },
    /// A student's AR reached 0: the student retires.
    Retired(StudentId),
    /// A student is stunned and drops everything.
    StudentStunned(StudentId),
    /// A staff member takes damage.
    FacultyHurt {
        /// Who.
        faculty: FacultyId,
        /// Damage.
        damage: u16,
        /// Damage taken this round.
        total: u16,
        /// The member's Nerve/Stamina Rating.
        nsr: u16,
    },
    /// A staff member is immobilized through the next round.
    FacultyImmobilized(FacultyId),
    /// A stun roll after a hit.
    StunRoll {
        /// Who may be stunned.
        target: Target,
        /// The roll (1d6).
        roll: u8,
        /// Stuns on this or more.
        on: u8,
    },
    /// Food thrown at a target out of reach falls short.
    FallsShort {
        /// The thrower.
        student: StudentId,
        /// The food.
        food: FoodId,
        /// The target.
        target: Target,
    },
    /// An attack roll with food: 2d6 against the To Hit number.
    Attack {
        /// How.
        how: Attack,
        /// The attacker.
        student: StudentId,
        /// The food (for a squirt the pumper, for a dumped bowl its content).
        food: FoodId,
        /// The target.
        target: Target,
        /// The roll (2d6).
        roll: u8,
        /// The To Hit number.
        to_hit: u8,
        /// Whether it hit.
        hit: bool,
    },
    /// A tray is dumped on a target (each item follows as an [`Event::Attack`]).
    DumpedTray {
        /// Who dumps.
        student: StudentId,
        /// On whom.
        target: Target,
    },
    /// A Food-Off attack's damage.
    FoodOffDamage {
        /// The attacker.
        student: StudentId,
        /// Damage.
        damage: u16,
    },
    /// Missed food lands on a square.
    Lands {
        /// The food.
        food: FoodId,
        /// Where.
        sq: Sq,
    },
    /// Missed food finds no room on the floor and leaves play.
    NoRoom(FoodId),
    /// A student puts down a tray and what is on it.
    DroppedTray(StudentId),
    /// A student puts down the can, pumper or bowl.
    DroppedHeld(StudentId),
    /// A student puts down a carried food (face down: see [`Event::Gives`]).
    Dropped(StudentId),
    /// A student throws a food into a garbage can (which food: see [`Event::Gives`]).
    FedCan {
        /// Who.
        student: StudentId,
        /// Which can.
        can: u8,
    },
    /// A student takes the tray lying on a table.
    TookTray {
        /// Who.
        student: StudentId,
        /// Which table.
        table: u8,
    },
    /// A student takes a counter from the salad bar (face up).
    TookSalad {
        /// Who.
        student: StudentId,
        /// Which counter.
        food: FoodId,
    },
    /// A student searches a table for food.
    Searched {
        /// Who.
        student: StudentId,
        /// Which table.
        table: u8,
        /// The roll (1d6): 6 finds nothing, else one slot per family up to the roll.
        roll: u8,
        /// Counters lying there face down.
        found: u8,
    },
    /// A student picks up food found on a table (which: see [`Event::Gets`]).
    PickedUp {
        /// Who.
        student: StudentId,
        /// How many counters.
        count: u8,
    },
    /// A student spills a garbage can.
    Spilled {
        /// Who.
        student: StudentId,
        /// The can's fullness.
        fullness: u8,
        /// Toward where.
        dir: Dir,
    },
    /// A spilled can's wave against someone in its line.
    SpillRoll {
        /// Who is in the way.
        target: Target,
        /// Squares from the spiller.
        distance: u8,
        /// The attacker's roll (fullness d6).
        attack: u16,
        /// The defence roll (distance d6).
        defence: u16,
    },
    /// A student tries to tip a table.
    TipRoll {
        /// Who.
        student: StudentId,
        /// Which table.
        table: u8,
        /// The roll (2d6).
        roll: u8,
        /// The roll less the subtraction, tipping when not above the AA.
        value: u8,
        /// The student's AA.
        aa: u8,
    },
    /// A student tips a table and hides behind it.
    Tipped {
        /// Who.
        student: StudentId,
        /// Which table.
        table: u8,
    },
    /// A staff member notices a tipped table and will go for it next round.
    Noticed {
        /// Who.
        faculty: FacultyId,
        /// Which table.
        table: u8,
    },
    /// A staff member comes in from the Lounge through the member's own entry.
    Entered(FacultyId),
    /// A staff member with several students equally near picks one.
    GoesFor {
        /// Who.
        faculty: FacultyId,
        /// After whom.
        student: StudentId,
    },
    /// A staff member steps to a square.
    FacultyMoved {
        /// Who.
        faculty: FacultyId,
        /// Where to.
        to: Sq,
    },
    /// A staff member wades into spilled food and rolls against the MR.
    Wades {
        /// Who.
        faculty: FacultyId,
        /// The roll (1d6): stops when above the MR.
        roll: u8,
        /// Movement Rate.
        mr: u8,
    },
    /// A staff member finds the student hiding behind a tipped table.
    FoundHiding {
        /// Who finds.
        faculty: FacultyId,
        /// Who hid.
        student: StudentId,
    },
    /// A staff member catches a student.
    Caught {
        /// Who catches.
        faculty: FacultyId,
        /// Who is caught.
        student: StudentId,
    },
    /// A caught student makes a Last Ditch Assault with all that is carried.
    LastDitch(StudentId),
    /// A garbage can empties over a staff member in a Last Ditch Assault.
    CanEmptied(FacultyId),
    /// The Last Ditch Assault works: the student is free, but the member holds a grudge.
    Escaped {
        /// Who escapes.
        student: StudentId,
        /// Who holds the grudge.
        faculty: FacultyId,
    },
    /// A staff member takes a student to the Principal's Office.
    HauledAway {
        /// Who.
        faculty: FacultyId,
        /// Whom.
        student: StudentId,
    },
    /// Nobody has thrown anything for too long.
    NoThrow,
    /// The last round is over and the survivors hold a Food-Off.
    FoodOffStarts,
    /// The game is over.
    GameOver {
        /// How it ended.
        kind: EndKind,
        /// The winning students.
        winners: Vec<StudentId>,
    },
}
