//! The names anonymous players start with: a cafeteria word pair and a number, told apart at a
//! glance in a lobby and changed by the player whenever it likes.

const MOODS: [&str; 16] = [
    "Hungry", "Crunchy", "Saucy", "Sticky", "Spicy", "Soggy", "Zesty", "Sneaky", "Toasty", "Fizzy", "Crispy", "Gooey",
    "Peppery", "Tangy", "Minty", "Salty",
];

const FOODS: [&str; 16] = [
    "Pickle", "Pancake", "Muffin", "Noodle", "Radish", "Pretzel", "Dumpling", "Waffle", "Meatball", "Turnip",
    "Biscuit", "Taco", "Crouton", "Cabbage", "Bagel", "Pudding",
];

/// The starting name of the player `id` (hex digits), e.g. `Saucy Noodle 42`.
pub fn anonymous(id: &str) -> String {
    let digit = |i: usize| {
        id.as_bytes()
            .get(i)
            .and_then(|b| (*b as char).to_digit(16))
            .unwrap_or(0) as usize
    };
    let number = digit(2) * 16 + digit(3);
    format!("{} {} {}", MOODS[digit(0)], FOODS[digit(1)], number % 100)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_name_is_made_from_the_id_and_fits_a_name() {
        assert_eq!(super::anonymous("00ff"), "Hungry Pickle 55");
        assert_eq!(super::anonymous("f1a2"), "Salty Pancake 62");
        assert!(super::anonymous("").chars().count() <= crate::limits::NAME_CHARS);
    }
}
