//! The server's integration tests, one module per concern, built as one test binary: every test
//! binary compiles and links the whole server anew, so one binary builds in a fraction of the
//! time one per file takes (`cargo test -p server --test it ws::` runs one module's tests).

mod common;

mod accounts;
mod analysis_api;
mod bot_accounts;
mod connections;
mod edges;
mod finished;
mod friends;
mod games;
mod http;
mod limits;
mod open_games;
mod ratings;
mod replay;
mod restart;
mod round_cap;
mod ws;
