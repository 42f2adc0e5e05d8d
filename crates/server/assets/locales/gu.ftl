# Tabletop વેબ પાનાં: ગુજરાતી. રમતના શબ્દો ગુજરાતી મૂળ દસ્તાવેજો મુજબ (પાવર પ્લાન્ટ, હરાજી, સંસાધનો,
# નોકરશાહી, તબક્કો, સ્ટેપ, ઈલેક્ટ્રો; ધ ગેમ માટે ખૂંટો, ચડતા/ઉતરતા, ડ્રો પાઇલ). શબ્દસૂચિ: docs/translations.md

## Terms used by many messages
-elektro = ઈલેક્ટ્રો
-powergrid = પાવર ગ્રીડ
-thegame = ધ ગેમ

## Every page
language-name = ગુજરાતી
language-picker = ભાષા
app-title = Tabletop બોર્ડ ગેમ
loading = લોડ થઈ રહ્યું છે…
connected = જોડાયેલ
reconnecting = જોડાણ તૂટ્યું; ફરી જોડાઈ રહ્યું છે…
error-prefix = સ્વીકાર્યું નહીં: { $message }
network-error = સર્વર સુધી પહોંચી શકાયું નહીં. તમારું જોડાણ તપાસો અને ફરી પ્રયાસ કરો.
copy = નકલ કરો
copied = નકલ થઈ
spectating = તમે પ્રેક્ષક તરીકે જોઈ રહ્યા છો.
you-are = તમે { $name } તરીકે રમો છો.
game-over = રમત પૂરી
your-turn = તમારો વારો
waiting-for = { $name }ની રાહ
seat-name = બેઠક { $n }
human = માણસ
bot = બૉટ: { $name ->
    [random] યાદૃચ્છિક
    [heuristic] અનુભવ નિયમ
    [search] શોધ
    [casual] સામાન્ય ખેલાડી
    [builder] નિર્માતા (ઝડપથી વિસ્તરે)
    [tycoon] ઉદ્યોગપતિ (મોટા પાવર પ્લાન્ટ, મોડું બાંધકામ)
    [hoarder] સંગ્રહખોર (સંસાધનો અગાઉથી ખરીદે)
    [blocker] અવરોધક (બીજાને જોઈતાં શહેરો લઈ લે)
    [green] હરિત (નવીનીકરણીય પ્લાન્ટ પસંદ)
   *[other] { $name }
}
rules-link = નિયમો
help-title = હવે હું શું કરી શકું?

## Errors the server reports, by their code (docs/api.md)
error-illegal_action = નિયમો હમણાં આ ચાલની મંજૂરી આપતા નથી.
error-stale_version = તમારી ચાલ પહોંચે તે પહેલાં રમત આગળ વધી ગઈ; ફરી જુઓ અને પ્રયાસ કરો.
error-game_over = રમત પૂરી થઈ ગઈ છે.
error-invalid_setup = આ સેટિંગ્સની મંજૂરી નથી. { -powergrid } માટે બતાવ્યા જેટલા એકબીજાને અડીને આવેલા પ્રદેશો પસંદ કરો.
error-invalid_seats = બેઠકો આ રમતને બંધબેસતી નથી.
error-unknown_game = આવી કોઈ રમત નથી.
error-wrong_token = આ લિંક આ રમતની બેઠક નથી.
error-missing_token = રમવા માટે તમારી બેઠકની લિંક ખોલો.
error-spectator_cannot_act = પ્રેક્ષકો રમી શકતા નથી.
error-rate_limited = ઘણી બધી વિનંતીઓ; થોડી વાર રાહ જુઓ.
error-unavailable = રમત હમણાં ઉપલબ્ધ નથી; ફરી પ્રયાસ કરો.
error-storage_failed = સર્વર તમારી ચાલ સાચવી શક્યું નહીં; કંઈ બદલાયું નથી.
error-pending = તમારી અગાઉની ચાલ હજી મોકલાઈ રહી છે.
error-other = સર્વરે ના પાડી ({ $code }).

## Lobby
lobby-create = રમત બનાવો
lobby-kind = રમત
lobby-players = ખેલાડીઓ
lobby-map = નકશો
lobby-regions-random = યાદૃચ્છિક પ્રદેશો
lobby-regions-pick = { $n } એકબીજાને અડીને આવેલા પ્રદેશો પસંદ કરો
lobby-create-button = બનાવો
lobby-seed = બીજ સંખ્યા (વૈકલ્પિક)
lobby-seed-random = યાદૃચ્છિક
lobby-link-spectator = પ્રેક્ષક લિંક
lobby-my-games = મારી રમતો
lobby-no-games = તમારી પાસે હજી કોઈ રમત નથી.
lobby-refresh = તાજું કરો
lobby-spectate = રમત જુઓ
lobby-spectate-placeholder = રમતની લિંક અથવા આઈડી
lobby-spectate-button = જુઓ
lobby-status-turn = તમારો વારો
lobby-status-over = પૂરી
lobby-bad-game = આ રમતની લિંક કે આઈડી (32 હેક્સ અંકો) નથી.
lobby-rules = નિયમો: { $kind }
kind-powergrid = { -powergrid }
kind-thegame = { -thegame }

## Rules pages
rules-title = { $kind }ના નિયમો
rules-back = પાછા
rules-missing = નિયમો લોડ થઈ શક્યા નહીં.

## Power Grid
pg-colour-0 = લાલ
pg-colour-1 = વાદળી
pg-colour-2 = લીલો
pg-colour-3 = પીળો
pg-colour-4 = જાંબલી
pg-colour-5 = કાળો
pg-map-germany = જર્મની
pg-map-usa = અમેરિકા
pg-region-green = લીલો
pg-region-brown = કથ્થઈ
pg-region-yellow = પીળો
pg-region-red = લાલ
pg-region-cyan = આસમાની
pg-region-purple = જાંબલી
pg-status = રાઉન્ડ { $round }, સ્ટેપ { $step }, { $phase }
pg-phase-auction = તબક્કો 2: પાવર પ્લાન્ટની હરાજી
pg-phase-resources = તબક્કો 3: સંસાધનોની ખરીદી
pg-phase-building = તબક્કો 4: બાંધકામ
pg-phase-bureaucracy = તબક્કો 5: નોકરશાહી
pg-phase-game_over = રમત પૂરી
pg-zoom-in = મોટું કરો
pg-zoom-out = નાનું કરો
pg-zoom-reset = આખો નકશો
pg-market = પાવર પ્લાન્ટ બજાર
pg-market-current = વર્તમાન બજાર
pg-market-future = ભાવિ બજાર
pg-market-single = બજાર (સ્ટેપ 3)
pg-deck = ડેકમાં પાવર પ્લાન્ટ: { $n }
pg-step3-card = સ્ટેપ 3 કાર્ડ
pg-under-step3 = સ્ટેપ 3 કાર્ડ નીચે: { $plants }
pg-plant-title = પાવર પ્લાન્ટ { $n }
pg-plant-burns = { $fuel } { $kind } → { $cities } શહેર
pg-plant-free = સંસાધન વગર → { $cities } શહેર
pg-kind-coal = કોલસો
pg-kind-oil = તેલ
pg-kind-hybrid = કોલસો/તેલ
pg-kind-garbage = કચરો
pg-kind-uranium = યુરેનિયમ
pg-kind-eco = ઇકોલોજીકલ
pg-kind-fusion = ફ્યુઝન
pg-amount = { $n } { $res }
pg-resources = સંસાધન બજાર
pg-res-coal = કોલસો
pg-res-oil = તેલ
pg-res-garbage = કચરો
pg-res-uranium = યુરેનિયમ
pg-res-supply = સપ્લાય: { $n }
pg-res-market = બજારમાં: { $n }
pg-players = ખેલાડીઓ
pg-player-money = { $money } { -elektro }
pg-player-money-hidden = ? { -elektro }
pg-player-cities = શહેરો: { $n }
pg-player-houses = બાકી ઘરો: { $n }
pg-player-order = ટર્ન ઓર્ડરમાં { $n }મો
pg-player-stored = સંગ્રહ: { $list }
pg-nothing = કંઈ નહીં
pg-you = {" "}(તમે)
pg-must-auction-choose = { $name }એ હરાજી માટે પાવર પ્લાન્ટ પસંદ કરવો અથવા પાસ કરવું.
pg-must-auction-choose-first = { $name }એ હરાજી માટે પાવર પ્લાન્ટ પસંદ કરવો (રાઉન્ડ 1માં દરેક એક ખરીદે છે).
pg-must-bid = { $name }એ પાવર પ્લાન્ટ { $plant } માટે { $bid }થી વધુ બિડ કરવી અથવા પાસ કરવું.
pg-must-discard = { $name } પાસે મર્યાદા કરતાં વધુ પાવર પ્લાન્ટ છે; એક છોડવો પડશે.
pg-must-resources = { $name } સંસાધનો ખરીદી શકે છે, પછી વારો પૂરો કરે.
pg-must-building = { $name } ઘરો બાંધી શકે છે, પછી વારો પૂરો કરે.
pg-must-bureaucracy = { $name } કયા પાવર પ્લાન્ટ ચલાવવા તે પસંદ કરે છે.
pg-controls = તમારી ચાલ
pg-choose-plant = હરાજી શરૂ કરવા વર્તમાન બજારના પાવર પ્લાન્ટ પર ક્લિક કરો.
pg-offer = પાવર પ્લાન્ટ { $plant } માટે { $bid } { -elektro }થી હરાજી
pg-bid-range = { $min }થી { $max } { -elektro } વચ્ચે બિડ
pg-bid = { $amount } { -elektro } બિડ
pg-pass-auction = પાસ (આ હરાજીમાંથી બહાર)
pg-pass-round = આ રાઉન્ડમાં પ્લાન્ટ ન ખરીદો
pg-auction-running = હરાજી: પાવર પ્લાન્ટ { $plant }, સૌથી ઊંચી બિડ { $bid } ({ $name }); હજી બિડમાં: { $bidders }
pg-discard = પાવર પ્લાન્ટ { $plant } છોડો
pg-discard-keep = પાવર પ્લાન્ટ { $plant } છોડો, { $coal } કોલસો રાખો
pg-buy-title = { $res } ખરીદો
pg-buy = { $n } { $res } { $price } { -elektro }માં ખરીદો
pg-buy-room = હજી { $n } માટે જગ્યા
pg-done-resources = ખરીદી પૂરી
pg-build-hint = ત્યાં બાંધવા માટે નકશા પર પ્રકાશિત શહેર પર ક્લિક કરો.
pg-build-preview = { $city }: જોડાણ { $connection } + જગ્યા { $place } = { $total } { -elektro }
pg-build-path = માર્ગ: { $path }
pg-build = { $city }માં { $total } { -elektro }માં બાંધો
pg-done-building = બાંધકામ પૂરું
pg-power-title = ચલાવવા માટે પાવર પ્લાન્ટ પસંદ કરો
pg-power-hybrid = હાઇબ્રિડ પ્લાન્ટમાં બળતો કોલસો: { $n }
pg-power-preview = પાવર મળેલાં શહેરો: { $cities }; આવક: { $income } { -elektro }
pg-power = આ પ્લાન્ટ ચલાવો અને { $income } { -elektro } કમાઓ
pg-power-impossible = આ પસંદગી શક્ય નથી (પૂરતાં સંસાધનો નથી).
pg-log = નોંધ
pg-standings = અંતિમ ક્રમ
pg-standing-row = { $rank }. { $name }: પાવર મળેલાં શહેરો { $powered }, { $money } { -elektro }, જોડાયેલાં શહેરો { $cities }
pg-tiebreak = સૌથી વધુ શહેરોને પાવર આપનાર જીતે; બરાબરી હોય તો વધુ પૈસા, પછી વધુ જોડાયેલાં શહેરો; હજી બરાબરી હોય તો ક્રમ વહેંચાય.
pg-tied-money = પાવર મળેલાં શહેરોમાં બરાબરી, પૈસાથી નિર્ણય
pg-tied-cities = શહેરો અને પૈસામાં બરાબરી, જોડાયેલાં શહેરોથી નિર્ણય
pg-tied-shared = વહેંચાયેલો ક્રમ
pg-help-auction = દરેક રાઉન્ડમાં દરેક ખેલાડી એક જ પાવર પ્લાન્ટ ખરીદી શકે. તમારો પસંદ કરવાનો વારો આવે ત્યારે વર્તમાન બજાર (પ્રથમ લાઇન)ના પાવર પ્લાન્ટ પર ક્લિક કરો અને તેના નંબર જેટલી કે વધુ બિડ કરો, અથવા આ રાઉન્ડમાં પાસ કરો (રાઉન્ડ 1માં પાસ નહીં). હરાજીમાં વધુ બિડ કરો કે પાસ કરો; છેલ્લો બિડર ચૂકવે અને પ્લાન્ટ લે. મર્યાદા કરતાં વધુ પ્લાન્ટ થાય ત્યારે એક છોડવો પડે.
pg-help-resources = ખરીદી ઉલટા ટર્ન ઓર્ડરમાં થાય છે. તમારા પ્લાન્ટ માટે કોલસો, તેલ, કચરો કે યુરેનિયમ ખરીદો: દરેક પ્લાન્ટ જરૂર કરતાં બમણું સંગ્રહી શકે. દરેક એકમની કિંમત સંસાધન બજારમાં તેની નીચેનો આંકડો છે; સસ્તું પહેલાં. પછી “{ pg-done-resources }” પર ક્લિક કરો.
pg-help-building = બાંધકામ ઉલટા ટર્ન ઓર્ડરમાં થાય છે. પ્રકાશિત શહેર પર ક્લિક કરો: કિંમત એટલે તમારા નેટવર્કથી સૌથી સસ્તું જોડાણ વત્તા જગ્યા (10, 15 કે 20 { -elektro }). સ્ટેપ 1માં એક શહેરમાં એક ઘર, સ્ટેપ 2માં બે, સ્ટેપ 3માં ત્રણ. ચૂકવી શકો એટલું બાંધો, પછી “{ pg-done-building }” પર ક્લિક કરો.
pg-help-bureaucracy = કયા પ્લાન્ટ ચલાવવા તે પસંદ કરો: દરેક પોતાનાં સંસાધનો બાળીને તેના પર લખેલાં શહેરોને પાવર આપે, પણ તમારાં જોડાયેલાં શહેરોથી વધુ નહીં. પાવર આપેલાં શહેરો મુજબ આવક મળે. પછી સંસાધન બજાર ફરી ભરાય અને પાવર પ્લાન્ટ બજાર બદલાય.
pg-help-wait = બીજા ખેલાડીઓની રાહ. તેમની ચાલ નોંધમાં દેખાય છે.
pg-ev-round_started = રાઉન્ડ { $round } શરૂ
pg-ev-turn_order = ટર્ન ઓર્ડર: { $order }
pg-ev-phase_started = { $phase } શરૂ
pg-ev-auction_started = { $name }એ પાવર પ્લાન્ટ { $plant } { $bid } { -elektro }થી હરાજીમાં મૂક્યો
pg-ev-bid = { $name }એ પાવર પ્લાન્ટ { $plant } માટે { $amount } { -elektro } બિડ કરી
pg-ev-dropped_out = { $name }એ પાવર પ્લાન્ટ { $plant }ની હરાજીમાં પાસ કર્યું
pg-ev-passed_auctions = { $name } આ રાઉન્ડમાં પાવર પ્લાન્ટ ખરીદતા નથી
pg-ev-plant_bought = { $name }એ પાવર પ્લાન્ટ { $plant } { $price } { -elektro }માં ખરીદ્યો
pg-ev-plant_discarded = { $name }એ પાવર પ્લાન્ટ { $plant } છોડ્યો ({ $returned } સપ્લાયમાં પાછું)
pg-ev-plant_drawn = પાવર પ્લાન્ટ { $plant } બજારમાં આવ્યો
pg-ev-step3_card_drawn = સ્ટેપ 3 કાર્ડ ખેંચાયું
pg-ev-deck_shuffled = ડેક ({ $size } પ્લાન્ટ) શફલ થયું
pg-ev-step3_card_removed = સ્ટેપ 3 કાર્ડ બજારમાંથી નીકળ્યું
pg-ev-plant_removed = પાવર પ્લાન્ટ { $plant } રમતમાંથી દૂર ({ $reason })
pg-reason-small_plant = એક ખેલાડીએ { $cities } શહેરો જોડ્યાં
pg-reason-no_purchase = કોઈએ પ્લાન્ટ ખરીદ્યો નહીં
pg-reason-step2 = સ્ટેપ 2
pg-reason-step3 = સ્ટેપ 3
pg-reason-bureaucracy = નોકરશાહી, સ્ટેપ 3
pg-ev-plant_under_deck = પાવર પ્લાન્ટ { $plant } ડેકની નીચે ગયો
pg-ev-resources_bought = { $name }એ { $amount } { $res } { $cost } { -elektro }માં ખરીદ્યું
pg-ev-built = { $name }એ { $city } { $total } { -elektro }માં જોડ્યું (જોડાણ { $connection } + શહેર { $place })
pg-ev-turn_ended-resources = { $name }ની ખરીદી પૂરી
pg-ev-turn_ended-building = { $name }નું બાંધકામ પૂરું
pg-ev-turn_ended-auction = { $name }નો વારો પૂરો
pg-ev-turn_ended-bureaucracy = { $name }નો વારો પૂરો
pg-ev-turn_ended-game_over = { $name }નો વારો પૂરો
pg-ev-powered = { $name } { $plants } ચલાવે છે, { $burned } બાળે છે; પાવર મળેલાં શહેરો: { $cities }; { $income } { -elektro } કમાય છે
pg-ev-resupplied = સંસાધન બજારમાં ઉમેરાયું: { $added }
pg-ev-step_started = સ્ટેપ { $step } શરૂ
pg-ev-game_ended = રમત પૂરી
pg-plants-none = કોઈ પ્લાન્ટ નહીં
pg-plants-list = { $count ->
    [one] પાવર પ્લાન્ટ { $list }
   *[other] પાવર પ્લાન્ટ્સ { $list }
}

## The Game
tg-pile-up1 = ચડતો ખૂંટો 1
tg-pile-up2 = ચડતો ખૂંટો 2
tg-pile-down1 = ઉતરતો ખૂંટો 1
tg-pile-down2 = ઉતરતો ખૂંટો 2
tg-up = ↑ 1થી 99
tg-down = ↓ 100થી 2
tg-hand = તમારો હાથ
tg-hand-hint = કાર્ડ પર, પછી ખૂંટા પર ક્લિક કરો.
tg-backwards = પાછળની યુક્તિ
tg-end-turn = વારો પૂરો
tg-played-this-turn = આ વારામાં રમ્યા: { $n } (ઓછામાં ઓછા { $min })
tg-draw-pile = ડ્રો પાઇલ: { $n }
tg-team = ટીમ
tg-hand-size = { $name }: હાથમાં { $n }
tg-signal-dont_play = કૃપા કરીને અહીં ન રમો
tg-signal-good_card = મારી પાસે આ ખૂંટા માટે સારું કાર્ડ છે
tg-signal-send-dont_play = વિનંતી: અહીં ન રમો
tg-signal-send-good_card = કહો: અહીં સારું કાર્ડ
tg-signal-of = { $name }: { $signal }
tg-turn = { $name }નો વારો
tg-won = ટીમ જીતી: બધાં 98 કાર્ડ ખૂંટા પર છે!
tg-lost = ટીમ હારી; બાકી કાર્ડ: { $n }.
tg-log = નોંધ
tg-help-turn = તમારા હાથમાંથી ઓછામાં ઓછા { $min ->
        [1] એક કાર્ડ
       *[other] { $min } કાર્ડ
    } રમો (ડ્રો પાઇલ ખાલી થાય પછી એક): કાર્ડ પર, પછી ખૂંટા પર ક્લિક કરો. ચડતા ખૂંટા પર કાર્ડ ઉપરના કાર્ડ કરતાં મોટું, ઉતરતા ખૂંટા પર નાનું હોવું જોઈએ. પાછળની યુક્તિ: ચડતા ખૂંટા પર બરાબર 10 ઓછું, અથવા ઉતરતા ખૂંટા પર બરાબર 10 વધુ. પછી વારો પૂરો કરો; તમે ફરી આખો હાથ ભરો છો.
tg-help-wait = બીજો ખેલાડી રમી રહ્યો છે. તમે તમારા નંબર કહી શકતા નથી, પણ ખૂંટા પર સંકેત આપી શકો: “કૃપા કરીને અહીં ન રમો” અથવા “મારી પાસે આ ખૂંટા માટે સારું કાર્ડ છે”.
tg-help-watch = ખેલાડીઓના હાથ છુપાયેલા રહે છે. દરેક વારે ખેલાડી ખૂંટા પર ઓછામાં ઓછાં 2 કાર્ડ રમે છે (ડ્રો પાઇલ ખાલી થયા પછી 1), પછી કાર્ડ ખેંચે છે.
tg-ev-played = { $name }એ { $pile } પર { $card } રમ્યું
tg-ev-played-backwards = { $name }એ { $pile } પર { $card } રમ્યું (પાછળની યુક્તિ)
tg-ev-turn_ended = { $name }નો વારો પૂરો
tg-ev-drew = { $name }એ { $count ->
    [1] એક કાર્ડ ખેંચ્યું
   *[other] { $count } કાર્ડ ખેંચ્યાં
}
tg-ev-drew-cards = { $name }એ { $cards } ખેંચ્યાં
tg-ev-skipped = { $name } પાસે કાર્ડ નથી; વારો છોડાયો
tg-ev-turn_started = { $name }નો વારો (ઓછામાં ઓછા { $minimum } રમો)
tg-ev-signalled = { $name }એ { $pile } પર સંકેત આપ્યો: { $signal }
tg-ev-won = ટીમ જીતી!
tg-ev-lost = ટીમ હારી; બાકી કાર્ડ: { $cards_left }

## lobby
lobby-seats = બેઠકો
lobby-seat-head = બેઠક
lobby-who-plays = કોણ રમે છે
lobby-name = નામ
lobby-name-placeholder = નામ (વૈકલ્પિક)
lobby-name-of = { $seat }નું નામ
lobby-name-too-long = { $seat }નું નામ ખૂબ લાંબું છે: વધુમાં વધુ { $max } અક્ષરો.
lobby-name-empty = પહેલાં નામ લખો.
lobby-hotseat = એક જ ઉપકરણ: બધી માણસ બેઠકો આ ઉપકરણ પર રમે છે
lobby-hotseat-hint = ખેલાડીઓ વારાફરતી એક જ સ્ક્રીન વાપરે છે; વારો બદલાય ત્યારે પાનું ઉપકરણ આપવાનું કહે છે.
lobby-public-money = જાહેર પૈસા
lobby-public-money-hint = દરેક જણ બધાના પૈસા જુએ છે.
lobby-bad-seed = બીજ સંખ્યા 0 કે તેથી મોટી પૂર્ણ સંખ્યા હોવી જોઈએ.
lobby-regions-count = બરાબર { $n } પ્રદેશો પસંદ કરો (તમે { $picked } પસંદ કર્યા).
lobby-clock = સમય મર્યાદા
lobby-clock-kind = ઘડિયાળ
lobby-clock-none = કોઈ ઘડિયાળ નહીં
lobby-clock-per_move = દરેક ચાલ માટે સમય
lobby-clock-bank = સમય ભંડાર અને વધારો
lobby-clock-days = દરેક ચાલ માટે દિવસો
lobby-clock-hint-none = કોઈને ઉતાવળ કરાવાતી નથી.
lobby-clock-hint-per_move = દરેક ચાલ આટલા સમયમાં કરવી પડે.
lobby-clock-hint-bank = દરેક ખેલાડીનો ભંડાર તેની ચાલ દરમિયાન ઘટે છે અને દરેક ચાલ પછી વધારા જેટલો વધે છે.
lobby-clock-hint-days = ધીમી રમતો માટે: દરેક ચાલ આટલા દિવસોમાં.
lobby-clock-hint-after = ખેલાડીનો સમય પૂરો થાય ત્યારે તે પાછો આવે ત્યાં સુધી બૉટ તેના બદલે રમે છે.
lobby-unit-seconds = દરેક ચાલની સેકંડ
lobby-unit-minutes = ભંડાર મિનિટમાં
lobby-unit-seconds-increment = વધારો સેકંડમાં
lobby-unit-days = દરેક ચાલ માટે દિવસો
lobby-range = { $min } થી { $max } વચ્ચે
lobby-clock-invalid = પહેલાં સમય મર્યાદા સુધારો.
lobby-days = { $n } દિવસ, { $hours } કલાક
lobby-status-waiting-for = { $name }ની રાહ
lobby-clock-left = { $time } બાકી
lobby-game-title = { $kind }: { $seat }
lobby-invite-links = આમંત્રણ લિંક્સ
lobby-replay = ફરી જુઓ
lobby-share = ખેલાડીઓને આમંત્રણ આપો
lobby-share-hint = દરેક ખેલાડીને તેની પોતાની લિંક મોકલો; જેની પાસે લિંક છે તે એ બેઠક રમે છે.
lobby-pass-title = ઉપકરણ { $name }ને આપો
lobby-pass-text = { $name } તૈયાર થાય ત્યાં સુધી સ્ક્રીન છુપાયેલી રહે છે.
lobby-pass-ready = હું { $name } છું: મારી બેઠક બતાવો
lobby-join-name = તમારું નામ
lobby-join-name-save = સાચવો
lobby-join-name-skip = હમણાં નહીં
error-invalid_name = આ નામ માન્ય નથી: 1 થી 24 દેખાતા અક્ષરો વાપરો.
error-invalid_options = સમય મર્યાદા માન્ય શ્રેણીની બહાર છે.
lobby-download-record = રેકોર્ડ ડાઉનલોડ કરો
lobby-back-to-game = રમતમાં પાછા જાઓ
lobby-replay-watch = રમત ફરી જુઓ
lobby-replay-not-over = રમત પૂરી થાય પછી ફરી જોઈ શકાય છે.
lobby-replay-title = ફરી જુઓ
lobby-replay-first = શરૂઆત
lobby-replay-prev = પાછળ
lobby-replay-play = ચલાવો
lobby-replay-pause = થોભો
lobby-replay-next = આગળ
lobby-replay-last = અંત
lobby-replay-jump = ચાલ પર જાઓ
lobby-replay-counter = { $steps } માંથી ચાલ { $step }
lobby-replay-speed = ઝડપ
lobby-replay-speed-option = દરેક ચાલ માટે { $seconds } સેકંડ
lobby-replay-seen-by = કોની નજરે
lobby-replay-everyone = બધા (જાહેર માહિતી)
lobby-replay-revealed = છુપી માહિતી, હવે જાહેર
lobby-replay-hand = { $name }: { $cards }
lobby-replay-money = { $name }: { $money } { -elektro }
lobby-replay-no-step = આ રમતમાં ચાલ { $step } નથી; તે શરૂઆતથી ખૂલે છે.

## table
table-name-with = { $name } ({ $label })
table-bot = {" "}(બૉટ)
table-away-timed_out = બૉટ રમે છે: સમય પૂરો
table-away-left = બૉટ રમે છે: બેઠક સોંપી
table-away-replaced = બૉટ રમે છે: ગેરહાજરીમાં બદલાયા
table-replace = બૉટથી બદલો
table-replace-help = આ ગેરહાજર ખેલાડીની બેઠક બૉટને સોંપો
table-notice-timed_out = તમારો સમય પૂરો થયો, તેથી બૉટ તમારી બેઠક પર રમે છે. આગળ રમવા બેઠક પાછી લો.
table-notice-left = તમારી વિનંતી મુજબ બૉટ તમારી બેઠક પર રમે છે. આગળ રમવા બેઠક પાછી લો.
table-notice-replaced = તમે ગેરહાજર હતા, તેથી રમત બનાવનારે તમારી બેઠક બૉટને સોંપી. આગળ રમવા બેઠક પાછી લો.
table-back = મારી બેઠક પાછી લો
table-undo = પાછું લો
table-leave = મારી બેઠક બૉટને સોંપો
table-rematch = ફરી રમો
table-rematch-watch = નવી રમત જુઓ
table-settings = સેટિંગ્સ
table-setting-sound = મારો વારો આવે ત્યારે અવાજ
table-setting-confirm = પાછી ન લઈ શકાય તેવી ચાલ પહેલાં પૂછો
table-setting-notify = આ પાનું પાછળ હોય અને મારો વારો આવે ત્યારે સૂચના આપો
table-notify-blocked = આ બ્રાઉઝર આ પાનાની સૂચનાઓ બતાવતું નથી.
table-notify-title = તમારો વારો
table-notify-body = રમવાનો તમારો વારો છે.
table-title-turn = ● તમારો વારો · { $title }
table-clock-days = { $days } દિવસ { $hours } કલાક
table-confirm-title = આ ચાલ કરવી છે?
table-confirm-move = { $move }?
table-confirm-note = આ ચાલ પાછી લઈ શકાતી નથી.
table-confirm-never = ફરી ન પૂછો
table-confirm-yes = હા
table-confirm-no = રદ કરો
table-rename = મારું નામ બદલો
table-rename-label = તમારું નામ
table-rename-save = સાચવો
error-nothing_to_undo = પાછું લેવા જેવું કંઈ નથી: આ વારાની તમારી જ એવી ચાલ પાછી લઈ શકાય જેણે કંઈ જાહેર ન કર્યું હોય.
error-seat_away = બૉટ તમારી બેઠક પર રમે છે: પહેલાં બેઠક પાછી લો.
error-seat_not_away = બેઠક પહેલેથી તમારી પાસે છે.
error-player_present = આ ખેલાડી હાજર છે, અથવા તેમને ગયાને હજી એટલો સમય થયો નથી કે તેમને બદલી શકાય.
error-not_creator = ફક્ત રમત બનાવનાર જ ખેલાડીને બદલી શકે.
error-game_not_over = રમત હજી પૂરી થઈ નથી.
tg-start-card = શરૂઆતનું કાર્ડ
tg-signal = સંકેત
tg-why-choose = પહેલાં હાથમાંથી કાર્ડ પસંદ કરો, પછી ખૂંટો.
tg-why-not-turn = હવે { $name }નો વારો છે: તમે ફક્ત સંકેત આપી શકો.
tg-why-up = { $card } { $pile } પર ન મુકાય: તે ફક્ત { $top }થી મોટું કાર્ડ લે છે.
tg-why-down = { $card } { $pile } પર ન મુકાય: તે ફક્ત { $top }થી નાનું કાર્ડ લે છે.
tg-why-back = તે બરાબર { $back } પણ લે છે (પાછળની યુક્તિ).
tg-end-stuck = { $name } રમી ન શક્યા: આ વારામાં { $min ->
    [1] ઓછામાં ઓછું એક કાર્ડ જોઈતું હતું
   *[other] ઓછામાં ઓછાં { $min } કાર્ડ જોઈતાં હતાં
}, { $played } રમાયાં, અને હાથનાં { $hand } કાર્ડમાંથી એકેય કોઈ ખૂંટા પર ન મુકાયું.
tg-end-stuck-me = તમે રમી ન શક્યા: આ વારામાં { $min ->
    [1] ઓછામાં ઓછું એક કાર્ડ જોઈતું હતું
   *[other] ઓછામાં ઓછાં { $min } કાર્ડ જોઈતાં હતાં
}, તમે { $played } રમ્યાં, અને તમારાં કાર્ડ ({ $cards })માંથી એકેય કોઈ ખૂંટા પર મુકાતું નથી.
tg-end-left = ન રમાયેલાં કાર્ડ: { $n } (ડ્રો પાઇલમાં { $draw }, હાથમાં { $hands }).
tg-end-hand = અંતે તમારાં કાર્ડ

## pgpage
pg-turn-spectator = { $name }નો વારો
pg-why-spectator = પ્રેક્ષકો રમી શકતા નથી.
pg-why-phase = આ { $phase }માં થાય છે; હમણાં { $now } છે.
pg-why-city-off = { $city } આ રમતમાં નથી: તેનો પ્રદેશ વપરાતો નથી.
pg-why-city-mine = { $city }માં તમારું ઘર પહેલેથી છે.
pg-why-city-full = { $city } ભરાયેલું છે: સ્ટેપ { $step }માં એક શહેરમાં { $step ->
    [one] એક ઘર
   *[other] { $step } ઘર
} હોય.
pg-why-city-money = { $city }માં બાંધવાનો ખર્ચ { $total } { -elektro } છે; તમારી પાસે { $money } છે.
pg-why-city-other = તમે હમણાં { $city }માં બાંધી શકતા નથી.
pg-why-plant-discard = પહેલાં છોડવાનો પાવર પ્લાન્ટ પસંદ કરો.
pg-why-plant-auction = પાવર પ્લાન્ટ { $plant }ની હરાજી ચાલે છે: પહેલાં બિડ કરો અથવા પાસ કરો.
pg-why-plant-future = પાવર પ્લાન્ટ { $plant } ભાવિ બજારમાં છે: હરાજીમાં ફક્ત વર્તમાન બજારના પાવર પ્લાન્ટ મૂકી શકાય.
pg-why-plant-money = પાવર પ્લાન્ટ { $plant }ની કિંમત ઓછામાં ઓછી { $plant } { -elektro } છે; તમારી પાસે { $money } છે.
pg-why-plant-other = પાવર પ્લાન્ટ { $plant } હમણાં હરાજીમાં મૂકી શકાતો નથી.
pg-why-offer-low = પાવર પ્લાન્ટ { $plant }ની શરૂઆતની બિડ ઓછામાં ઓછી તેના નંબર જેટલી હોય: { $min } { -elektro }.
pg-why-bid-low = બિડ { $high }થી વધુ હોવી જોઈએ: ઓછામાં ઓછી { $min } { -elektro }.
pg-why-bid-money = તમારી પાસે { $money } { -elektro } છે: વધુમાં વધુ { $max } બિડ કરો.
pg-why-number = { $min }થી { $max } સુધીની પૂર્ણ સંખ્યા લખો.
pg-why-buy-number = { $res }: કેટલાં એકમ ખરીદવાં તે લખો, 1થી { $max }.
pg-why-buy-market = બજારમાં ફક્ત { $n } { $res } છે: 1થી { $max } ખરીદો.
pg-why-buy-money = { $n } { $res }ની કિંમત { $price } { -elektro } છે અને તમારી પાસે { $money } છે: 1થી { $max } ખરીદો.
pg-why-buy-room = તમારા પાવર પ્લાન્ટમાં હજી { $max } { $res } માટે જગ્યા છે: 1થી { $max } ખરીદો.
pg-why-buy-none-market = બજારમાં { $res } બાકી નથી.
pg-why-buy-none-money = એક { $res }ની કિંમત { $price } { -elektro } છે; તમારી પાસે { $money } છે.
pg-why-buy-none-room = તમારા કોઈ પાવર પ્લાન્ટમાં { $res } માટે જગ્યા નથી.
pg-buy-count = { $n } { $res } ખરીદો
pg-city-houses = { $n ->
    [one] એક ઘર
   *[other] { $n } ઘર
}: { $names }
pg-city-empty = કોઈ ઘર નથી
pg-city = { $city }, { $houses }
pg-city-build = { $city }, { $houses }. અહીં { $total } { -elektro }માં બાંધો.
pg-plant-label = પાવર પ્લાન્ટ { $n }, { $what }
pg-plant-offerable = પાવર પ્લાન્ટ { $n }, { $what }: હરાજીમાં મૂકો
pg-res-label = { $res }: બજારમાં { $n }, સૌથી સસ્તું { $price } { -elektro }; સપ્લાયમાં { $supply }
pg-res-label-empty = { $res }: બજારમાં નથી; સપ્લાયમાં { $supply }
pg-power-hybrid-label = હાઇબ્રિડ પ્લાન્ટમાં બળતો કોલસો (બાકીનું તેલ)
pg-zoom = નકશાનું ઝૂમ

## postgres
error-storage_unavailable = સર્વર હમણાં તેના ડેટાબેઝ સુધી પહોંચી શકતું નથી; કંઈ બદલાયું નથી. થોડી વારમાં ફરી પ્રયાસ કરો.

## table2
tg-final-stuck = { $name } રમી ન શક્યા: આ વારામાં { $min ->
    [1] ઓછામાં ઓછું એક કાર્ડ જોઈતું હતું
   *[other] ઓછામાં ઓછાં { $min } કાર્ડ જોઈતાં હતાં
}, { $played } રમાયાં, અને { $cards }માંથી એકેય કોઈ ખૂંટા પર ન મુકાયું.
tg-final-hands = અંતે બધાના હાથ
tg-final-none = કોઈ કાર્ડ નહીં

## lead
# My games: a hotseat game, listed once for all its seats.
lobby-game-title-hotseat = { $kind }: એક જ ઉપકરણ

## Refusals that say why, the end of a game, the map's first view, pages that lead on
network-retry = સર્વર સુધી પહોંચી શકાયું નહીં; પાનું ફરી જોડાઈ રહ્યું છે. થોડી વારમાં તમારી ચાલ ફરી કરો.
table-rematch-go = નવી રમતમાં જાઓ
pg-buy-none-nofuel = તમારા પાવર પ્લાન્ટ સંસાધનો વાપરતા નથી, તેથી ખરીદવાનું કંઈ નથી.
pg-buy-none-full = તમારા પાવર પ્લાન્ટ ભરેલા છે: દરેક પોતે વાપરે તેનાથી બમણાં સંસાધનો જ રાખે છે.
pg-buy-none-market = તમારા પાવર પ્લાન્ટ વાપરે તે સંસાધનો બજારમાં નથી.
pg-buy-none-money = સમાય તેવું સૌથી સસ્તું સંસાધન { $price } { -elektro }નું છે; તમારી પાસે { $money } છે.
pg-game-won = { $n ->
    [one] રમત પૂરી: { $names } જીત્યા.
   *[other] રમત પૂરી: { $names } સાથે જીત્યા.
}
pg-zoom-home = રમતના પ્રદેશો બતાવો
lobby-pass-wait-title = હાથ છુપાયેલો છે
lobby-pass-wait = { $name }ની રાહ જોવાય છે. આ ઉપકરણના આગલા ખેલાડીનો વારો આવતાં જ બોલાવાશે.
game-not-found = આ સરનામે કોઈ રમત નથી.
game-back-to-lobby = લોબીમાં પાછા જાઓ
game-watch-instead = આ રમત પ્રેક્ષક તરીકે જુઓ
lobby-game-started = { $date }એ શરૂ
tg-hand-of = { $name }નો હાથ

## Rules pages: the headers of the tables the server fills in
rules-table-players = ખેલાડીઓ
rules-table-regions = રમાતા પ્રદેશો
rules-table-removed = સેટઅપમાં દૂર કરાતા પાવર પ્લાન્ટ
rules-table-max-plants = વધુમાં વધુ પાવર પ્લાન્ટ
rules-table-step2 = સ્ટેપ 2 શરૂ કરતાં શહેરો
rules-table-end = રમત પૂરી કરતાં શહેરો
rules-table-resource = સંસાધન
rules-table-tokens = રમતમાં કુલ સંસાધનો
rules-table-start = શરૂઆતમાં બજારમાં
rules-table-prices = જગ્યાઓની કિંમત, સસ્તીથી શરૂ
rules-table-house = શહેરમાં કેટલામું ઘર
rules-table-from-step = કયા સ્ટેપથી
rules-table-price = કિંમત ({ -elektro })
rules-table-powered = પાવર મળેલાં શહેરો
rules-table-income = આવક ({ -elektro })
rules-table-step = સ્ટેપ
rules-table-plant = પાવર પ્લાન્ટ
rules-table-burns = વપરાતાં સંસાધનો
rules-table-cities = પાવર મળેલાં શહેરો

# Issue 28 (pages on one state model): the rule tables' rows where they are used.
pg-res-refill = ફરી ભરાશે: +{ $n }
pg-refill-note = રાઉન્ડના અંતે બજાર નિયમ-કોષ્ટકની સ્ટેપ { $step } અને { $players } ખેલાડીઓની હરોળ મુજબ ફરી ભરાય છે.
pg-income-title = પાવર મળેલાં શહેરો મુજબ આવક
pg-income-cities = શહેરો
pg-income-elektro = { -elektro }

## Accounts and player pages (account.js, player.js)
account-link-sign-in = સાઇન ઇન
account-title = તમારું એકાઉન્ટ
account-sign-in = સાઇન ઇન
account-sign-up = એકાઉન્ટ બનાવો
account-name = નામ
account-password = પાસવર્ડ
account-name-hint = અંગ્રેજી અક્ષરો (a–z), અંકો, _ કે - માં 3 થી 20 અક્ષરો, અક્ષર કે અંકથી શરૂ થતું.
account-password-hint = ઓછામાં ઓછા 8 અક્ષરો.
account-optional = એકાઉન્ટ ફરજિયાત નથી: દરેક રમત પહેલાંની જેમ તેની લિંકથી રમી શકાય છે.
account-signed-in-as = { $name } તરીકે સાઇન ઇન
account-your-page = તમારું ખેલાડી પાનું
account-sign-out = સાઇન આઉટ
account-claim-title = આ બ્રાઉઝરમાં રમાયેલી રમતો
account-claim = { $n ->
    [one] આ બ્રાઉઝરમાં રમાયેલી રમત તમારા એકાઉન્ટમાં ઉમેરો
   *[other] આ બ્રાઉઝરમાં રમાયેલી { $n } રમતો તમારા એકાઉન્ટમાં ઉમેરો
}
account-claim-none = આ બ્રાઉઝરમાં ઉમેરવા જેવી કોઈ રમત નથી.
account-claimed = { $n ->
    [0] આમાંની કોઈ રમત ઉમેરી શકાઈ નહીં: દરેક પહેલેથી કોઈ એકાઉન્ટની છે.
    [one] એક રમત તમારા ખેલાડી પાના પર છે.
   *[other] { $n } રમતો તમારા ખેલાડી પાના પર છે.
}
account-delete-title = એકાઉન્ટ કાઢી નાખો
account-delete-explain = તમારી રમતો “કાઢી નાખેલ ખેલાડી” નામે રહેશે, અને તમારું નામ બીજાઓ માટે મુક્ત થશે. આ પાછું વાળી શકાતું નથી.
account-delete-confirm = મારું એકાઉન્ટ કાઢી નાખો
account-deleted = એકાઉન્ટ કાઢી નાખ્યું છે.
player-bot = બૉટ
player-since = { $date } થી રમે છે
player-ratings = રેટિંગ
player-no-ratings = હજી કોઈ રેટેડ રમત નથી.
player-rating-now = { $kind }: { $rating } (± { $deviation })
player-games = રમતો
player-no-games = હજી કોઈ રમત નથી.
player-in-progress = ચાલુ છે
player-result-won = જીત્યા
player-result-cards = { $cards } પત્તાં બાકી
player-result-place = { $players } માંથી { $place } મું સ્થાન
player-replay = રીપ્લે જુઓ
player-open = રમત ખોલો
player-not-found = આ નામનો કોઈ ખેલાડી નથી.
error-account_name_too_short = નામ બહુ ટૂંકું છે: ઓછામાં ઓછા 3 અક્ષરો.
error-account_name_too_long = નામ બહુ લાંબું છે: વધુમાં વધુ 20 અક્ષરો.
error-account_name_character = નામમાં માત્ર અંગ્રેજી અક્ષરો a–z, અંકો, _ અને - જ ચાલે.
error-account_name_start = નામ અક્ષર કે અંકથી શરૂ થાય છે.
error-name_taken = આ નામ લેવાઈ ગયું છે; બીજું પસંદ કરો.
error-password_too_short = પાસવર્ડ બહુ ટૂંકો છે: ઓછામાં ઓછા 8 અક્ષરો.
error-password_too_long = પાસવર્ડ બહુ લાંબો છે: વધુમાં વધુ 256 બાઇટ.
error-login_failed = નામ અથવા પાસવર્ડ ખોટો છે.
error-not_signed_in = પહેલાં સાઇન ઇન કરો.
error-foreign_origin = આ વિનંતી બીજી સાઇટ પરથી આવી હતી અને નકારાઈ.
error-too_many_attempts = ઘણા પ્રયત્નો થયા; એક મિનિટ રાહ જોઈને ફરી પ્રયત્ન કરો.
error-unknown_player = આ નામનો કોઈ ખેલાડી નથી.
open-title = ખુલ્લી રમતો
open-none = અત્યારે કોઈ રમત ખેલાડીઓની રાહ જોતી નથી.
open-players = { $n ->
    [one] 1 ખેલાડી
   *[other] { $n } ખેલાડીઓ
}
open-clock-per-move = દરેક ચાલ માટે { $seconds } સેકન્ડ
open-clock-bank = { $minutes } મિનિટ + { $increment } સેકન્ડ
open-clock-days = દરેક ચાલ માટે { $days } દિવસ
open-rated = રેટેડ
open-unrated = રેટેડ નથી
open-seats-left = { $n ->
    [one] 1 બેઠક બાકી
   *[other] { $n } બેઠકો બાકી
}
open-waiting = રાહ જુએ છે: { $names }
open-bots = બૉટ: { $bots }
open-anonymous = એક ખેલાડી
open-join = જોડાઓ
open-create-title = બધા માટે ખુલ્લી રમત શરૂ કરો
open-create = રમત ખોલો
open-live-title = ચાલુ રમતો
open-live-none = અત્યારે જોવા માટે કોઈ રમત નથી.
open-watch = જુઓ
error-game_waiting = ખુલ્લી બેઠકો ભરાતાં જ આ રમત શરૂ થશે; આ પાનું થોડી વારમાં ફરી જોશે.

# A game stopped at the server's round cap (docs/rules-notes.md).
game-unfinished = રમત પૂરી, અધૂરી: કોઈ જીત્યું નથી.
table-unfinished = આ રમત સર્વરની રાઉન્ડ મર્યાદા વટાવી ગઈ, તેથી અધૂરી અટકાવવામાં આવી: કોઈ જીત્યું નથી. નિયમોમાં રાઉન્ડની કોઈ મર્યાદા નથી; સર્વર કદી પૂરી ન થનારી રમત અટકાવે છે.

# Ratings (docs/accounts.md): the leaderboards, the rated option, a player's record.
leaderboard-title = { $kind }: લીડરબોર્ડ
leaderboard-link = લીડરબોર્ડ: { $kind }
leaderboard-rating-explain = રેટેડ રમતોમાંથી રેટિંગ (Weng-Lin): નવો ખેલાડી 25 ± 8.3 થી શરૂ કરે છે. યાદી રેટિંગમાંથી અનિશ્ચિતતાના ત્રણ ગણા બાદ કરીને ગોઠવાય છે, જેથી નસીબની થોડી રમતો કોઈને ટોચ પર ન પહોંચાડે; ટોચના { $n } બતાવે છે.
leaderboard-best-explain = ધ ગેમ સાથે મળીને રમાય છે, તેથી તેમાં રેટિંગ નથી. દરેક ખેલાડી સંખ્યા માટે શ્રેષ્ઠ રેટેડ રમતો, સૌથી ઓછા કાર્ડ બાકી હોય તે પહેલાં.
leaderboard-rank = ક્રમ
leaderboard-player = ખેલાડી
leaderboard-rating = રેટિંગ
leaderboard-games = રમતો
leaderboard-none = હજી કોઈ રેટેડ રમત નથી.
leaderboard-team = ટીમ
leaderboard-result = પરિણામ
open-rated-option = રેટેડ (એકાઉન્ટ જરૂરી; બાકીની દરેક બેઠક એકાઉન્ટ ધરાવનાર લે છે)
player-record = { $kind } રેકોર્ડ
player-record-line = { $players }: { $games } રમતો · { $wins } જીત · સરેરાશ { $cards } કાર્ડ બાકી
error-not_ratable = આ રમત રેટેડ થઈ શકતી નથી: રેટેડ રમતમાં તમારી બેઠક પર તમારું એકાઉન્ટ, સમય મર્યાદા, અને બાકીની બેઠકો એકાઉન્ટ માટે ખુલ્લી અથવા રેટેડ બૉટ દ્વારા રમાતી હોવી જોઈએ.
error-rated_no_undo = આ રમત રેટેડ છે: કંઈ પાછું લઈ શકાતું નથી.
error-already_seated = આ રેટેડ રમતમાં તમારી પાસે પહેલેથી બેઠક છે.

## Game analysis in the replay, and the Hint button at the table (analysis.js, table.js)
ana-title = વિશ્લેષણ
ana-queued = વિશ્લેષણ કતારમાં રાહ જુએ છે (ક્રમ { $position }).
ana-running = વિશ્લેષણ ચાલે છે; પૂરું થતાં અહીં દેખાશે.
ana-failed = વિશ્લેષણ નિષ્ફળ ગયું: { $error }
ana-ask-again = ફરી માગો
ana-absent = આ ગેમનું હજી વિશ્લેષણ થયું નથી.
ana-ask = આ ગેમનું વિશ્લેષણ કરો
ana-chart-label = દરેક ચાલે દરેક ખેલાડીની જીતવાની તક
ana-percent = { NUMBER($n, style: "percent") }
ana-axis-step = ચાલ
ana-mark-mistake = ભૂલ
ana-mark-inaccuracy = અચોકસાઈ
ana-mark-mistakes = ભૂલો
ana-mark-inaccuracies = અચોકસાઈઓ
ana-prev-mark = ← પાછલું નિશાન
ana-next-mark = આગલું નિશાન →
ana-mark-count = નિશાન: { $mistakes } ભૂલ, { $inaccuracies } અચોકસાઈ
ana-marked-mistake = ભૂલ
ana-marked-inaccuracy = અચોકસાઈ
ana-you-differ = તમે { $taken } પસંદ કર્યું; બૉટ { $preferred } પસંદ કરે છે.
ana-seat-differ = { $name }એ { $taken } પસંદ કર્યું; બૉટ { $preferred } પસંદ કરે છે.
ana-you-agree = તમે { $taken } પસંદ કર્યું, બૉટની જેમ જ.
ana-seat-agree = { $name }એ { $taken } પસંદ કર્યું, બૉટની જેમ જ.
ana-you-forced = તમારી પાસે એક જ પસંદગી હતી: { $taken }.
ana-seat-forced = { $name } પાસે એક જ પસંદગી હતી: { $taken }.
ana-estimate-taken = આ પસંદગી: { $estimate }
ana-estimate-preferred = બૉટની પસંદગી: { $estimate }
ana-estimate-rank = જીતવાની તક { NUMBER($win, style: "percent") }, અપેક્ષિત સ્થાન { $rank }
ana-estimate-cards = જીતવાની તક { NUMBER($win, style: "percent") }, અંતે અપેક્ષિત { $cards } કાર્ડ બાકી
ana-col-player = ખેલાડી
ana-col-agreement = બૉટ જેવી જ પસંદગી
ana-agreement = { $decisions } માંથી { NUMBER($n, style: "percent") }
ana-hint-taken = { $name }એ સૂચન લીધું: { $action }
ana-hint-taken-you = સૂચન લીધું: { $action }
ana-tg-play = { $card } { $pile } પર
ana-tg-signal = { $pile } પર સંકેત: { $signal }
ana-pg-pass = પાસ
ana-pg-build = { $city }માં બાંધો
ana-pg-power = { $plants } ચલાવો
ana-pg-power-coal = { $plants } ચલાવો, હાઇબ્રિડમાં { $coal } કોલસો બાળીને
ana-pg-done = વારો પૂરો
table-hint = સૂચન
table-hint-help = તમારી બેઠક જે જાણે છે તેના આધારે આ ચાલ માટે બૉટનું સૂચન; તે તમારા વતી રમાતું નથી.
table-hint-text = સૂચન: { $action }
error-hints_rated = આ ગેમ રેટેડ છે: તેમાં સૂચન નથી.
error-not_your_turn = હજી તમારો વારો નથી.
error-hint_unavailable = બૉટ અહીં કોઈ ચાલ સૂચવી શકતો નથી.
error-analysis_queue_full = વિશ્લેષણ માટે ઘણી ગેમ રાહ જુએ છે; પછી ફરી માગો.
error-analysis_disabled = આ સર્વર ગેમનું વિશ્લેષણ કરતું નથી.
