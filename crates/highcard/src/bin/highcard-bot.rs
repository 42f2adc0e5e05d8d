//! `highcard-bot BOT`: a `tabletop-bot/1` program (docs/bot-protocol.md) that plays High Card
//! with one of its registered bots (default `high`), for the tests that seat an external bot.

use std::process::ExitCode;

fn main() -> ExitCode {
    let name = std::env::args().nth(1).unwrap_or_else(|| "high".to_owned());
    let (input, output) = (std::io::stdin().lock(), std::io::stdout().lock());
    match botproto::relay::relay_registered::<highcard::HighCard>(&name, input, output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("highcard-bot: {e}");
            ExitCode::FAILURE
        }
    }
}
