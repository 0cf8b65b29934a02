# English: every word of the bot. Spanish is es.ftl, with the same keys and variables
# (a test checks). Mentions, amounts and squares come in ready-made as variables.

## Numbers and things

# An amount with the currency: $singular is the currency name without its plural s.
money = { $n ->
    [one] { $n } { $singular }
   *[other] { $n } { $currency }
}
# The currency's name when the server keeps the default one.
currency-default = coins
moves-count = { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
players-count = { $n ->
    [one] { $n } player
   *[other] { $n } players
}
# A move as players count them (one per side), with the side that made it.
move-number = move { $n }, { $color }
color-black = Black
color-orange = Orange
and = and

## Pieces: names and "the <piece>"

piece-panthan = Panthan
piece-warrior = Warrior
piece-padwar = Padwar
piece-thoat = Thoat
piece-dwar = Dwar
piece-flier = Flier
piece-chief = Chief
piece-princess = Princess
piece-odwar = Odwar
the-panthan = the Panthan
the-warrior = the Warrior
the-padwar = the Padwar
the-thoat = the Thoat
the-dwar = the Dwar
the-flier = the Flier
the-chief = the Chief
the-princess = the Princess
the-odwar = the Odwar

## Games and terms

variant-classic = Classic Jetan
variant-manator = Manator Jetan
game-circular = { $variant } on the circular board (Ninth-Ray Jetan)
terms-stake = Stake: { $stake } each, the winner takes both.
terms-piece-price = Piece price: { $price } per point of value (a Dwar costs { $dwar }).
terms-held = Each player puts { $held } in escrow: the stake { $stake } + up to { $reserve } for lost pieces.
terms-friendly = Friendly game: nothing at stake.
terms-practice = Practice game: no money.
terms-move-time = Move time: { $time }.
wager-stake = stake { $stake } each
wager-price = piece price { $price } per point
wager-line = Wager: { $terms }.
wager-paid = Paid for lost pieces so far: { $black } { $black_paid }, { $orange } { $orange_paid }.
time-left = Time left for this { $unit ->
    [turn] turn
   *[move] move
}: { $time }.
time-up = The time for this { $unit ->
    [turn] turn
   *[move] move
} is up: the opponent may `/jetan claim` the win.

## Challenges

challenge = { $challenger } challenges { $challenged } to **{ $game }**.
challenge-first-challenger = { $who } moves first.
challenge-first-challenged = { $who } moves first.
challenge-first-random = A coin toss decides who moves first.
challenge-answer = { $who }, accept or decline within { $time }.
menu-move-stale = The board has changed since this menu was opened: press **Move** on the new board.
button-move = Move
menu-move-piece = Your move: choose a piece (only you see this).
menu-move-piece-placeholder = The piece to move
menu-move-to = Your { $piece } on { $square }: choose where it goes.
menu-move-to-placeholder = Where it goes
menu-move-more = More destinations (page { $page } of { $pages })
button-accept = Accept
button-decline = Decline
button-confirm = Confirm
button-confirm-resign = Confirm resignation
button-confirm-draw = Confirm draw
button-accept-draw = Accept draw
no-bots = Bots cannot play Jetan — except me: challenge { $bot } for a practice game.
no-self-challenge = You cannot challenge yourself.
practice-no-money = Games against me are for practice: no stakes and no piece prices.
move-time-range = The move time is in minutes, from 1 to { $max } (a week).
level-practice-only = A level is for games against the computer: challenge { $bot } to use one.
level-range = The level goes from 1 (easy) to 5 (strongest).
amount-negative = The { $what } cannot be negative.
amount-too-large = The { $what } is too large (at most { $max }).
what-stake = stake
what-piece-price = piece price
what-starting-grant = starting grant
what-daily-allowance = daily allowance
what-amount = amount
practice-started = Practice game: { $human } vs { $bot } (level { $level }) — **{ $game }**, nothing at stake.
practice-sides = { $black } plays Black and moves first; { $orange } plays Orange.
your-move = { $who }, your move.
no-open-challenge = There is no open challenge in this channel.
only-challenged = Only { $who } can answer this challenge.
only-challenger = Only { $who } can cancel this challenge.
accept-confirm = **Accept this challenge from { $who }?** { $game }.
accept-escrow = Accepting puts { $held } of yours in escrow.
accept-first-challenger = Your opponent moves first.
accept-first-challenged = You move first.
accept-first-random = A coin toss decides who moves first.
accepted = { $who } accepts. **{ $game }**: { $black } plays Black and moves first, { $orange } plays Orange.
accepted-martian = { $who } accepts. **{ $game }**.
accepted-escrow = Each player has { $held } in escrow (stake { $stake } + up to { $reserve } for lost pieces).
edit-accepted = ~~Challenge~~ — accepted by { $who }: the game is on.
declined = { $challenged } declines the challenge of { $challenger }.
edit-declined = ~~Challenge~~ — declined by { $who }.
cancelled = { $challenger } withdraws the challenge to { $challenged }.
edit-cancelled = ~~Challenge~~ — cancelled by { $who }.
called-off = { $who } called off the challenge of { $challenger } to { $challenged }.
edit-called-off = ~~Challenge~~ — called off by { $who }.
expired = The challenge of { $challenger } to { $challenged } expired unanswered.
edit-expired = ~~Challenge~~ — expired unanswered.
refunded = { $amount } returned to { $who }.
no-rematch = There is no finished game in this channel to rematch.
rematch-players-only = Only the players of the last game, { $black } and { $orange }, can ask for a rematch.
rematch-winner-chooses = Only the winner of the last game, { $who }, chooses who moves first.

## Moves and the board

no-game = There is no game in this channel. Start one with `/jetan challenge`.
square-bad = The { $what } square: `{ $text }` is not a square (squares go from a1 to j10).
square-from = from
square-to = to
square-piece = piece's
move-bad-text = `{ $text }` is not a move: write it like e2-e3, b1xd3 or Ab1-d3.
move-both = Give either `notation` or `from` and `to`, not both.
move-which = Say which move: `from` and `to` squares (like e2 and e3), or `notation` (like e2-e3).
not-playing-vs = You are not playing in this game: it is { $black } vs { $orange }.
not-your-turn = It is { $who }'s turn.
played = { $who } plays **{ $move }** ({ $number })
played-takes = takes { $piece }
played-duel-won = wins the duel ({ $chance } % to win) and kills { $piece }
played-duel-lost = loses the duel ({ $chance } % to win): { $piece } dies
played-escape = the Princess's escape
countdown-started = The ten-move countdown has started: win within ten moves (five each) or it is a draw.
draw-offer-withdrawn = The draw offer is withdrawn.
countdown-left = Countdown: { $n ->
    [one] { $n } move left
   *[other] { $n } moves left
} before a draw.
princess-threatened = ⚠ { $who }'s Princess is threatened!
board = { $black } (Black) vs { $orange } (Orange), { $number }: { $who } to move.
piece-empty = { $square } is empty.
piece-not-to-move = { $piece } on { $square } belongs to { $color }, who is not to move.
piece-no-moves = { $piece } on { $square } has no legal move.
piece-moves = { $piece } on { $square } can go to: { $list }.
piece-escapes = With her escape (once per game), to any of { $n } safe empty squares: { $list }.
takes-short = takes { $piece }
duel-short = duel vs { $piece }: { $chance } % to win
suggest-from = { $square } — { $piece } ({ $moves })
suggest-escape = escape (once per game)

## Rules the rules crate enforces, in words

illegal-game-over = The game is over.
illegal-empty = { $square } is empty.
illegal-not-yours = { $piece } on { $square } is not yours.
illegal-same-square = A move must leave { $square }.
illegal-own-piece = Your own { $piece } stands on { $square }.
illegal-princess-capture = Your Princess may not capture: { $piece } on { $square } is in the way.
illegal-threatened = Your Princess may not move onto threatened { $square }.
illegal-escape-used = You have already used your escape: your Princess cannot reach { $to } from { $from } with an ordinary move.
illegal-no-escape = Your Princess has no escape in this game (rule option `P:noescape`): she cannot reach { $to } from { $from } with an ordinary move.
illegal-under-options = In this game: { $options }.
illegal-panthan-backwards = The Panthan on { $square } cannot move backwards.
illegal-out-of-reach = { $piece } on { $from } cannot reach { $to }: { $movement }
illegal-blocked = { $piece } on { $from } cannot reach { $to }: the way is blocked at { $by }.
illegal-wrong-piece = The piece on { $square } is { $actual }, not { $named }.
illegal-other = That move is not legal here.

## How games end

reason-princess-captured = the Princess was captured
reason-chief-takes-chief = a Chief took the enemy Chief
reason-chief-captured = a Chief was taken by a lesser piece
reason-no-legal-moves = the player to move had no legal move
reason-ten-move-rule = the ten-move countdown ran out
reason-king-captured = the King was captured
reason-king-lost-attack = a King lost its own attack
reason-quiet-turns = 50 turns without an attack, a pawn move or a paradrop
reason-resignation = by resignation
reason-agreement = agreed by both players
reason-time = the time to move ran out
reason-aborted = aborted by an admin
reason-abandoned = abandoned: nobody played for the move time
result-win = **{ $who } wins** — { $reason }.
result-draw = **Draw** — { $reason }.
result-aborted = **Game aborted** — stakes refunded.
banner-win = { $who } wins: { $reason }
banner-draw = Draw: { $reason }
banner-aborted = Aborted
practice-no-money-moved = Practice game: no money moved.
friendly-no-money = Friendly game: no money moved.
paid-piece = { $from } paid { $to } { $amount } for { $piece }
paid-stake = { $from } paid { $to } the stake: { $amount }
over-limit = ({ $amount } of it above the server's maximum balance went out of circulation)
released = { $who } gets { $amount } back from escrow
net = Net: { $black } { $black_net }, { $orange } { $orange_net }.
not-playing = You are not playing in this game.
resign-confirm = **Resign?** { $who } wins the game.
resign-confirm-stake = **Resign and pay { $who } the stake of { $amount }?** { $who } wins the game.
game-over-already = That game is already over.
resigns = { $who } resigns.
draw-offered-confirm = { $who } has offered a draw. **Accept it?** The game ends as a draw and both stakes are returned.
computer-declines-draw = The computer plays on: { $why }.
computer-accepts-draw = { $bot } accepts the draw: { $why }.
computer-draw-dead-material = neither side has enough left to trap the other's Princess
computer-draw-stale = { $plies } moves in a row without a capture: the game is going nowhere
computer-draw-winning = it sees a win ({ $score })
computer-draw-behind = it judges itself behind ({ $score })
computer-draw-not-behind = it does not judge itself behind ({ $score })
mc-computer-draw-dead = { $quiet } turns without an attack, a pawn move or a paradrop, and it is not clearly ahead ({ $estimate } pawns)
mc-computer-draw-behind = it judges itself behind ({ $estimate } pawns)
mc-computer-draw-not-behind = it does not judge itself behind ({ $estimate } pawns)
draw-offer = { $by } offers a draw. { $to }, do you accept?
draw-offer-closed = This draw offer is no longer open.
draw-accepted = { $who } accepts the draw.
edit-draw-accepted = ~~Draw offer~~ — accepted by { $who }.
edit-draw-declined = ~~Draw offer~~ — declined by { $who }.
draw-declined = { $who } declines the draw. Play on!
claimed = { $loser } ran out of time; { $who } claims the win.
claims-on-time = { $who } claims the win on time.
no-replay = There is no finished game in this channel to replay.
record-posted = The record of game `{ $id }`: { $black } vs { $orange } (the attached text file; `jetan play --record` replays it).
replay-not-found = There is no finished game `{ $id }` on this server. `/jetan history` lists the games and their ids.
replay = Replay of game `{ $id }`: { $black } (Black) vs { $orange } (Orange), { $moves }. { $result }
stalled = Nobody moved for three times the move time: { $loser } loses on time and { $winner } wins.
abandoned = The practice game of { $black } and { $orange } was abandoned: nobody moved for the move time. The channel is free.

## Money and records

bot-no-wallet = { $who } is a bot and has no wallet.
# A user the bot has never seen (no display name known): the last digits of the id.
unknown-player = player { $n }
wallet = { $who }'s wallet: **{ $balance }** available, { $escrow } in escrow. Record: { $wins } W / { $losses } L / { $draws } D. Net won: { $net }.
pages-start = Pages start at 1.
pages-only = { $pages ->
    [one] There is only 1 page.
   *[other] There are only { $pages } pages.
}
nobody-played = Nobody has played yet. Start with `/jetan challenge`.
standings-title = Jetan standings
standings-by-balance = By balance
standings-by-net = By net winnings
standings-row = { $rank }. { $who } — { $amount } ({ $wins } W / { $losses } L / { $draws } D)
standings-footer = Page { $page } of { $pages } · { $players }
standings-more = /jetan standings page:N for more
standings-head = **Standings** (page { $page } of { $pages })
rating-head = **Ratings: { $game }** (page { $page } of { $pages })
rating-row = { $rank }. { $who } — { $rating } ± { $deviation } ({ $games } rated games)
rating-nobody = Nobody has played { $games } rated games of { $game } yet.
rating-changes = Ratings ({ $game }): { $black }, { $orange }.
rating-change = { $who } { $before } → { $after } ({ $delta })
pool-classic = Classic Jetan
pool-manator = Manator Jetan
pool-ninth-ray = Ninth-Ray Jetan
pool-martian-chess = Martian Chess
daily = You receive { $amount }. Balance: { $balance }. Next claim in { $time }.
history-empty-player = No finished games in { $who }'s history yet.
history-empty-channel = No finished games in this channel's history yet.
history-player = { $n ->
    [one] The last game of { $who } (`/jetan replay game:<id>` shows it):
   *[other] The last { $n } games of { $who }, newest first (`/jetan replay game:<id>` shows one):
}
history-channel = { $n ->
    [one] The last game of this channel (`/jetan replay game:<id>` shows it):
   *[other] The last { $n } games of this channel, newest first (`/jetan replay game:<id>` shows one):
}
history-beat = { $winner } beat { $loser }
history-drew = { $black } drew with { $orange }
history-aborted = { $black } vs { $orange } was aborted
history-practice = practice
history-friendly = friendly
history-stakes = stake { $stake }, piece price { $price }
history-row = `{ $id }` { $who } ({ $reason }) · { $moves } · { $stakes } · { $ago } ago
settings-title = Server settings
settings-saved = Settings saved
settings-every-channel = every channel
settings-every-channel-except = every channel except { $list }
settings-language-auto = { $lang } (the server's language; `auto`)
settings-body = Starting grant: { $grant }
    Daily allowance: { $daily }
    Currency: { $currency }
    Default stake: { $stake }
    Default piece price: { $price }
    Challenges expire after: { $expiry }
    Move time: { $move_time }
    Language of public messages: { $language }
    Games allowed in: { $channels }
language-en = English
language-es = Spanish
language-bad = The language is `en` (English), `es` (Spanish) or `auto` (the server's own).
expiry-range = The challenge expiry is in minutes, from 1 to 10080 (a week).
currency-help = The currency name needs 1 to 20 characters: letters, digits, spaces, emoji or symbols like $ € £ ¥ ¢ ₿ % & + - = . , ' ! ? : / — like `coins` or `🪙 gold`.

## Admin tools

admins-only = Only server managers (the Manage Server permission) can use the admin tools.
reason-too-long = The reason must be one line of at most { $max } characters.
bots-no-wallet = Bots have no wallet.
granted = Granted { $amount } to { $who } ({ $reason }). Their balance: { $balance }.
took = Took { $amount } from { $who } ({ $reason }). Their balance: { $balance }.
granted-short = { $amount } granted to { $who }.
abort-reason = Reason: { $reason }.
aborted-game = { $admin } aborted the game { $black } vs { $orange }. No result is counted.
nothing-to-abort = There is no game or challenge in this channel to abort.
already-handled = This request was already handled.

## Store refusals

busy-game = There is already a game in progress in this channel.
busy-challenge = You already have an open challenge in this channel: wait for the answer, or withdraw it with `/jetan cancel`.
busy-other = There is already a game or a challenge in this channel.
several-challenges = { $n } challenges to you are open in this channel: press **Accept** or **Decline** on the one you mean.
channel-not-allowed = Games are not allowed in this channel; ask a server manager which channels are open.
terms-bad = Those terms do not work: the amounts are too large, or a practice game names money.
insufficient = { $who } has { $available } available; the stake and piece reserve need { $needed }.
challenge-replaced = This challenge is no longer open.
game-replaced = That game is over; another one is being played in this channel.
already-started = This challenge was already accepted: the game is on.
challenge-expired = This challenge has expired.
not-expired = The challenge expires in { $time }.
game-changed = The board changed while you chose your move: look at it again and retry.
draw-already-offered = { $who } has already offered a draw.
no-draw-offer = There is no draw offer for you to answer.
no-time-limit = This game has no move time limit.
claim-own-turn = It is your turn: only your opponent can claim a win on time.
time-not-up = The time to move is not up: { $time } left.
battle-card-pending = Your opponent owes a battle card: no win on time can be claimed in a battle they defend. If they have not played it when the battle time runs out ({ $time } left), their lowest card is played for them.
daily-not-ready = You already claimed your daily allowance; come back in { $time }.
amount-bad = That amount does not work: it must be between 1 and { $max }, and no balance may grow past the limit.
refused-other = That cannot be done right now; nothing was changed.
internal = Something went wrong on our side and nothing was changed. Please try again in a moment.
dm-only = Jetan is played in server channels, not in direct messages.
input-bad = I could not read `{ $input }`: check the option and try again.
options-bad = I could not read the options: check them and try again.

## Pictures

label-to-move = TO MOVE
label-princess-threatened = PRINCESS THREATENED
label-countdown = COUNTDOWN { $n }
label-escape-ready = escape ready
label-escape-used = escape used
label-rules = rules { $rules }
label-move = move { $n }
label-killed = KILLED
label-duel = DUEL
label-won = WON
label-lost = LOST
label-wins = { $color } wins
label-draw = Draw
label-after-moves = { $n ->
    [one] after { $n } move
   *[other] after { $n } moves
}

## The rules (/jetan rules), one paragraph a message

rules-intro = **Jetan** — Martian chess on a 10×10 board. Black starts in the south (ranks 1–2), Orange in the north (ranks 9–10); Black moves first unless the players agree otherwise.
rules-steps = **How pieces move.** A move is a path of steps to neighbouring squares: *straight* (north, east, south, west) or *diagonal*. Each piece takes an **exact** number of steps and **may turn between them**; the path never visits a square twice. A piece that does not jump needs the squares between start and end empty (on at least one path); only the **Flier**, the **Princess** and the **Odwar** jump. Moving onto an enemy piece captures it.
rules-princess = **The Princess** never captures and may not move onto a **threatened** square (one an enemy piece other than the Princess could capture on). Once per game she may make **the escape**: a move to any empty square that is not threatened. There is no check: a threatened Princess may be left to her fate.
rules-win = **Win** by taking the enemy Princess with any piece, or the enemy Chief with your Chief. **Draw** when a Chief is taken by a lesser piece, when the player to move has no move, or when each side has 3 pieces or fewer of equal summed value: then a countdown of ten moves (five each) starts, and if nobody wins within it, the game is drawn.
rules-circular = **Ninth-Ray Jetan** (`board:circular`): the same game on a round board of ten rings, where file j joins file a on every ring, so pieces move across that seam as if it were not there.
rules-pieces = **The pieces** (value = feathers or jewels; a lost piece costs value × the piece price):
rules-piece = **{ $piece }** `{ $letter }` — value { $value }: { $movement }
move-panthan = one step forward, diagonally forward or sideways, never back (Black on e5: e6, d6, f6, d5, f5).
move-warrior = exactly two straight steps; it may turn between them: e5→e7, e5→g5, e5→f6.
move-padwar = exactly two diagonal steps; it may turn between them: e5→g7, e5→g5, e5→e7.
move-thoat = one straight and one diagonal step, in either order: e5→f7, e5→g6, e5→e6.
move-dwar = exactly three straight steps, turning as it likes: e5→e8, e5→g6, e5→f5.
move-flier = exactly three diagonal steps, turning as it likes, **jumping**: e5→h8, e5→h6, e5→f6.
move-chief = exactly three steps, each straight or diagonal: any square within three king steps (e5→h8, e5→e6).
move-princess = as the Chief, but **jumping**; never captures, never onto a threatened square; the escape once per game.
move-odwar = as the Flier, **jumping** (Manator only).
rules-manator = **Manator Jetan** (`variant:manator`): the Fliers are **Odwars** `O` (value 5); the setup is mirrored (the Chiefs face each other on file e); and every capture but the Princess's is a **duel**: the attacker wins with probability va ÷ (va + vd) of the two values — a Dwar (3) attacking an Odwar (5) wins 3 ÷ 8 = 38 % of the time. The winner stands on the square, the loser is removed. The Princess is taken without a duel.
rules-wagers = **Wagers**: each player stakes the same amount (the winner takes both) and every lost piece costs its value × the piece price, paid to the opponent at once; a challenge holds the stake and a reserve for the pieces in escrow.
rules-moves = Moves: `/jetan move from:e2 to:e3` or `/jetan move notation:e2-e3`; the piece letters above are only for notation like `Ab1-d3`.

# Payments between players (/jetan pay)
what-payment = payment
pay-self = You cannot pay yourself.
pay-bot = { $who } is a bot and has no wallet: payments go to members only.
pay-outside = { $who } is not a member of this server: payments go to its members only.
pay-positive = A payment must be a whole number of at least 1.
note-too-long = The note must be one line of at most { $max } characters.
insufficient-pay = You have { $available } available (money in escrow cannot be paid); this payment needs { $needed }.
balance-limit = { $who } cannot receive that much: their balance would pass the server's limit (room for { $room }).
paid = You paid **{ $amount }** to { $who }. Your balance: { $balance }.
paid-notice = { $to }, { $from } paid you **{ $amount }**.
pay-note = Note: “{ $note }”

# Server limits (admin settings)
what-max-stake = largest stake
what-max-piece-price = largest piece price
what-max-balance = maximum balance
what-pay-cap = daily cap on payments
account-age-range = The minimum account age is in days, from 0 to { $max }.
min-games-range = The minimum of finished games goes from 0 to { $max }.
limit-none = no limit
days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
settings-limits = Limits (0 sets none): largest stake { $stake }, largest piece price { $price }, maximum balance { $balance }, payments sent a day { $pay }; to pay or stake: account age { $age }, finished games { $games }.
account-too-new = On this server an account may pay and stake once it is { $days ->
    [one] { $days } day
   *[other] { $days } days
} old: yours may in { $time }.
account-too-new-other = { $who }'s account is too new to stake on this server (it must be { $days ->
    [one] { $days } day
   *[other] { $days } days
} old).
too-few-games = On this server members pay and stake after { $games } finished games; you have { $played }. Friendly games (no stake, no piece price) count.
too-few-games-other = { $who } has not yet finished the { $games } games this server asks before staking.
stake-above-limit = The largest stake on this server is { $max }.
price-above-limit = The largest piece price on this server is { $max }.
pay-cap = Payments sent are capped at { $cap } a day on this server: you can still send { $left }, the rest in { $time }.

# The audit channel (one line each; pings nobody)
what-audit-pot = audit threshold
settings-audit = Audit channel: { $channel } (admin tools, payments, and games where more than { $pot } changed hands).
settings-audit-off = Audit channel: none.
audit-grant = 🧾 { $admin } granted { $amount } to { $who } ({ $reason }); their balance: { $balance }.
audit-take = 🧾 { $admin } took { $amount } from { $who } ({ $reason }); their balance: { $balance }.
audit-settings = 🧾 { $admin } changed the settings: { $changes }.
audit-abort = 🧾 { $admin } aborted game { $id } in { $channel } ({ $reason }).
audit-abort-challenge = 🧾 { $admin } called off the challenge in { $channel } ({ $reason }); refunded { $refunded }.
audit-pay = 🧾 { $from } paid { $amount } to { $to } in { $channel }.
audit-pay-note = 🧾 { $from } paid { $amount } to { $to } in { $channel } ({ $note }).
audit-no-reason = no reason given
audit-pot = 🧾 Game { $id } in { $channel }: { $who }; { $amount } changed hands.

reset-done = Reset the wallet of { $who }: { $amount } removed from the balance, which is now 0. { $escrow } in escrow stays with their games.
audit-reset = 🧾 { $admin } reset the wallet of { $who }: { $amount } removed ({ $reason }).

purge-nothing = No wallet on this server holds money: there is nothing to purge.
purge-checking = Asking Discord which of the { $count } members with money on this server have left; the answer follows here.
purge-more = (At most { $max } at once: purge again for the rest.)
purge-done = Purged { $count ->
    [one] the wallet of one member who left
   *[other] the wallets of { $count } members who left
}: { $amount } removed from circulation (kept in the ledger).
purge-none-left = Nobody with money on this server has left it: nothing was purged.
purge-and-more = and { $count } more
purge-kept = Kept, because money of theirs is still in a challenge or game: { $who }. Purge again once it ends.
purge-unchecked = { $count ->
    [one] One member could not be checked
   *[other] { $count } members could not be checked
} (Discord did not answer): their wallets were left as they are.
audit-purge = 🧾 { $admin } purged { $count } { $count ->
    [one] wallet
   *[other] wallets
} of members who left: { $amount } removed ({ $reason }).

## Slash commands: names (Discord's rules: lower case, no spaces) and descriptions


cmd-jetan = jetan
cmd-jetan-desc = Jetan — Martian chess: play, bet, and climb the standings.
cmd-challenge = challenge
cmd-challenge-desc = Challenge a player (or me, for practice) to a game of Jetan.
opt-challenge-opponent = opponent
opt-challenge-opponent-desc = Who to play (choose me for a practice game against the computer)
opt-challenge-stake = stake
opt-challenge-stake-desc = Each player's stake; the winner takes both
opt-challenge-piece_price = piece_price
opt-challenge-piece_price-desc = Price per point of value of every piece lost
opt-challenge-first = first
opt-challenge-first-desc = Who moves first
opt-challenge-variant = variant
opt-challenge-variant-desc = classic or manator
opt-challenge-board = board
opt-challenge-board-desc = flat (default) or circular (Ninth-Ray Jetan)
opt-challenge-move_time = move_time
opt-challenge-move_time-desc = Longest time per move, in minutes
opt-challenge-level = level
opt-challenge-level-desc = The computer's strength, 1 (easy) to 5 (strongest)
opt-challenge-rating = rating
opt-challenge-rating-desc = rated (default: the result changes both ratings) or casual
cmd-accept = accept
cmd-accept-desc = Accept the challenge in this channel.
cmd-decline = decline
cmd-decline-desc = Decline the challenge in this channel.
cmd-cancel = cancel
cmd-cancel-desc = Withdraw your challenge in this channel.
cmd-move = move
cmd-move-desc = Make a move: from and to squares, or notation like e2-e3.
opt-move-from = from
opt-move-from-desc = The square of the piece to move, like e2
opt-move-to = to
opt-move-to-desc = Where it goes, like e3
opt-move-notation = notation
opt-move-notation-desc = Or the whole move, like e2-e3 or Ab1xd3
cmd-board = board
cmd-board-desc = Show the board.
cmd-moves = moves
cmd-moves-desc = Show where one piece can go (only you see it).
opt-moves-square = square
opt-moves-square-desc = The piece's square, like e2
cmd-resign = resign
cmd-resign-desc = Resign the game.
cmd-draw = draw
cmd-draw-desc = Offer a draw, or accept your opponent's offer.
cmd-claim = claim
cmd-claim-desc = Claim the win when your opponent has run out of time.
cmd-rematch = rematch
cmd-rematch-desc = Play the last game's opponent again, on the same terms.
opt-rematch-first = first
opt-rematch-first-desc = Who moves first (the last game's winner chooses)
cmd-record = record
cmd-record-desc = The text record of a finished game (by default this channel's last).
opt-record-game = game
opt-record-game-desc = The game's number, as /jetan history lists it
cmd-replay = replay
cmd-replay-desc = An animated replay of a finished game (by default this channel's last).
opt-replay-game = game
opt-replay-game-desc = The game's id, as /jetan history shows it
cmd-wallet = wallet
cmd-wallet-desc = A wallet: balance, escrow, wins, losses, draws.
opt-wallet-user = user
opt-wallet-user-desc = Whose (default: yours)
cmd-standings = standings
cmd-standings-desc = The server's leaderboard.
opt-standings-page = page
opt-standings-page-desc = Page
opt-standings-order = order
opt-standings-order-desc = money (default) or rating
opt-standings-game = game
opt-standings-game-desc = The game whose ratings rank (with order:rating; default classic)
cmd-daily = daily
cmd-daily-desc = Claim your daily allowance.
cmd-profile = profile
cmd-profile-desc = A player's profile: ratings and wallet over time, record, streak, favourite opening.
opt-profile-user = user
opt-profile-user-desc = Whose (default: yours)
opt-profile-show = show
opt-profile-show-desc = me (default: only you see it) or channel
cmd-analyse = analyse
cmd-analyse-desc = The engine's three biggest mistakes of a finished Jetan game, with better moves.
opt-analyse-game = game
opt-analyse-game-desc = The game's id from history (default: this channel's last game)
cmd-pay = pay
cmd-pay-desc = Pay another member from your balance (never from escrow); they are told in the channel.
opt-pay-user = user
opt-pay-user-desc = Whom to pay
opt-pay-amount = amount
opt-pay-amount-desc = How much, a whole number
opt-pay-note = note
opt-pay-note-desc = A note for them (one line, kept in the ledger)
cmd-history = history
cmd-history-desc = Recent finished games (of a player, or of this channel).
opt-history-user = user
opt-history-user-desc = Whose (default: this channel's)
cmd-rules = rules
cmd-rules-desc = The rules of Jetan, short.
cmd-jetan-admin = jetan-admin
cmd-jetan-admin-desc = Jetan's server settings (anyone may read them) and managers' tools.
cmd-admin-abort = abort
cmd-admin-abort-desc = End this channel's game or challenge: escrow refunded, no result counted.
opt-admin-abort-reason = reason
opt-admin-abort-reason-desc = Why (shown in the channel)
cmd-admin-grant = grant
cmd-admin-grant-desc = Give money to a player (kept in the ledger with your reason).
opt-admin-grant-user = user
opt-admin-grant-user-desc = Who receives it
opt-admin-grant-amount = amount
opt-admin-grant-amount-desc = How much
opt-admin-grant-reason = reason
opt-admin-grant-reason-desc = Why
cmd-admin-take = take
cmd-admin-take-desc = Take money from a player's balance (never below zero, never from escrow).
opt-admin-take-user = user
opt-admin-take-user-desc = From whom
opt-admin-take-amount = amount
opt-admin-take-amount-desc = How much
opt-admin-take-reason = reason
opt-admin-take-reason-desc = Why
cmd-admin-reset = reset
cmd-admin-reset-desc = Zero a player's balance (kept in the ledger with your reason; escrow stays with games).
opt-admin-reset-user = user
opt-admin-reset-user-desc = Whose wallet
opt-admin-reset-reason = reason
opt-admin-reset-reason-desc = Why
cmd-admin-purge = purge
cmd-admin-purge-desc = Empty the wallets of members who left the server (not while money of theirs is in a game).
opt-admin-purge-reason = reason
opt-admin-purge-reason-desc = Why (kept in the ledger)
cmd-admin-settings = settings
cmd-admin-settings-desc = The server's settings: alone, read them (anyone); with options, change them.
opt-admin-settings-starting_grant = starting_grant
opt-admin-settings-starting_grant-desc = Coins a new player starts with
opt-admin-settings-daily_allowance = daily_allowance
opt-admin-settings-daily_allowance-desc = Coins of the daily allowance
opt-admin-settings-currency = currency
opt-admin-settings-currency-desc = The currency's name, plural (coins)
opt-admin-settings-piece_price = piece_price
opt-admin-settings-piece_price-desc = Default piece price
opt-admin-settings-stake = stake
opt-admin-settings-stake-desc = Default stake
opt-admin-settings-challenge_expiry = challenge_expiry
opt-admin-settings-challenge_expiry-desc = Minutes before an unanswered challenge expires
opt-admin-settings-move_time = move_time
opt-admin-settings-move_time-desc = Default minutes per move (a challenge may name its own)
opt-admin-settings-allow_channel = allow_channel
opt-admin-settings-allow_channel-desc = Allow games in this channel (none listed: everywhere)
opt-admin-settings-disallow_channel = disallow_channel
opt-admin-settings-disallow_channel-desc = Stop games in this channel
opt-admin-settings-language = language
opt-admin-settings-language-desc = Language of public messages: en, es or auto (the server's)
opt-admin-settings-max_stake = max_stake
opt-admin-settings-max_stake-desc = The largest stake a challenge may name (0: no limit)
opt-admin-settings-max_piece_price = max_piece_price
opt-admin-settings-max_piece_price-desc = The largest piece price a challenge may name (0: no limit)
opt-admin-settings-max_balance = max_balance
opt-admin-settings-max_balance-desc = Daily allowance and winnings stop at this balance (0: no limit)
opt-admin-settings-pay_cap = pay_cap
opt-admin-settings-pay_cap-desc = The most a member may pay others in 24 hours (0: no cap)
opt-admin-settings-min_account_age = min_account_age
opt-admin-settings-min_account_age-desc = Days a Discord account must be old to pay or stake (0: any)
opt-admin-settings-min_games = min_games
opt-admin-settings-min_games-desc = Finished games a member needs to pay or stake (0: none)
opt-admin-settings-audit_channel = audit_channel
opt-admin-settings-audit_channel-desc = Post one line here for each admin action, payment and big game
opt-admin-settings-audit_pot = audit_pot
opt-admin-settings-audit_pot-desc = Post a finished game when more than this changed hands (default 0)
opt-admin-settings-audit_off = audit_off
opt-admin-settings-audit_off-desc = Stop posting audit lines

choice-me = me
choice-opponent = opponent
choice-random = random
choice-classic = classic
choice-manator = manator
choice-flat = flat
choice-circular = circular
choice-en = en
choice-es = es
choice-auto = auto
choice-on = on
choice-off = off
choice-yes = yes

# Martian Chess commands, options and choices
opt-challenge-game = game
opt-challenge-game-desc = jetan (default) or martian-chess
opt-move-promote = promote
opt-move-promote-desc = Martian Chess: what a pawn reaching the last rank becomes (default queen)
cmd-martian = martian
cmd-martian-desc = Martian Chess, your turn: drop, exchange, discard, end; your hand; battle cards.
cmd-martian-drop = drop
cmd-martian-drop-desc = Paradrop a piece from your reserve onto an empty square.
opt-martian-drop-piece = piece
opt-martian-drop-piece-desc = The piece: Q, R, B, N or P
opt-martian-drop-square = square
opt-martian-drop-square-desc = The empty square, like e4
cmd-martian-exchange = exchange
cmd-martian-exchange-desc = Give back a prisoner for one of your own of the same kind.
opt-martian-exchange-piece = piece
opt-martian-exchange-piece-desc = The kind: Q, R, B, N or P
cmd-martian-discard = discard
cmd-martian-discard-desc = Discard a card and draw one (without a card: your hand, privately).
opt-martian-discard-card = card
opt-martian-discard-card-desc = The card, like 7H (leave out for a private menu)
cmd-martian-end = end
cmd-martian-end-desc = End your turn.
cmd-martian-hand = hand
cmd-martian-hand-desc = Your hand (only you see it).
cmd-martian-card = card
cmd-martian-card-desc = Play a battle card (without a card: a private menu of your legal cards).
opt-martian-card-card = card
opt-martian-card-card-desc = The card, like AS (leave out for a private menu)
choice-jetan = jetan
choice-martian-chess = martian-chess
choice-rated = rated
choice-casual = casual
choice-channel = channel
choice-money = money
choice-rating = rating
choice-ninth-ray = ninth-ray
choice-queen = queen
choice-rook = rook
choice-bishop = bishop
choice-knight = knight

## Martian Chess (the game's name stays "Martian Chess")

mc-white = White
mc-black = Black
mc-no-cards = (no cards)
mc-hand = Your hand ({ $n } cards): **{ $hand }**
mc-hand-battle = You are to play a battle card: `/martian card`.
mc-die-roll = 🎲 { $who } rolls a **{ $value }**: { $n ->
    [one] { $n } action
   *[other] { $n } actions
} this turn.
mc-status-turn = { $who } to act: { $left } of { $die } actions left.
mc-battle-no-card = no card played yet
mc-battle-cards = cards played { $cards }
mc-status-battle = ⚔ Battle { $from }×{ $to }: { $played }.
mc-status-side = { $color }: { $n } cards; prison { $prison }; reserve { $reserve }.
mc-status-discard = Discard pile: { $n } cards, { $top } on top. Deck: { $deck } cards.
mc-status-deck = Deck: { $deck } cards.
mc-pool-empty = empty
mc-card-prompt = { $who }, your card: press **Choose your card** (only you see your hand) or write `/martian card`. The defender has 2 minutes; then their lowest legal card is played.
mc-your-turn = { $who }, your turn.
mc-reserve-spent = The piece reserve is spent: { $amount } of this prisoner's price went unpaid.
mc-not-your-card = No battle card of yours is awaited now.
stale-menu = This menu belongs to a game that is over.
mc-started = { $white } plays White and moves first; { $black } plays Black. Each turn the die sets the number of actions: move (attacks are card battles), `/martian drop`, `exchange`, `discard`, then `end`. `/martian hand` shows your cards privately.
mc-timeout-card = ⏱ { $who }'s time to play a card ran out: their lowest legal card is played.
mc-board-header = **Martian Chess**: { $white } (White) vs { $black } (Black).
mc-ev-move = { $who } plays **{ $notation }**.
mc-ev-drop = { $who } paradrops a { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] Pawn
} on **{ $to }**.
mc-ev-exchange = { $who } exchanges prisoners: a { $role ->
    [king] King for a King
    [queen] Queen for a Queen
    [rook] Rook for a Rook
    [bishop] Bishop for a Bishop
    [knight] Knight for a Knight
   *[pawn] Pawn for a Pawn
}; each goes back to its owner's reserve.
mc-ev-discard = { $who } discards **{ $card }** and draws a card.
mc-ev-play = { $who } plays **{ $card }**.
mc-ev-end = { $who } ends the turn.
mc-ev-attack = ⚔ An attack on { $to } from { $from }: a card battle! { $who } leads a card.
mc-colored-piece = the { $color } { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] Pawn
}
mc-promoted-prisoner = { $piece } (a promoted pawn: it goes to prison as a pawn)
mc-ev-battle-won = **{ $card }** wins the battle for { $who }, the { $side ->
    [attacker] attacker
   *[defender] defender
}: { $taken } is taken prisoner.
mc-ev-promoted = The pawn on { $square } is promoted to a { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] Pawn
}.
mc-ev-reshuffled = The deck ran out: the discard pile is shuffled into a new deck of { $cards } cards.
mc-king-captured = 👑 { $who } captures the enemy King!
mc-king-lost-attack = 👑 The { $color } King lost its own attack and is taken prisoner: { $who } wins!
mc-wins = { $who } wins.
mc-draw-fifty = 50 turns without an attack, a pawn move or a paradrop: the game is drawn.
mc-draw = The game is drawn.
mc-game-over = The game is over.
mc-not-your-turn = It is { $who }'s turn.
mc-battle-in-progress = A battle is in progress: { $who } must play a card first (`/martian card`).
mc-not-your-battle-card = It is { $who }'s card to play in this battle.
mc-wrong-game-martian = The game in this channel is Martian Chess: move with `/jetan move from to` (or `notation:e7-e8=N`), and `/martian drop`, `exchange`, `discard`, `card`, `end`.
mc-wrong-game-jetan = The game in this channel is Jetan: that is a Martian Chess command.
mc-not-a-piece = `{ $typed }` is not a piece: write Q, R, B, N or P (or queen, rook, bishop, knight, pawn).
mc-not-a-card = `{ $typed }` is not a card: write its rank and suit, like AS, TH, 7D or 2C.
mc-not-a-square = `{ $typed }` is not a square: write a file a–h and a rank 1–8, like e4.
mc-square-empty = { $square } is empty.
mc-attack-target = { $square } (attack)
mc-cannot-move = The { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] Pawn
} on { $square } cannot move now.
mc-can-go = The { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] Pawn
} on { $square } can go to: { $list }.
mc-card-menu = Your battle card
mc-discard-menu = The card to discard
mc-led-suit = The led suit is { $suit ->
    [spades] spades
    [hearts] hearts
    [diamonds] diamonds
   *[clubs] clubs
}.
mc-card-menu-text = Choose your battle card ({ $n } legal).{ $led } Your hand: { $hand }
mc-discard-menu-text = Choose the card to discard (you draw one). Your hand: { $hand }
mc-cannot-discard = You cannot discard now.
mc-button-cards = Choose your card
mc-piece-price-terms = Piece price: { $price } per point of a piece taken prisoner (pawn 1, Knight and Bishop 3, Rook 5, Queen 9), at most { $max } per player.
mc-practice-started = Practice game: { $user } vs { $bot } (level { $level }) — **Martian Chess**, nothing at stake.
mc-paid-prisoner = { $from } paid { $to } { $amount } for the { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
    [pawn] Pawn
   *[other] piece
} taken prisoner
mc-draw-offer-withdrawn = The draw offer is withdrawn.

## Martian Chess: the rules' refusals, worded here (the rules crate gives the reason, the
## piece and the squares; `role` is king, queen, rook, bishop, knight or pawn).

mc-the-piece = { $role ->
    [king] the King
    [queen] the Queen
    [rook] the Rook
    [bishop] the Bishop
    [knight] the Knight
   *[pawn] the pawn
}
mc-illegal-empty-square = There is no piece on { $square }.
mc-illegal-not-your-piece = { $piece } on { $square } is not yours.
mc-illegal-already-moved = { $piece } on { $square } has already moved this turn: no piece moves twice in a turn.
mc-illegal-dropped-this-turn = { $piece } on { $square } was dropped this turn and cannot move until your next turn.
mc-illegal-cannot-reach = { $piece } on { $from } cannot move to { $to }.
mc-illegal-own-piece = Your own { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} stands on { $to }.
mc-illegal-pawn-blocked = A pawn moving straight never attacks, and { $square } is not empty.
mc-illegal-no-castling-right = You can no longer castle on that side: the King or that Rook has moved.
mc-illegal-castling-blocked = Castling needs every square between the King and the Rook empty, and { $square } is not.
mc-illegal-bad-promotion = A pawn reaching the last rank becomes a Queen, Rook, Bishop or Knight, not { $role ->
    [king] a King
   *[other] a pawn
}.
mc-illegal-not-a-promotion = Only a pawn reaching the last rank is promoted.
mc-illegal-not-in-reserve = You have no { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} in your reserve.
mc-illegal-square-occupied = You can only drop a piece on an empty square, and { $square } is not empty.
mc-illegal-pawn-drop-back-rank = A pawn is never dropped on rank 1 or rank 8 ({ $square }).
mc-illegal-king-not-exchangeable = Kings are never exchanged or dropped.
mc-illegal-not-in-your-prison = Your prison holds no { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} to give back.
mc-illegal-not-in-opponent-prison = Your opponent's prison holds no { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} of yours to take back.
mc-illegal-card-not-in-hand = You do not hold { $card }.
mc-illegal-must-follow-suit = You must follow suit: you hold { $suit ->
    [spades] spades
    [hearts] hearts
    [diamonds] diamonds
   *[clubs] clubs
}, the led suit.
mc-illegal-no-battle = There is no battle in progress to play a card in.
mc-illegal-no-actions-left = You have no actions left this turn: `/martian end` ends it.

## Martian Chess: a malformed `move`, the time under `board`, replays, menus, autocomplete.

mc-move-both = Give either `notation` or `from` and `to`, not both.
mc-move-which = Say which move: `from` and `to` squares (like e2 and e4), or `notation` (like e2-e4, e7-e8=N).
mc-not-a-move = `{ $typed }` is not a move: write it like e2-e4 (or e7-e8=N to promote to a Knight).
mc-not-a-move-square = `{ $typed }` is not a move: `{ $part }` is not a square (squares go from a1 to h8).
mc-not-a-move-piece = `{ $typed }` is not a move: `{ $part }` is not a piece to promote to (Q, R, B or N).
mc-actions-count = { $n ->
    [one] { $n } action
   *[other] { $n } actions
}
mc-replay-header = Replay of game #{ $id } (**Martian Chess**): { $white } (White) vs { $black } (Black), { $n ->
    [one] { $n } action
   *[other] { $n } actions
}; every action and every card played is in the attached file.
mc-replay-line = { $n }. { $color }: { $notation }
mc-replay-timeout = { $line } (time ran out: lowest card)
mc-card-option = { $rank } of { $suit ->
    [spades] spades
    [hearts] hearts
    [diamonds] diamonds
   *[clubs] clubs
}
mc-suggest-from = { $square } — { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} ({ $n ->
    [one] { $n } move
   *[other] { $n } moves
})
mc-suggest-attack = { $square } — attack the { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
}
menu-not-mine = That menu is not one of mine.
menu-more = More choices (page { $page } of { $pages })
mc-menu-title = Your turn: { $left } of { $die } actions left. Choose a piece to move, or another action (only you see this).
mc-menu-placeholder = A piece or an action
mc-menu-piece = Your { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} on { $square }: choose where it goes.
mc-menu-castling = castling
mc-menu-promotes = promotes to a { $role ->
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
   *[knight] Knight
}
mc-menu-drop = Paradrop a { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} from your reserve
mc-menu-drop-title = Your { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
} from the reserve: choose the empty square it lands on.
mc-menu-drop-placeholder = The square it lands on
mc-menu-exchange = Exchange a { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] pawn
}: give back theirs, take back yours
mc-menu-discard = Discard a card and draw one
mc-menu-end = End the turn{ $left ->
    [0] {""}
    [one] {" "}(1 action unused)
   *[other] {" "}({ $left } actions unused)
}
mc-cannot-act = You cannot act now.
mc-choose-in-menu = Choose a card in the menu.
option-unknown = { $game } has no option `{ $option }`.
option-value = `{ $value }` is not a choice for `{ $option }`: choose { $choices }.
mc-no-variants = Martian Chess has no variants, one board and no rule options: leave out `variant`, `board` and `rules`.

## Words drawn on the Martian Chess picture (`{ $n }`, `{ $color }`, `{ $left }`, `{ $die }`
## stay as they are: the renderer fills them in).

mc-label-cards = { $n } cards
mc-label-one-card = 1 card
mc-label-to-act = TO ACT
mc-label-card-due = CARD DUE
mc-label-prison = PRISON
mc-label-reserve = RESERVE
mc-label-title = MARTIAN CHESS
mc-label-turn = { $color } to act
mc-label-actions-left = { $left } of { $die } left
mc-label-battle = BATTLE
mc-label-attacker-leads = attacker leads
mc-label-deck = DECK
mc-label-discard = DISCARD

## Profiles (`/jetan profile`)
bot-no-profile = { $who } is a bot and has no profile.
profile-head = { $who }'s profile
profile-subtitle = { $games ->
    [one] 1 finished game since { $since }
   *[other] { $games } finished games since { $since }
}
profile-no-games = No finished games yet
profile-rating = Rating
profile-rating-none = No rated game yet
profile-rating-row = { $game }: rating { $rating } ± { $deviation }
profile-wallet = Wallet
profile-wallet-total = Balance and escrow
profile-wallet-none = No money moved yet
profile-wallet-value = { $balance } ({ $escrow } in escrow)
profile-col-game = Game
profile-col-seat = Colour
profile-col-won = Won
profile-col-drawn = Drawn
profile-col-lost = Lost
profile-row = { $game }, { $seat }: { $won } won, { $drawn } drawn, { $lost } lost
profile-streak = Streak
profile-streak-won = { $n ->
    [one] 1 win
   *[other] { $n } wins in a row
}
profile-streak-drawn = { $n ->
    [one] 1 draw
   *[other] { $n } draws in a row
}
profile-streak-lost = { $n ->
    [one] 1 loss
   *[other] { $n } losses in a row
}
profile-opening = Favourite opening
profile-opening-value = { $opening } ({ $n ->
    [one] 1 game
   *[other] { $n } games
})
profile-biggest-win = Biggest win
profile-biggest-win-value = { $amount } against { $who }

## Analysis after the game (`/jetan analyse`)
analysis-in-progress = That game is still being played: it can be analysed once it is over.
analysis-not-this-game = The engine analyses Jetan games only; Martian Chess has no analysis yet.
analysis-no-moves = That game ended before any move: there is nothing to analyse.
analysis-busy = The engine is busy with other analyses. Try again in a minute.
analysis-started = Analysing game `{ $id }` for { $who }: about { $seconds } s.
analysis-failed = { $who }, the analysis could not be finished. Nothing was changed; try again later.
analysis-head = { $who }, the analysis of game `{ $id }` ({ $black } vs { $orange }, { $moves }). Scores are for the side that moved, in Panthans:
analysis-clean = No move lost as much as a third of a Panthan: a clean game.
analysis-drop = { $n }. { $move_number }, { $played }: { $before } → { $after }{ $loss }. Better: { $better }
analysis-forced-win = a forced win
analysis-forced-loss = a forced loss
analysis-no-better = none found
analysis-picture = Mistake { $n } · better { $better }
analysis-picture-plain = Mistake { $n }
analysis-stopped = The analysis was stopped before the end of the game.

# A thread per game, and the list of games
thread-name = { $challenger } vs { $challenged } · { $game }
thread-opened = ⚔️ { $challenged } accepted { $challenger }'s challenge: **{ $game }** is played in { $thread }.
thread-no-permission = I could not open a thread for this game, so it is played here. To give each game its own thread, a server admin can let me **Create Public Threads** and **Send Messages in Threads** in this channel, or turn threads off with `/jetan-admin settings threads:off`.
thread-failed = I could not open a thread for this game (Discord did not answer), so it is played here.
thread-result = 🏁 { $who } · { $game } · { $thread }
settings-threads-on = Games: each in a thread of its own, where I may open one (`threads:off` to play them in the channel).
settings-threads-off = Games: played in the challenge's channel (`threads:on` for a thread per game).
games-none = No games in progress on this server.
games-title = { $n ->
    [one] One game in progress:
   *[other] { $n } games in progress:
}
games-row = { $channel } · { $challenger } vs { $challenged } · { $game } · { $who } to move ({ $since })
games-more = …and { $n } more.
no-game-yours-elsewhere = Your game with { $opponent } (**{ $game }**) is played in { $channel }.
cmd-games = games
cmd-games-desc = The server's games in progress, with links.
opt-admin-settings-threads = threads
opt-admin-settings-threads-desc = Play each accepted game in a thread of its own (on by default)

# Reminders to the player to move (the sweep; `/jetan notify`)
remind-half = ⏳ { $who }, it is your move in **{ $game }**: half of your move time is left ({ $left }).
remind-tenth = ⌛ { $who }, it is your move in **{ $game }**: only { $left } of your move time is left, then { $opponent } may claim the win.
remind-tenth-practice = ⌛ { $who }, it is your move in **{ $game }**: only { $left } of your move time is left, then this practice game ends.
remind-time-up = ⏰ { $who }'s move time in **{ $game }** ran out: { $opponent } may claim the win with `/jetan claim`. If nobody acts, I settle the game on time in { $settles } ({ $who } loses).
remind-may-claim = ⏰ { $who }, your opponent's move time in **{ $game }** ran out: you may claim the win with `/jetan claim`.
remind-dm = { $text } (in { $channel })
notify-dm = You will be reminded of your moves by **direct message**. If Discord cannot deliver one (your direct messages are closed), the reminder is posted in the game's channel.
notify-channel = You will be reminded of your moves **in the game's channel** (or its thread).
cmd-notify = notify
cmd-notify-desc = How you are reminded when it is your move: in the game's channel or by direct message.
opt-notify-how = how
opt-notify-how-desc = channel (the default) or dm
choice-dm = dm
opt-admin-settings-reminders = reminders
opt-admin-settings-reminders-desc = Remind the player to move at half and a tenth of the move time (on by default)
settings-reminders-on = Reminders: the player to move is reminded when half and a tenth of the move time are left, and when it ran out (`reminders:off` to stop them).
settings-reminders-off = Reminders: off (`reminders:on` to remind the player to move).

## Rule options (RULES.md §12): a challenge's `rules:`, in words.
rules-options-help = **Rule options** (`rules:` in a challenge): each side may play its own reading of Burroughs' gaps, piece by piece — `W:upto` (Warriors move 1 or 2 steps), `W:mixed` (their steps mix straight and diagonal), `T:jump` (Thoats jump), `F:nojump`, `P:brave` (the Princess may stop on a threatened square), `P:noescape`. Join options with `,` and values with `+`; `standard;D:upto` gives Black the standard rules and Orange its own. Such games are casual unless the server rates them.
rules-options = Rule options (`{ $rules }`): { $sides }.
rules-options-both = both sides: { $changes }
rules-options-side = { $side }: { $changes }
rules-options-side-standard = { $side } plays the standard rules
rules-change-upto = { $piece } moves 1 to { $n } steps
rules-change-mixed = { $piece } may mix straight and diagonal steps
rules-change-jump = { $piece } jumps over pieces
rules-change-nojump = { $piece } does not jump
rules-change-brave = { $piece } may end a move on a threatened square
rules-change-noescape = { $piece } has no escape
rules-change-standard = { $piece } plays the standard rules
rules-options-casual = Casual: games with rule options are not rated on this server (an admin can rate them with `/jetan-admin settings rated_options:on`).
rules-invalid = That rules string is not valid: { $why }. Write `standard`, or options such as `W:upto+mixed,T:jump` (see `/jetan rules`).
rules-suggest-invalid = ✗ { $why }
opt-challenge-rules = rules
opt-challenge-rules-desc = Rule options per side (RULES.md §12), e.g. W:upto+mixed,T:jump or standard;D:upto
opt-admin-settings-rated_options = rated_options
opt-admin-settings-rated_options-desc = Rate games with rule options, each rules string in its own pool (off by default)
settings-rated-options-on = Rule options: games with a rules string are rated, each rules string in a pool of its own (`rated_options:off` to keep them casual).
settings-rated-options-off = Rule options: games with a rules string are casual (`rated_options:on` to rate them, each rules string in its own pool).
opt-admin-settings-tournaments = tournaments
opt-admin-settings-tournaments-desc = Who may create tournaments: managers (members with Manage Server, the default) or anyone
choice-managers = managers
choice-anyone = anyone
settings-tournaments-managers = Tournaments: created by members with Manage Server (`tournaments:anyone` lets any member create one).
settings-tournaments-anyone = Tournaments: any member may create one (`tournaments:managers` to keep it to members with Manage Server).
pool-no-qualifier = The ratings of { $pool } have no rule options: leave out `rules`.
opt-standings-rules = rules
opt-standings-rules-desc = The pool of a rules string (rule options), e.g. T:jump

# Tournaments (`/jetan tournament …`)
what-entry = entry fee
button-join = Join
button-leave = Leave
tournament-created = 🏆 **{ $name }** (tournament { $id }), run by { $organiser }. Press **Join** to play (or `/jetan tournament join`); the organiser starts it with `/jetan tournament start`.
tournament-info = **{ $name }** (tournament { $id }) · { $format } · { $game } · { $state }
    Entry fee { $entry } · pot { $pot } · prizes by place { $prizes }
    Players ({ $n } of at most { $max }): { $players }
tournament-swiss = Swiss, { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }
tournament-rr = round robin
tournament-rr-double = double round robin
tournament-state-open = open for joining
tournament-state-running = playing round { $round }
tournament-state-started = already started
tournament-state-finished = finished
tournament-state-cancelled = cancelled
tournament-joined = { $who } joined **{ $name }** ({ $players ->
        [one] 1 player
       *[other] { $players } players
    }, pot { $pot }).
tournament-left = { $who } left **{ $name }**; their entry fee is refunded ({ $players ->
        [one] 1 player
       *[other] { $players } players
    }, pot { $pot }).
tournament-started = **{ $name }** has started with { $players } players! Each game is played in its own thread.
tournament-withdrew = { $who } withdrew from **{ $name }**: their remaining games are lost by forfeit.
tournament-removed = The organiser removed { $who } from **{ $name }**.
tournament-cancelled = **{ $name }** was cancelled: { $reason }. Every entry fee still held was refunded ({ $refunded }).
tournament-adjudicated = The organiser decided game { $game }: { $result }.
tournament-game = 🏆 **{ $name }**, round { $round }, board { $board } (game { $id }): { $first } vs { $second }.
tournament-thread-name = R{ $round } · { $first } vs { $second } · { $name }
tournament-round-title = 🏆 **{ $name }** · round { $round } of { $total }
tournament-board-row = { $board }. { $first } vs { $second } · { $result }
tournament-bye-row = { $board }. { $who } has a bye (one point in a Swiss)
tournament-not-started = starting…
tournament-r-win = { $winner } won
tournament-r-draw = drawn
tournament-r-forfeit = { $winner } won by forfeit
tournament-r-double-forfeit = both forfeited
tournament-r-bye = bye
tournament-standings-title = 🏆 **{ $name }** · standings after { $round ->
        [one] round 1
       *[other] { $round } rounds
    }
tournament-standings-row = { $place }. { $who } · **{ $points }** pts · Buchholz { $buchholz } · SB { $sb } · { $wins ->
        [one] 1 win
       *[other] { $wins } wins
    }{ $withdrawn ->
        [yes] {" "}(withdrew)
       *[no] {""}
    }
tournament-finished = 🏁 **{ $name }** is over. Final standings:
tournament-prize = Place { $place }: { $who } wins { $amount }.
tournament-ct-place = #
tournament-ct-player = Player
tournament-ct-round = R{ $round }
tournament-ct-points = Pts
tournament-ct-buchholz = Bh
tournament-ct-sb = SB
tournament-ct-wins = W
tournament-ct-final = Final standings after { $round ->
    [one] 1 round
   *[other] { $round } rounds
}
tournament-ct-after = Standings after round { $round } of { $total }
tournament-ct-legend-swiss = Each round: the opponent's line, the seat, the result.
tournament-ct-legend-marks = ● moved first ○ second · + bye or forfeit win · − forfeit loss
tournament-ct-legend-rr = Each cell: the result against that line's player; + forfeit win · − forfeit loss.
tournament-ct-tiebreaks = Bh Buchholz cut-1 · SB Sonneborn-Berger · W wins
tournament-ct-more = The first { $shown } of { $n } players; the text above lists them all.
tournament-list-none = No tournaments on this server yet. A member with Manage Server creates one with `/jetan tournament create`.
tournament-list-title = **Tournaments**
tournament-list-row = { $id } · **{ $name }** · { $state } · { $players ->
        [one] 1 player
       *[other] { $players } players
    }
tournament-none = There is no tournament here for that: name one with `tournament:<id>` (see `/jetan tournament list`).
tournament-no-such = There is no tournament { $id } on this server (see `/jetan tournament list`).
tournament-manager-only = Only a member with **Manage Server** can create a tournament on this server (an admin can let anyone: `/jetan-admin settings tournaments:anyone`).
tournament-organiser-only = Only the organiser, { $who }, can do that.
tournament-wrong-state = Not now: the tournament is { $state }.
tournament-already-joined = You have already joined this tournament.
tournament-not-entered = You are not playing in this tournament.
tournament-full = The tournament is full ({ $max } players).
tournament-too-few = A tournament needs at least 3 players to start; it has { $n }.
tournament-no-pairing = That pairing cannot take it now (its result is known, or its game is no longer its own).
tournament-no-round = There is no such round: { $n } paired so far.
tournament-result-bad = The result must be first, second, draw, first-forfeits, second-forfeits or double-forfeit.
tournament-prizes-bad = The prizes must be percentages by place adding up to 100, like `60,30,10`, with no more places than players.
tournament-settings-bad = These settings cannot make a tournament ({ $why }).
tournament-name-bad = That text is too long or not one line (at most { $max } characters).
cmd-tournament = tournament
cmd-tournament-desc = Swiss and round-robin tournaments: create, join, play, standings.
cmd-tournament-create = create
cmd-tournament-create-desc = Create a tournament in this channel (Manage Server).
opt-tournament-create-name = name
opt-tournament-create-name-desc = Its name
opt-tournament-create-format = format
opt-tournament-create-format-desc = swiss or round-robin
opt-tournament-create-rounds = rounds
opt-tournament-create-rounds-desc = Swiss rounds (default 3)
opt-tournament-create-entry = entry
opt-tournament-create-entry-desc = Entry fee each player pays into the pot (default 0)
opt-tournament-create-prizes = prizes
opt-tournament-create-prizes-desc = Percent of the pot by place, like 60,30,10 (default 100)
opt-tournament-create-game = game
opt-tournament-create-game-desc = Which game (default Jetan)
opt-tournament-create-variant = variant
opt-tournament-create-variant-desc = classic or manator (Jetan)
opt-tournament-create-board = board
opt-tournament-create-board-desc = flat or circular (Jetan)
opt-tournament-create-rules = rules
opt-tournament-create-rules-desc = Rule options (Jetan), as in a challenge
opt-tournament-create-move_time = move_time
opt-tournament-create-move_time-desc = Minutes per move
opt-tournament-create-rating = rating
opt-tournament-create-rating-desc = rated (default) or casual
opt-tournament-create-max_players = max_players
opt-tournament-create-max_players-desc = The most players who may join (default 64)
opt-tournament-create-double = double
opt-tournament-create-double-desc = Round robin: play everyone twice, seats swapped
cmd-tournament-join = join
cmd-tournament-join-desc = Join a tournament (its entry fee goes into the pot).
opt-tournament-join-tournament = tournament
opt-tournament-join-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-leave = leave
cmd-tournament-leave-desc = Leave a tournament before it starts (refunded).
opt-tournament-leave-tournament = tournament
opt-tournament-leave-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-start = start
cmd-tournament-start-desc = Start your tournament: round 1 is paired.
opt-tournament-start-tournament = tournament
opt-tournament-start-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-standings = standings
cmd-tournament-standings-desc = A tournament's standings with tie-breaks.
opt-tournament-standings-tournament = tournament
opt-tournament-standings-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-pairings = pairings
cmd-tournament-pairings-desc = A round's pairings and results.
opt-tournament-pairings-round = round
opt-tournament-pairings-round-desc = Which round (default: the latest)
opt-tournament-pairings-tournament = tournament
opt-tournament-pairings-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-info = info
cmd-tournament-info-desc = A tournament's settings, players and pot.
opt-tournament-info-tournament = tournament
opt-tournament-info-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-list = list
cmd-tournament-list-desc = The server's tournaments.
cmd-tournament-withdraw = withdraw
cmd-tournament-withdraw-desc = Withdraw from a running tournament (your remaining games are lost).
opt-tournament-withdraw-tournament = tournament
opt-tournament-withdraw-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-cancel = cancel
cmd-tournament-cancel-desc = Cancel your tournament: every entry fee refunded.
opt-tournament-cancel-reason = reason
opt-tournament-cancel-reason-desc = Why (shown in the channel)
opt-tournament-cancel-tournament = tournament
opt-tournament-cancel-tournament-desc = The tournament's id (default: this channel's)
cmd-tournament-adjudicate = adjudicate
cmd-tournament-adjudicate-desc = Decide a tournament game's result (the organiser).
opt-tournament-adjudicate-game = game
opt-tournament-adjudicate-game-desc = The game's id (or name its board)
opt-tournament-adjudicate-board = board
opt-tournament-adjudicate-board-desc = Or the pairing's board, as `pairings` numbers them (a game that never started)
opt-tournament-adjudicate-round = round
opt-tournament-adjudicate-round-desc = The board's round (default: the current one)
opt-tournament-adjudicate-tournament = tournament
opt-tournament-adjudicate-tournament-desc = The tournament's id (default: this channel's)
opt-tournament-adjudicate-result = result
opt-tournament-adjudicate-result-desc = first, second, draw, or a forfeit
cmd-tournament-remove = remove
cmd-tournament-remove-desc = Remove a player from your tournament.
opt-tournament-remove-player = player
opt-tournament-remove-player-desc = Whom
opt-tournament-remove-tournament = tournament
opt-tournament-remove-tournament-desc = The tournament's id (default: this channel's)
choice-swiss = swiss
choice-round-robin = round-robin
choice-first = first
choice-second = second
choice-draw = draw
choice-first-forfeits = first-forfeits
choice-second-forfeits = second-forfeits
choice-double-forfeit = double-forfeit
tournament-reopened = Opening the threads of { $n ->
        [one] 1 game
       *[other] { $n } games
    } of **{ $name }** that never started.
tournament-no-game = Game { $game } is not a tournament's game.
tournament-board-adjudicated = The organiser decided round { $round }, board { $board }: { $result }.
tournament-board-none = There is no board { $board } in round { $round } (see `/jetan tournament pairings`).
tournament-board-bye = Board { $board } of round { $round } is a bye: there is no game to decide.
tournament-board-decided = Board { $board } of round { $round } already has its result.
tournament-board-past = Round { $round } is not the current round: only the current round's pairings can be decided.
tournament-rest-row = { $board }. { $who } rests this round

## The web pages (`jetan serve` with JETAN_WEB_ADDR, `jetan console --web`).
cmd-web = web
cmd-web-desc = Your own link to play this game in the browser (or to watch it).
web-off = The web pages are off on this bot.
web-your-link = Your own link to this game: click a piece, then where it goes. Keep it to yourself; it works until the game ends, at most 24 hours.
web-watch-link = This game's page, live.
button-play-web = Play in the browser
button-watch = Watch
web-vs = { $first } vs { $second }
web-piece = { $color } { $piece }
mc-piece-name = { $role ->
    [king] King
    [queen] Queen
    [rook] Rook
    [bishop] Bishop
    [knight] Knight
   *[pawn] Pawn
}
