# หน้าเว็บ Tabletop: ภาษาไทย ศัพท์เกมตามเอกสารต้นทางภาษาไทย (โรงไฟฟ้า ประมูล เกทับ สละสิทธิ์ วัตถุดิบ กองกลาง ถ่านหิน น้ำมัน
# ขยะ ยูเรเนียม บ้าน ช่วง/Step กองจั่ว) รายการศัพท์: docs/translations.md

## Terms used by many messages
-elektro = อิเล็กโทร
-powergrid = พาวเวอร์กริด
-thegame = เดอะเกม

## Every page
language-name = ไทย
language-picker = ภาษา
app-title = Tabletop เกมกระดาน
loading = กำลังโหลด…
connected = เชื่อมต่อแล้ว
reconnecting = การเชื่อมต่อขาดหาย กำลังเชื่อมต่อใหม่…
error-prefix = ไม่ได้รับการยอมรับ: { $message }
network-error = ติดต่อเซิร์ฟเวอร์ไม่ได้ โปรดตรวจสอบการเชื่อมต่อแล้วลองใหม่
copy = คัดลอก
copied = คัดลอกแล้ว
spectating = คุณกำลังชมในฐานะผู้ชม
you-are = คุณเล่นเป็น { $name }
game-over = จบเกม
your-turn = ตาของคุณ
waiting-for = กำลังรอ { $name }
seat-name = ที่นั่ง { $n }
human = ผู้เล่นคน
bot = บอท: { $name ->
    [random] สุ่ม
    [heuristic] ใช้หลักง่าย ๆ
    [search] ค้นหา
    [casual] ผู้เล่นสบาย ๆ
    [builder] นักสร้าง (ขยายเร็ว)
    [tycoon] เจ้าสัว (โรงไฟฟ้าใหญ่ สร้างช้า)
    [hoarder] นักกักตุน (ซื้อวัตถุดิบล่วงหน้า)
    [blocker] นักขวาง (ยึดเมืองที่คนอื่นต้องการ)
    [green] สายรักษ์โลก (ชอบโรงไฟฟ้าพลังงานหมุนเวียน)
   *[other] { $name }
}
rules-link = กติกา
help-title = ตอนนี้ฉันทำอะไรได้บ้าง?

## Errors the server reports, by their code (docs/api.md)
error-illegal_action = ตอนนี้กติกาไม่อนุญาตให้ทำเช่นนั้น
error-stale_version = เกมเดินต่อไปก่อนที่การกระทำของคุณจะมาถึง โปรดดูใหม่แล้วลองอีกครั้ง
error-game_over = เกมจบแล้ว
error-invalid_setup = ไม่อนุญาตการตั้งค่านี้ สำหรับ{ -powergrid } ให้เลือกพื้นที่ที่ติดกันตามจำนวนที่แสดง
error-invalid_seats = ที่นั่งไม่เหมาะกับเกมนี้
error-unknown_game = ไม่มีเกมนี้
error-wrong_token = ลิงก์นี้ไม่ใช่ที่นั่งของเกมนี้
error-missing_token = เปิดลิงก์ที่นั่งของคุณเพื่อเล่น
error-spectator_cannot_act = ผู้ชมเล่นไม่ได้
error-rate_limited = ส่งคำขอมากเกินไป โปรดรอสักครู่
error-unavailable = ตอนนี้ยังใช้เกมไม่ได้ โปรดลองใหม่
error-storage_failed = เซิร์ฟเวอร์บันทึกการกระทำของคุณไม่ได้ ไม่มีอะไรเปลี่ยนแปลง
error-pending = การกระทำก่อนหน้ายังส่งไม่เสร็จ
error-other = เซิร์ฟเวอร์ปฏิเสธ ({ $code })

## Lobby
lobby-create = สร้างเกม
lobby-kind = เกม
lobby-players = จำนวนผู้เล่น
lobby-map = แผนที่
lobby-regions-random = สุ่มพื้นที่
lobby-regions-pick = เลือกพื้นที่ที่ติดกัน { $n } พื้นที่
lobby-create-button = สร้าง
lobby-seed = ค่าสุ่มตั้งต้น (ไม่บังคับ)
lobby-seed-random = สุ่ม
lobby-link-spectator = ลิงก์ผู้ชม
lobby-my-games = เกมของฉัน
lobby-no-games = คุณยังไม่มีเกม
lobby-refresh = รีเฟรช
lobby-spectate = ชมเกม
lobby-spectate-placeholder = ลิงก์หรือรหัสเกม
lobby-spectate-button = ชม
lobby-status-turn = ตาของคุณ
lobby-status-over = จบแล้ว
lobby-bad-game = นี่ไม่ใช่ลิงก์หรือรหัสเกม (เลขฐานสิบหก 32 หลัก)
lobby-rules = กติกา: { $kind }
kind-powergrid = { -powergrid }
kind-thegame = { -thegame }

## Rules pages
rules-title = กติกา { $kind }
rules-back = กลับ
rules-missing = โหลดกติกาไม่ได้

## Power Grid
pg-colour-0 = สีแดง
pg-colour-1 = สีน้ำเงิน
pg-colour-2 = สีเขียว
pg-colour-3 = สีเหลือง
pg-colour-4 = สีม่วง
pg-colour-5 = สีดำ
pg-map-germany = เยอรมนี
pg-map-usa = สหรัฐอเมริกา
pg-region-green = เขียว
pg-region-brown = น้ำตาล
pg-region-yellow = เหลือง
pg-region-red = แดง
pg-region-cyan = ฟ้า
pg-region-purple = ม่วง
pg-status = รอบที่ { $round } ช่วงที่ { $step } { $phase }
pg-phase-auction = เฟส 2: ประมูลโรงไฟฟ้า
pg-phase-resources = เฟส 3: ซื้อวัตถุดิบ
pg-phase-building = เฟส 4: สร้างบ้าน
pg-phase-bureaucracy = เฟส 5: เก็บค่าไฟฟ้า
pg-phase-game_over = จบเกม
pg-zoom-in = ขยาย
pg-zoom-out = ย่อ
pg-zoom-reset = ดูทั้งแผนที่
pg-market = ตลาดโรงไฟฟ้า
pg-market-current = ตลาดปัจจุบัน
pg-market-future = ตลาดอนาคต
pg-market-single = ตลาด (ช่วงที่ 3)
pg-deck = โรงไฟฟ้าในกองจั่ว: { $n }
pg-step3-card = การ์ดช่วงที่ 3
pg-under-step3 = ใต้การ์ดช่วงที่ 3: { $plants }
pg-plant-title = โรงไฟฟ้า { $n }
pg-plant-burns = { $kind } { $fuel } หน่วย → จ่ายไฟ { $cities } เมือง
pg-plant-free = ไม่ใช้วัตถุดิบ → จ่ายไฟ { $cities } เมือง
pg-kind-coal = ถ่านหิน
pg-kind-oil = น้ำมัน
pg-kind-hybrid = ถ่านหิน/น้ำมัน
pg-kind-garbage = ขยะ
pg-kind-uranium = ยูเรเนียม
pg-kind-eco = พลังงานสะอาด
pg-kind-fusion = ฟิวชัน
pg-amount = { $res } { $n } หน่วย
pg-resources = ตลาดวัตถุดิบ
pg-res-coal = ถ่านหิน
pg-res-oil = น้ำมัน
pg-res-garbage = ขยะ
pg-res-uranium = ยูเรเนียม
pg-res-supply = กองกลาง: { $n }
pg-res-market = ในตลาด: { $n }
pg-players = ผู้เล่น
pg-player-money = { $money } { -elektro }
pg-player-money-hidden = ? { -elektro }
pg-player-cities = เมือง: { $n }
pg-player-houses = บ้านที่เหลือ: { $n }
pg-player-order = ลำดับที่ { $n }
pg-player-stored = เก็บไว้: { $list }
pg-nothing = ไม่มี
pg-you = {" "}(คุณ)
pg-must-auction-choose = { $name } ต้องเลือกโรงไฟฟ้ามาประมูลหรือสละสิทธิ์
pg-must-auction-choose-first = { $name } ต้องเลือกโรงไฟฟ้ามาประมูล (รอบแรกทุกคนต้องซื้อหนึ่งโรง)
pg-must-bid = { $name } ต้องเกทับโรงไฟฟ้า { $plant } ให้สูงกว่า { $bid } หรือสละสิทธิ์
pg-must-discard = { $name } มีโรงไฟฟ้ามากเกินไป ต้องทิ้งหนึ่งโรง
pg-must-resources = { $name } ซื้อวัตถุดิบได้ แล้วจบตา
pg-must-building = { $name } สร้างบ้านได้ แล้วจบตา
pg-must-bureaucracy = { $name } กำลังเลือกโรงไฟฟ้าที่จะเดินเครื่อง
pg-controls = ตาเล่นของคุณ
pg-choose-plant = คลิกโรงไฟฟ้าในตลาดปัจจุบันเพื่อเปิดประมูล
pg-offer = เปิดประมูลโรงไฟฟ้า { $plant } ที่ { $bid } { -elektro }
pg-bid-range = เกทับได้ตั้งแต่ { $min } ถึง { $max } { -elektro }
pg-bid = เกทับ { $amount } { -elektro }
pg-pass-auction = สละสิทธิ์
pg-pass-round = รอบนี้ไม่ซื้อโรงไฟฟ้า
pg-auction-running = ประมูล: โรงไฟฟ้า { $plant } ราคาสูงสุด { $bid } โดย { $name } ยังประมูลอยู่: { $bidders }
pg-discard = ทิ้งโรงไฟฟ้า { $plant }
pg-discard-keep = ทิ้งโรงไฟฟ้า { $plant } เก็บถ่านหินไว้ { $coal } หน่วย
pg-buy-title = ซื้อ{ $res }
pg-buy = ซื้อ{ $res } { $n } หน่วยในราคา { $price } { -elektro }
pg-buy-room = เก็บได้อีก { $n } หน่วย
pg-done-resources = ซื้อเสร็จแล้ว
pg-build-hint = คลิกเมืองที่ไฮไลต์บนแผนที่เพื่อสร้างบ้านที่นั่น
pg-build-preview = { $city }: ค่าเชื่อมต่อ { $connection } + ค่าบ้าน { $place } = { $total } { -elektro }
pg-build-path = เส้นทาง: { $path }
pg-build = สร้างบ้านที่ { $city } ด้วย { $total } { -elektro }
pg-done-building = สร้างเสร็จแล้ว
pg-power-title = เลือกโรงไฟฟ้าที่จะเดินเครื่อง
pg-power-hybrid = ถ่านหินที่ใช้ในโรงไฟฟ้าลูกผสม: { $n }
pg-power-preview = เมืองที่จ่ายไฟ: { $cities } รายได้: { $income } { -elektro }
pg-power = เดินเครื่องโรงไฟฟ้าเหล่านี้ รับ { $income } { -elektro }
pg-power-impossible = เลือกแบบนี้ไม่ได้ (วัตถุดิบไม่พอ)
pg-log = บันทึก
pg-standings = อันดับสุดท้าย
pg-standing-row = { $rank }. { $name }: จ่ายไฟ { $powered } เมือง, { $money } { -elektro }, เชื่อมต่อ { $cities } เมือง
pg-tiebreak = ผู้ที่จ่ายไฟได้มากเมืองที่สุดชนะ ถ้าเท่ากันดูเงินที่มากกว่า แล้วดูจำนวนเมืองที่เชื่อมต่อ ถ้ายังเท่ากันได้อันดับร่วม
pg-tied-money = จ่ายไฟเท่ากัน ตัดสินด้วยเงิน
pg-tied-cities = จ่ายไฟและเงินเท่ากัน ตัดสินด้วยเมืองที่เชื่อมต่อ
pg-tied-shared = อันดับร่วม
pg-help-auction = แต่ละรอบผู้เล่นแต่ละคนซื้อโรงไฟฟ้าได้หนึ่งโรง เมื่อถึงตาคุณเลือก ให้คลิกโรงไฟฟ้าในตลาดปัจจุบัน (แถวบน) แล้วเปิดประมูลอย่างน้อยเท่าหมายเลขของโรง หรือสละสิทธิ์เพื่อไม่ซื้อในรอบนี้ (รอบแรกสละสิทธิ์ไม่ได้) ระหว่างประมูลให้เกทับหรือสละสิทธิ์ คนสุดท้ายที่เหลือจ่ายเงินและได้โรงไฟฟ้า ถ้ามีโรงไฟฟ้าเกินจำนวนที่มีได้ ต้องทิ้งหนึ่งโรง
pg-help-resources = ผู้เล่นซื้อย้อนลำดับการเล่น ซื้อถ่านหิน น้ำมัน ขยะ หรือยูเรเนียมให้โรงไฟฟ้าของคุณ แต่ละโรงเก็บได้ไม่เกินสองเท่าของที่ใช้ ราคาคือตัวเลขใต้ช่องในตลาดวัตถุดิบ ซื้อจากช่องที่ถูกที่สุดก่อน แล้วคลิก “{ pg-done-resources }”
pg-help-building = ผู้เล่นสร้างย้อนลำดับการเล่น คลิกเมืองที่ไฮไลต์ ราคาคือค่าเชื่อมต่อที่ถูกที่สุดจากเครือข่ายของคุณบวกค่าบ้าน (10, 15 หรือ 20 { -elektro }) ช่วงที่ 1 แต่ละเมืองมีบ้านได้หนึ่งหลัง ช่วงที่ 2 สองหลัง ช่วงที่ 3 สามหลัง สร้างได้เท่าที่มีเงิน แล้วคลิก “{ pg-done-building }”
pg-help-bureaucracy = เลือกโรงไฟฟ้าที่จะเดินเครื่อง แต่ละโรงใช้วัตถุดิบและจ่ายไฟได้ตามจำนวนเมืองที่ระบุ แต่ไม่เกินจำนวนเมืองที่คุณเชื่อมต่อ คุณได้เงินตามจำนวนเมืองที่จ่ายไฟ จากนั้นตลาดวัตถุดิบจะถูกเติมและตลาดโรงไฟฟ้าจะเปลี่ยน
pg-help-wait = กำลังรอผู้เล่นคนอื่น การกระทำของพวกเขาจะแสดงในบันทึก
pg-ev-round_started = เริ่มรอบที่ { $round }
pg-ev-turn_order = ลำดับการเล่น: { $order }
pg-ev-phase_started = เริ่ม{ $phase }
pg-ev-auction_started = { $name } เปิดประมูลโรงไฟฟ้า { $plant } ที่ { $bid } { -elektro }
pg-ev-bid = { $name } เกทับ { $amount } { -elektro } สำหรับโรงไฟฟ้า { $plant }
pg-ev-dropped_out = { $name } สละสิทธิ์การประมูลโรงไฟฟ้า { $plant }
pg-ev-passed_auctions = { $name } ไม่ซื้อโรงไฟฟ้าในรอบนี้
pg-ev-plant_bought = { $name } ซื้อโรงไฟฟ้า { $plant } ราคา { $price } { -elektro }
pg-ev-plant_discarded = { $name } ทิ้งโรงไฟฟ้า { $plant } ({ $returned } คืนกองกลาง)
pg-ev-plant_drawn = โรงไฟฟ้า { $plant } เข้าตลาด
pg-ev-step3_card_drawn = เปิดได้การ์ดช่วงที่ 3
pg-ev-deck_shuffled = สับกองจั่ว ({ $size } โรง)
pg-ev-step3_card_removed = การ์ดช่วงที่ 3 ออกจากตลาด
pg-ev-plant_removed = โรงไฟฟ้า { $plant } ถูกนำออกจากเกม ({ $reason })
pg-reason-small_plant = มีผู้เล่นเชื่อมต่อ { $cities } เมืองแล้ว
pg-reason-no_purchase = ไม่มีใครซื้อโรงไฟฟ้า
pg-reason-step2 = ช่วงที่ 2
pg-reason-step3 = ช่วงที่ 3
pg-reason-bureaucracy = เก็บค่าไฟฟ้า ช่วงที่ 3
pg-ev-plant_under_deck = โรงไฟฟ้า { $plant } ไปอยู่ใต้กองจั่ว
pg-ev-resources_bought = { $name } ซื้อ{ $res } { $amount } หน่วย ราคา { $cost } { -elektro }
pg-ev-built = { $name } เชื่อมต่อ { $city } ราคา { $total } { -elektro } (ค่าเชื่อมต่อ { $connection } + ค่าบ้าน { $place })
pg-ev-turn_ended-resources = { $name } ซื้อเสร็จแล้ว
pg-ev-turn_ended-building = { $name } สร้างเสร็จแล้ว
pg-ev-turn_ended-auction = { $name } จบตา
pg-ev-turn_ended-bureaucracy = { $name } จบตา
pg-ev-turn_ended-game_over = { $name } จบตา
pg-ev-powered = { $name } เดินเครื่อง{ $plants } ใช้{ $burned } จ่ายไฟ { $cities } เมือง ได้ { $income } { -elektro }
pg-ev-resupplied = ตลาดวัตถุดิบได้รับ { $added }
pg-ev-step_started = เริ่มช่วงที่ { $step }
pg-ev-game_ended = จบเกม
pg-plants-none = ไม่มีโรงไฟฟ้า
pg-plants-list = โรงไฟฟ้า { $list } ({ $count } โรง)

## The Game
tg-pile-up1 = กองขาขึ้น 1
tg-pile-up2 = กองขาขึ้น 2
tg-pile-down1 = กองขาลง 1
tg-pile-down2 = กองขาลง 2
tg-up = ↑ จาก 1 ถึง 99
tg-down = ↓ จาก 100 ถึง 2
tg-hand = ไพ่ในมือ
tg-hand-hint = คลิกไพ่ แล้วคลิกกอง
tg-backwards = ท่าถอยหลัง
tg-end-turn = จบตา
tg-played-this-turn = ลงไพ่ในตานี้: { $n } (อย่างน้อย { $min })
tg-draw-pile = กองจั่ว: { $n }
tg-team = ทีม
tg-hand-size = { $name }: ในมือ { $n } ใบ
tg-signal-dont_play = อย่าลงกองนี้เลย
tg-signal-good_card = ฉันมีไพ่ดีสำหรับกองนี้
tg-signal-send-dont_play = ขอ: อย่าลงที่นี่
tg-signal-send-good_card = บอก: มีไพ่ดีที่นี่
tg-signal-of = { $name }: { $signal }
tg-turn = ตาของ { $name }
tg-won = ทีมชนะ: ไพ่ทั้ง 98 ใบอยู่บนกองแล้ว!
tg-lost = ทีมแพ้ ไพ่ที่เหลือ: { $n } ใบ
tg-log = บันทึก
tg-help-turn = ลงไพ่จากมืออย่างน้อย { $min } ใบ (เมื่อกองจั่วหมดแล้วอย่างน้อย 1 ใบ) คลิกไพ่ แล้วคลิกกอง กองขาขึ้นต้องลงไพ่ที่สูงกว่าใบบนสุด กองขาลงต้องลงไพ่ที่ต่ำกว่า ท่าถอยหลัง: ลงไพ่ที่ต่ำกว่าพอดี 10 บนกองขาขึ้น หรือสูงกว่าพอดี 10 บนกองขาลง แล้วจบตาเพื่อจั่วไพ่จนเต็มมือ
tg-help-wait = ผู้เล่นคนอื่นกำลังเล่น ห้ามบอกตัวเลข แต่ส่งสัญญาณบนกองได้: “อย่าลงกองนี้เลย” หรือ “ฉันมีไพ่ดีสำหรับกองนี้”
tg-help-watch = ไพ่ในมือของผู้เล่นจะถูกซ่อนไว้ ในแต่ละตา ผู้เล่นลงไพ่บนกองอย่างน้อย 2 ใบ (อย่างน้อย 1 ใบเมื่อกองจั่วหมด) แล้วจั่วไพ่
tg-ev-played = { $name } ลง { $card } บน{ $pile }
tg-ev-played-backwards = { $name } ลง { $card } บน{ $pile } (ท่าถอยหลัง)
tg-ev-turn_ended = { $name } จบตา
tg-ev-drew = { $name } จั่วไพ่ { $count } ใบ
tg-ev-drew-cards = { $name } จั่วได้ { $cards }
tg-ev-skipped = { $name } ไม่มีไพ่ในมือ ข้ามไป
tg-ev-turn_started = ตาของ { $name } (ลงอย่างน้อย { $minimum } ใบ)
tg-ev-signalled = { $name } ส่งสัญญาณบน{ $pile }: { $signal }
tg-ev-won = ทีมชนะ!
tg-ev-lost = ทีมแพ้ ไพ่ที่เหลือ: { $cards_left } ใบ

## lobby
lobby-seats = ที่นั่ง
lobby-seat-head = ที่นั่ง
lobby-who-plays = ผู้เล่น
lobby-name = ชื่อ
lobby-name-placeholder = ชื่อ (ไม่บังคับ)
lobby-name-of = ชื่อของ { $seat }
lobby-name-too-long = ชื่อของ { $seat } ยาวเกินไป ใช้ได้ไม่เกิน { $max } ตัวอักษร
lobby-name-empty = พิมพ์ชื่อก่อน
lobby-hotseat = เล่นเครื่องเดียว: ทุกที่นั่งของผู้เล่นคนเล่นบนอุปกรณ์นี้
lobby-hotseat-hint = ผู้เล่นผลัดกันใช้หน้าจอเดียว หน้าเว็บจะบอกให้ส่งอุปกรณ์ต่อเมื่อเปลี่ยนตา
lobby-public-money = เปิดเผยเงิน
lobby-public-money-hint = ทุกคนเห็นเงินของทุกคน
lobby-bad-seed = ค่าสุ่มตั้งต้นต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป
lobby-regions-count = เลือกให้ครบ { $n } พื้นที่พอดี (ตอนนี้เลือก { $picked })
lobby-clock = การจำกัดเวลา
lobby-clock-kind = นาฬิกา
lobby-clock-none = ไม่จำกัดเวลา
lobby-clock-per_move = เวลาต่อตา
lobby-clock-bank = เวลาสะสมพร้อมเวลาเพิ่ม
lobby-clock-days = จำนวนวันต่อตา
lobby-clock-hint-none = ไม่มีใครถูกเร่ง
lobby-clock-hint-per_move = ต้องเล่นแต่ละตาให้เสร็จในเวลานี้
lobby-clock-hint-bank = เวลาสะสมของผู้เล่นลดลงระหว่างตาของตน และเพิ่มขึ้นตามเวลาเพิ่มหลังเล่นแต่ละตา
lobby-clock-hint-days = สำหรับเกมช้า: เล่นแต่ละตาภายในจำนวนวันนี้
lobby-clock-hint-after = เมื่อเวลาของผู้เล่นหมด บอทจะเล่นแทนจนกว่าผู้เล่นจะกลับมา
lobby-unit-seconds = วินาทีต่อตา
lobby-unit-minutes = เวลาสะสม (นาที)
lobby-unit-seconds-increment = เวลาเพิ่ม (วินาที)
lobby-unit-days = จำนวนวันต่อตา
lobby-range = ตั้งแต่ { $min } ถึง { $max }
lobby-clock-invalid = แก้การจำกัดเวลาก่อน
lobby-days = { $n } วัน { $hours } ชั่วโมง
lobby-status-waiting-for = กำลังรอ { $name }
lobby-clock-left = เหลือ { $time }
lobby-game-title = { $kind }: { $seat }
lobby-invite-links = ลิงก์เชิญ
lobby-replay = ดูย้อนหลัง
lobby-share = เชิญผู้เล่น
lobby-share-hint = ส่งลิงก์ของแต่ละคนให้ผู้เล่นคนนั้น ใครมีลิงก์ก็เล่นที่นั่งนั้น
lobby-pass-title = ส่งอุปกรณ์ให้ { $name }
lobby-pass-text = หน้าจอจะถูกซ่อนไว้จนกว่า { $name } จะพร้อม
lobby-pass-ready = ฉันคือ { $name }: แสดงที่นั่งของฉัน
lobby-join-name = ชื่อของคุณ
lobby-join-name-save = บันทึก
lobby-join-name-skip = ไว้ทีหลัง
error-invalid_name = ใช้ชื่อนี้ไม่ได้: ใช้ตัวอักษรที่มองเห็นได้ 1 ถึง 24 ตัว
error-invalid_options = การจำกัดเวลาอยู่นอกช่วงที่อนุญาต
lobby-download-record = ดาวน์โหลดบันทึกเกม
lobby-back-to-game = กลับไปที่เกม
lobby-replay-watch = ดูย้อนหลัง
lobby-replay-not-over = ดูย้อนหลังได้เมื่อเกมจบแล้ว
lobby-replay-title = ดูย้อนหลัง
lobby-replay-first = แรกสุด
lobby-replay-prev = ย้อน
lobby-replay-play = เล่น
lobby-replay-pause = หยุดชั่วคราว
lobby-replay-next = ถัดไป
lobby-replay-last = ท้ายสุด
lobby-replay-jump = ข้ามไปยังตา
lobby-replay-counter = ตาที่ { $step } จาก { $steps }
lobby-replay-speed = ความเร็ว
lobby-replay-speed-option = { $seconds } วินาทีต่อตา
lobby-replay-seen-by = มุมมองของ
lobby-replay-everyone = ทุกคน (ข้อมูลเปิดเผย)
lobby-replay-revealed = ข้อมูลที่ซ่อนไว้ เปิดเผยแล้ว
lobby-replay-hand = { $name }: { $cards }
lobby-replay-money = { $name }: { $money } { -elektro }
lobby-replay-no-step = เกมนี้ไม่มีตาที่ { $step } จึงเปิดตั้งแต่ต้น

## table
table-name-with = { $name } ({ $label })
table-bot = {" "}(บอท)
table-away-timed_out = บอทเล่นแทน: หมดเวลา
table-away-left = บอทเล่นแทน: ยกที่นั่งให้
table-away-replaced = บอทเล่นแทน: ถูกแทนที่เพราะไม่อยู่
table-replace = ให้บอทเล่นแทน
table-replace-help = ยกที่นั่งของผู้เล่นที่ไม่อยู่ให้บอท
table-notice-timed_out = เวลาของคุณหมดแล้ว บอทจึงเล่นแทนคุณ รับที่นั่งคืนเพื่อเล่นต่อ
table-notice-left = บอทกำลังเล่นแทนคุณตามที่ขอ รับที่นั่งคืนเพื่อเล่นต่อ
table-notice-replaced = คุณไม่อยู่ ผู้สร้างเกมจึงยกที่นั่งของคุณให้บอท รับที่นั่งคืนเพื่อเล่นต่อ
table-back = รับที่นั่งของฉันคืน
table-undo = ย้อนกลับ
table-leave = ยกที่นั่งของฉันให้บอท
table-rematch = เล่นอีกครั้ง
table-rematch-watch = ดูเกมใหม่
table-settings = ตั้งค่า
table-setting-sound = ส่งเสียงเมื่อถึงตาของฉัน
table-setting-confirm = ถามก่อนการกระทำที่ย้อนกลับไม่ได้
table-setting-notify = แจ้งเตือนเมื่อถึงตาของฉันขณะหน้านี้อยู่เบื้องหลัง
table-notify-blocked = เบราว์เซอร์นี้ไม่แสดงการแจ้งเตือนจากหน้านี้
table-notify-title = ตาของคุณ
table-notify-body = ถึงตาคุณเล่นแล้ว
table-title-turn = ● ตาของคุณ · { $title }
table-clock-days = { $days } วัน { $hours } ชม.
table-confirm-title = ทำการกระทำนี้หรือไม่
table-confirm-move = { $move } ใช่ไหม
table-confirm-note = การกระทำนี้ย้อนกลับไม่ได้
table-confirm-never = ไม่ต้องถามอีก
table-confirm-yes = ใช่
table-confirm-no = ยกเลิก
table-rename = เปลี่ยนชื่อ
table-rename-label = ชื่อของคุณ
table-rename-save = บันทึก
error-nothing_to_undo = ไม่มีอะไรให้ย้อนกลับ: ย้อนได้เฉพาะการกระทำของคุณในตานี้ที่ไม่ได้เปิดเผยอะไร
error-seat_away = บอทกำลังเล่นแทนคุณ: รับที่นั่งคืนก่อน
error-seat_not_away = คุณอยู่ในที่นั่งของคุณแล้ว
error-player_present = ผู้เล่นนี้ยังอยู่ หรือเพิ่งออกไปไม่นานพอที่จะแทนที่ได้
error-not_creator = มีแต่ผู้สร้างเกมที่แทนที่ผู้เล่นได้
error-game_not_over = เกมยังไม่จบ
tg-start-card = ไพ่เริ่มต้น
tg-signal = สัญญาณ
tg-why-choose = เลือกไพ่จากมือก่อน แล้วจึงเลือกกอง
tg-why-not-turn = ตอนนี้เป็นตาของ { $name } คุณส่งได้แค่สัญญาณ
tg-why-up = { $card } ลง{ $pile }ไม่ได้: กองนี้รับเฉพาะไพ่ที่สูงกว่า { $top }
tg-why-down = { $card } ลง{ $pile }ไม่ได้: กองนี้รับเฉพาะไพ่ที่ต่ำกว่า { $top }
tg-why-back = รับ { $back } พอดีได้ด้วย (ท่าถอยหลัง)
tg-end-stuck = { $name } เล่นต่อไม่ได้: ตานี้ต้องลงอย่างน้อย { $min } ใบ ลงไปแล้ว { $played } ใบ และไพ่ { $hand } ใบในมือไม่เข้ากองไหนเลย
tg-end-stuck-me = คุณเล่นต่อไม่ได้: ตานี้ต้องลงอย่างน้อย { $min } ใบ คุณลงไป { $played } ใบ และไพ่ของคุณ ({ $cards }) ไม่เข้ากองไหนเลย
tg-end-left = ไพ่ที่ไม่ได้ลง: { $n } ใบ (ในกองจั่ว { $draw } ใบ ในมือ { $hands } ใบ)
tg-end-hand = ไพ่ในมือของคุณตอนจบ

## pgpage
pg-turn-spectator = ตาของ { $name }
pg-why-spectator = ผู้ชมเล่นไม่ได้
pg-why-phase = ทำได้ใน{ $phase } ตอนนี้เป็น{ $now }
pg-why-city-off = { $city } ไม่ได้ใช้ในเกมนี้ เพราะอยู่ในพื้นที่ที่ไม่ได้เลือก
pg-why-city-mine = คุณมีบ้านใน { $city } แล้ว
pg-why-city-full = { $city } เต็มแล้ว: ในช่วงที่ { $step } แต่ละเมืองมีบ้านได้ { $step } หลัง
pg-why-city-money = การสร้างบ้านใน { $city } ต้องใช้ { $total } { -elektro } แต่คุณมี { $money }
pg-why-city-other = ตอนนี้คุณสร้างบ้านใน { $city } ไม่ได้
pg-why-plant-discard = เลือกโรงไฟฟ้าที่จะทิ้งก่อน
pg-why-plant-auction = กำลังประมูลโรงไฟฟ้า { $plant } อยู่: เกทับหรือสละสิทธิ์ก่อน
pg-why-plant-future = โรงไฟฟ้า { $plant } อยู่ในตลาดอนาคต: เปิดประมูลได้เฉพาะโรงไฟฟ้าในตลาดปัจจุบัน
pg-why-plant-money = โรงไฟฟ้า { $plant } ราคาอย่างน้อย { $plant } { -elektro } แต่คุณมี { $money }
pg-why-plant-other = ตอนนี้เปิดประมูลโรงไฟฟ้า { $plant } ไม่ได้
pg-why-offer-low = ราคาเปิดประมูลโรงไฟฟ้า { $plant } ต้องไม่ต่ำกว่าหมายเลขของมัน: { $min } { -elektro }
pg-why-bid-low = ต้องเกทับให้สูงกว่า { $high }: อย่างน้อย { $min } { -elektro }
pg-why-bid-money = คุณมี { $money } { -elektro }: เกทับได้ไม่เกิน { $max }
pg-why-number = ใส่จำนวนเต็มตั้งแต่ { $min } ถึง { $max }
pg-why-buy-number = ใส่จำนวน{ $res }ที่จะซื้อ: 1 ถึง { $max }
pg-why-buy-market = ในตลาดมี{ $res }เพียง { $n } หน่วย: ซื้อได้ 1 ถึง { $max }
pg-why-buy-money = { $res } { $n } หน่วยราคา { $price } { -elektro } แต่คุณมี { $money }: ซื้อได้ 1 ถึง { $max }
pg-why-buy-room = โรงไฟฟ้าของคุณเก็บ{ $res }ได้อีก { $max } หน่วย: ซื้อได้ 1 ถึง { $max }
pg-why-buy-none-market = ในตลาดไม่มี{ $res }เหลือแล้ว
pg-why-buy-none-money = { $res } 1 หน่วยราคา { $price } { -elektro } แต่คุณมี { $money }
pg-why-buy-none-room = โรงไฟฟ้าของคุณไม่มีที่เก็บ{ $res }
pg-buy-count = ซื้อ{ $res } { $n } หน่วย
pg-city-houses = บ้าน { $n } หลัง: { $names }
pg-city-empty = ไม่มีบ้าน
pg-city = { $city }, { $houses }
pg-city-build = { $city }, { $houses } สร้างบ้านที่นี่ด้วย { $total } { -elektro }
pg-plant-label = โรงไฟฟ้า { $n }, { $what }
pg-plant-offerable = โรงไฟฟ้า { $n }, { $what }: เปิดประมูล
pg-res-label = { $res }: ในตลาด { $n } หน่วย ถูกที่สุด { $price } { -elektro }; กองกลาง { $supply } หน่วย
pg-res-label-empty = { $res }: ไม่มีในตลาด; กองกลาง { $supply } หน่วย
pg-power-hybrid-label = ถ่านหินที่ใช้ในโรงไฟฟ้าลูกผสม (ที่เหลือใช้น้ำมัน)
pg-zoom = ซูมแผนที่

## postgres
error-storage_unavailable = ตอนนี้เซิร์ฟเวอร์เชื่อมต่อฐานข้อมูลไม่ได้ ไม่มีอะไรเปลี่ยนแปลง โปรดลองใหม่อีกครั้งในอีกสักครู่

## table2
tg-final-stuck = { $name } เล่นต่อไม่ได้: ตานี้ต้องลงอย่างน้อย { $min } ใบ ลงไปแล้ว { $played } ใบ และไพ่ { $cards } ไม่เข้ากองไหนเลย
tg-final-hands = ไพ่ในมือทุกคนตอนจบ
tg-final-none = ไม่มีไพ่

## lead
# My games: a hotseat game, listed once for all its seats.
lobby-game-title-hotseat = { $kind }: เล่นเครื่องเดียว

## Refusals that say why, the end of a game, the map's first view, pages that lead on
network-retry = ติดต่อเซิร์ฟเวอร์ไม่ได้ หน้านี้กำลังเชื่อมต่อใหม่ โปรดเล่นตานี้อีกครั้งในอีกสักครู่
table-rematch-go = ไปที่เกมใหม่
pg-buy-none-nofuel = โรงไฟฟ้าของคุณไม่ใช้วัตถุดิบ จึงไม่มีอะไรต้องซื้อ
pg-buy-none-full = โรงไฟฟ้าของคุณเต็มแล้ว แต่ละโรงเก็บวัตถุดิบได้สองเท่าของที่ใช้ จึงใส่เพิ่มไม่ได้
pg-buy-none-market = ตลาดไม่มีวัตถุดิบที่โรงไฟฟ้าของคุณใช้
pg-buy-none-money = วัตถุดิบที่ถูกที่สุดที่ใส่ได้ราคา { $price } { -elektro } แต่คุณมี { $money } { -elektro }
pg-game-won = { $n ->
    [1] จบเกม: { $names } ชนะ
   *[other] จบเกม: { $names } ชนะร่วมกัน
}
pg-zoom-home = ดูพื้นที่ที่ใช้เล่น
lobby-pass-wait-title = ซ่อนไพ่ในมือแล้ว
lobby-pass-wait = กำลังรอ { $name } เมื่อถึงตาผู้เล่นคนถัดไปของเครื่องนี้จะเรียกทันที
game-not-found = ไม่มีเกมที่ที่อยู่นี้
game-back-to-lobby = กลับไปล็อบบี้
game-watch-instead = ชมเกมนี้ในฐานะผู้ชม
lobby-game-started = เริ่มเมื่อ { $date }
tg-hand-of = ไพ่ในมือของ { $name }

## Rules pages: the headers of the tables the server fills in
rules-table-players = ผู้เล่น
rules-table-regions = จำนวนพื้นที่ที่ใช้
rules-table-removed = โรงไฟฟ้าที่นำออกตอนเริ่ม
rules-table-max-plants = มีโรงไฟฟ้าได้สูงสุด
rules-table-step2 = จำนวนเมืองที่เริ่มช่วงที่ 2
rules-table-end = จำนวนเมืองที่จบเกม
rules-table-resource = วัตถุดิบ
rules-table-tokens = วัตถุดิบทั้งหมดในเกม
rules-table-start = ในตลาดตอนเริ่ม
rules-table-prices = ราคาของแต่ละช่อง จากถูกไปแพง
rules-table-house = บ้านหลังที่เท่าไรในเมือง
rules-table-from-step = สร้างได้ตั้งแต่ช่วงที่
rules-table-price = ราคา ({ -elektro })
rules-table-powered = เมืองที่จ่ายไฟ
rules-table-income = รายได้ ({ -elektro })
rules-table-step = ช่วงที่
rules-table-plant = โรงไฟฟ้า
rules-table-burns = วัตถุดิบที่ใช้
rules-table-cities = เมืองที่จ่ายไฟ

# Issue 28 (pages on one state model): the rule tables' rows where they are used.
pg-res-refill = เติม: +{ $n }
pg-refill-note = เมื่อจบรอบ ตลาดจะถูกเติมตามแถวในตารางกติกาของช่วงที่ { $step } สำหรับผู้เล่น { $players } คน
pg-income-title = รายได้ตามจำนวนเมืองที่จ่ายไฟ
pg-income-cities = เมือง
pg-income-elektro = { -elektro }

## Accounts and player pages (account.js, player.js)
account-link-sign-in = เข้าสู่ระบบ
account-title = บัญชีของคุณ
account-sign-in = เข้าสู่ระบบ
account-sign-up = สร้างบัญชี
account-name = ชื่อ
account-password = รหัสผ่าน
account-name-hint = 3 ถึง 20 ตัว ได้แก่ ตัวอักษรอังกฤษ (a–z) ตัวเลข _ หรือ - โดยขึ้นต้นด้วยตัวอักษรหรือตัวเลข
account-password-hint = อย่างน้อย 8 ตัวอักษร
account-optional = ไม่จำเป็นต้องมีบัญชี: ทุกเกมยังเล่นผ่านลิงก์ได้เหมือนเดิม
account-signed-in-as = เข้าสู่ระบบในชื่อ { $name }
account-your-page = หน้าผู้เล่นของคุณ
account-sign-out = ออกจากระบบ
account-claim-title = เกมที่เล่นในเบราว์เซอร์นี้
account-claim = { $n ->
   *[other] เพิ่ม { $n } เกมที่เล่นในเบราว์เซอร์นี้เข้าบัญชีของคุณ
}
account-claim-none = เบราว์เซอร์นี้ไม่มีเกมที่จะเพิ่ม
account-claimed = { $n ->
    [0] เพิ่มเกมเหล่านี้ไม่ได้: ทุกเกมเป็นของบัญชีอื่นอยู่แล้ว
   *[other] มี { $n } เกมอยู่ในหน้าผู้เล่นของคุณแล้ว
}
account-delete-title = ลบบัญชี
account-delete-explain = เกมของคุณยังอยู่ในชื่อ “ผู้เล่นที่ถูกลบ” และผู้อื่นจะใช้ชื่อของคุณได้ ย้อนกลับไม่ได้
account-delete-confirm = ลบบัญชีของฉัน
account-deleted = ลบบัญชีแล้ว
player-bot = บอท
player-since = เล่นตั้งแต่ { $date }
player-ratings = เรตติ้ง
player-no-ratings = ยังไม่มีเกมที่คิดเรตติ้ง
player-rating-now = { $kind }: { $rating } (± { $deviation })
player-games = เกม
player-no-games = ยังไม่มีเกม
player-in-progress = กำลังเล่น
player-result-won = ชนะ
player-result-cards = เหลือ { $cards } ใบ
player-result-place = อันดับ { $place } จาก { $players }
player-replay = ดูรีเพลย์
player-open = เปิดเกม
player-not-found = ไม่มีผู้เล่นชื่อนี้
error-account_name_too_short = ชื่อสั้นเกินไป: อย่างน้อย 3 ตัว
error-account_name_too_long = ชื่อยาวเกินไป: ไม่เกิน 20 ตัว
error-account_name_character = ชื่อใช้ได้เฉพาะตัวอักษร a–z ตัวเลข _ และ -
error-account_name_start = ชื่อต้องขึ้นต้นด้วยตัวอักษรหรือตัวเลข
error-name_taken = ชื่อนี้มีผู้ใช้แล้ว โปรดเลือกชื่ออื่น
error-password_too_short = รหัสผ่านสั้นเกินไป: อย่างน้อย 8 ตัวอักษร
error-password_too_long = รหัสผ่านยาวเกินไป: ไม่เกิน 256 ไบต์
error-login_failed = ชื่อหรือรหัสผ่านไม่ถูกต้อง
error-not_signed_in = โปรดเข้าสู่ระบบก่อน
error-foreign_origin = คำขอนี้มาจากเว็บไซต์อื่นจึงถูกปฏิเสธ
error-too_many_attempts = ลองหลายครั้งเกินไป โปรดรอหนึ่งนาทีแล้วลองใหม่
error-unknown_player = ไม่มีผู้เล่นชื่อนี้
open-title = เกมเปิด
open-none = ตอนนี้ไม่มีเกมที่รอผู้เล่น
open-players = ผู้เล่น { $n } คน
open-clock-per-move = ต่อตา { $seconds } วินาที
open-clock-bank = { $minutes } นาที + { $increment } วินาที
open-clock-days = ต่อตา { $days } วัน
open-rated = คิดเรตติ้ง
open-unrated = ไม่คิดเรตติ้ง
open-seats-left = เหลือ { $n } ที่นั่ง
open-waiting = กำลังรอ: { $names }
open-bots = บอท: { $bots }
open-anonymous = ผู้เล่นหนึ่งคน
open-join = เข้าร่วม
open-create-title = เปิดเกมให้ทุกคนเข้าร่วม
open-create = เปิดเกม
open-live-title = เกมที่กำลังเล่น
open-live-none = ตอนนี้ไม่มีเกมให้ดู
open-watch = ดู
error-game_waiting = เกมนี้จะเริ่มเมื่อมีผู้เล่นครบทุกที่นั่งที่เปิดไว้ หน้านี้จะตรวจดูอีกครั้งในไม่ช้า

# A game stopped at the server's round cap (docs/rules-notes.md).
game-unfinished = เกมจบแบบไม่สมบูรณ์: ไม่มีผู้ชนะ
table-unfinished = เกมนี้เล่นเกินจำนวนรอบสูงสุดของเซิร์ฟเวอร์ จึงถูกหยุดโดยไม่สมบูรณ์: ไม่มีผู้ชนะ กติกาไม่ได้จำกัดจำนวนรอบ เซิร์ฟเวอร์จึงหยุดเกมที่ไม่มีวันจบ

# Ratings (docs/accounts.md): the leaderboards, the rated option, a player's record.
leaderboard-title = { $kind }: อันดับ
leaderboard-link = อันดับ: { $kind }
leaderboard-rating-explain = เรตติ้งจากเกมที่คิดเรตติ้ง (Weng-Lin): ผู้เล่นใหม่เริ่มที่ 25 ± 8.3 รายการเรียงตามเรตติ้งลบสามเท่าของความไม่แน่นอน เพื่อไม่ให้ใครขึ้นอันดับหนึ่งเพราะโชคไม่กี่เกม แสดง { $n } อันดับแรก
leaderboard-best-explain = เดอะเกมเล่นร่วมกันจึงไม่มีเรตติ้ง นี่คือเกมที่คิดเรตติ้งที่ดีที่สุดของแต่ละจำนวนผู้เล่น เรียงจากไพ่เหลือน้อยที่สุด
leaderboard-rank = อันดับ
leaderboard-player = ผู้เล่น
leaderboard-rating = เรตติ้ง
leaderboard-games = จำนวนเกม
leaderboard-none = ยังไม่มีเกมที่คิดเรตติ้ง
leaderboard-team = ทีม
leaderboard-result = ผล
open-rated-option = คิดเรตติ้ง (ต้องมีบัญชี ที่นั่งอื่นทุกที่ให้ผู้มีบัญชีเข้าร่วม)
player-record = สถิติ { $kind }
player-record-line = { $players }: { $games } เกม · ชนะ { $wins } · ไพ่เหลือเฉลี่ย { $cards } ใบ
error-not_ratable = เกมนี้คิดเรตติ้งไม่ได้: ต้องมีบัญชีของคุณในที่นั่งของคุณ มีการจับเวลา และที่นั่งอื่นเปิดให้ผู้มีบัญชีหรือให้บอทที่มีเรตติ้งเล่น
error-rated_no_undo = เกมนี้คิดเรตติ้ง: ย้อนกลับไม่ได้
error-already_seated = คุณมีที่นั่งในเกมที่คิดเรตติ้งนี้อยู่แล้ว

## Game analysis in the replay, and the Hint button at the table (analysis.js, table.js)
ana-title = การวิเคราะห์
ana-queued = การวิเคราะห์กำลังรอคิว (ลำดับที่ { $position })
ana-running = กำลังวิเคราะห์ เสร็จแล้วจะแสดงที่นี่
ana-failed = การวิเคราะห์ล้มเหลว: { $error }
ana-ask-again = ขออีกครั้ง
ana-absent = เกมนี้ยังไม่ได้วิเคราะห์
ana-ask = วิเคราะห์เกมนี้
ana-chart-label = โอกาสชนะของผู้เล่นแต่ละคนในแต่ละตา
ana-percent = { NUMBER($n, style: "percent") }
ana-axis-step = ตา
ana-mark-mistake = พลาด
ana-mark-inaccuracy = ไม่แม่น
ana-mark-mistakes = พลาด
ana-mark-inaccuracies = ไม่แม่น
ana-prev-mark = ← จุดก่อนหน้า
ana-next-mark = จุดถัดไป →
ana-mark-count = ที่ทำเครื่องหมาย: พลาด { $mistakes } ครั้ง ไม่แม่น { $inaccuracies } ครั้ง
ana-marked-mistake = พลาด
ana-marked-inaccuracy = ไม่แม่น
ana-you-differ = คุณเลือก { $taken } แต่บอทเลือก { $preferred }
ana-seat-differ = { $name } เลือก { $taken } แต่บอทเลือก { $preferred }
ana-you-agree = คุณเลือก { $taken } เหมือนบอท
ana-seat-agree = { $name } เลือก { $taken } เหมือนบอท
ana-you-forced = คุณมีทางเลือกเดียว: { $taken }
ana-seat-forced = { $name } มีทางเลือกเดียว: { $taken }
ana-estimate-taken = ทางที่เลือก: { $estimate }
ana-estimate-preferred = ทางของบอท: { $estimate }
ana-estimate-rank = โอกาสชนะ { NUMBER($win, style: "percent") } อันดับที่คาด { $rank }
ana-estimate-cards = โอกาสชนะ { NUMBER($win, style: "percent") } คาดว่าไพ่เหลือ { $cards } ใบ
ana-col-player = ผู้เล่น
ana-col-agreement = เลือกเหมือนบอท
ana-agreement = { NUMBER($n, style: "percent") } จาก { $decisions } ครั้ง
ana-hint-taken = { $name } ดูคำใบ้: { $action }
ana-hint-taken-you = ดูคำใบ้: { $action }
ana-tg-play = { $card } ลง{ $pile }
ana-tg-signal = ส่งสัญญาณที่{ $pile }: { $signal }
ana-pg-pass = สละสิทธิ์
ana-pg-build = สร้างบ้านที่ { $city }
ana-pg-power = เดินเครื่อง{ $plants }
ana-pg-power-coal = เดินเครื่อง{ $plants } ใช้ถ่านหิน { $coal } หน่วยในโรงไฟฟ้าลูกผสม
ana-pg-done = จบตา
table-hint = คำใบ้
table-hint-help = คำแนะนำของบอทสำหรับตานี้ จากสิ่งที่ที่นั่งของคุณรู้ บอทไม่ได้เล่นแทนคุณ
table-hint-text = คำใบ้: { $action }
error-hints_rated = เกมนี้คิดเรตติ้ง จึงไม่มีคำใบ้
error-not_your_turn = ยังไม่ถึงตาของคุณ
error-hint_unavailable = บอทแนะนำตาเดินตรงนี้ไม่ได้
error-analysis_queue_full = มีเกมรอการวิเคราะห์มากเกินไป ขอใหม่ภายหลัง
error-analysis_disabled = เซิร์ฟเวอร์นี้ไม่วิเคราะห์เกม
