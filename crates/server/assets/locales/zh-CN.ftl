# Tabletop 网页：简体中文。术语依照中文种子文档《电力网络的游戏步骤》（发电厂、竞投、叫价、弃权、
# 燃料、房屋、阶段、步骤、行政管理）；术语表见 docs/translations.md。

## Terms used by many messages
-elektro = 元
-powergrid = 电力网络
-thegame = 数字接龙

## Every page
language-name = 简体中文
language-picker = 语言
app-title = Tabletop 桌游
loading = 加载中…
connected = 已连接
reconnecting = 连接中断，正在重新连接…
error-prefix = 未被接受：{ $message }
network-error = 无法连接服务器。请检查网络后重试。
copy = 复制
copied = 已复制
spectating = 你正在以观众身份观看。
you-are = 你是{ $name }。
game-over = 游戏结束
your-turn = 轮到你了
waiting-for = 等待{ $name }
seat-name = 座位 { $n }
human = 真人玩家
bot = 电脑：{ $name ->
    [random] 随机
    [heuristic] 经验法则
    [search] 搜索
    [casual] 休闲玩家
    [builder] 建设者（快速扩张）
    [tycoon] 大亨（买大电厂，晚建设）
    [hoarder] 囤积者（提前买燃料）
    [blocker] 阻挡者（抢占别人需要的城市）
    [green] 环保派（偏好再生能源电厂）
   *[other] { $name }
}
rules-link = 游戏规则
help-title = 我现在可以做什么？

## Errors the server reports, by their code (docs/api.md)
error-illegal_action = 按规则现在不能这样做。
error-stale_version = 你的操作送达前游戏已有变化；请看清局面后再试。
error-game_over = 游戏已结束。
error-invalid_setup = 不允许这样设置。{ -powergrid }需选择相连且数目正确的区域。
error-invalid_seats = 座位设置不适合这个游戏。
error-unknown_game = 没有这个游戏。
error-wrong_token = 这个链接不是本游戏的座位。
error-missing_token = 请打开你的座位链接来参与游戏。
error-spectator_cannot_act = 观众不能操作。
error-rate_limited = 请求太频繁，请稍等。
error-unavailable = 游戏暂时无法使用，请稍后再试。
error-storage_failed = 服务器未能保存你的操作；局面没有改变。
error-pending = 你上一步操作仍在发送中。
error-other = 服务器拒绝了请求（{ $code }）。

## Lobby
lobby-create = 创建游戏
lobby-kind = 游戏
lobby-players = 玩家人数
lobby-map = 地图
lobby-regions-random = 随机区域
lobby-regions-pick = 选择 { $n } 个相连的区域
lobby-create-button = 创建
lobby-seed = 随机种子（可选）
lobby-seed-random = 随机
lobby-link-spectator = 观众链接
lobby-my-games = 我的游戏
lobby-no-games = 你还没有游戏。
lobby-refresh = 刷新
lobby-spectate = 观看游戏
lobby-spectate-placeholder = 游戏链接或编号
lobby-spectate-button = 观看
lobby-status-turn = 轮到你
lobby-status-over = 已结束
lobby-bad-game = 这不是游戏链接或编号（32 位十六进制数字）。
lobby-rules = 规则：{ $kind }
kind-powergrid = { -powergrid }
kind-thegame = { -thegame }

## Rules pages
rules-title = { $kind }规则
rules-back = 返回
rules-missing = 无法加载规则。

## Power Grid
pg-colour-0 = 红方
pg-colour-1 = 蓝方
pg-colour-2 = 绿方
pg-colour-3 = 黄方
pg-colour-4 = 紫方
pg-colour-5 = 黑方
pg-map-germany = 德国
pg-map-usa = 美国
pg-region-green = 绿色
pg-region-brown = 棕色
pg-region-yellow = 黄色
pg-region-red = 红色
pg-region-cyan = 青色
pg-region-purple = 紫色
pg-status = 第 { $round } 回合，第 { $step } 阶段，{ $phase }
pg-phase-auction = 步骤 2：竞投电厂
pg-phase-resources = 步骤 3：购买燃料
pg-phase-building = 步骤 4：建设网络
pg-phase-bureaucracy = 步骤 5：行政管理
pg-phase-game_over = 游戏结束
pg-zoom-in = 放大
pg-zoom-out = 缩小
pg-zoom-reset = 显示整张地图
pg-market = 发电厂市场
pg-market-current = 交易市场（第一行）
pg-market-future = 未来市场（第二行）
pg-market-single = 发电厂市场（第三阶段）
pg-deck = 牌堆中的发电厂：{ $n }
pg-step3-card = 第三阶段牌
pg-under-step3 = 第三阶段牌下面：{ $plants }
pg-plant-title = 发电厂 { $n }
pg-plant-burns = { $fuel } 个{ $kind } → 供电 { $cities } 城
pg-plant-free = 无需燃料 → 供电 { $cities } 城
pg-kind-coal = 燃煤
pg-kind-oil = 石油
pg-kind-hybrid = 燃煤/石油
pg-kind-garbage = 废物
pg-kind-uranium = 铀
pg-kind-eco = 生态
pg-kind-fusion = 核融
pg-amount = { $n } 个{ $res }
pg-resources = 燃料市场
pg-res-coal = 燃煤
pg-res-oil = 石油
pg-res-garbage = 废物
pg-res-uranium = 铀
pg-res-supply = 备用区：{ $n }
pg-res-market = 市场中：{ $n }
pg-players = 玩家
pg-player-money = { $money } { -elektro }
pg-player-money-hidden = ? { -elektro }
pg-player-cities = 城市：{ $n }
pg-player-houses = 剩余房屋：{ $n }
pg-player-order = 玩家顺序第 { $n } 位
pg-player-stored = 储存：{ $list }
pg-nothing = 无
pg-you = （你）
pg-must-auction-choose = { $name }须拣选一座发电厂进行竞投，或放弃购买。
pg-must-auction-choose-first = { $name }须拣选一座发电厂进行竞投（第一回合每人都要购买一座）。
pg-must-bid = { $name }须为发电厂 { $plant } 叫价高于 { $bid }，或弃权。
pg-must-discard = { $name }的发电厂太多，须丢弃一座。
pg-must-resources = { $name }可以购买燃料，然后结束行动。
pg-must-building = { $name }可以建设房屋，然后结束行动。
pg-must-bureaucracy = { $name }正在选择运作哪些发电厂。
pg-controls = 你的操作
pg-choose-plant = 点击交易市场中的一座发电厂来发起竞投。
pg-offer = 以 { $bid } { -elektro }竞投发电厂 { $plant }
pg-bid-range = 叫价范围 { $min } 至 { $max } { -elektro }
pg-bid = 叫价 { $amount } { -elektro }
pg-pass-auction = 弃权
pg-pass-round = 本回合放弃购买发电厂
pg-auction-running = 竞投：发电厂 { $plant }，最高叫价 { $bid }（{ $name }）；仍在叫价：{ $bidders }
pg-discard = 丢弃发电厂 { $plant }
pg-discard-keep = 丢弃发电厂 { $plant }，保留 { $coal } 个燃煤
pg-buy-title = 购买{ $res }
pg-buy = 以 { $price } { -elektro }购买 { $n } 个{ $res }
pg-buy-room = 还可存放 { $n } 个
pg-done-resources = 结束购买
pg-build-hint = 点击地图上高亮的城市，在那里建设。
pg-build-preview = { $city }：连接 { $connection } + 城市 { $place } = { $total } { -elektro }
pg-build-path = 路线：{ $path }
pg-build = 以 { $total } { -elektro }在{ $city }建设
pg-done-building = 结束建设
pg-power-title = 选择运作的发电厂
pg-power-hybrid = 混合电厂耗用的燃煤：{ $n }
pg-power-preview = 供电城市：{ $cities }；收入：{ $income } { -elektro }
pg-power = 运作这些发电厂，收入 { $income } { -elektro }
pg-power-impossible = 无法这样选择（燃料不足）。
pg-log = 记录
pg-standings = 最终排名
pg-standing-row = { $rank }. { $name }：供电城市 { $powered }，{ $money } { -elektro }，连接城市 { $cities }
pg-tiebreak = 供电城市最多者获胜；相同则比金钱，再比连接的城市数目；仍相同者名次并列。
pg-tied-money = 供电城市相同，以金钱决胜
pg-tied-cities = 供电城市与金钱相同，以连接城市决胜
pg-tied-shared = 名次并列
pg-help-auction = 每回合每名玩家最多购买一座发电厂。轮到你拣选时，点击交易市场（第一行）中的发电厂，叫价不低于其编号；也可以本回合放弃购买（第一回合不可放弃）。竞投中可以叫更高的价或弃权，叫价最高者付款并得到发电厂。拥有的发电厂超过上限时须丢弃一座。
pg-help-resources = 按玩家顺序倒序购买燃料。为你的发电厂购买燃煤、石油、废物或铀：每座发电厂最多储存其所需燃料的两倍。燃料价格就是燃料市场中方格上的数字，先买最便宜的。买完后点击“{ pg-done-resources }”。
pg-help-building = 按玩家顺序倒序建设网络。点击高亮的城市：价格是从你的网络出发最便宜的连接费用，加上城市费用（10、15 或 20 { -elektro }）。第一阶段每个城市只能放一个房屋，第二阶段两个，第三阶段三个。只要金钱足够可以一直建设，然后点击“{ pg-done-building }”。
pg-help-bureaucracy = 选择要运作的发电厂：每座耗用燃料，最多为其编号下标示数目的城市供电，但不超过你连接的城市数目。按供电城市数目收取收入。之后补充燃料市场，发电厂市场也会变化。
pg-help-wait = 等待其他玩家。他们的操作会出现在记录中。
pg-ev-round_started = 第 { $round } 回合开始
pg-ev-turn_order = 玩家顺序：{ $order }
pg-ev-phase_started = 开始{ $phase }
pg-ev-auction_started = { $name }以 { $bid } { -elektro }竞投发电厂 { $plant }
pg-ev-bid = { $name }为发电厂 { $plant } 叫价 { $amount } { -elektro }
pg-ev-dropped_out = { $name }对发电厂 { $plant } 弃权
pg-ev-passed_auctions = { $name }本回合放弃购买发电厂
pg-ev-plant_bought = { $name }以 { $price } { -elektro }投得发电厂 { $plant }
pg-ev-plant_discarded = { $name }丢弃发电厂 { $plant }（{ $returned }放回备用区）
pg-ev-plant_drawn = 发电厂 { $plant } 进入市场
pg-ev-step3_card_drawn = 翻出第三阶段牌
pg-ev-deck_shuffled = 重新洗混牌堆（{ $size } 座发电厂）
pg-ev-step3_card_removed = 第三阶段牌离开市场
pg-ev-plant_removed = 发电厂 { $plant } 被移出游戏（{ $reason }）
pg-reason-small_plant = 有玩家已连接 { $cities } 个城市
pg-reason-no_purchase = 没有人购买发电厂
pg-reason-step2 = 第二阶段
pg-reason-step3 = 第三阶段
pg-reason-bureaucracy = 行政管理，第三阶段
pg-ev-plant_under_deck = 发电厂 { $plant } 放到牌堆底
pg-ev-resources_bought = { $name }以 { $cost } { -elektro }购买 { $amount } 个{ $res }
pg-ev-built = { $name }以 { $total } { -elektro }连接{ $city }（连接 { $connection } + 城市 { $place }）
pg-ev-turn_ended-resources = { $name }结束购买
pg-ev-turn_ended-building = { $name }结束建设
pg-ev-turn_ended-auction = { $name }结束行动
pg-ev-turn_ended-bureaucracy = { $name }结束行动
pg-ev-turn_ended-game_over = { $name }结束行动
pg-ev-powered = { $name }运作{ $plants }，耗用{ $burned }；供电城市：{ $cities }；收入 { $income } { -elektro }
pg-ev-resupplied = 燃料市场补充：{ $added }
pg-ev-step_started = 第 { $step } 阶段开始
pg-ev-game_ended = 游戏结束
pg-plants-none = 没有发电厂
pg-plants-list = 发电厂 { $list }（共 { $count } 座）

## The Game
tg-pile-up1 = 升序 1
tg-pile-up2 = 升序 2
tg-pile-down1 = 降序 1
tg-pile-down2 = 降序 2
tg-up = ↑ 从 1 到 99
tg-down = ↓ 从 100 到 2
tg-hand = 你的手牌
tg-hand-hint = 先点一张牌，再点一堆。
tg-backwards = 倒退技巧
tg-end-turn = 结束行动
tg-played-this-turn = 本次行动已出：{ $n }（至少 { $min }）
tg-draw-pile = 摸牌堆：{ $n }
tg-team = 队伍
tg-hand-size = { $name }：手牌 { $n } 张
tg-signal-dont_play = 请别出在这里
tg-signal-good_card = 我有适合这堆的好牌
tg-signal-send-dont_play = 请求：别出在这里
tg-signal-send-good_card = 提示：这里我有好牌
tg-signal-of = { $name }：{ $signal }
tg-turn = 轮到{ $name }
tg-won = 队伍获胜：98 张牌全部出完！
tg-lost = 队伍失败；剩余 { $n } 张牌。
tg-log = 记录
tg-help-turn = 从手牌中至少出 { $min } 张牌（摸牌堆用完后至少 1 张）：先点一张牌，再点一堆。升序堆上的牌必须比顶牌大，降序堆上的牌必须比顶牌小。倒退技巧：在升序堆上出恰好小 10 的牌，或在降序堆上出恰好大 10 的牌。然后结束行动，补牌至满手。
tg-help-wait = 其他玩家正在出牌。不可以说出具体数字，但可以在某一堆上发信号：“请别出在这里”或“我有适合这堆的好牌”。
tg-help-watch = 玩家的手牌不公开。每次行动，玩家至少在堆上出 2 张牌（摸牌堆用完后至少 1 张），然后摸牌。
tg-ev-played = { $name }在{ $pile }上出 { $card }
tg-ev-played-backwards = { $name }在{ $pile }上出 { $card }（倒退技巧）
tg-ev-turn_ended = { $name }结束行动
tg-ev-drew = { $name }摸了 { $count } 张牌
tg-ev-drew-cards = { $name }摸到 { $cards }
tg-ev-skipped = { $name }没有手牌，跳过
tg-ev-turn_started = 轮到{ $name }（至少出 { $minimum } 张）
tg-ev-signalled = { $name }在{ $pile }上发信号：{ $signal }
tg-ev-won = 队伍获胜！
tg-ev-lost = 队伍失败；剩余 { $cards_left } 张牌

## lobby
lobby-seats = 座位
lobby-seat-head = 座位
lobby-who-plays = 由谁来玩
lobby-name = 名字
lobby-name-placeholder = 名字（可选）
lobby-name-of = { $seat }的名字
lobby-name-too-long = { $seat }的名字太长：最多 { $max } 个字符。
lobby-name-empty = 请先输入名字。
lobby-hotseat = 同屏游戏：所有真人座位都在这台设备上玩
lobby-hotseat-hint = 玩家轮流使用同一个屏幕；换人时页面会提示把设备交给下一位。
lobby-public-money = 公开金钱
lobby-public-money-hint = 每个人都能看到所有人的金钱。
lobby-bad-seed = 随机种子必须是 0 或更大的整数。
lobby-regions-count = 请正好选择 { $n } 个区域（你选了 { $picked } 个）。
lobby-clock = 计时方式
lobby-clock-kind = 计时
lobby-clock-none = 不计时
lobby-clock-per_move = 每步限时
lobby-clock-bank = 总时间加每步加时
lobby-clock-days = 每步天数
lobby-clock-hint-none = 不催促任何人。
lobby-clock-hint-per_move = 每一步都必须在这段时间内完成。
lobby-clock-hint-bank = 每位玩家的总时间在其行动时减少，每步之后增加加时。
lobby-clock-hint-days = 适合慢棋：每一步在这么多天内完成。
lobby-clock-hint-after = 玩家时间用完后，由电脑代玩，直到该玩家回来。
lobby-unit-seconds = 每步秒数
lobby-unit-minutes = 总时间（分钟）
lobby-unit-seconds-increment = 每步加时（秒）
lobby-unit-days = 每步天数
lobby-range = 范围：{ $min } 到 { $max }
lobby-clock-invalid = 请先改正计时设置。
lobby-days = { $n } 天 { $hours } 小时
lobby-status-waiting-for = 等待{ $name }
lobby-clock-left = 剩余 { $time }
lobby-game-title = { $kind }：你是{ $seat }
lobby-invite-links = 邀请链接
lobby-replay = 回放
lobby-share = 邀请玩家
lobby-share-hint = 把每位玩家自己的链接发给他们；拿到链接的人就玩那个座位。
lobby-pass-title = 请把设备交给{ $name }
lobby-pass-text = 在{ $name }准备好之前，屏幕保持隐藏。
lobby-pass-ready = 我是{ $name }：显示我的座位
lobby-join-name = 你的名字
lobby-join-name-save = 保存
lobby-join-name-skip = 以后再说
error-invalid_name = 这个名字不可用：请使用 1 到 24 个可见字符。
error-invalid_options = 计时设置超出范围。
lobby-download-record = 下载记录
lobby-back-to-game = 返回游戏
lobby-replay-watch = 观看回放
lobby-replay-not-over = 游戏结束后才能回放。
lobby-replay-title = 回放
lobby-replay-first = 开头
lobby-replay-prev = 上一步
lobby-replay-play = 播放
lobby-replay-pause = 暂停
lobby-replay-next = 下一步
lobby-replay-last = 结尾
lobby-replay-jump = 跳到某一步
lobby-replay-counter = 第 { $step } 步，共 { $steps } 步
lobby-replay-speed = 速度
lobby-replay-speed-option = 每步 { $seconds } 秒
lobby-replay-seen-by = 视角
lobby-replay-everyone = 所有人（公开信息）
lobby-replay-revealed = 隐藏信息（已公开）
lobby-replay-hand = { $name }：{ $cards }
lobby-replay-money = { $name }：{ $money } { -elektro }
lobby-replay-no-step = 这局游戏没有第 { $step } 步，已从开头打开。

## table
table-name-with = { $name }（{ $label }）
table-bot = （电脑）
table-away-timed_out = 电脑代打：超时
table-away-left = 电脑代打：已交出
table-away-replaced = 电脑代打：离开被替换
table-replace = 换成电脑
table-replace-help = 把这位离开的玩家的座位交给电脑
table-notice-timed_out = 你的时间用完了，现在由电脑替你玩。收回座位即可继续。
table-notice-left = 按你的要求，现在由电脑替你玩。收回座位即可继续。
table-notice-replaced = 你离开了，创建者把你的座位交给了电脑。收回座位即可继续。
table-back = 收回我的座位
table-undo = 撤销
table-leave = 把我的座位交给电脑
table-rematch = 再来一局
table-rematch-watch = 观看再来一局
table-settings = 设置
table-setting-sound = 轮到我时发出声音
table-setting-confirm = 不能撤销的操作先询问我
table-setting-notify = 本页在后台时，轮到我就通知我
table-notify-blocked = 此浏览器不显示本页的通知。
table-notify-title = 轮到你了
table-notify-body = 轮到你出手了。
table-title-turn = ● 轮到你了 · { $title }
table-clock-days = { $days } 天 { $hours } 小时
table-confirm-title = 确定这样做吗？
table-confirm-move = { $move }？
table-confirm-note = 这一步不能撤销。
table-confirm-never = 不再询问
table-confirm-yes = 确定
table-confirm-no = 取消
table-rename = 改名
table-rename-label = 你的名字
table-rename-save = 保存
error-nothing_to_undo = 没有可撤销的步骤：只能撤销你本次行动中没有揭示任何信息的步骤。
error-seat_away = 电脑正在替你玩：请先收回座位。
error-seat_not_away = 你的座位已在你手中。
error-player_present = 这位玩家在线，或离开时间太短，不能替换。
error-not_creator = 只有游戏创建者可以替换玩家。
error-game_not_over = 游戏还没有结束。
tg-start-card = 起始牌
tg-signal = 信号
tg-why-choose = 先从手牌中选一张牌，再选一个堆。
tg-why-not-turn = 现在轮到{ $name }：你只能发信号。
tg-why-up = { $card } 不能放在{ $pile }上：这个堆只接受大于 { $top } 的牌。
tg-why-down = { $card } 不能放在{ $pile }上：这个堆只接受小于 { $top } 的牌。
tg-why-back = 它也接受正好 { $back }（倒退技巧）。
tg-end-stuck = { $name }无法出牌：本次行动至少要出 { $min } 张，已出 { $played } 张，手中 { $hand } 张牌都放不上任何堆。
tg-end-stuck-me = 你无法出牌：本次行动至少要出 { $min } 张，你出了 { $played } 张，你的牌（{ $cards }）都放不上任何堆。
tg-end-left = 未出的牌：{ $n } 张（摸牌堆 { $draw } 张，手牌 { $hands } 张）。
tg-end-hand = 你最后的手牌

## pgpage
pg-turn-spectator = 轮到{ $name }
pg-why-spectator = 观众不能操作。
pg-why-phase = 这要在{ $phase }进行；现在是{ $now }。
pg-why-city-off = { $city }不在本局游戏中：它所在的区域没有使用。
pg-why-city-mine = 你在{ $city }已经有房屋了。
pg-why-city-full = { $city }已满：第 { $step } 阶段每座城市可建 { $step } 个房屋。
pg-why-city-money = 在{ $city }建设需要 { $total } { -elektro }；你有 { $money }。
pg-why-city-other = 你现在不能在{ $city }建设。
pg-why-plant-discard = 请先选择要丢弃的发电厂。
pg-why-plant-auction = 发电厂 { $plant } 的竞投正在进行：请先叫价或弃权。
pg-why-plant-future = 发电厂 { $plant } 在未来市场：只能竞投交易市场中的发电厂。
pg-why-plant-money = 发电厂 { $plant } 至少要 { $plant } { -elektro }；你有 { $money }。
pg-why-plant-other = 现在不能竞投发电厂 { $plant }。
pg-why-offer-low = 发电厂 { $plant } 的起价至少是它的编号：{ $min } { -elektro }。
pg-why-bid-low = 叫价必须高于 { $high }：至少 { $min } { -elektro }。
pg-why-bid-money = 你有 { $money } { -elektro }：最多叫价 { $max }。
pg-why-number = 请输入 { $min } 至 { $max } 之间的整数。
pg-why-buy-number = 请输入要购买的{ $res }数量：1 至 { $max }。
pg-why-buy-market = 市场中只有 { $n } 个{ $res }：可买 1 至 { $max } 个。
pg-why-buy-money = { $n } 个{ $res }要 { $price } { -elektro }，你有 { $money }：可买 1 至 { $max } 个。
pg-why-buy-room = 你的发电厂还能存放 { $max } 个{ $res }：可买 1 至 { $max } 个。
pg-why-buy-none-market = 市场中已没有{ $res }。
pg-why-buy-none-money = 一个{ $res }要 { $price } { -elektro }；你有 { $money }。
pg-why-buy-none-room = 你的发电厂没有存放{ $res }的空间。
pg-buy-count = 购买 { $n } 个{ $res }
pg-city-houses = { $n } 个房屋：{ $names }
pg-city-empty = 没有房屋
pg-city = { $city }，{ $houses }
pg-city-build = { $city }，{ $houses }。以 { $total } { -elektro }在此建设。
pg-plant-label = 发电厂 { $n }，{ $what }
pg-plant-offerable = 发电厂 { $n }，{ $what }：发起竞投
pg-res-label = { $res }：市场中 { $n } 个，最便宜 { $price } { -elektro }；备用区 { $supply } 个
pg-res-label-empty = { $res }：市场中没有；备用区 { $supply } 个
pg-power-hybrid-label = 混合电厂耗用的燃煤（其余为石油）
pg-zoom = 地图缩放

## postgres
error-storage_unavailable = 服务器暂时无法连接数据库；局面没有改变。请稍后再试。

## table2
tg-final-stuck = { $name }无法出牌：本次行动至少要出 { $min } 张，已出 { $played } 张；{ $cards } 都放不上任何堆。
tg-final-hands = 结束时各人的手牌
tg-final-none = 没有牌

## lead
# My games: a hotseat game, listed once for all its seats.
lobby-game-title-hotseat = { $kind }：同屏游戏

## Refusals that say why, the end of a game, the map's first view, pages that lead on
network-retry = 无法连接服务器，页面正在重新连接。请稍后再走这一步。
table-rematch-go = 前往再来一局
pg-buy-none-nofuel = 你的发电厂不用燃料，没有需要购买的。
pg-buy-none-full = 你的发电厂已装满：每座最多储存其用量两倍的燃料，放不下更多了。
pg-buy-none-market = 市场上没有你的发电厂所用的燃料。
pg-buy-none-money = 放得下的最便宜的燃料要 { $price } { -elektro }，你只有 { $money } { -elektro }。
pg-game-won = { $n ->
    [1] 游戏结束：{ $names }获胜。
   *[other] 游戏结束：{ $names }并列获胜。
}
pg-zoom-home = 显示游戏区域
lobby-pass-wait-title = 手牌已隐藏
lobby-pass-wait = 正在等待{ $name }。轮到本设备的下一位玩家时会立即提示。
game-not-found = 这个地址没有游戏。
game-back-to-lobby = 返回大厅
game-watch-instead = 以观众身份观看这局游戏
lobby-game-started = { $date }开始
tg-hand-of = { $name }的手牌

## Rules pages: the headers of the tables the server fills in
rules-table-players = 玩家人数
rules-table-regions = 使用区域数
rules-table-removed = 开局移除的发电厂
rules-table-max-plants = 最多拥有发电厂
rules-table-step2 = 进入第二阶段的城市数
rules-table-end = 游戏结束的城市数
rules-table-resource = 燃料
rules-table-tokens = 燃料总数
rules-table-start = 开局时市场中
rules-table-prices = 各位置价格（由低到高）
rules-table-house = 城市中的第几个房屋
rules-table-from-step = 从第几阶段起
rules-table-price = 价格（{ -elektro }）
rules-table-powered = 供电城市
rules-table-income = 收入（{ -elektro }）
rules-table-step = 阶段
rules-table-plant = 发电厂
rules-table-burns = 耗用燃料
rules-table-cities = 供电城市

# Issue 28 (pages on one state model): the rule tables' rows where they are used.
pg-res-refill = 补充：+{ $n }
pg-refill-note = 本回合结束时，市场按规则表中第 { $step } 阶段、{ $players } 名玩家的一行补充。
pg-income-title = 按供电城市数的收入
pg-income-cities = 城市
pg-income-elektro = { -elektro }

## Accounts and player pages (account.js, player.js)
account-link-sign-in = 登录
account-title = 你的账户
account-sign-in = 登录
account-sign-up = 创建账户
account-name = 用户名
account-password = 密码
account-name-hint = 3 到 20 个字符：英文字母（a–z）、数字、_ 或 -，以字母或数字开头。
account-password-hint = 至少 8 个字符。
account-optional = 账户不是必需的：每局游戏仍可像以前一样凭链接进行。
account-signed-in-as = 已登录：{ $name }
account-your-page = 你的玩家页面
account-sign-out = 退出登录
account-claim-title = 在此浏览器中玩过的游戏
account-claim = { $n ->
   *[other] 将在此浏览器中玩过的 { $n } 局游戏加入你的账户
}
account-claim-none = 此浏览器中没有可加入的游戏。
account-claimed = { $n ->
    [0] 这些游戏都无法加入：每一局都已属于某个账户。
   *[other] 已有 { $n } 局游戏显示在你的玩家页面上。
}
account-delete-title = 删除账户
account-delete-explain = 你的游戏会保留，显示为“已删除的玩家”，你的用户名可供他人使用。此操作无法撤销。
account-delete-confirm = 删除我的账户
account-deleted = 账户已删除。
player-bot = 电脑
player-since = 自 { $date } 起参与游戏
player-ratings = 等级分
player-no-ratings = 还没有计分的对局。
player-rating-now = { $kind }：{ $rating }（± { $deviation }）
player-games = 对局
player-no-games = 还没有对局。
player-in-progress = 进行中
player-result-won = 获胜
player-result-cards = 剩余 { $cards } 张牌
player-result-place = { $players } 人中第 { $place } 名
player-replay = 观看回放
player-open = 打开对局
player-not-found = 没有这个名字的玩家。
error-account_name_too_short = 用户名太短：至少 3 个字符。
error-account_name_too_long = 用户名太长：最多 20 个字符。
error-account_name_character = 用户名只能包含英文字母 a–z、数字、_ 和 -。
error-account_name_start = 用户名须以字母或数字开头。
error-name_taken = 这个用户名已被使用，请另选一个。
error-password_too_short = 密码太短：至少 8 个字符。
error-password_too_long = 密码太长：最多 256 字节。
error-login_failed = 用户名或密码错误。
error-not_signed_in = 请先登录。
error-foreign_origin = 此请求来自其他网站，已被拒绝。
error-too_many_attempts = 尝试次数过多，请等一分钟再试。
error-unknown_player = 没有这个名字的玩家。
open-title = 公开对局
open-none = 目前没有等待玩家的对局。
open-players = { $n } 名玩家
open-clock-per-move = 每步 { $seconds } 秒
open-clock-bank = { $minutes } 分钟 + { $increment } 秒
open-clock-days = 每步 { $days } 天
open-rated = 计分
open-unrated = 不计分
open-seats-left = 剩余 { $n } 个座位
open-waiting = 等待中：{ $names }
open-bots = 电脑：{ $bots }
open-anonymous = 一位玩家
open-join = 加入
open-create-title = 开一局对所有人开放的游戏
open-create = 开放对局
open-live-title = 进行中的对局
open-live-none = 目前没有可观看的对局。
open-watch = 观看
error-game_waiting = 开放的座位全部有人加入后，这局游戏就会开始；本页面稍后会再查看。

# A game stopped at the server's round cap (docs/rules-notes.md).
game-unfinished = 游戏结束（未完成）：没有人获胜。
table-unfinished = 这局游戏已超过服务器规定的最多回合数，作为未完成的游戏停止：没有人获胜。规则没有限制回合数；服务器会停止永远不会结束的游戏。

# Ratings (docs/accounts.md): the leaderboards, the rated option, a player's record.
leaderboard-title = { $kind }：排行榜
leaderboard-link = 排行榜：{ $kind }
leaderboard-rating-explain = 等级分来自计分对局（Weng-Lin 算法）：新玩家从 25 ± 8.3 起步。排名按等级分减去三倍不确定度排列，几局运气好的对局不会让人登顶；这里列出前 { $n } 名。
leaderboard-best-explain = 数字接龙是大家一起玩的，所以没有等级分。这里列出每种人数下最好的计分对局，剩余的牌最少的在前。
leaderboard-rank = 名次
leaderboard-player = 玩家
leaderboard-rating = 等级分
leaderboard-games = 对局数
leaderboard-none = 还没有计分的对局。
leaderboard-team = 队伍
leaderboard-result = 结果
open-rated-option = 计分（需要账户；其他座位都由有账户的玩家加入）
player-record = { $kind } 战绩
player-record-line = { $players }：{ $games } 局 · 获胜 { $wins } 局 · 平均剩余 { $cards } 张牌
error-not_ratable = 这局游戏不能计分：计分对局需要你的座位登录账户、设置计时，其他座位都开放给有账户的玩家或由计分的电脑来玩。
error-rated_no_undo = 这是计分对局：不能撤回任何一步。
error-already_seated = 你已经在这局计分对局中有一个座位了。

## Game analysis in the replay, and the Hint button at the table (analysis.js, table.js)
ana-title = 分析
ana-queued = 分析正在排队（第 { $position } 位）。
ana-running = 正在分析，完成后显示在这里。
ana-failed = 分析失败：{ $error }
ana-ask-again = 重新请求
ana-absent = 这局游戏还没有分析。
ana-ask = 分析这局游戏
ana-chart-label = 每位玩家每一步的获胜机会
ana-percent = { NUMBER($n, style: "percent") }
ana-axis-step = 步
ana-mark-mistake = 错着
ana-mark-inaccuracy = 欠佳
ana-mark-mistakes = 错着
ana-mark-inaccuracies = 欠佳
ana-prev-mark = ← 上一个标记
ana-next-mark = 下一个标记 →
ana-mark-count = 标记：{ $mistakes } 个错着，{ $inaccuracies } 个欠佳
ana-marked-mistake = 错着
ana-marked-inaccuracy = 欠佳
ana-you-differ = 你选择了{ $taken }；电脑更倾向于{ $preferred }。
ana-seat-differ = { $name }选择了{ $taken }；电脑更倾向于{ $preferred }。
ana-you-agree = 你选择了{ $taken }，与电脑相同。
ana-seat-agree = { $name }选择了{ $taken }，与电脑相同。
ana-you-forced = 你只有一个选择：{ $taken }。
ana-seat-forced = { $name }只有一个选择：{ $taken }。
ana-estimate-taken = 这个选择：{ $estimate }
ana-estimate-preferred = 电脑的选择：{ $estimate }
ana-estimate-rank = 获胜机会 { NUMBER($win, style: "percent") }，预计名次 { $rank }
ana-estimate-cards = 获胜机会 { NUMBER($win, style: "percent") }，预计剩下 { $cards } 张牌
ana-col-player = 玩家
ana-col-agreement = 与电脑选择相同
ana-agreement = { $decisions } 次中的 { NUMBER($n, style: "percent") }
ana-hint-taken = { $name }使用了提示：{ $action }
ana-hint-taken-you = 使用了提示：{ $action }
ana-tg-play = { $card } 放到{ $pile }
ana-tg-signal = 在{ $pile }发出信号：{ $signal }
ana-pg-pass = 弃权
ana-pg-build = 在 { $city } 建设
ana-pg-power = 运转{ $plants }
ana-pg-power-coal = 运转{ $plants }，混合发电厂烧 { $coal } 个燃煤
ana-pg-done = 结束行动
table-hint = 提示
table-hint-help = 电脑根据你的座位所知给出的建议；不会替你走。
table-hint-text = 提示：{ $action }
error-hints_rated = 这局游戏计分：没有提示。
error-not_your_turn = 现在不是你的行动。
error-hint_unavailable = 电脑无法在这里给出建议。
error-analysis_queue_full = 等待分析的游戏太多；请稍后再请求。
error-analysis_disabled = 这个服务器不分析游戏。
