//! The `tabletop` binary's integration tests, run on the binary as a user runs it, one module per
//! command or concern, built as one test binary: every test binary links the server and the bots
//! anew, so one binary builds in a fraction of the time one per file takes (`cargo test -p
//! tabletop --test it serve_kill::` runs one module's tests).

mod common;

mod analyze;
mod closed_pipe;
mod connect;
mod connect_seek;
mod powergrid_replay;
mod relay;
mod replay_thegame;
mod serve_analysis;
mod serve_friends;
mod serve_kill;
mod serve_log;
mod serve_postgres;
mod serve_secrets;
mod sim_log;
mod sim_swap;
mod sim_thegame;
