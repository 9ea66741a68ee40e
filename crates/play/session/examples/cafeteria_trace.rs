//! Scratch: one game narrated, A against B. `cafeteria_trace A B SEED A_SEAT`
use messhall_cafeteria::{Game, Setup, words};
use messhall_dice::SeededDice;
mod bot_args;
fn main() {
    let args = bot_args::BotArgs::from_env("usage: cafeteria_trace A B SEED SEAT");
    let (a, b) = args.bots();
    let (seed, a_seat): (u64, u64) = (args.given(2).unwrap_or(1), args.given(3).unwrap_or(0));
    let mut bots: Vec<_> = (0..2u8).map(|p| if u64::from(p) == a_seat { &a } else { &b }.make(seed * 8 + u64::from(p))).collect();
    let mut dice = SeededDice::new(seed);
    let mut game = Game::new_narrated(Setup::new(2, &[]), &mut dice).unwrap();
    while !game.is_over() {
        let Some(s) = game.to_move() else { break };
        let p = game.students()[usize::from(s)].player;
        let action = bots[usize::from(p)].choose(&game);
        let pos: Vec<String> = game.students().iter().map(|st| format!("{:?}{:?}ar{}", st.pos, st.status, st.ar)).collect();
        let fac: Vec<String> = game.faculty().iter().map(|f| format!("{:?}", f.pos)).collect();
        println!("r{} p{} {} {} | students {:?} staff {:?}", game.round(), p, game.student_name(s), words::action(&game, &action), pos, fac);
        game.play_unchecked(&action, &mut dice);
        for n in game.take_events() { println!("    {}", words::event(&game, &n)); }
    }
}
