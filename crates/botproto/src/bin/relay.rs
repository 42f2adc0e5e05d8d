//! `tabletop-relay-bot GAME BOT`: a `tabletop-bot/1` program that plays with a built-in bot
//! (`thegame` or `powergrid`, and a bot name of that game's registry). See `botproto::relay`.

use botproto::relay::relay;
use std::io::{stdin, stdout, BufWriter};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, name] = args.as_slice() else {
        eprintln!("usage: tabletop-relay-bot thegame|powergrid BOT");
        return ExitCode::from(2);
    };
    let (input, output) = (stdin().lock(), BufWriter::new(stdout().lock()));
    let result = match game.as_str() {
        "thegame" => match bots::thegame::find(name) {
            Ok(entry) => relay::<thegame::State>(input, output, name, |_, seed| {
                let mut player = (entry.make)(seed);
                player.reset(seed);
                Box::new(bots::thegame::EngineBot::new(player))
            }),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
        "powergrid" => match bots::powergrid::find(name) {
            Ok(entry) => relay::<powergrid::State>(input, output, name, |_, seed| {
                (entry.make)(seed, &bots::powergrid::Config::default())
            }),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        },
        other => {
            eprintln!("unknown game {other:?}: thegame or powergrid");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabletop-relay-bot: {e}");
            ExitCode::FAILURE
        }
    }
}
