//! Board geometry: [`Square`]s named `a1` ... `p16`, [`BoardSize`]s from 4x4 to 16x16 and
//! [`SquareSet`]s of up to 256 squares.
//!
//! A square's index is `rank * 16 + file` whatever the board size, so a square means the same on
//! every board and a set needs no resizing; the board size only decides which squares exist.
//!
//! ```
//! use messhall_geometry::{BoardSize, Square};
//! let board = BoardSize::new(12, 12).unwrap();
//! let l12: Square = "l12".parse().unwrap();
//! assert!(board.contains(l12));
//! assert_eq!(board.offset(l12, 1, 0), None);
//! ```

#![warn(missing_docs)]

mod board;
mod set;
mod square;

pub use board::{BoardSize, SizeError};
pub use set::SquareSet;
pub use square::{Square, SquareError};
