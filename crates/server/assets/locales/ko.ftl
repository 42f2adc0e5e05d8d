# Tabletop 웹 페이지: 한국어. 용어는 한국어 시드 문서(파워그리드 요약룰)를 따릅니다(발전소, 경매,
# 입찰, 패스, 자원, 건물, 1기/2기/3기, 현재 시장/미래 시장, 일렉트로). 용어표: docs/translations.md.

## Terms used by many messages
-elektro = 일렉트로
-powergrid = 파워그리드
-thegame = 더 게임

## Every page
language-name = 한국어
language-picker = 언어
app-title = Tabletop 보드게임
loading = 불러오는 중…
connected = 연결됨
reconnecting = 연결이 끊겼습니다. 다시 연결하는 중…
error-prefix = 거부됨: { $message }
network-error = 서버에 연결할 수 없습니다. 인터넷 연결을 확인하고 다시 시도하세요.
copy = 복사
copied = 복사됨
spectating = 관전자로 보고 있습니다.
you-are = 내 자리: { $name }
game-over = 게임 종료
your-turn = 내 차례
waiting-for = { $name } 기다리는 중
seat-name = { $n }번 자리
human = 사람
bot = 봇: { $name ->
    [random] 무작위
    [heuristic] 경험 규칙
    [search] 탐색
    [casual] 가벼운 플레이어
    [builder] 건설가 (빠르게 확장)
    [tycoon] 재벌 (큰 발전소, 늦은 건설)
    [hoarder] 사재기꾼 (자원을 미리 구입)
    [blocker] 방해꾼 (남이 필요한 도시를 차지)
    [green] 친환경 (재생 에너지 발전소 선호)
   *[other] { $name }
}
rules-link = 규칙
help-title = 지금 무엇을 할 수 있나요?

## Errors the server reports, by their code (docs/api.md)
error-illegal_action = 지금은 규칙상 그렇게 할 수 없습니다.
error-stale_version = 행동이 도착하기 전에 게임이 진행되었습니다. 다시 확인하고 시도하세요.
error-game_over = 게임이 끝났습니다.
error-invalid_setup = 이 설정은 허용되지 않습니다. { -powergrid }는 표시된 수만큼 서로 붙어 있는 지역을 골라야 합니다.
error-invalid_seats = 자리 구성이 이 게임에 맞지 않습니다.
error-unknown_game = 그런 게임이 없습니다.
error-wrong_token = 이 링크는 이 게임의 자리가 아닙니다.
error-missing_token = 플레이하려면 자기 자리 링크를 여세요.
error-spectator_cannot_act = 관전자는 플레이할 수 없습니다.
error-rate_limited = 요청이 너무 많습니다. 잠시 기다리세요.
error-unavailable = 지금은 게임을 쓸 수 없습니다. 다시 시도하세요.
error-storage_failed = 서버가 행동을 저장하지 못했습니다. 아무것도 바뀌지 않았습니다.
error-pending = 이전 행동이 아직 전송 중입니다.
error-other = 서버가 거부했습니다({ $code }).

## Lobby
lobby-create = 게임 만들기
lobby-kind = 게임
lobby-players = 인원
lobby-map = 지도
lobby-regions-random = 무작위 지역
lobby-regions-pick = 서로 붙어 있는 지역 { $n }개 선택
lobby-create-button = 만들기
lobby-seed = 시드(선택)
lobby-seed-random = 무작위
lobby-link-spectator = 관전 링크
lobby-my-games = 내 게임
lobby-no-games = 아직 게임이 없습니다.
lobby-refresh = 새로 고침
lobby-spectate = 게임 관전
lobby-spectate-placeholder = 게임 링크 또는 아이디
lobby-spectate-button = 관전
lobby-status-turn = 내 차례
lobby-status-over = 종료됨
lobby-bad-game = 게임 링크나 아이디(16진수 32자리)가 아닙니다.
lobby-rules = 규칙: { $kind }
kind-powergrid = { -powergrid }
kind-thegame = { -thegame }

## Rules pages
rules-title = { $kind } 규칙
rules-back = 돌아가기
rules-missing = 규칙을 불러올 수 없습니다.

## Power Grid
pg-colour-0 = 빨강
pg-colour-1 = 파랑
pg-colour-2 = 초록
pg-colour-3 = 노랑
pg-colour-4 = 보라
pg-colour-5 = 검정
pg-map-germany = 독일
pg-map-usa = 미국
pg-region-green = 초록
pg-region-brown = 갈색
pg-region-yellow = 노랑
pg-region-red = 빨강
pg-region-cyan = 청록
pg-region-purple = 보라
pg-status = { $round }라운드, { $step }기, { $phase }
pg-phase-auction = 2단계: 발전소 경매
pg-phase-resources = 3단계: 자원 구입
pg-phase-building = 4단계: 건설
pg-phase-bureaucracy = 5단계: 전력 공급(수입)
pg-phase-game_over = 게임 종료
pg-zoom-in = 확대
pg-zoom-out = 축소
pg-zoom-reset = 지도 전체 보기
pg-market = 발전소 시장
pg-market-current = 현재 시장
pg-market-future = 미래 시장
pg-market-single = 발전소 시장(3기)
pg-deck = 발전소 더미: { $n }장
pg-step3-card = 3기 카드
pg-under-step3 = 3기 카드 아래: { $plants }
pg-plant-title = { $n }번 발전소
pg-plant-burns = { $kind } { $fuel }개 → 도시 { $cities }개
pg-plant-free = 자원 없음 → 도시 { $cities }개
pg-kind-coal = 석탄
pg-kind-oil = 석유
pg-kind-hybrid = 석탄/석유
pg-kind-garbage = 쓰레기
pg-kind-uranium = 우라늄
pg-kind-eco = 친환경
pg-kind-fusion = 핵융합
pg-amount = { $res } { $n }개
pg-resources = 자원 시장
pg-res-coal = 석탄
pg-res-oil = 석유
pg-res-garbage = 쓰레기
pg-res-uranium = 우라늄
pg-res-supply = 공급처: { $n }
pg-res-market = 시장: { $n }
pg-players = 플레이어
pg-player-money = { $money } { -elektro }
pg-player-money-hidden = ? { -elektro }
pg-player-cities = 도시: { $n }
pg-player-houses = 남은 건물: { $n }
pg-player-order = 턴 순서 { $n }번째
pg-player-stored = 보관: { $list }
pg-nothing = 없음
pg-you = {" "}(나)
pg-must-auction-choose = { $name }: 경매할 발전소를 고르거나 패스해야 합니다.
pg-must-auction-choose-first = { $name }: 경매할 발전소를 골라야 합니다(첫 라운드에는 모두 발전소를 사야 함).
pg-must-bid = { $name }: { $plant }번 발전소에 { $bid }보다 높게 입찰하거나 패스해야 합니다.
pg-must-discard = { $name }: 발전소가 너무 많아 하나를 버려야 합니다.
pg-must-resources = { $name }: 자원을 구입한 뒤 차례를 마칩니다.
pg-must-building = { $name }: 건물을 지은 뒤 차례를 마칩니다.
pg-must-bureaucracy = { $name }: 가동할 발전소를 고르는 중입니다.
pg-controls = 내 행동
pg-choose-plant = 현재 시장의 발전소를 눌러 경매에 부치세요.
pg-offer = { $plant }번 발전소를 { $bid } { -elektro }에 경매 시작
pg-bid-range = { $min }~{ $max } { -elektro } 사이로 입찰
pg-bid = { $amount } { -elektro } 입찰
pg-pass-auction = 패스(경매 포기)
pg-pass-round = 이번 라운드에 발전소를 사지 않음
pg-auction-running = 경매: { $plant }번 발전소, 최고 입찰 { $bid }({ $name }); 아직 입찰 중: { $bidders }
pg-discard = { $plant }번 발전소 버리기
pg-discard-keep = { $plant }번 발전소 버리기, 석탄 { $coal }개 보관
pg-buy-title = { $res } 구입
pg-buy = { $res } { $n }개를 { $price } { -elektro }에 구입
pg-buy-room = { $n }개 더 보관 가능
pg-done-resources = 구입 끝
pg-build-hint = 지도에서 강조된 도시를 눌러 건설하세요.
pg-build-preview = { $city }: 연결비용 { $connection } + 건설비용 { $place } = { $total } { -elektro }
pg-build-path = 경로: { $path }
pg-build = { $city }에 { $total } { -elektro }로 건설
pg-done-building = 건설 끝
pg-power-title = 가동할 발전소 선택
pg-power-hybrid = 하이브리드 발전소에서 태울 석탄: { $n }
pg-power-preview = 전력 공급 도시: { $cities }; 수입: { $income } { -elektro }
pg-power = 이 발전소를 가동하고 { $income } { -elektro } 받기
pg-power-impossible = 이렇게는 고를 수 없습니다(자원 부족).
pg-log = 기록
pg-standings = 최종 순위
pg-standing-row = { $rank }. { $name }: 전력 공급 도시 { $powered }, { $money } { -elektro }, 연결 도시 { $cities }
pg-tiebreak = 가장 많은 도시에 전력을 공급한 플레이어가 승리합니다. 같으면 돈이 많은 쪽, 그다음 연결한 도시가 많은 쪽이 이기며, 그래도 같으면 순위를 나눕니다.
pg-tied-money = 전력 공급 도시가 같아 돈으로 결정
pg-tied-cities = 전력 공급 도시와 돈이 같아 연결 도시로 결정
pg-tied-shared = 공동 순위
pg-help-auction = 각 라운드에 한 사람은 발전소를 하나만 살 수 있습니다. 고를 차례가 되면 현재 시장(윗줄)의 발전소를 누르고 발전소 번호 이상으로 입찰하거나, 이번 라운드는 패스합니다(첫 라운드에는 패스할 수 없음). 경매 중에는 더 높게 입찰하거나 패스하며, 마지막에 남은 플레이어가 돈을 내고 발전소를 가져갑니다. 발전소가 제한수를 넘으면 하나를 버려야 합니다.
pg-help-resources = 마지막 플레이어부터 자원을 구입합니다. 발전소에 쓸 석탄, 석유, 쓰레기, 우라늄을 사세요. 각 발전소는 필요한 양의 2배까지 보관할 수 있습니다. 가격은 자원 시장의 칸에 적힌 숫자이고, 싼 것부터 삽니다. 다 샀으면 “{ pg-done-resources }”을 누르세요.
pg-help-building = 마지막 플레이어부터 건설합니다. 강조된 도시를 누르세요. 가격은 내 네트워크에서 가장 싼 연결비용에 건설비용(10, 15, 20 { -elektro })을 더한 값입니다. 한 도시에는 1기에 1개, 2기에 2개, 3기에 3개의 건물이 들어갈 수 있습니다. 돈이 있는 만큼 지은 뒤 “{ pg-done-building }”을 누르세요.
pg-help-bureaucracy = 가동할 발전소를 고르세요. 각 발전소는 자원을 소모해 적힌 수만큼의 도시에 전력을 공급하지만, 내가 연결한 도시 수를 넘을 수는 없습니다. 전력을 공급한 도시 수에 따라 돈을 받습니다. 그다음 자원 시장이 채워지고 발전소 시장이 바뀝니다.
pg-help-wait = 다른 플레이어를 기다리는 중입니다. 그들의 행동은 기록에 나옵니다.
pg-ev-round_started = { $round }라운드 시작
pg-ev-turn_order = 턴 순서: { $order }
pg-ev-phase_started = { $phase } 시작
pg-ev-auction_started = { $name }: { $plant }번 발전소를 { $bid } { -elektro }에 경매 시작
pg-ev-bid = { $name }: { $plant }번 발전소에 { $amount } { -elektro } 입찰
pg-ev-dropped_out = { $name }: { $plant }번 발전소 경매에서 패스
pg-ev-passed_auctions = { $name }: 이번 라운드에 발전소를 사지 않음
pg-ev-plant_bought = { $name }: { $plant }번 발전소를 { $price } { -elektro }에 구입
pg-ev-plant_discarded = { $name }: { $plant }번 발전소를 버림({ $returned } 공급처로 반환)
pg-ev-plant_drawn = { $plant }번 발전소가 시장에 나옴
pg-ev-step3_card_drawn = 3기 카드가 나옴
pg-ev-deck_shuffled = 발전소 더미({ $size }장)를 섞음
pg-ev-step3_card_removed = 3기 카드가 시장에서 빠짐
pg-ev-plant_removed = { $plant }번 발전소가 게임에서 제거됨({ $reason })
pg-reason-small_plant = 한 플레이어가 도시 { $cities }개를 연결함
pg-reason-no_purchase = 아무도 발전소를 사지 않음
pg-reason-step2 = 2기
pg-reason-step3 = 3기
pg-reason-bureaucracy = 전력 공급, 3기
pg-ev-plant_under_deck = { $plant }번 발전소가 더미 맨 아래로 감
pg-ev-resources_bought = { $name }: { $res } { $amount }개를 { $cost } { -elektro }에 구입
pg-ev-built = { $name }: { $city } 연결, { $total } { -elektro }(연결비용 { $connection } + 건설비용 { $place })
pg-ev-turn_ended-resources = { $name }: 구입 끝
pg-ev-turn_ended-building = { $name }: 건설 끝
pg-ev-turn_ended-auction = { $name }: 차례 끝
pg-ev-turn_ended-bureaucracy = { $name }: 차례 끝
pg-ev-turn_ended-game_over = { $name }: 차례 끝
pg-ev-powered = { $name }: { $plants } 가동, { $burned } 소모; 전력 공급 도시 { $cities }; 수입 { $income } { -elektro }
pg-ev-resupplied = 자원 시장 보충: { $added }
pg-ev-step_started = { $step }기 시작
pg-ev-game_ended = 게임 종료
pg-plants-none = 발전소 없음
pg-plants-list = 발전소 { $list }({ $count }개)

## The Game
tg-pile-up1 = 오름차순 1
tg-pile-up2 = 오름차순 2
tg-pile-down1 = 내림차순 1
tg-pile-down2 = 내림차순 2
tg-up = ↑ 1에서 99로
tg-down = ↓ 100에서 2로
tg-hand = 내 손패
tg-hand-hint = 카드를 누른 뒤 더미를 누르세요.
tg-backwards = 거꾸로 놓기
tg-end-turn = 차례 끝내기
tg-played-this-turn = 이번 차례에 낸 카드: { $n }(최소 { $min })
tg-draw-pile = 뽑을 더미: { $n }
tg-team = 팀
tg-hand-size = { $name }: 손패 { $n }장
tg-signal-dont_play = 여기에는 내지 말아 주세요
tg-signal-good_card = 이 더미에 좋은 카드가 있어요
tg-signal-send-dont_play = 부탁: 여기 내지 마세요
tg-signal-send-good_card = 알림: 여기 좋은 카드 있음
tg-signal-of = { $name }: { $signal }
tg-turn = { $name } 차례
tg-won = 팀 승리: 98장 모두 더미에 놓았습니다!
tg-lost = 팀 패배. 남은 카드: { $n }장.
tg-log = 기록
tg-help-turn = 손패에서 카드를 최소 { $min }장 내세요(뽑을 더미가 비면 1장). 카드를 누른 뒤 더미를 누릅니다. 오름차순 더미에는 맨 위 카드보다 큰 카드를, 내림차순 더미에는 작은 카드를 냅니다. 거꾸로 놓기: 오름차순 더미에 정확히 10 작은 카드, 내림차순 더미에 정확히 10 큰 카드를 낼 수 있습니다. 그다음 차례를 끝내면 손패를 다시 채웁니다.
tg-help-wait = 다른 플레이어가 카드를 내는 중입니다. 숫자를 말할 수는 없지만 더미에 신호를 보낼 수 있습니다: “여기에는 내지 말아 주세요” 또는 “이 더미에 좋은 카드가 있어요”.
tg-help-watch = 플레이어의 손패는 보이지 않습니다. 차례마다 플레이어는 더미에 카드를 2장 이상 내고(뽑을 더미가 비면 1장 이상) 카드를 뽑습니다.
tg-ev-played = { $name }: { $pile }에 { $card } 냄
tg-ev-played-backwards = { $name }: { $pile }에 { $card } 냄(거꾸로 놓기)
tg-ev-turn_ended = { $name }: 차례 끝
tg-ev-drew = { $name }: 카드 { $count }장 뽑음
tg-ev-drew-cards = { $name }: { $cards } 뽑음
tg-ev-skipped = { $name }: 손패가 없어 건너뜀
tg-ev-turn_started = { $name } 차례(최소 { $minimum }장)
tg-ev-signalled = { $name }: { $pile }에 신호 — { $signal }
tg-ev-won = 팀 승리!
tg-ev-lost = 팀 패배. 남은 카드: { $cards_left }장

## lobby
lobby-seats = 자리
lobby-seat-head = 자리
lobby-who-plays = 플레이
lobby-name = 이름
lobby-name-placeholder = 이름(선택)
lobby-name-of = { $seat }의 이름
lobby-name-too-long = { $seat }의 이름이 너무 깁니다. 최대 { $max }자입니다.
lobby-name-empty = 먼저 이름을 입력하세요.
lobby-hotseat = 핫시트: 사람 자리를 모두 이 기기에서 플레이
lobby-hotseat-hint = 한 화면을 돌아가며 씁니다. 차례가 바뀌면 기기를 넘기라고 알려 줍니다.
lobby-public-money = 돈 공개
lobby-public-money-hint = 모두가 모든 플레이어의 돈을 봅니다.
lobby-bad-seed = 시드는 0 이상의 정수여야 합니다.
lobby-regions-count = 지역을 정확히 { $n }개 고르세요(지금 { $picked }개).
lobby-clock = 시간 제한
lobby-clock-kind = 시계
lobby-clock-none = 시간 제한 없음
lobby-clock-per_move = 수마다 제한 시간
lobby-clock-bank = 기본 시간과 추가 시간
lobby-clock-days = 수마다 제한 일수
lobby-clock-hint-none = 아무도 서두르지 않습니다.
lobby-clock-hint-per_move = 매 수를 이 시간 안에 두어야 합니다.
lobby-clock-hint-bank = 각자의 기본 시간은 자기 차례 동안 줄고, 매 수 뒤에 추가 시간만큼 늘어납니다.
lobby-clock-hint-days = 느린 게임용: 매 수를 이 일수 안에 둡니다.
lobby-clock-hint-after = 시간이 다 되면 플레이어가 돌아올 때까지 봇이 대신 플레이합니다.
lobby-unit-seconds = 수마다 제한 시간(초)
lobby-unit-minutes = 기본 시간(분)
lobby-unit-seconds-increment = 추가 시간(초)
lobby-unit-days = 수마다 제한 일수
lobby-range = { $min }부터 { $max }까지
lobby-clock-invalid = 먼저 시간 제한을 고치세요.
lobby-days = { $n }일 { $hours }시간
lobby-status-waiting-for = { $name } 기다리는 중
lobby-clock-left = { $time } 남음
lobby-game-title = { $kind }: { $seat }
lobby-invite-links = 초대 링크
lobby-replay = 다시 보기
lobby-share = 플레이어 초대
lobby-share-hint = 플레이어마다 자기 링크를 보내세요. 링크를 가진 사람이 그 자리를 플레이합니다.
lobby-pass-title = 기기를 { $name }에게 넘기세요
lobby-pass-text = { $name }이(가) 준비될 때까지 화면을 가립니다.
lobby-pass-ready = 나는 { $name }: 내 자리 보기
lobby-join-name = 내 이름
lobby-join-name-save = 저장
lobby-join-name-skip = 나중에
error-invalid_name = 쓸 수 없는 이름입니다. 보이는 글자 1~24자를 쓰세요.
error-invalid_options = 시간 제한이 허용 범위를 벗어났습니다.
lobby-download-record = 기록 내려받기
lobby-back-to-game = 게임으로 돌아가기
lobby-replay-watch = 다시 보기
lobby-replay-not-over = 게임이 끝나면 다시 보기를 열 수 있습니다.
lobby-replay-title = 다시 보기
lobby-replay-first = 처음
lobby-replay-prev = 이전
lobby-replay-play = 재생
lobby-replay-pause = 일시 정지
lobby-replay-next = 다음
lobby-replay-last = 마지막
lobby-replay-jump = 수로 이동
lobby-replay-counter = { $steps }수 중 { $step }수
lobby-replay-speed = 속도
lobby-replay-speed-option = 수마다 { $seconds }초
lobby-replay-seen-by = 보는 자리
lobby-replay-everyone = 모두(공개 정보)
lobby-replay-revealed = 숨겨진 정보 공개
lobby-replay-hand = { $name }: { $cards }
lobby-replay-money = { $name }: { $money } { -elektro }
lobby-replay-no-step = 이 게임에는 { $step }수가 없어 처음부터 엽니다.

## table
table-name-with = { $name } ({ $label })
table-bot = {" "}(봇)
table-away-timed_out = 봇이 대신함: 시간 초과
table-away-left = 봇이 대신함: 자리를 넘김
table-away-replaced = 봇이 대신함: 자리를 비워 교체됨
table-replace = 봇으로 교체
table-replace-help = 자리를 비운 플레이어의 자리를 봇에게 넘깁니다
table-notice-timed_out = 시간이 다 되어 봇이 내 자리에서 플레이하고 있습니다. 자리를 되찾으면 계속할 수 있습니다.
table-notice-left = 요청대로 봇이 내 자리에서 플레이하고 있습니다. 자리를 되찾으면 계속할 수 있습니다.
table-notice-replaced = 자리를 비운 사이 게임을 만든 사람이 내 자리를 봇에게 넘겼습니다. 자리를 되찾으면 계속할 수 있습니다.
table-back = 내 자리 되찾기
table-undo = 되돌리기
table-leave = 내 자리를 봇에게 넘기기
table-rematch = 다시 하기
table-rematch-watch = 다시 하는 게임 보기
table-settings = 설정
table-setting-sound = 내 차례에 소리 내기
table-setting-confirm = 되돌릴 수 없는 행동 전에 묻기
table-setting-notify = 이 페이지가 뒤에 있을 때 내 차례면 알림 보내기
table-notify-blocked = 이 브라우저는 이 페이지의 알림을 보여 주지 않습니다.
table-notify-title = 내 차례
table-notify-body = 내가 둘 차례입니다.
table-title-turn = ● 내 차례 · { $title }
table-clock-days = { $days }일 { $hours }시간
table-confirm-title = 이 행동을 할까요?
table-confirm-move = { $move }?
table-confirm-note = 이 행동은 되돌릴 수 없습니다.
table-confirm-never = 다시 묻지 않기
table-confirm-yes = 예
table-confirm-no = 취소
table-rename = 이름 바꾸기
table-rename-label = 내 이름
table-rename-save = 저장
error-nothing_to_undo = 되돌릴 것이 없습니다. 이번 차례에 아무것도 드러내지 않은 내 행동만 되돌릴 수 있습니다.
error-seat_away = 봇이 내 자리에서 플레이하고 있습니다. 먼저 자리를 되찾으세요.
error-seat_not_away = 이미 내가 내 자리에서 플레이하고 있습니다.
error-player_present = 이 플레이어는 접속 중이거나 자리를 비운 지 얼마 되지 않아 교체할 수 없습니다.
error-not_creator = 게임을 만든 사람만 플레이어를 교체할 수 있습니다.
error-game_not_over = 게임이 아직 끝나지 않았습니다.
tg-start-card = 시작 카드
tg-signal = 신호
tg-why-choose = 먼저 손패에서 카드를 고른 다음 더미를 고르세요.
tg-why-not-turn = 지금은 { $name } 차례입니다. 신호만 보낼 수 있습니다.
tg-why-up = { $card }은(는) { $pile }에 놓을 수 없습니다. { $top }보다 큰 카드만 놓을 수 있습니다.
tg-why-down = { $card }은(는) { $pile }에 놓을 수 없습니다. { $top }보다 작은 카드만 놓을 수 있습니다.
tg-why-back = 정확히 { $back }도 놓을 수 있습니다(거꾸로 놓기).
tg-end-stuck = { $name }은(는) 더 놓을 수 없었습니다. 이번 차례에 { $min }장이 필요했고 { $played }장을 놓았으며, 손패 { $hand }장 중 어느 것도 더미에 맞지 않았습니다.
tg-end-stuck-me = 더 놓을 수 없었습니다. 이번 차례에 { $min }장이 필요했고 { $played }장을 놓았으며, 내 카드({ $cards }) 중 어느 것도 더미에 맞지 않습니다.
tg-end-left = 놓지 못한 카드: { $n }장 (뽑을 더미 { $draw }장, 손패 { $hands }장).
tg-end-hand = 마지막 내 손패

## pgpage
pg-turn-spectator = { $name } 차례
pg-why-spectator = 관전자는 행동할 수 없습니다.
pg-why-phase = 그것은 { $phase }에 합니다. 지금은 { $now }입니다.
pg-why-city-off = { $city }은(는) 이번 게임에서 쓰지 않는 지역에 있습니다.
pg-why-city-mine = { $city }에는 이미 내 건물이 있습니다.
pg-why-city-full = { $city }은(는) 가득 찼습니다: { $step }기에는 도시마다 건물 { $step }개까지입니다.
pg-why-city-money = { $city }에 건설하려면 { $total } { -elektro }가 필요합니다. 가진 돈: { $money }
pg-why-city-other = 지금은 { $city }에 건설할 수 없습니다.
pg-why-plant-discard = 먼저 버릴 발전소를 고르세요.
pg-why-plant-auction = { $plant }번 발전소 경매가 진행 중입니다. 먼저 입찰하거나 패스하세요.
pg-why-plant-future = { $plant }번 발전소는 미래 시장에 있습니다. 현재 시장의 발전소만 경매에 부칠 수 있습니다.
pg-why-plant-money = { $plant }번 발전소는 최소 { $plant } { -elektro }입니다. 가진 돈: { $money }
pg-why-plant-other = 지금은 { $plant }번 발전소를 경매에 부칠 수 없습니다.
pg-why-offer-low = { $plant }번 발전소의 시작 가격은 번호 이상이어야 합니다: { $min } { -elektro }
pg-why-bid-low = 입찰은 { $high }보다 높아야 합니다: 최소 { $min } { -elektro }
pg-why-bid-money = 가진 돈은 { $money } { -elektro }입니다: 최대 { $max }까지 입찰
pg-why-number = { $min }~{ $max } 사이의 정수를 입력하세요.
pg-why-buy-number = 살 { $res }의 양을 입력하세요: 1~{ $max }
pg-why-buy-market = 시장에 { $res }이(가) { $n }개뿐입니다: 1~{ $max }개 구입 가능
pg-why-buy-money = { $res } { $n }개는 { $price } { -elektro }인데 가진 돈은 { $money }입니다: 1~{ $max }개 구입 가능
pg-why-buy-room = 내 발전소에 { $res }을(를) { $max }개 더 보관할 수 있습니다: 1~{ $max }개 구입 가능
pg-why-buy-none-market = 시장에 { $res }이(가) 남아 있지 않습니다.
pg-why-buy-none-money = { $res } 1개는 { $price } { -elektro }입니다. 가진 돈: { $money }
pg-why-buy-none-room = 내 발전소에는 { $res }을(를) 보관할 자리가 없습니다.
pg-buy-count = { $res } { $n }개 구입
pg-city-houses = 건물 { $n }개: { $names }
pg-city-empty = 건물 없음
pg-city = { $city }, { $houses }
pg-city-build = { $city }, { $houses }. { $total } { -elektro }에 여기 건설
pg-plant-label = { $n }번 발전소, { $what }
pg-plant-offerable = { $n }번 발전소, { $what }: 경매에 부치기
pg-res-label = { $res }: 시장에 { $n }개, 가장 싼 것 { $price } { -elektro }; 공급처 { $supply }개
pg-res-label-empty = { $res }: 시장에 없음; 공급처 { $supply }개
pg-power-hybrid-label = 하이브리드 발전소에서 태울 석탄 (나머지는 석유)
pg-zoom = 지도 확대/축소

## postgres
error-storage_unavailable = 서버가 지금 데이터베이스에 연결할 수 없습니다. 아무것도 바뀌지 않았습니다. 잠시 후 다시 시도하세요.

## table2
tg-final-stuck = { $name }은(는) 더 놓을 수 없었습니다. 이번 차례에 { $min }장이 필요했고 { $played }장을 놓았으며, { $cards } 중 어느 것도 더미에 맞지 않았습니다.
tg-final-hands = 끝났을 때 모든 손패
tg-final-none = 카드 없음

## lead
# My games: a hotseat game, listed once for all its seats.
lobby-game-title-hotseat = { $kind }: 핫시트

## Refusals that say why, the end of a game, the map's first view, pages that lead on
network-retry = 서버에 연결할 수 없어 페이지가 다시 연결하는 중입니다. 잠시 후 다시 두세요.
table-rematch-go = 다시 하는 게임으로 가기
pg-buy-none-nofuel = 발전소가 자원을 쓰지 않아 살 것이 없습니다.
pg-buy-none-full = 발전소가 가득 찼습니다. 발전소마다 쓰는 양의 두 배까지만 보관할 수 있습니다.
pg-buy-none-market = 시장에 발전소가 쓰는 자원이 없습니다.
pg-buy-none-money = 보관할 수 있는 가장 싼 자원이 { $price } { -elektro }인데 { $money } { -elektro }밖에 없습니다.
pg-game-won = { $n ->
    [1] 게임 종료: { $names } 승리.
   *[other] 게임 종료: { $names } 공동 승리.
}
pg-zoom-home = 사용 지역 보기
lobby-pass-wait-title = 손패를 가렸습니다
lobby-pass-wait = { $name }을(를) 기다리는 중입니다. 이 기기의 다음 플레이어 차례가 되면 바로 알려 드립니다.
game-not-found = 이 주소에는 게임이 없습니다.
game-back-to-lobby = 로비로 돌아가기
game-watch-instead = 이 게임 관전하기
lobby-game-started = { $date } 시작
tg-hand-of = { $name }의 손패

## Rules pages: the headers of the tables the server fills in
rules-table-players = 인원
rules-table-regions = 사용 지역 수
rules-table-removed = 시작할 때 제거하는 발전소
rules-table-max-plants = 최대 발전소 수
rules-table-step2 = 2기가 시작되는 도시 수
rules-table-end = 게임이 끝나는 도시 수
rules-table-resource = 자원
rules-table-tokens = 전체 자원 수
rules-table-start = 시작할 때 시장
rules-table-prices = 칸별 가격(싼 것부터)
rules-table-house = 도시의 몇 번째 건물
rules-table-from-step = 몇 기부터
rules-table-price = 가격({ -elektro })
rules-table-powered = 전력 공급 도시
rules-table-income = 수입({ -elektro })
rules-table-step = 기
rules-table-plant = 발전소
rules-table-burns = 소모 자원 수
rules-table-cities = 전력 공급 도시

# Issue 28 (pages on one state model): the rule tables' rows where they are used.
pg-res-refill = 보충: +{ $n }
pg-refill-note = 라운드가 끝나면 규칙표의 { $step }기, { $players }인 줄에 따라 시장이 보충됩니다.
pg-income-title = 전력 공급 도시 수별 수입
pg-income-cities = 도시
pg-income-elektro = { -elektro }

## Accounts and player pages (account.js, player.js)
account-link-sign-in = 로그인
account-title = 내 계정
account-sign-in = 로그인
account-sign-up = 계정 만들기
account-name = 이름
account-password = 비밀번호
account-name-hint = 영문자(a–z), 숫자, _ 또는 - 로 3~20자이며, 영문자나 숫자로 시작합니다.
account-password-hint = 8자 이상.
account-optional = 계정은 선택 사항입니다. 모든 게임은 예전처럼 링크로 플레이할 수 있습니다.
account-signed-in-as = { $name }(으)로 로그인됨
account-your-page = 내 플레이어 페이지
account-sign-out = 로그아웃
account-claim-title = 이 브라우저에서 플레이한 게임
account-claim = { $n ->
   *[other] 이 브라우저에서 플레이한 게임 { $n }개를 계정에 추가
}
account-claim-none = 이 브라우저에는 추가할 게임이 없습니다.
account-claimed = { $n ->
    [0] 추가할 수 있는 게임이 없습니다. 모두 이미 다른 계정의 게임입니다.
   *[other] 게임 { $n }개가 플레이어 페이지에 있습니다.
}
account-delete-title = 계정 삭제
account-delete-explain = 게임은 “삭제된 플레이어”로 남고, 이름은 다른 사람이 쓸 수 있게 됩니다. 되돌릴 수 없습니다.
account-delete-confirm = 내 계정 삭제
account-deleted = 계정이 삭제되었습니다.
player-bot = 봇
player-since = { $date }부터 플레이
player-ratings = 레이팅
player-no-ratings = 아직 레이팅 게임이 없습니다.
player-rating-now = { $kind }: { $rating } (± { $deviation })
player-games = 게임
player-no-games = 아직 게임이 없습니다.
player-in-progress = 진행 중
player-result-won = 승리
player-result-cards = 카드 { $cards }장 남음
player-result-place = { $players }명 중 { $place }위
player-replay = 다시보기
player-open = 게임 열기
player-not-found = 이 이름의 플레이어가 없습니다.
error-account_name_too_short = 이름이 너무 짧습니다. 3자 이상이어야 합니다.
error-account_name_too_long = 이름이 너무 깁니다. 20자 이하여야 합니다.
error-account_name_character = 이름에는 영문자 a–z, 숫자, _ 와 - 만 쓸 수 있습니다.
error-account_name_start = 이름은 영문자나 숫자로 시작해야 합니다.
error-name_taken = 이미 쓰이는 이름입니다. 다른 이름을 고르세요.
error-password_too_short = 비밀번호가 너무 짧습니다. 8자 이상이어야 합니다.
error-password_too_long = 비밀번호가 너무 깁니다. 256바이트 이하여야 합니다.
error-login_failed = 이름 또는 비밀번호가 틀렸습니다.
error-not_signed_in = 먼저 로그인하세요.
error-foreign_origin = 다른 사이트에서 온 요청이라 거부되었습니다.
error-too_many_attempts = 시도가 너무 많습니다. 1분 후에 다시 시도하세요.
error-unknown_player = 이 이름의 플레이어가 없습니다.
open-title = 공개 게임
open-none = 지금은 플레이어를 기다리는 게임이 없습니다.
open-players = 플레이어 { $n }명
open-clock-per-move = 수마다 { $seconds }초
open-clock-bank = { $minutes }분 + { $increment }초
open-clock-days = 수마다 { $days }일
open-rated = 레이팅
open-unrated = 레이팅 없음
open-seats-left = 남은 자리 { $n }개
open-waiting = 대기 중: { $names }
open-bots = 봇: { $bots }
open-anonymous = 플레이어
open-join = 참가
open-create-title = 누구나 참가할 수 있는 게임 열기
open-create = 게임 열기
open-live-title = 진행 중인 게임
open-live-none = 지금은 관전할 게임이 없습니다.
open-watch = 관전
error-game_waiting = 열린 자리가 모두 차면 게임이 시작됩니다. 이 페이지가 잠시 후 다시 확인합니다.

# A game stopped at the server's round cap (docs/rules-notes.md).
game-unfinished = 게임 종료(미완료): 아무도 이기지 못했습니다.
table-unfinished = 이 게임은 서버의 라운드 상한을 넘어 미완료로 중단되었습니다. 아무도 이기지 못했습니다. 규칙에는 라운드 수 제한이 없으며, 서버는 끝나지 않을 게임을 중단합니다.

# Ratings (docs/accounts.md): the leaderboards, the rated option, a player's record.
leaderboard-title = { $kind }: 순위표
leaderboard-link = 순위표: { $kind }
leaderboard-rating-explain = 레이팅 게임에서 나온 레이팅입니다(Weng-Lin). 새 플레이어는 25 ± 8.3에서 시작합니다. 레이팅에서 불확실도의 세 배를 뺀 값으로 정렬하므로 운 좋은 몇 판으로 1위가 되지는 않습니다. 상위 { $n }명을 보여 줍니다.
leaderboard-best-explain = 더 게임은 함께 하는 게임이라 레이팅이 없습니다. 인원수마다 가장 좋은 레이팅 게임을 남은 카드가 적은 순서로 보여 줍니다.
leaderboard-rank = 순위
leaderboard-player = 플레이어
leaderboard-rating = 레이팅
leaderboard-games = 게임 수
leaderboard-none = 아직 레이팅 게임이 없습니다.
leaderboard-team = 팀
leaderboard-result = 결과
open-rated-option = 레이팅 게임(계정 필요, 다른 자리는 모두 계정 플레이어가 참가)
player-record = { $kind } 기록
player-record-line = { $players }: { $games }게임 · { $wins }승 · 평균 남은 카드 { $cards }장
error-not_ratable = 이 게임은 레이팅 게임이 될 수 없습니다. 레이팅 게임에는 내 자리의 계정, 시간 제한, 그리고 계정 플레이어에게 열린 자리나 레이팅이 있는 봇이 필요합니다.
error-rated_no_undo = 레이팅 게임입니다. 되돌릴 수 없습니다.
error-already_seated = 이 레이팅 게임에 이미 내 자리가 있습니다.

## Game analysis in the replay, and the Hint button at the table (analysis.js, table.js)
ana-title = 분석
ana-queued = 분석이 대기 중입니다 ({ $position }번째).
ana-running = 분석하는 중입니다. 끝나면 여기에 나타납니다.
ana-failed = 분석에 실패했습니다: { $error }
ana-ask-again = 다시 요청
ana-absent = 이 게임은 아직 분석되지 않았습니다.
ana-ask = 이 게임 분석하기
ana-chart-label = 수마다 각 플레이어의 승리 확률
ana-percent = { NUMBER($n, style: "percent") }
ana-axis-step = 수
ana-mark-mistake = 실수
ana-mark-inaccuracy = 부정확
ana-mark-mistakes = 실수
ana-mark-inaccuracies = 부정확
ana-prev-mark = ← 이전 표시
ana-next-mark = 다음 표시 →
ana-mark-count = 표시: 실수 { $mistakes }개, 부정확 { $inaccuracies }개
ana-marked-mistake = 실수
ana-marked-inaccuracy = 부정확
ana-you-differ = 내 선택은 { $taken }, 봇이라면 { $preferred }.
ana-seat-differ = { $name }의 선택은 { $taken }, 봇이라면 { $preferred }.
ana-you-agree = 내 선택은 { $taken }, 봇과 같습니다.
ana-seat-agree = { $name }의 선택은 { $taken }, 봇과 같습니다.
ana-you-forced = 내 선택지는 하나뿐이었습니다: { $taken }.
ana-seat-forced = { $name }의 선택지는 하나뿐이었습니다: { $taken }.
ana-estimate-taken = 이 선택: { $estimate }
ana-estimate-preferred = 봇의 선택: { $estimate }
ana-estimate-rank = 승리 확률 { NUMBER($win, style: "percent") }, 예상 순위 { $rank }
ana-estimate-cards = 승리 확률 { NUMBER($win, style: "percent") }, 남을 카드 예상 { $cards }장
ana-col-player = 플레이어
ana-col-agreement = 봇과 같은 선택
ana-agreement = { $decisions }번 중 { NUMBER($n, style: "percent") }
ana-hint-taken = { $name }이(가) 힌트를 봤습니다: { $action }
ana-hint-taken-you = 힌트를 봤습니다: { $action }
ana-tg-play = { $card } → { $pile }
ana-tg-signal = { $pile }에 신호: { $signal }
ana-pg-pass = 패스
ana-pg-build = { $city }에 건설
ana-pg-power = { $plants } 가동
ana-pg-power-coal = { $plants } 가동, 하이브리드에 석탄 { $coal }개
ana-pg-done = 차례 끝내기
table-hint = 힌트
table-hint-help = 내 자리가 아는 것만으로 봇이 제안하는 수입니다. 대신 두지는 않습니다.
table-hint-text = 힌트: { $action }
error-hints_rated = 레이팅 게임에는 힌트가 없습니다.
error-not_your_turn = 내 차례가 아닙니다.
error-hint_unavailable = 봇이 여기서는 수를 제안할 수 없습니다.
error-analysis_queue_full = 분석을 기다리는 게임이 너무 많습니다. 나중에 다시 요청하세요.
error-analysis_disabled = 이 서버는 게임을 분석하지 않습니다.
