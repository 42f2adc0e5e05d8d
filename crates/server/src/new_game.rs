//! Starting games: a creation request checked into seats, stored, and started.
//!
//! [`Server::create_game`] is the whole of `POST /api/games` but the HTTP: the route parses the
//! body into a [`NewGame`] and answers the [`CreatedGame`] with `201 Created`. Rematches
//! (module `rematch`) start their games through the same [`Server::start_game`].
//!
//! Decisions:
//! - Checks run in a fixed order and stop at the first refusal, so that each request gets one
//!   specific code (`docs/api.md`): the kind (`unknown_kind`), the setup (`invalid_setup`), the
//!   options (`invalid_options`), the number of seats (`invalid_seats`), then each seat in order
//!   (`unknown_bot`, `invalid_name`). Nothing is stored before every check has passed.
//! - A game is on disk before its creator hears of it (the store's write is awaited), and its
//!   write is queued before its task starts, so that a bot's first action is always written
//!   after the game it belongs to.
//! - A seed the server chose stays secret: it fixes every hidden card, and the creator usually
//!   plays a seat too. The answer's setup leaves it out.

use crate::error::ApiError;
use crate::kind::Kind;
use crate::seats::{check_name, PlayOptions};
use crate::store::accounts::{Account, AccountId};
use crate::store::{StoredGame, StoredSeat};
use crate::token::{hash_token, new_game_id, new_token, TokenHash};
use crate::{write, GameEntry, Server};
use engine::Seat;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// A request for a new game: the body of `POST /api/games`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game kind, e.g. `"thegame"`.
    pub kind: String,
    /// The kind's setup; a missing seed is chosen by the server (and kept secret).
    pub setup: Value,
    /// Who sits where; every seat human when absent.
    #[serde(default)]
    pub seats: Option<Vec<SeatChoice>>,
    /// How the game is played besides its rules (clock, replacing absent players).
    #[serde(default)]
    pub options: PlayOptions,
}

/// Who sits in one seat of a new game.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatChoice {
    /// A person, who gets the seat's token. A struct variant rather than a unit one, so that
    /// unknown fields are refused here too.
    Human {
        /// The name shown to the table, checked like every name.
        #[serde(default)]
        name: Option<String>,
    },
    /// A person yet to come: anyone may take it from the list of open games (module
    /// `open`). The game starts when no open seat is left.
    Open {},
    /// One of the kind's bots, by name.
    Bot {
        /// The bot's name, one of `GET /api/kinds`.
        bot: String,
    },
}

/// A game just created: what its creator is told, once.
#[derive(Debug, Clone, Serialize)]
pub struct CreatedGame {
    /// The game's id.
    pub game: String,
    /// Its kind.
    pub kind: &'static str,
    /// Its setup, without a seed the server chose.
    pub setup: Value,
    /// Every seat, with its token and join link if it is a person's.
    pub seats: Vec<CreatedSeat>,
    /// The link that shows the game to anyone.
    pub spectator: Link,
    /// The creator's own token, which may hand an absent player's seat to a bot.
    pub creator: CreatorToken,
    /// How the game is played besides its rules.
    pub options: PlayOptions,
}

/// A link to open.
#[derive(Debug, Clone, Serialize)]
pub struct Link {
    /// The URL (a path unless the server knows its public address).
    pub link: String,
}

/// The creator's token.
#[derive(Debug, Clone, Serialize)]
pub struct CreatorToken {
    /// The secret itself, shown only here.
    pub token: String,
}

/// One seat of a [`CreatedGame`].
#[derive(Debug, Clone, Serialize)]
pub struct CreatedSeat {
    /// The seat.
    pub seat: Seat,
    /// `"human"`, `"open"` (anyone may take it) or `"bot"`.
    #[serde(rename = "type")]
    pub player: &'static str,
    /// The bot's name, for a bot seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// The player's name, if one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat's token, for a person's seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The link that opens the game as this seat, for a person's seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// A seat of a game about to start.
pub(crate) enum NewSeat {
    /// A human seat with a fresh token, answered once, owned by `account` if given.
    Human {
        name: Option<String>,
        account: Option<AccountId>,
    },
    /// A human seat whose token its player claims later (a rematch's).
    Unclaimed { name: Option<String> },
    /// A human seat open to anyone.
    Open,
    /// A bot seat; in a rated game, held by the bot's account (module `ratings`).
    Bot {
        bot: String,
        account: Option<AccountId>,
    },
}

impl NewSeat {
    /// The bot in this seat, if any, and the player's name, if any.
    fn bot_and_name(&self) -> (Option<String>, Option<String>) {
        match self {
            NewSeat::Bot { bot, .. } => (Some(bot.clone()), None),
            NewSeat::Human { name, .. } | NewSeat::Unclaimed { name } => (None, name.clone()),
            NewSeat::Open => (None, None),
        }
    }
}

/// A game started and stored: its id, and each fresh human seat's token.
pub(crate) struct Started {
    pub id: String,
    pub tokens: Vec<Option<String>>,
}

impl Server {
    /// Checks `request`, stores the new game and starts it (its bots play at once); answers
    /// once the game is on disk.
    ///
    /// # Errors
    /// The first refusal in the order the module docs give (`unknown_kind`, `invalid_setup`,
    /// `invalid_options`, `invalid_seats`, then `unknown_bot` or `invalid_name` for the first
    /// bad seat), or `storage_error` when it cannot be written; nothing is stored then.
    pub async fn create_game(&self, request: NewGame) -> Result<CreatedGame, ApiError> {
        self.create_game_as(request, None).await
    }

    /// [`Server::create_game`] for a signed-in `creator`, who owns the first person's seat
    /// (module `account`). A rated game (`options.rated`) is checked after the seats
    /// (`not_ratable`, or `not_signed_in` when the creator plays and is not signed in), and
    /// its bots sit under their accounts (module `ratings`).
    ///
    /// # Errors
    /// As [`Server::create_game`], and those of a rated game.
    pub async fn create_game_as(
        &self,
        request: NewGame,
        creator: Option<&Account>,
    ) -> Result<CreatedGame, ApiError> {
        let kind = self.inner.registry.get(&request.kind)?.clone();
        let prepared = kind.prepare(request.setup)?;
        request.options.check().map_err(ApiError::InvalidOptions)?;
        let choices = request
            .seats
            .unwrap_or_else(|| vec![SeatChoice::Human { name: None }; prepared.seats]);
        if choices.len() != prepared.seats {
            return Err(ApiError::InvalidSeats(format!(
                "this setup has {} seats, but {} were described",
                prepared.seats,
                choices.len()
            )));
        }
        let known = kind.bot_names();
        let rated = request.options.rated;
        let mut owner = creator.map(|a| a.id);
        let mut seats = Vec::with_capacity(choices.len());
        for (i, choice) in choices.iter().enumerate() {
            seats.push(match choice {
                SeatChoice::Bot { bot } if !known.contains(bot) => {
                    return Err(ApiError::UnknownBot {
                        kind: kind.name(),
                        name: bot.clone(),
                        known: known.join(", "),
                    })
                }
                SeatChoice::Bot { bot } => NewSeat::Bot {
                    bot: bot.clone(),
                    account: None,
                },
                SeatChoice::Open {} => NewSeat::Open,
                SeatChoice::Human { name } => NewSeat::Human {
                    name: name
                        .as_deref()
                        .map(check_name)
                        .transpose()
                        .map_err(|e| ApiError::InvalidName(format!("seat {i}: {e}")))?
                        // A rated game shows who plays: the account's name by default.
                        .or_else(|| creator.filter(|_| rated).and_then(|a| a.name.clone())),
                    account: owner.take(),
                },
            });
        }
        if rated {
            self.check_rated(&kind, &request.options, &choices, creator)?;
            for seat in &mut seats {
                if let NewSeat::Bot { bot, account } = seat {
                    *account = Some(self.bot_account(bot).await?);
                }
            }
        }
        let described: Vec<_> = seats.iter().map(NewSeat::bot_and_name).collect();
        let open: Vec<bool> = seats.iter().map(|s| matches!(s, NewSeat::Open)).collect();
        let mut options = request.options;
        // A game open to strangers can be watched by them too.
        options.listed |= open.contains(&true);
        let creator = new_token();
        let started = self
            .start_game(
                &kind,
                &prepared.setup,
                seats,
                options,
                Some(hash_token(&creator)),
                None,
            )
            .await?;
        let id = started.id;
        let seats = described
            .into_iter()
            .zip(started.tokens)
            .zip(open)
            .enumerate()
            .map(|(i, (((bot, name), token), open))| CreatedSeat {
                seat: Seat(i as u8),
                player: match (&bot, open) {
                    (Some(_), _) => "bot",
                    (None, true) => "open",
                    (None, false) => "human",
                },
                bot,
                name,
                link: token
                    .as_ref()
                    .map(|t| self.link(format!("/games/{id}#token={t}"))),
                token,
            })
            .collect();
        Ok(CreatedGame {
            spectator: Link {
                link: self.link(format!("/games/{id}")),
            },
            game: id,
            kind: kind.name(),
            setup: public_setup(prepared.setup, prepared.seed_chosen),
            seats,
            creator: CreatorToken { token: creator },
            options,
        })
    }

    /// Stores a new game and starts its task; answers once the game is on disk.
    pub(crate) async fn start_game(
        &self,
        kind: &Arc<dyn Kind>,
        setup: &Value,
        seats: Vec<NewSeat>,
        options: PlayOptions,
        creator: Option<TokenHash>,
        rematch_of: Option<String>,
    ) -> Result<Started, ApiError> {
        let id = new_game_id();
        let mut tokens = Vec::new();
        let mut hashes = Vec::new();
        let mut stored_seats = Vec::new();
        for (i, s) in seats.into_iter().enumerate() {
            let (stored, token) = match s {
                NewSeat::Human { name, account } => {
                    let token = new_token();
                    let hash = hash_token(&token);
                    hashes.push((hash, Seat(i as u8)));
                    (
                        StoredSeat {
                            bot: None,
                            token: Some(hash),
                            name,
                            account,
                            ..StoredSeat::default()
                        },
                        Some(token),
                    )
                }
                NewSeat::Unclaimed { name } => (
                    StoredSeat {
                        bot: None,
                        token: None,
                        name,
                        ..StoredSeat::default()
                    },
                    None,
                ),
                NewSeat::Open => (
                    StoredSeat {
                        open: true,
                        ..StoredSeat::default()
                    },
                    None,
                ),
                NewSeat::Bot { bot, account } => (
                    StoredSeat {
                        bot: Some(bot),
                        account,
                        ..StoredSeat::default()
                    },
                    None,
                ),
            };
            stored_seats.push(stored);
            tokens.push(token);
        }
        let created_at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0);
        let stored = StoredGame {
            id: id.clone(),
            kind: kind.name().to_owned(),
            setup: setup.to_string(),
            seats: stored_seats,
            created_at,
            actions: Vec::new(),
            options: serde_json::to_string(&options)
                .map_err(|e| ApiError::Storage(format!("cannot serialise the options: {e}")))?,
            creator,
            rematch_of,
        };
        if stored.seats.iter().any(|s| s.open) {
            // It waits for its players (module `open`): no task until it starts.
            self.inner.store.create_game(stored.clone()).await?;
            self.wait_for_players(kind.name(), stored);
            return Ok(Started { id, tokens });
        }
        let ctx = self.table_context();
        let bots = stored.seats.iter().map(|s| s.bot.clone()).collect();
        // Queue the game's write before its task starts (module docs).
        let written = self.inner.store.create_game(stored.clone());
        let handle = kind.resume(&stored, ctx).map_err(ApiError::InvalidSetup)?;
        if let Err(e) = written.await {
            return Err(e.into());
        }
        let entry = GameEntry::new(
            handle,
            kind.name(),
            bots,
            stored.seats.iter().map(|s| s.token).collect(),
            created_at,
            creator,
            options,
        );
        // A game its bots finished already is cached as finished, its seats found from the
        // entry's token hashes (module `finished`).
        if self.add_live(id.clone(), entry) {
            let mut map = write(&self.inner.tokens);
            for (hash, seat) in hashes {
                map.insert(hash, (id.clone(), seat));
            }
        }
        Ok(Started { id, tokens })
    }
}

/// The setup as shown to the creator: without a seed the server chose (module docs).
fn public_setup(mut setup: Value, seed_chosen: bool) -> Value {
    if let (true, Some(fields)) = (seed_chosen, setup.as_object_mut()) {
        fields.remove("seed");
    }
    setup
}
