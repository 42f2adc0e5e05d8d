# Tabletop web pages: English, the reference catalog (Fluent syntax, https://projectfluent.org).
# Every other catalog has exactly these messages with the same variables; the server checks
# that (crates/server/src/catalog.rs). Game terms and their translations: docs/translations.md.

## Terms used by many messages
-elektro = Elektro
-powergrid = Power Grid
-thegame = The Game

## Every page
language-name = English
language-picker = Language
app-title = Tabletop
loading = Loading…
connected = Connected
reconnecting = Connection lost; reconnecting…
error-prefix = Refused: { $message }
network-error = The server could not be reached. Check your connection and try again.
copy = Copy
copied = Copied
spectating = You are watching as a spectator.
you-are = You play { $name }.
game-over = Game over
your-turn = Your turn
waiting-for = Waiting for { $name }
seat-name = Seat { $n }
human = Human
bot = Bot: { $name ->
    [random] random moves
    [heuristic] rule of thumb
    [search] searching
    [casual] casual player
    [builder] builder (expands fast)
    [tycoon] tycoon (big plants, builds late)
    [hoarder] hoarder (buys fuel ahead)
    [blocker] blocker (takes the cities others need)
    [green] green (renewable plants)
   *[other] { $name }
}
rules-link = Rules
help-title = What can I do now?

## Errors the server reports, by their code (docs/api.md)
error-illegal_action = The rules do not allow that move now.
error-stale_version = The game moved on before your move arrived; look again and retry.
error-game_over = The game is over.
error-invalid_setup = These settings are not allowed. For { -powergrid }, choose as many connected regions as shown.
error-invalid_seats = The seats do not fit this game.
error-unknown_game = There is no such game.
error-wrong_token = This link is not a seat of this game.
error-missing_token = Open your seat's link to play.
error-spectator_cannot_act = Spectators cannot play.
error-rate_limited = Too many requests; wait a moment.
error-unavailable = The game is not available right now; try again.
error-storage_failed = The server could not save your move; nothing changed.
error-pending = Your previous move is still on its way.
error-other = The server refused ({ $code }).

## Lobby
lobby-create = Create a game
lobby-kind = Game
lobby-players = Players
lobby-map = Map
lobby-regions-random = Random regions
lobby-regions-pick = Choose { $n } connected regions
lobby-create-button = Create
lobby-seed = Seed (optional)
lobby-seed-random = random
lobby-link-spectator = Spectator link
lobby-my-games = My games
lobby-no-games = You have no games yet.
lobby-refresh = Refresh
lobby-spectate = Spectate a game
lobby-spectate-placeholder = Game link or id
lobby-spectate-button = Watch
lobby-status-turn = your turn
lobby-status-over = finished
lobby-bad-game = That is not a game link or id (32 hex digits).
lobby-rules = Rules: { $kind }
kind-powergrid = { -powergrid }
kind-thegame = { -thegame }

## Rules pages
rules-title = Rules of { $kind }
rules-back = Back
rules-missing = These rules could not be loaded.

## Power Grid
pg-colour-0 = Red
pg-colour-1 = Blue
pg-colour-2 = Green
pg-colour-3 = Yellow
pg-colour-4 = Purple
pg-colour-5 = Black
pg-map-germany = Germany
pg-map-usa = USA
pg-region-green = green
pg-region-brown = brown
pg-region-yellow = yellow
pg-region-red = red
pg-region-cyan = cyan
pg-region-purple = purple
pg-status = Round { $round }, Step { $step }, { $phase }
pg-phase-auction = phase 2: auction
pg-phase-resources = phase 3: buying resources
pg-phase-building = phase 4: building
pg-phase-bureaucracy = phase 5: bureaucracy
pg-phase-game_over = game over
pg-zoom-in = Zoom in
pg-zoom-out = Zoom out
pg-zoom-reset = Fit map
pg-market = Power plant market
pg-market-current = Current market
pg-market-future = Future market
pg-market-single = Market (Step 3)
pg-deck = Plants in the deck: { $n }
pg-step3-card = Step 3 card
pg-under-step3 = Under the Step 3 card: { $plants }
pg-plant-title = Plant { $n }
pg-plant-burns = { $fuel } { $kind } → powers { $cities }
pg-plant-free = no fuel → powers { $cities }
pg-kind-coal = coal
pg-kind-oil = oil
pg-kind-hybrid = coal/oil
pg-kind-garbage = garbage
pg-kind-uranium = uranium
pg-kind-eco = eco
pg-kind-fusion = fusion
pg-amount = { $n } { $res }
pg-resources = Resource market
pg-res-coal = Coal
pg-res-oil = Oil
pg-res-garbage = Garbage
pg-res-uranium = Uranium
pg-res-supply = Supply: { $n }
pg-res-market = In market: { $n }
pg-players = Players
pg-player-money = { $money } { -elektro }
pg-player-money-hidden = ? { -elektro }
pg-player-cities = Cities: { $n }
pg-player-houses = Houses left: { $n }
pg-player-order = { $n }. in turn order
pg-player-stored = Stored: { $list }
pg-nothing = nothing
pg-you = {" "}(you)
pg-must-auction-choose = { $name } must offer a plant for auction or pass.
pg-must-auction-choose-first = { $name } must offer a plant for auction (everyone buys one in round 1).
pg-must-bid = { $name } must bid more than { $bid } for plant { $plant } or drop out.
pg-must-discard = { $name } has too many plants and must discard one.
pg-must-resources = { $name } may buy resources, then end the turn.
pg-must-building = { $name } may build houses, then end the turn.
pg-must-bureaucracy = { $name } chooses which plants to run.
pg-controls = Your move
pg-choose-plant = Click a plant of the current market to offer it.
pg-offer = Offer plant { $plant } for { $bid } { -elektro }
pg-bid-range = Bid between { $min } and { $max } { -elektro }
pg-bid = Bid { $amount } { -elektro }
pg-pass-auction = Pass (drop out)
pg-pass-round = Buy no plant this round
pg-auction-running = Auction: plant { $plant }, highest bid { $bid } by { $name }; still bidding: { $bidders }
pg-discard = Discard plant { $plant }
pg-discard-keep = Discard plant { $plant }, keep { $coal } coal
pg-buy-title = Buy { $res }
pg-buy = Buy { $n } { $res } for { $price } { -elektro }
pg-buy-room = room for { $n } more
pg-done-resources = Done buying
pg-build-hint = Click a highlighted city on the map to build there.
pg-build-preview = { $city }: { $connection } connection + { $place } place = { $total } { -elektro }
pg-build-path = Path: { $path }
pg-build = Build in { $city } for { $total } { -elektro }
pg-done-building = Done building
pg-power-title = Choose plants to run
pg-power-hybrid = Coal burned in hybrid plants: { $n }
pg-power-preview = Cities powered: { $cities }; income: { $income } { -elektro }
pg-power = Run these plants and earn { $income } { -elektro }
pg-power-impossible = This choice is not possible (not enough fuel).
pg-log = Log
pg-standings = Final standings
pg-standing-row = { $rank }. { $name }: cities powered { $powered }, { -elektro } { $money }, cities connected { $cities }
pg-tiebreak = Most cities powered wins; ties go to the most { -elektro }, then the most cities connected; players still tied share the rank.
pg-tied-money = tie on cities powered, broken by { -elektro }
pg-tied-cities = tie on cities powered and { -elektro }, broken by cities connected
pg-tied-shared = shared rank
pg-help-auction =
    Each round everyone may buy one power plant. When it is your turn to choose, click a plant
    of the current market (the top row) and offer at least its number in { -elektro }, or pass
    to buy none this round (not allowed in round 1). In an auction, bid higher or drop out; the
    last bidder pays and takes the plant. With more plants than you may hold, you discard one.
pg-help-resources =
    Players buy in reverse turn order. Buy coal, oil, garbage or uranium for your plants: each
    plant stores up to twice what it burns. The price of each unit is the number under it in the
    resource market; cheapest first. Then click “{ pg-done-resources }”.
pg-help-building =
    Players build in reverse turn order. Click a highlighted city: the price is the cheapest
    connection from your network plus the place (10, 15 or 20 { -elektro }). In Step 1 a city
    has room for one house, in Step 2 two, in Step 3 three. Build as often as you can pay, then
    click “{ pg-done-building }”.
pg-help-bureaucracy =
    Choose which plants to run: each burns its resources and powers up to its number of cities,
    but never more than the cities you have connected. You are paid for the cities you power.
    Then the resource market is refilled and the plant market changes.
pg-help-wait = Waiting for the other players. Their moves appear in the log.
pg-ev-round_started = Round { $round } begins
pg-ev-turn_order = Turn order: { $order }
pg-ev-phase_started = Start of { $phase }
pg-ev-auction_started = { $name } offers plant { $plant } at { $bid } { -elektro }
pg-ev-bid = { $name } bids { $amount } { -elektro } for plant { $plant }
pg-ev-dropped_out = { $name } drops out of the auction for plant { $plant }
pg-ev-passed_auctions = { $name } buys no power plant this round
pg-ev-plant_bought = { $name } buys plant { $plant } for { $price } { -elektro }
pg-ev-plant_discarded = { $name } discards plant { $plant } ({ $returned } back to the supply)
pg-ev-plant_drawn = Plant { $plant } enters the market
pg-ev-step3_card_drawn = The Step 3 card is drawn
pg-ev-deck_shuffled = The deck ({ $size } plants) is shuffled
pg-ev-step3_card_removed = The Step 3 card leaves the market
pg-ev-plant_removed = Plant { $plant } is removed from the game ({ $reason })
pg-reason-small_plant = a player has connected { $cities } cities
pg-reason-no_purchase = nobody bought a plant
pg-reason-step2 = Step 2
pg-reason-step3 = Step 3
pg-reason-bureaucracy = bureaucracy, Step 3
pg-ev-plant_under_deck = Plant { $plant } goes under the deck
pg-ev-resources_bought = { $name } buys { $amount } { $res } for { $cost } { -elektro }
pg-ev-built = { $name } connects { $city } for { $total } { -elektro } ({ $connection } connection + { $place } city)
pg-ev-turn_ended-resources = { $name } is done buying
pg-ev-turn_ended-building = { $name } is done building
pg-ev-turn_ended-auction = { $name } ends the turn
pg-ev-turn_ended-bureaucracy = { $name } ends the turn
pg-ev-turn_ended-game_over = { $name } ends the turn
pg-ev-powered = { $name } runs { $plants }, burning { $burned }; cities powered: { $cities }; earns { $income } { -elektro }
pg-ev-resupplied = The resource market gets { $added }
pg-ev-step_started = Step { $step } begins
pg-ev-game_ended = Game over
pg-plants-none = no plant
pg-plants-list = { $count ->
    [one] plant { $list }
   *[other] plants { $list }
}

## The Game
tg-pile-up1 = Ascending 1
tg-pile-up2 = Ascending 2
tg-pile-down1 = Descending 1
tg-pile-down2 = Descending 2
tg-up = ↑ from 1 to 99
tg-down = ↓ from 100 to 2
tg-hand = Your hand
tg-hand-hint = Click a card, then a pile.
tg-backwards = backwards trick
tg-end-turn = End turn
tg-played-this-turn = Played this turn: { $n } (at least { $min })
tg-draw-pile = Draw pile: { $n }
tg-team = Team
tg-hand-size = { $name }: { $n } in hand
tg-signal-dont_play = please don't play here
tg-signal-good_card = I have a good card for this pile
tg-signal-send-dont_play = Ask: don't play here
tg-signal-send-good_card = Say: good card here
tg-signal-of = { $name }: { $signal }
tg-turn = { $name }'s turn
tg-won = The team won: all 98 cards are on the piles!
tg-lost = The team lost; cards left: { $n }.
tg-log = Log
tg-help-turn = Play at least { $min ->
        [one] one card
       *[other] { $min } cards
    } from your hand (one once the draw pile is empty): click a card, then a pile. On an ascending pile a card must be higher than the top card, on a descending pile lower. The backwards trick: exactly 10 lower on an ascending pile, or 10 higher on a descending one. Then end your turn; you draw back up to a full hand.
tg-help-wait = Another player is playing. You may not say your numbers, but you may signal on a pile: “please don't play here” or “I have a good card for this pile”.
tg-help-watch = The players' hands stay hidden. On each turn a player plays at least 2 cards on the piles (1 once the draw pile is empty), then draws.
tg-ev-played = { $name } plays { $card } on { $pile }
tg-ev-played-backwards = { $name } plays { $card } on { $pile } (backwards trick)
tg-ev-turn_ended = { $name } ends the turn
tg-ev-drew = { $name } draws { $count ->
    [one] one card
   *[other] { $count } cards
}
tg-ev-drew-cards = { $name } draws { $cards }
tg-ev-skipped = { $name } has no cards and is passed over
tg-ev-turn_started = { $name }'s turn (play at least { $minimum })
tg-ev-signalled = { $name } signals on { $pile }: { $signal }
tg-ev-won = The team won!
tg-ev-lost = The team lost; cards left: { $cards_left }

## lobby
lobby-seats = Seats
lobby-seat-head = Seat
lobby-who-plays = Played by
lobby-name = Name
lobby-name-placeholder = Name (optional)
lobby-name-of = Name for { $seat }
lobby-name-too-long = The name for { $seat } is too long: at most { $max } characters.
lobby-name-empty = Type a name first.
lobby-hotseat = Hotseat: every human seat plays on this device
lobby-hotseat-hint = Players take turns at one screen; the page asks to pass the device between them.
lobby-public-money = Public money
lobby-public-money-hint = Everyone sees everyone's Elektro.
lobby-bad-seed = The seed must be a whole number, 0 or more.
lobby-regions-count = Choose exactly { $n } regions (you chose { $picked }).
lobby-clock = Time control
lobby-clock-kind = Clock
lobby-clock-none = No clock
lobby-clock-per_move = Time per move
lobby-clock-bank = Time bank plus increment
lobby-clock-days = Days per move
lobby-clock-hint-none = Nobody is hurried.
lobby-clock-hint-per_move = Each move must be made in this time.
lobby-clock-hint-bank = Each player's bank runs down during their moves and grows by the increment after each move.
lobby-clock-hint-days = For slow games: each move within this many days.
lobby-clock-hint-after = When a player's time runs out, a bot plays for them until they come back.
lobby-unit-seconds = Seconds per move
lobby-unit-minutes = Bank in minutes
lobby-unit-seconds-increment = Increment in seconds
lobby-unit-days = Days per move
lobby-range = Between { $min } and { $max }
lobby-clock-invalid = Fix the time control first.
lobby-days = { $n ->
    [one] 1 day
   *[other] { $n } days
}, { $hours } h
lobby-status-waiting-for = waiting for { $name }
lobby-clock-left = { $time } left
lobby-game-title = { $kind } as { $seat }
lobby-invite-links = Invite links
lobby-replay = Replay
lobby-share = Invite players
lobby-share-hint = Send each player their own link; anyone with a link plays that seat.
lobby-pass-title = Pass the device to { $name }
lobby-pass-text = The screen stays hidden until { $name } is ready.
lobby-pass-ready = I am { $name }: show my seat
lobby-join-name = Your name
lobby-join-name-save = Save
lobby-join-name-skip = Not now
error-invalid_name = That name is not allowed: use 1 to 24 visible characters.
error-invalid_options = The time control is out of range.
lobby-download-record = Download record
lobby-back-to-game = Back to the game
lobby-replay-watch = Watch the replay
lobby-replay-not-over = The replay opens when the game is over.
lobby-replay-title = Replay
lobby-replay-first = First
lobby-replay-prev = Back
lobby-replay-play = Play
lobby-replay-pause = Pause
lobby-replay-next = Forward
lobby-replay-last = Last
lobby-replay-jump = Jump to a move
lobby-replay-counter = Move { $step } of { $steps }
lobby-replay-speed = Speed
lobby-replay-speed-option = { $seconds ->
    [one] 1 second per move
   *[other] { $seconds } seconds per move
}
lobby-replay-seen-by = Seen by
lobby-replay-everyone = Everyone (public)
lobby-replay-revealed = Hidden information, revealed
lobby-replay-hand = { $name }: { $cards }
lobby-replay-money = { $name }: { $money } { -elektro }
lobby-replay-no-step = This game has no move { $step }; it opens at its start.

## table
table-name-with = { $name } ({ $label })
table-bot = {" "}(bot)
table-away-timed_out = a bot plays: time ran out
table-away-left = a bot plays: handed over
table-away-replaced = a bot plays: replaced while away
table-replace = Replace by a bot
table-replace-help = Hand this absent player's seat to a bot
table-notice-timed_out = Your time ran out, so a bot is playing your seat. Take it back to play on.
table-notice-left = A bot is playing your seat, as you asked. Take it back to play on.
table-notice-replaced = You were away, so the game's creator handed your seat to a bot. Take it back to play on.
table-back = Take my seat back
table-undo = Undo
table-leave = Hand my seat to a bot
table-rematch = Rematch
table-rematch-watch = Watch the rematch
table-settings = Settings
table-setting-sound = Sound when it is my turn
table-setting-confirm = Ask before moves that cannot be undone
table-setting-notify = Notify me when it is my turn and this page is in the background
table-notify-blocked = This browser does not show notifications from this page.
table-notify-title = Your turn
table-notify-body = It is your turn to play.
table-title-turn = ● Your turn · { $title }
table-clock-days = { $days } d { $hours } h
table-confirm-title = Make this move?
table-confirm-move = { $move }?
table-confirm-note = This move cannot be taken back.
table-confirm-never = Don't ask again
table-confirm-yes = Yes
table-confirm-no = Cancel
table-rename = Change my name
table-rename-label = Your name
table-rename-save = Save
error-nothing_to_undo = Nothing to undo: only your own steps of this turn that revealed nothing can be taken back.
error-seat_away = A bot is playing your seat: take it back first.
error-seat_not_away = You already hold your seat.
error-player_present = This player is here, or was here too recently to be replaced.
error-not_creator = Only the game's creator can replace a player.
error-game_not_over = The game is not over yet.
tg-start-card = start card
tg-signal = Signal
tg-why-choose = Choose a card from your hand first, then a pile.
tg-why-not-turn = It is { $name }'s turn: you can only signal now.
tg-why-up = { $card } does not fit { $pile }: it takes a card higher than { $top }.
tg-why-down = { $card } does not fit { $pile }: it takes a card lower than { $top }.
tg-why-back = It also takes exactly { $back } (the backwards trick).
tg-end-stuck = { $name } could not play: { $min ->
    [one] one card was
   *[other] { $min } cards were
} needed this turn, { $played } played, and none of the { $hand } cards in that hand fit a pile.
tg-end-stuck-me = You could not play: { $min ->
    [one] one card was
   *[other] { $min } cards were
} needed this turn, you played { $played }, and none of your cards ({ $cards }) fits a pile.
tg-end-left = Cards not played: { $n } ({ $draw } in the draw pile, { $hands } in hands).
tg-end-hand = Your cards at the end

## pgpage
pg-turn-spectator = { $name } to play
pg-why-spectator = Spectators cannot play.
pg-why-phase = That is done in { $phase }; now it is { $now }.
pg-why-city-off = { $city } is not in play: its region is not used in this game.
pg-why-city-mine = You already have a house in { $city }.
pg-why-city-full = { $city } is full: in Step { $step } a city takes { $step ->
    [one] one house
   *[other] { $step } houses
}.
pg-why-city-money = Building in { $city } costs { $total } { -elektro }; you have { $money }.
pg-why-city-other = You cannot build in { $city } now.
pg-why-plant-discard = First choose the plant to discard.
pg-why-plant-auction = The auction for plant { $plant } is running: bid or pass first.
pg-why-plant-future = Plant { $plant } is in the future market: only plants of the current market can be offered.
pg-why-plant-money = Plant { $plant } costs at least { $plant } { -elektro }; you have { $money }.
pg-why-plant-other = Plant { $plant } cannot be offered now.
pg-why-offer-low = An opening bid for plant { $plant } is at least its number: { $min } { -elektro }.
pg-why-bid-low = A bid must beat { $high }: at least { $min } { -elektro }.
pg-why-bid-money = You have { $money } { -elektro }: bid { $max } at most.
pg-why-number = Enter a whole number from { $min } to { $max }.
pg-why-buy-number = Enter how much { $res } to buy: 1 to { $max }.
pg-why-buy-market = Only { $n } { $res } in the market: buy 1 to { $max }.
pg-why-buy-money = { $n } { $res } cost { $price } { -elektro } and you have { $money }: buy 1 to { $max }.
pg-why-buy-room = Your plants have room for { $max } more { $res }: buy 1 to { $max }.
pg-why-buy-none-market = The market has no { $res } left.
pg-why-buy-none-money = One { $res } costs { $price } { -elektro }; you have { $money }.
pg-why-buy-none-room = None of your plants has room for { $res }.
pg-buy-count = Buy { $n } { $res }
pg-city-houses = { $n ->
    [one] one house
   *[other] { $n } houses
}: { $names }
pg-city-empty = no houses
pg-city = { $city }, { $houses }
pg-city-build = { $city }, { $houses }. Build here for { $total } { -elektro }.
pg-plant-label = Plant { $n }, { $what }
pg-plant-offerable = Plant { $n }, { $what }: offer it
pg-res-label = { $res }: { $n } in the market, the cheapest at { $price } { -elektro }; { $supply } in the supply
pg-res-label-empty = { $res }: none in the market; { $supply } in the supply
pg-power-hybrid-label = Coal burned in hybrid plants (the rest is oil)
pg-zoom = Map zoom

## postgres
error-storage_unavailable = The server cannot reach its database right now; nothing changed. Try again in a moment.

## table2
tg-final-stuck = { $name } could not play: { $min ->
    [one] one card was
   *[other] { $min } cards were
} needed this turn, { $played } played; none of { $cards } fits a pile.
tg-final-hands = Every hand at the end
tg-final-none = no cards

## lead
# My games: a hotseat game, listed once for all its seats.
lobby-game-title-hotseat = { $kind } on this device (hotseat)

## Refusals that say why, the end of a game, the map's first view, pages that lead on
network-retry = The server could not be reached; the page is reconnecting. Make your move again in a moment.
table-rematch-go = Go to the rematch
pg-buy-none-nofuel = Your plants burn no fuel, so there is nothing to buy.
pg-buy-none-full = Your plants are full: each stores twice the fuel it burns, so no more fits.
pg-buy-none-market = The market has none of the fuel your plants burn.
pg-buy-none-money = The cheapest fuel that fits costs { $price } { -elektro }; you have { $money }.
pg-game-won = { $n ->
    [one] Game over: { $names } wins.
   *[other] Game over: { $names } share the win.
}
pg-zoom-home = Show the regions in play
lobby-pass-wait-title = The hand is hidden
lobby-pass-wait = Waiting for { $name }. The next player on this device is called as soon as it is their turn.
game-not-found = There is no game at this address.
game-back-to-lobby = Back to the lobby
game-watch-instead = Watch this game as a spectator
lobby-game-started = started { $date }
tg-hand-of = Hand of { $name }

## Rules pages: the headers of the tables the server fills in
rules-table-players = Players
rules-table-regions = Regions played
rules-table-removed = Plants removed at setup
rules-table-max-plants = Most plants held
rules-table-step2 = Cities that start Step 2
rules-table-end = Cities that end the game
rules-table-resource = Resource
rules-table-tokens = Tokens in the game
rules-table-start = In the market at the start
rules-table-prices = Prices of the places, cheapest first
rules-table-house = House in the city
rules-table-from-step = Room from Step
rules-table-price = Price ({ -elektro })
rules-table-powered = Cities powered
rules-table-income = Income ({ -elektro })
rules-table-step = Step
rules-table-plant = Plant
rules-table-burns = Resources burned
rules-table-cities = Cities powered

# Issue 28 (pages on one state model): the rule tables' rows where they are used.
pg-res-refill = Refill: +{ $n }
pg-refill-note = At the end of the round the market is refilled by the rules' row for Step { $step } with { $players } players.
pg-income-title = Income by cities powered
pg-income-cities = Cities
pg-income-elektro = { -elektro }

## Accounts and player pages (account.js, player.js)
account-link-sign-in = Sign in
account-title = Your account
account-sign-in = Sign in
account-sign-up = Create an account
account-name = Name
account-password = Password
account-name-hint = 3 to 20 letters (a–z), digits, _ or -, beginning with a letter or digit.
account-password-hint = At least 8 characters.
account-optional = An account is optional: every game can be played with its link, as before.
account-signed-in-as = Signed in as { $name }
account-your-page = Your player page
account-sign-out = Sign out
account-claim-title = Games played in this browser
account-claim = { $n ->
    [one] Add the game played in this browser to your account
   *[other] Add the { $n } games played in this browser to your account
}
account-claim-none = This browser holds no games to add.
account-claimed = { $n ->
    [0] None of these games could be added: each belongs to an account already.
    [one] One game is on your player page.
   *[other] { $n } games are on your player page.
}
account-delete-title = Delete the account
account-delete-explain = Your games stay, under “deleted player”, and your name becomes free for others. This cannot be undone.
account-delete-confirm = Delete my account
account-deleted = The account is deleted.
player-bot = bot
player-since = Playing since { $date }
player-ratings = Ratings
player-no-ratings = No rated games yet.
player-rating-now = { $kind }: { $rating } (± { $deviation })
player-games = Games
player-no-games = No games yet.
player-in-progress = in progress
player-result-won = won
player-result-cards = { $cards } cards left
player-result-place = place { $place } of { $players }
player-replay = Watch the replay
player-open = Open the game
player-not-found = There is no player with this name.
error-account_name_too_short = The name is too short: at least 3 characters.
error-account_name_too_long = The name is too long: at most 20 characters.
error-account_name_character = A name may hold only letters a–z, digits, _ and -.
error-account_name_start = A name begins with a letter or a digit.
error-name_taken = This name is taken; choose another.
error-password_too_short = The password is too short: at least 8 characters.
error-password_too_long = The password is too long: at most 256 bytes.
error-login_failed = Wrong name or password.
error-not_signed_in = Sign in first.
error-foreign_origin = This request came from another site and was refused.
error-too_many_attempts = Too many attempts; wait a minute and try again.
error-unknown_player = There is no player with this name.
open-title = Open games
open-none = No game is waiting for players right now.
open-players = { $n ->
    [one] 1 player
   *[other] { $n } players
}
open-clock-per-move = { $seconds } s per move
open-clock-bank = { $minutes } min + { $increment } s
open-clock-days = { $days } days per move
open-rated = rated
open-unrated = not rated
open-seats-left = { $n ->
    [one] 1 seat left
   *[other] { $n } seats left
}
open-waiting = waiting: { $names }
open-bots = bots: { $bots }
open-anonymous = a player
open-join = Join
open-create-title = Open a game to anyone
open-create = Open the game
open-live-title = Games in progress
open-live-none = No game to watch right now.
open-watch = Watch
error-game_waiting = This game starts as soon as its open seats are taken; this page will look again in a moment.

# A game stopped at the server's round cap (docs/rules-notes.md).
game-unfinished = Game over, unfinished: nobody won.
table-unfinished = This game passed the server's round cap and was stopped unfinished: nobody won. The rules set no limit on rounds; the server stops a game that would never end.

# Ratings (docs/accounts.md): the leaderboards, the rated option, a player's record.
leaderboard-title = { $kind }: leaderboard
leaderboard-link = Leaderboard: { $kind }
leaderboard-rating-explain = Ratings from rated games (Weng-Lin): a new player starts at 25 ± 8.3. The list is ordered by rating minus three times its uncertainty, so that a few lucky games do not top it; it shows the best { $n }.
leaderboard-best-explain = The Game is played together, so it has no rating. These are the best rated games for each number of players, fewest cards left first.
leaderboard-rank = #
leaderboard-player = Player
leaderboard-rating = Rating
leaderboard-games = Games
leaderboard-none = No rated games yet.
leaderboard-team = Team
leaderboard-result = Result
open-rated-option = Rated (needs an account; every other seat is taken by an account)
player-record = Record in { $kind }
player-record-line = { $players }: { $games } games · { $wins } won · { $cards } cards left on average
error-not_ratable = This game cannot be rated: a rated game needs your account in your seat, a time control, and every other seat open to accounts or played by a rated bot.
error-rated_no_undo = This game is rated: nothing can be taken back.
error-already_seated = You hold a seat of this rated game already.

## Game analysis in the replay, and the Hint button at the table (analysis.js, table.js)
ana-title = Analysis
ana-queued = The analysis is waiting in the queue (position { $position }).
ana-running = The analysis is running; it appears here when done.
ana-failed = The analysis failed: { $error }
ana-ask-again = Ask again
ana-absent = This game has not been analysed yet.
ana-ask = Analyse this game
ana-chart-label = Each player's chance to win, move by move
ana-percent = { NUMBER($n, style: "percent") }
ana-axis-step = Move
ana-mark-mistake = mistake
ana-mark-inaccuracy = inaccuracy
ana-mark-mistakes = Mistakes
ana-mark-inaccuracies = Inaccuracies
ana-prev-mark = ← Previous mark
ana-next-mark = Next mark →
ana-mark-count = Marked: { $mistakes ->
    [one] one mistake
   *[other] { $mistakes } mistakes
}, { $inaccuracies ->
    [one] one inaccuracy
   *[other] { $inaccuracies } inaccuracies
}
ana-marked-mistake = Mistake
ana-marked-inaccuracy = Inaccuracy
ana-you-differ = You chose { $taken }; the bot prefers { $preferred }.
ana-seat-differ = { $name } chose { $taken }; the bot prefers { $preferred }.
ana-you-agree = You chose { $taken }, as the bot would.
ana-seat-agree = { $name } chose { $taken }, as the bot would.
ana-you-forced = You had only one choice: { $taken }.
ana-seat-forced = { $name } had only one choice: { $taken }.
ana-estimate-taken = This choice: { $estimate }
ana-estimate-preferred = The bot's choice: { $estimate }
ana-estimate-rank = { NUMBER($win, style: "percent") } chance to win, expected place { $rank }
ana-estimate-cards = { NUMBER($win, style: "percent") } chance to win, { $cards } cards expected to be left
ana-col-player = Player
ana-col-agreement = Same choice as the bot
ana-agreement = { NUMBER($n, style: "percent") } of { $decisions }
ana-hint-taken = { $name } took a hint: { $action }
ana-hint-taken-you = Hint taken: { $action }
ana-tg-play = { $card } on { $pile }
ana-tg-signal = signal on { $pile }: “{ $signal }”
ana-pg-pass = Pass
ana-pg-build = Build in { $city }
ana-pg-power = Run { $plants }
ana-pg-power-coal = Run { $plants }, burning { $coal } coal in the hybrids
ana-pg-done = End the turn
table-hint = Hint
table-hint-help = The bot's suggestion for this move, from what your seat knows; it is not played for you.
table-hint-text = Hint: { $action }
error-hints_rated = This game is rated: it has no hints.
error-not_your_turn = It is not your turn.
error-hint_unavailable = The bot cannot suggest a move here.
error-analysis_queue_full = Too many games are waiting for analysis; ask again later.
error-analysis_disabled = This server does not analyse games.
