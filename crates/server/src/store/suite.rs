//! One test suite for every [`Store`]: each case runs against SQLite (in memory) and, when the
//! environment names a test database in `TABLETOP_TEST_POSTGRES`
//! (e.g. `postgres://postgres@127.0.0.1:5439/tabletop_test`), against PostgreSQL in a schema of
//! its own. Without the variable the PostgreSQL half prints why it is skipped and passes.

use super::accounts::{
    AccountId, AccountStore, GameResult, NewAccount, Rate, RatingPoint, SeatOwner,
};
use super::analyses::{AnalysisOutcome, AnalysisStatus, Requested};
use super::*;
use std::time::Duration;

pub(crate) const TEST_DATABASE_VAR: &str = "TABLETOP_TEST_POSTGRES";

/// A PostgreSQL store in a fresh schema of the test database, or `None` (after saying why)
/// when no test database is configured.
pub(crate) async fn postgres() -> Option<PgStore> {
    let config = fresh_schema().await?;
    Some(PgStore::connect_with(config).await.expect("connect"))
}

/// A configuration whose `search_path` is a new, empty schema of the test database.
pub(crate) async fn fresh_schema() -> Option<tokio_postgres::Config> {
    let Ok(url) = std::env::var(TEST_DATABASE_VAR) else {
        eprintln!("skipped: set {TEST_DATABASE_VAR} to a PostgreSQL URL to run this test");
        return None;
    };
    let config: tokio_postgres::Config = url.parse().expect("a PostgreSQL URL");
    let (client, connection) = config
        .connect(tokio_postgres::NoTls)
        .await
        .expect("the test database");
    tokio::spawn(connection);
    let schema = format!("t{:016x}", rand::random::<u64>());
    client
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .await
        .expect("create schema");
    let mut config = config;
    config.options(format!("-c search_path={schema}"));
    Some(config)
}

pub(crate) fn game(id: &str) -> StoredGame {
    StoredGame {
        id: id.into(),
        kind: "k".into(),
        setup: "{}".into(),
        seats: vec![
            StoredSeat {
                bot: None,
                token: Some(TokenHash([id.as_bytes()[0]; 32])),
                name: Some("Ann".into()),
                ..StoredSeat::default()
            },
            StoredSeat {
                bot: Some("random".into()),
                ..StoredSeat::default()
            },
        ],
        created_at: 1,
        actions: vec![],
        options: r#"{"clock":{"type":"per_move","seconds":60}}"#.into(),
        creator: Some(TokenHash([7; 32])),
        // Unique per game: PostgreSQL keeps one rematch per game.
        rematch_of: Some(format!("before-{id}")),
    }
}

pub(crate) fn action(seq: u64) -> StoredAction {
    StoredAction {
        seq,
        seat: 0,
        action: format!("{{\"n\":{seq}}}"),
        kind: if seq.is_multiple_of(7) {
            RecordKind::Undo
        } else {
            RecordKind::Action
        },
        at_ms: 1_764_000_000_000 + seq as i64,
    }
}

async fn games_and_actions_round_trip(store: &dyn Store) {
    store.create_game(game("a")).await.unwrap();
    store.create_game(game("b")).await.unwrap();
    let commits: Vec<_> = (1..=50)
        .map(|i| store.append_action("a", action(i)))
        .collect();
    for c in commits {
        c.await.unwrap();
    }
    assert_round_trip(&store.load().unwrap());
}

/// `games`, as loaded, are [`game`] "a" with actions 1 to 50, then a game with none.
pub(crate) fn assert_round_trip(games: &[StoredGame]) {
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].id, "a");
    assert_eq!(games[0].seats, game("a").seats);
    assert_eq!(games[0].actions, (1..=50).map(action).collect::<Vec<_>>());
    assert!(games[1].actions.is_empty());
    assert_eq!(games[0].options, game("a").options);
    assert_eq!(games[0].creator, game("a").creator);
    assert_eq!(games[0].rematch_of, game("a").rematch_of);
}

async fn names_change_and_a_seat_is_claimed_only_once(store: &dyn Store) {
    let mut g = game("a");
    g.seats[0].token = None;
    store.create_game(g).await.unwrap();
    store.set_name("a", 0, Some("Bea".into())).await.unwrap();
    store.claim_seat("a", 0, TokenHash([9; 32])).await.unwrap();
    assert!(store.claim_seat("a", 0, TokenHash([8; 32])).await.is_err());
    assert!(store.claim_seat("a", 1, TokenHash([8; 32])).await.is_err());
    assert!(store.set_name("a", 5, None).await.is_err());
    let games = store.load().unwrap();
    assert_eq!(games[0].seats[0].name.as_deref(), Some("Bea"));
    assert_eq!(games[0].seats[0].token, Some(TokenHash([9; 32])));
}

async fn a_duplicate_action_fails_alone_and_others_in_its_batch_commit(store: &dyn Store) {
    store.create_game(game("a")).await.unwrap();
    store.create_game(game("b")).await.unwrap();
    store.append_action("a", action(1)).await.unwrap();
    let dup = store.append_action("a", action(1));
    let ok = store.append_action("b", action(1));
    assert!(dup.await.is_err());
    ok.await.unwrap();
    let games = store.load().unwrap();
    assert_eq!(games[0].actions.len(), 1);
    assert_eq!(games[1].actions.len(), 1);
}

async fn an_action_for_a_missing_game_is_refused(store: &dyn Store) {
    assert!(store.append_action("nope", action(1)).await.is_err());
    // The store still works afterwards.
    store.create_game(game("a")).await.unwrap();
    store.append_action("a", action(1)).await.unwrap();
}

async fn finished_games_are_loaded_on_demand_only(store: &dyn Store) {
    store.create_game(game("a")).await.unwrap();
    let mut b = game("b");
    b.rematch_of = Some("a".into());
    store.create_game(b).await.unwrap();
    store.append_action("a", action(1)).await.unwrap();
    store.mark_finished("a").await.unwrap();
    let live: Vec<String> = store
        .load_unfinished()
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(live, ["b"]);
    let (a, rematch) = store.load_finished("a").await.unwrap().unwrap();
    assert_eq!(a.actions, [action(1)]);
    assert_eq!(rematch.as_deref(), Some("b"));
    assert!(store.load_finished("b").await.unwrap().is_none());
    assert!(store.load_game("a").await.unwrap().is_none());
    assert_eq!(store.load_game("b").await.unwrap().unwrap().id, "b");
    assert!(store.load_game("zz").await.unwrap().is_none());
}

/// The analysis of game `id` as stored (it must have one).
async fn analysis_of(store: &dyn Store, id: &str) -> analyses::StoredAnalysis {
    store.analyses().analysis(id).await.unwrap().unwrap()
}

/// Checks a store migrated from before analyses, which held a finished game `old` (seat 0 Ann's,
/// one action at 77 ms) and a live game `live`: both are intact, `old` has no analysis until
/// asked, and `live` is queued when it finishes.
pub(crate) async fn assert_upgraded_with_analyses(store: &dyn Store) {
    let (old, _) = store.load_finished("old").await.unwrap().unwrap();
    assert_eq!(old.seats[0].name.as_deref(), Some("Ann"));
    assert_eq!(old.actions[0].at_ms, 77);
    assert_eq!(store.load_game("live").await.unwrap().unwrap().id, "live");
    let analyses = store.analyses();
    assert!(analyses.analysis("old").await.unwrap().is_none());
    let Requested::Now(asked) = analyses.request_analysis("old", 9, 10).await.unwrap() else {
        panic!("refused")
    };
    assert_eq!(asked.status, AnalysisStatus::Queued);
    store.mark_finished("live").await.unwrap();
    assert_eq!(
        analyses.claim_analysis(10).await.unwrap().as_deref(),
        Some("old")
    );
    assert_eq!(
        analyses.claim_analysis(11).await.unwrap().as_deref(),
        Some("live")
    );
}

async fn finished_games_are_queued_for_analysis_and_claimed_oldest_first(store: &dyn Store) {
    for id in ["a", "b", "c"] {
        store.create_game(game(id)).await.unwrap();
    }
    let analyses = store.analyses();
    assert!(analyses.analysis("a").await.unwrap().is_none());
    assert!(analyses.claim_analysis(1).await.unwrap().is_none());
    store.mark_finished("a").await.unwrap();
    store.mark_finished("b").await.unwrap();
    let a = analysis_of(store, "a").await;
    assert_eq!((a.status, a.position), (AnalysisStatus::Queued, Some(1)));
    assert_eq!(analysis_of(store, "b").await.position, Some(2));
    assert!(analyses.analysis("c").await.unwrap().is_none());

    assert_eq!(
        analyses.claim_analysis(10).await.unwrap().as_deref(),
        Some("a")
    );
    let a = analysis_of(store, "a").await;
    assert_eq!(
        (a.status, a.position, a.started_at_ms),
        (AnalysisStatus::Running, None, Some(10))
    );
    assert_eq!(analysis_of(store, "b").await.position, Some(1));
    let done = AnalysisOutcome::Done {
        report: r#"{"decisions":[]}"#.into(),
        samples: 4,
        seed: u64::MAX - 1,
    };
    analyses.finish_analysis("a", done, 20).await.unwrap();
    let a = analysis_of(store, "a").await;
    assert_eq!(a.status, AnalysisStatus::Done);
    assert_eq!(a.report.as_deref(), Some(r#"{"decisions":[]}"#));
    assert_eq!((a.samples, a.seed), (Some(4), Some(u64::MAX - 1)));
    assert_eq!(a.finished_at_ms, Some(20));
    // Marking it finished again (a restart finishing it again) keeps the report.
    store.mark_finished("a").await.unwrap();
    assert_eq!(analysis_of(store, "a").await.status, AnalysisStatus::Done);

    // A process that stops with an analysis running leaves it to be queued again.
    assert_eq!(
        analyses.claim_analysis(30).await.unwrap().as_deref(),
        Some("b")
    );
    assert!(analyses.claim_analysis(31).await.unwrap().is_none());
    assert_eq!(analyses.requeue_running().await.unwrap(), 1);
    let b = analysis_of(store, "b").await;
    assert_eq!((b.status, b.position), (AnalysisStatus::Queued, Some(1)));
    assert_eq!(
        analyses.claim_analysis(40).await.unwrap().as_deref(),
        Some("b")
    );
    let failed = AnalysisOutcome::Failed("no".into());
    analyses.finish_analysis("b", failed, 50).await.unwrap();
    let b = analysis_of(store, "b").await;
    assert_eq!(
        (b.status, b.error.as_deref()),
        (AnalysisStatus::Failed, Some("no"))
    );
}

async fn a_request_queues_an_analysis_once_and_within_the_bound(store: &dyn Store) {
    for id in ["a", "b", "c"] {
        store.create_game(game(id)).await.unwrap();
    }
    let analyses = store.analyses();
    let Requested::Now(a) = analyses.request_analysis("a", 100, 2).await.unwrap() else {
        panic!("refused")
    };
    assert_eq!(
        (a.status, a.position, a.queued_at_ms),
        (AnalysisStatus::Queued, Some(1), 100)
    );
    // Asking again changes nothing, even when the queue is full.
    let again = analyses.request_analysis("a", 200, 1).await.unwrap();
    assert_eq!(again, Requested::Now(a.clone()));
    let Requested::Now(b) = analyses.request_analysis("b", 150, 2).await.unwrap() else {
        panic!("refused")
    };
    assert_eq!(b.position, Some(2));
    assert_eq!(
        analyses.request_analysis("c", 160, 2).await.unwrap(),
        Requested::Full { queued: 2 }
    );
    assert!(analyses.analysis("c").await.unwrap().is_none());
    // A failed analysis is queued again on request, at the back; a done one is left alone.
    assert_eq!(
        analyses.claim_analysis(300).await.unwrap().as_deref(),
        Some("a")
    );
    analyses
        .finish_analysis("a", AnalysisOutcome::Failed("x".into()), 301)
        .await
        .unwrap();
    let Requested::Now(a) = analyses.request_analysis("a", 400, 2).await.unwrap() else {
        panic!("refused")
    };
    assert_eq!(
        (a.status, a.position, a.error),
        (AnalysisStatus::Queued, Some(2), None)
    );
    assert_eq!(
        analyses.claim_analysis(500).await.unwrap().as_deref(),
        Some("b")
    );
    let done = AnalysisOutcome::Done {
        report: "{}".into(),
        samples: 1,
        seed: 3,
    };
    analyses.finish_analysis("b", done, 501).await.unwrap();
    let Requested::Now(b) = analyses.request_analysis("b", 600, 2).await.unwrap() else {
        panic!("refused")
    };
    assert_eq!(
        (b.status, b.report.as_deref()),
        (AnalysisStatus::Done, Some("{}"))
    );
}

fn hint(game: &str, seat: u8, step: u64, text: &str) -> analyses::StoredHint {
    analyses::StoredHint {
        game: game.into(),
        seat,
        step,
        action: format!("{{\"type\":\"{text}\"}}"),
        text: text.into(),
        at_ms: 1_764_000_000_000 + step as i64,
    }
}

async fn hints_are_stored_once_per_seat_and_step_in_step_order(store: &dyn Store) {
    store.create_game(game("a")).await.unwrap();
    store.create_game(game("b")).await.unwrap();
    let analyses = store.analyses();
    assert!(analyses.hints("a").await.unwrap().is_empty());
    analyses.add_hint(hint("a", 1, 7, "pass")).await.unwrap();
    analyses.add_hint(hint("a", 0, 3, "buy")).await.unwrap();
    analyses.add_hint(hint("a", 0, 7, "bid")).await.unwrap();
    analyses.add_hint(hint("b", 0, 1, "end")).await.unwrap();
    // The same seat and step again: the first hint stays.
    analyses.add_hint(hint("a", 0, 3, "other")).await.unwrap();
    assert_eq!(
        analyses.hints("a").await.unwrap(),
        [
            hint("a", 0, 3, "buy"),
            hint("a", 0, 7, "bid"),
            hint("a", 1, 7, "pass")
        ]
    );
    assert_eq!(analyses.hints("b").await.unwrap(), [hint("b", 0, 1, "end")]);
}

async fn records_after_a_version_come_in_order(store: &dyn Store) {
    store.create_game(game("a")).await.unwrap();
    for i in 1..=9 {
        store.append_action("a", action(i)).await.unwrap();
    }
    let after = store.records_after("a", 6).await.unwrap();
    assert_eq!(after, (7..=9).map(action).collect::<Vec<_>>());
    assert!(store.records_after("a", 9).await.unwrap().is_empty());
    assert!(store.records_after("none", 0).await.unwrap().is_empty());
}

async fn seats_are_found_by_token(store: &dyn Store) {
    store.create_game(game("a")).await.unwrap();
    store.create_game(game("b")).await.unwrap();
    let found = store
        .find_seats(vec![
            TokenHash([b'b'; 32]),
            TokenHash([1; 32]),
            TokenHash([b'a'; 32]),
        ])
        .await
        .unwrap();
    assert_eq!(
        found,
        [
            (TokenHash([b'b'; 32]), "b".to_owned(), 0),
            (TokenHash([b'a'; 32]), "a".to_owned(), 0)
        ]
    );
}

fn new_account(name: &str, bot: bool) -> NewAccount {
    NewAccount {
        name: name.into(),
        name_key: name.to_lowercase(),
        password_hash: (!bot).then(|| format!("$argon2id$v=19$hash-of-{name}")),
        bot,
        created_at: 100,
    }
}

/// A new account named `name` in `accounts`.
async fn make(accounts: &Arc<dyn AccountStore>, name: &str, bot: bool) -> AccountId {
    accounts
        .create_account(new_account(name, bot))
        .await
        .unwrap()
        .expect("a new name")
}

/// Checks a game that the schema before accounts stored, as the migration tests of both
/// databases write it (seat 0 Ann's with token `[1; 32]`, seat 1 the heuristic bot, one action
/// at 77 ms), after the upgrade: intact, and its seat can be owned by a new account.
pub(crate) async fn assert_upgraded_with_accounts(store: &dyn Store, game: &StoredGame) {
    assert_eq!(game.options, "{\"undo\":false}");
    assert_eq!(game.seats[0].token, Some(TokenHash([1; 32])));
    assert_eq!(game.seats[0].name.as_deref(), Some("Ann"));
    assert_eq!((game.seats[0].account, game.seats[0].open), (None, false));
    assert_eq!(game.seats[1].bot.as_deref(), Some("heuristic"));
    assert_eq!(game.actions[0].at_ms, 77);
    let accounts = store.accounts();
    let ann = make(&accounts, "Ann", false).await;
    let owned = accounts
        .own_seats(ann, vec![TokenHash([1; 32])])
        .await
        .unwrap();
    assert_eq!(owned, [(game.id.clone(), 0)]);
}

async fn accounts_are_unique_by_name_and_a_deleted_one_frees_its_name(store: &dyn Store) {
    let accounts = store.accounts();
    let ann = accounts
        .create_account(new_account("Ann", false))
        .await
        .unwrap()
        .expect("a new name");
    assert_eq!(
        accounts
            .create_account(new_account("ANN", false))
            .await
            .unwrap(),
        None,
        "one account per name key"
    );
    let found = accounts.account_named("ann").await.unwrap().unwrap();
    assert_eq!(found.id, ann);
    assert_eq!(found.name.as_deref(), Some("Ann"));
    assert_eq!(
        found.password_hash.as_deref(),
        Some("$argon2id$v=19$hash-of-Ann")
    );
    assert!(!found.bot);
    assert!(accounts.account_named("bob").await.unwrap().is_none());
    assert!(accounts.delete_account(ann).await.unwrap());
    assert!(!accounts.delete_account(ann).await.unwrap(), "deleted once");
    assert!(accounts.account_named("ann").await.unwrap().is_none());
    let gone = accounts.account(ann).await.unwrap().unwrap();
    assert_eq!((gone.name, gone.password_hash), (None, None));
    let again = accounts
        .create_account(new_account("ann", false))
        .await
        .unwrap()
        .expect("the name is free again");
    assert_ne!(again, ann);
}

async fn sessions_and_api_tokens_name_their_account_until_ended(store: &dyn Store) {
    let accounts = store.accounts();
    let ann = make(&accounts, "Ann", false).await;
    let bot = make(&accounts, "Robo", true).await;
    let (session, old) = (TokenHash([1; 32]), TokenHash([2; 32]));
    accounts.create_session(session, ann, 1_000).await.unwrap();
    accounts.create_session(old, ann, 500).await.unwrap();
    let by_session = accounts.session_account(session, 999).await.unwrap();
    assert_eq!(by_session.map(|a| a.id), Some(ann));
    assert!(
        accounts
            .session_account(session, 1_000)
            .await
            .unwrap()
            .is_none(),
        "expired at its time"
    );
    assert!(accounts.session_account(old, 600).await.unwrap().is_none());
    accounts.delete_session(session).await.unwrap();
    assert!(accounts
        .session_account(session, 0)
        .await
        .unwrap()
        .is_none());
    accounts.delete_session(session).await.unwrap();
    let token = TokenHash([3; 32]);
    accounts
        .create_api_token(token, bot, "seeker".into(), 100)
        .await
        .unwrap();
    let by_token = accounts.api_token_account(token).await.unwrap().unwrap();
    assert_eq!(
        (by_token.id, by_token.bot, by_token.password_hash),
        (bot, true, None)
    );
    assert!(accounts.api_token_account(session).await.unwrap().is_none());
    // Deleting an account ends its sessions and tokens.
    accounts.create_session(session, bot, 1_000).await.unwrap();
    assert!(accounts.delete_account(bot).await.unwrap());
    assert!(accounts.api_token_account(token).await.unwrap().is_none());
    assert!(accounts
        .session_account(session, 0)
        .await
        .unwrap()
        .is_none());
}

async fn bot_accounts_belong_to_their_owner_and_go_with_them(store: &dyn Store) {
    let accounts = store.accounts();
    let ann = make(&accounts, "Ann", false).await;
    let bea = make(&accounts, "Bea", false).await;
    let robo = accounts
        .create_bot_account(ann, "Robo".into(), "robo".into(), 200)
        .await
        .unwrap()
        .expect("a new name");
    assert_eq!(
        accounts
            .create_bot_account(bea, "ROBO".into(), "robo".into(), 200)
            .await
            .unwrap(),
        None,
        "bots and people share one name space"
    );
    assert_eq!(
        accounts
            .create_account(new_account("robo", false))
            .await
            .unwrap(),
        None
    );
    let stored = accounts.account(robo).await.unwrap().unwrap();
    assert_eq!((stored.bot, stored.password_hash), (true, None));
    let (one, two) = (TokenHash([4; 32]), TokenHash([5; 32]));
    accounts
        .create_api_token(one, robo, "a".into(), 201)
        .await
        .unwrap();
    accounts
        .create_api_token(two, robo, "b".into(), 202)
        .await
        .unwrap();
    let owned = accounts.bots_of(ann).await.unwrap();
    assert_eq!(owned.len(), 1);
    assert_eq!((owned[0].account.id, owned[0].tokens), (robo, 2));
    assert_eq!(owned[0].account.name.as_deref(), Some("Robo"));
    assert!(accounts.bots_of(bea).await.unwrap().is_empty());
    assert_eq!(accounts.revoke_api_tokens(robo).await.unwrap(), 2);
    assert!(accounts.api_token_account(one).await.unwrap().is_none());
    assert!(accounts.api_token_account(two).await.unwrap().is_none());
    assert_eq!(accounts.revoke_api_tokens(robo).await.unwrap(), 0);
    assert_eq!(accounts.bots_of(ann).await.unwrap()[0].tokens, 0);
    // Deleting the owner deletes the bot: its token, its name, its seats' names.
    accounts
        .create_api_token(one, robo, "c".into(), 203)
        .await
        .unwrap();
    let mut g = game("r");
    g.seats[0].account = Some(robo);
    store.create_game(g).await.unwrap();
    assert!(accounts.delete_account(ann).await.unwrap());
    assert!(accounts.api_token_account(one).await.unwrap().is_none());
    assert!(accounts.account_named("robo").await.unwrap().is_none());
    assert_eq!(accounts.account(robo).await.unwrap().unwrap().name, None);
    let r = store.load_game("r").await.unwrap().unwrap();
    assert_eq!(r.seats[0].name.as_deref(), Some(accounts::DELETED_NAME));
    assert!(accounts.bots_of(ann).await.unwrap().is_empty());
    assert!(
        accounts.account_named("bea").await.unwrap().is_some(),
        "others stay"
    );
}

async fn seats_are_owned_once_and_open_seats_close_when_claimed(store: &dyn Store) {
    let accounts = store.accounts();
    let ann = make(&accounts, "Ann", false).await;
    let bea = make(&accounts, "Bea", false).await;
    let mut a = game("a");
    a.seats[0].account = Some(ann);
    a.seats.push(StoredSeat {
        open: true,
        ..StoredSeat::default()
    });
    store.create_game(a).await.unwrap();
    store.create_game(game("b")).await.unwrap();
    let loaded = store.load().unwrap();
    assert_eq!(loaded[0].seats[0].account, Some(ann));
    assert!(loaded[0].seats[2].open);
    assert!(!loaded[0].seats[0].open);
    store.claim_seat("a", 2, TokenHash([9; 32])).await.unwrap();
    let loaded = store.load().unwrap();
    assert!(!loaded[0].seats[2].open, "a claimed seat is no longer open");
    assert_eq!(loaded[0].seats[2].token, Some(TokenHash([9; 32])));
    // Bea claims the seats her browser holds: b's seat 0 and a's seat 2; a's seat 0 is Ann's.
    let owned = accounts
        .own_seats(
            bea,
            vec![
                TokenHash([b'b'; 32]),
                TokenHash([b'a'; 32]),
                TokenHash([9; 32]),
                TokenHash([4; 32]),
            ],
        )
        .await
        .unwrap();
    assert_eq!(owned, [("b".to_owned(), 0), ("a".to_owned(), 2)]);
    let again = accounts
        .own_seats(bea, vec![TokenHash([b'b'; 32])])
        .await
        .unwrap();
    assert_eq!(again, [("b".to_owned(), 0)], "claiming twice is harmless");
    let mut seats: Vec<(String, u8)> = accounts
        .seats_of(bea)
        .await
        .unwrap()
        .into_iter()
        .map(|s| (s.game, s.seat))
        .collect();
    seats.sort();
    assert_eq!(seats, [("a".to_owned(), 2), ("b".to_owned(), 0)]);
    let owners = accounts.seat_owners("a").await.unwrap();
    let owner = |account, name: Option<&str>| {
        Some(SeatOwner {
            account,
            name: name.map(str::to_owned),
            bot: false,
        })
    };
    assert_eq!(
        owners,
        [owner(ann, Some("Ann")), None, owner(bea, Some("Bea"))]
    );
    // A deleted account's seats stay, named as deleted.
    accounts.delete_account(ann).await.unwrap();
    assert_eq!(
        accounts.seat_owners("a").await.unwrap()[0],
        owner(ann, None)
    );
    let loaded = store.load().unwrap();
    assert_eq!(
        loaded[0].seats[0].name.as_deref(),
        Some(accounts::DELETED_NAME)
    );
    assert_eq!(loaded[0].seats[2].name, None, "Bea's seat keeps its name");
    let ann_seats = accounts.seats_of(ann).await.unwrap();
    assert_eq!(ann_seats.len(), 1);
    assert_eq!(
        (ann_seats[0].kind.as_str(), ann_seats[0].finished),
        ("k", false)
    );
}

fn result(game: &str, seat: u8, account: AccountId, place: u8, score: i64) -> GameResult {
    GameResult {
        game: game.into(),
        seat,
        account,
        kind: "k".into(),
        players: 2,
        place,
        won: place == 1,
        score,
        finished_at: 200,
        rated: true,
    }
}

/// A [`Rate`] that gives `points`, whatever the current ratings.
fn fixed(points: Vec<RatingPoint>) -> Option<Rate> {
    Some(Box::new(move |_: &[RatingPoint]| points))
}

fn point(game: &str, account: AccountId, rating: f64, deviation: f64) -> RatingPoint {
    RatingPoint {
        account,
        kind: "k".into(),
        game: game.into(),
        at: 200,
        rating,
        deviation,
    }
}

async fn results_and_ratings_are_stored_once_and_ranked(store: &dyn Store) {
    let accounts = store.accounts();
    let ann = make(&accounts, "Ann", false).await;
    let robo = make(&accounts, "Robo", true).await;
    let cy = make(&accounts, "Cy", false).await;
    for id in ["a", "b", "c"] {
        store.create_game(game(id)).await.unwrap();
    }
    let a = (
        vec![result("a", 0, ann, 1, 3), result("a", 1, robo, 2, 9)],
        vec![point("a", ann, 27.0, 7.0), point("a", robo, 23.0, 7.0)],
    );
    assert!(accounts
        .record_results(a.0.clone(), fixed(a.1.clone()))
        .await
        .unwrap());
    let never: Rate = Box::new(|_: &[RatingPoint]| panic!("a stored game is not rated again"));
    assert!(
        !accounts
            .record_results(a.0.clone(), Some(never))
            .await
            .unwrap(),
        "a game's results are stored once"
    );
    // The ratings are computed from those stored before, inside the transaction.
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let saw = seen.clone();
    let rate_b: Rate = Box::new(move |current: &[RatingPoint]| {
        *saw.lock().unwrap() = current.to_vec();
        vec![point("b", robo, 26.0, 6.0), point("b", ann, 25.0, 6.5)]
    });
    assert!(accounts
        .record_results(
            vec![result("b", 0, robo, 1, 5), result("b", 1, ann, 2, 4)],
            Some(rate_b),
        )
        .await
        .unwrap());
    let mut seen = seen.lock().unwrap().clone();
    seen.sort_by_key(|p| p.account);
    let mut expected = a.1.clone();
    expected.sort_by_key(|p| p.account);
    assert_eq!(
        seen, expected,
        "the rater sees each account's current rating"
    );
    assert!(accounts
        .record_results(
            vec![result("c", 0, cy, 1, 1), result("c", 1, robo, 2, 2)],
            fixed(vec![point("c", cy, 35.0, 8.0), point("c", robo, 27.0, 5.0)]),
        )
        .await
        .unwrap());
    let history = accounts.rating_history(ann).await.unwrap();
    assert_eq!(
        history,
        [point("a", ann, 27.0, 7.0), point("b", ann, 25.0, 6.5)]
    );
    let current = accounts
        .current_ratings("k", vec![robo, ann, 999])
        .await
        .unwrap();
    assert_eq!(
        current,
        [point("c", robo, 27.0, 5.0), point("b", ann, 25.0, 6.5)]
    );
    assert!(accounts
        .current_ratings("other", vec![ann])
        .await
        .unwrap()
        .is_empty());
    // Conservative order: Robo 27 - 15 = 12, Cy 35 - 24 = 11, Ann 25 - 19.5 = 5.5.
    let board = accounts.leaderboard("k", 10).await.unwrap();
    let names: Vec<(&str, bool, u64)> = board
        .iter()
        .map(|s| (s.name.as_str(), s.bot, s.games))
        .collect();
    assert_eq!(
        names,
        [("Robo", true, 3), ("Cy", false, 1), ("Ann", false, 2)]
    );
    assert_eq!(accounts.leaderboard("k", 1).await.unwrap().len(), 1);
    let mut ann_results = accounts.results_of(ann).await.unwrap();
    ann_results.sort_by(|x, y| x.game.cmp(&y.game));
    assert_eq!(
        ann_results,
        [result("a", 0, ann, 1, 3), result("b", 1, ann, 2, 4)]
    );
    let best: Vec<(String, i64)> = accounts
        .best_results("k", 2, 3)
        .await
        .unwrap()
        .into_iter()
        .map(|b| (b.name, b.result.score))
        .collect();
    assert_eq!(
        best,
        [
            ("Cy".to_owned(), 1),
            ("Robo".to_owned(), 2),
            ("Ann".to_owned(), 3)
        ]
    );
    assert!(accounts.best_results("k", 3, 3).await.unwrap().is_empty());
    // An unrated game's results are the player's own record, not the board's.
    store.create_game(game("d")).await.unwrap();
    let mut unrated = result("d", 0, ann, 1, 0);
    unrated.rated = false;
    assert!(accounts
        .record_results(vec![unrated.clone()], None)
        .await
        .unwrap());
    assert_eq!(accounts.results_of(ann).await.unwrap()[0], unrated);
    assert_eq!(
        accounts.best_results("k", 2, 1).await.unwrap()[0].name,
        "Cy"
    );
    assert_eq!(accounts.rating_history(ann).await.unwrap().len(), 2);
    // A deleted account leaves the boards; its rows stay.
    accounts.delete_account(cy).await.unwrap();
    assert_eq!(accounts.leaderboard("k", 10).await.unwrap().len(), 2);
    assert_eq!(
        accounts.best_results("k", 2, 1).await.unwrap()[0].name,
        "Robo"
    );
    assert_eq!(accounts.rating_history(cy).await.unwrap().len(), 1);
}

/// `game(id)` with its bot seat open to anyone instead.
fn open_game(id: &str) -> StoredGame {
    let mut g = game(id);
    g.seats[1] = StoredSeat {
        open: true,
        ..StoredSeat::default()
    };
    g
}

async fn an_open_game_starts_when_full_or_is_abandoned(store: &dyn Store) {
    store.create_game(open_game("a")).await.unwrap();
    store.create_game(open_game("b")).await.unwrap();
    store.create_game(game("c")).await.unwrap();
    store.abandon_open_game("a").await.unwrap();
    store.claim_seat("b", 1, TokenHash([5; 32])).await.unwrap();
    store.start_open_game("b", 500).await.unwrap();
    // Neither a started game nor one that never had an open seat is abandoned.
    store.abandon_open_game("b").await.unwrap();
    store.abandon_open_game("c").await.unwrap();
    let mut games = store.load().unwrap();
    games.sort_by(|x, y| x.id.cmp(&y.id));
    let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(ids, ["b", "c"]);
    assert_eq!(games[0].created_at, 500, "its clock starts when it starts");
    assert!(!games[0].seats[1].open);
    assert!(store.load_game("a").await.unwrap().is_none());
}

macro_rules! for_every_store {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $case() {
                    let store = crate::store::SqliteStore::open_in_memory().unwrap();
                    super::$case(&store).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    let Some(store) = super::postgres().await else { return };
                    super::$case(&store).await;
                }
            )*
        }
    };
}

for_every_store!(
    games_and_actions_round_trip,
    names_change_and_a_seat_is_claimed_only_once,
    a_duplicate_action_fails_alone_and_others_in_its_batch_commit,
    an_action_for_a_missing_game_is_refused,
    finished_games_are_loaded_on_demand_only,
    records_after_a_version_come_in_order,
    seats_are_found_by_token,
    accounts_are_unique_by_name_and_a_deleted_one_frees_its_name,
    sessions_and_api_tokens_name_their_account_until_ended,
    bot_accounts_belong_to_their_owner_and_go_with_them,
    seats_are_owned_once_and_open_seats_close_when_claimed,
    results_and_ratings_are_stored_once_and_ranked,
    an_open_game_starts_when_full_or_is_abandoned,
    finished_games_are_queued_for_analysis_and_claimed_oldest_first,
    a_request_queues_an_analysis_once_and_within_the_bound,
    hints_are_stored_once_per_seat_and_step_in_step_order,
);

/// A PostgreSQL game waiting for its open seats has no lease (no process drives it); the
/// process that starts it takes the lease, and the others hear of it as a new game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_postgres_game_is_leased_when_it_starts() {
    let Some(config) = fresh_schema().await else {
        return;
    };
    let one = PgStore::connect_with(config.clone()).await.unwrap();
    let two = PgStore::connect_with(config).await.unwrap();
    let mut heard_by_one = one.shared().unwrap().changes();
    one.create_game(open_game("o")).await.unwrap();
    assert!(one
        .shared()
        .unwrap()
        .renew_leases()
        .await
        .unwrap()
        .is_empty());
    two.claim_seat("o", 1, TokenHash([5; 32])).await.unwrap();
    two.start_open_game("o", 500).await.unwrap();
    assert_eq!(
        next_change(&mut heard_by_one, |c| matches!(c, Change::Game(_))).await,
        Change::Game("o".into())
    );
    assert_eq!(two.shared().unwrap().renew_leases().await.unwrap(), ["o"]);
    assert!(one
        .shared()
        .unwrap()
        .renew_leases()
        .await
        .unwrap()
        .is_empty());
}

/// Waits up to 10 s for a change matching `wanted` on `feed`.
async fn next_change(
    feed: &mut tokio::sync::broadcast::Receiver<Change>,
    wanted: impl Fn(&Change) -> bool,
) -> Change {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let change = tokio::time::timeout_at(deadline, feed.recv())
            .await
            .expect("no change within 10 s")
            .expect("feed open");
        if wanted(&change) {
            return change;
        }
    }
}

/// Two processes on one database: the database decides which accepts a version, the other
/// hears of it, and a lease is held by one process at a time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_postgres_stores_share_one_database() {
    let Some(config) = fresh_schema().await else {
        return;
    };
    let one = PgStore::connect_with(config.clone()).await.unwrap();
    let two = PgStore::connect_with(config).await.unwrap();
    let mut heard_by_two = two.shared().unwrap().changes();
    let mut heard_by_one = one.shared().unwrap().changes();
    one.create_game(game("a")).await.unwrap();
    assert_eq!(
        next_change(&mut heard_by_two, |c| matches!(c, Change::Game(_))).await,
        Change::Game("a".into())
    );
    // Both try version 1; exactly one wins.
    let (first, second) = tokio::join!(
        one.append_action("a", action(1)),
        two.append_action("a", action(1))
    );
    assert!(first.is_ok() != second.is_ok(), "{first:?} {second:?}");
    let loser = if first.is_ok() { second } else { first };
    assert!(matches!(loser, Err(StoreError::Conflict { seq: 1, .. })));
    two.append_action("a", action(2)).await.unwrap();
    let heard = next_change(&mut heard_by_one, |c| {
        matches!(c, Change::Record { seq: 2, .. })
    })
    .await;
    assert_eq!(
        heard,
        Change::Record {
            game: "a".into(),
            seq: 2,
            record: Some(action(2)),
        }
    );
    // A record too large for a notice is announced by number.
    let mut large = action(3);
    large.action = format!("\"{}\"", "x".repeat(crate::store::postgres::NOTICE_LIMIT));
    two.append_action("a", large.clone()).await.unwrap();
    let heard = next_change(&mut heard_by_one, |c| {
        matches!(c, Change::Record { seq: 3, .. })
    })
    .await;
    assert!(matches!(heard, Change::Record { record: None, .. }));
    assert_eq!(one.records_after("a", 2).await.unwrap(), [large]);
    two.set_name("a", 0, Some("Cy".into())).await.unwrap();
    assert_eq!(
        next_change(&mut heard_by_one, |c| matches!(c, Change::Name { .. })).await,
        Change::Name {
            game: "a".into(),
            seat: 0,
            name: Some("Cy".into())
        }
    );
    // The creator holds the lease; the other takes it only once it is given up.
    let (one_leases, two_leases) = (one.shared().unwrap(), two.shared().unwrap());
    assert_eq!(one_leases.renew_leases().await.unwrap(), ["a"]);
    assert!(two_leases.renew_leases().await.unwrap().is_empty());
    one_leases.release_leases().await.unwrap();
    assert_eq!(two_leases.renew_leases().await.unwrap(), ["a"]);
    assert!(one_leases.renew_leases().await.unwrap().is_empty());
    // A finished game has no lease.
    two.mark_finished("a").await.unwrap();
    assert!(two_leases.renew_leases().await.unwrap().is_empty());
    // One rematch per game: the second process's is refused, and both find the first.
    assert_eq!(one_leases.rematch_of("a").await.unwrap(), None);
    let mut theirs = game("r1");
    theirs.rematch_of = Some("a".into());
    let mut mine = game("r2");
    mine.rematch_of = Some("a".into());
    one.create_game(theirs).await.unwrap();
    assert!(two.create_game(mine).await.is_err());
    assert_eq!(
        two_leases.rematch_of("a").await.unwrap().as_deref(),
        Some("r1")
    );
    assert!(two.load_game("r2").await.unwrap().is_none());
}

/// A PostgreSQL write batch locks its games' rows in the order of their ids, whatever the
/// order of its writes, so that two processes' batches never wait on each other in a cycle.
/// Here a transaction holds game `x`; a batch queued as "finish y, finish x" must wait for `x`
/// before it touches `y`.
#[tokio::test]
async fn a_postgres_batch_locks_its_games_in_order() {
    let Some(config) = fresh_schema().await else {
        return;
    };
    let store = PgStore::connect_with(config.clone()).await.unwrap();
    store.create_game(game("x")).await.unwrap();
    store.create_game(game("y")).await.unwrap();
    let (holder, connection) = config.connect(tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    holder
        .batch_execute("BEGIN; SELECT 1 FROM games WHERE id = 'x' FOR UPDATE")
        .await
        .unwrap();
    // Queued together: on this one-thread runtime the writer runs only at the next await, so
    // both are in one batch.
    let later = store.mark_finished("y");
    let sooner = store.mark_finished("x");
    let batch = tokio::spawn(async move { (later.await, sooner.await) });
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let waiting = holder
            .query_one(
                "SELECT count(*) FROM pg_locks w WHERE NOT w.granted
                 AND w.locktype = 'transactionid' AND w.transactionid = (
                   SELECT transactionid FROM pg_locks
                   WHERE pid = pg_backend_pid() AND locktype = 'transactionid' AND granted)",
                &[],
            )
            .await
            .unwrap();
        if waiting.get::<_, i64>(0) > 0 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the batch never waited for game x"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // The batch waits at `x` and has not locked `y`.
    let y = holder
        .query("SELECT 1 FROM games WHERE id = 'y' FOR UPDATE NOWAIT", &[])
        .await;
    assert!(y.is_ok(), "the batch locked y before x: {y:?}");
    holder.batch_execute("ROLLBACK").await.unwrap();
    let (later, sooner) = batch.await.unwrap();
    later.unwrap();
    sooner.unwrap();
}
