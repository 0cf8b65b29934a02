# Español: cada palabra del bot, con las mismas claves y variables que en.ftl (un test
# lo comprueba). Los nombres de las piezas son los de las reglas en español.

## Números y cosas

money = { $n ->
    [one] { $n } { $singular }
   *[other] { $n } { $currency }
}
currency-default = monedas
moves-count = { $n ->
    [one] { $n } jugada
   *[other] { $n } jugadas
}
players-count = { $n ->
    [one] { $n } jugador
   *[other] { $n } jugadores
}
move-number = jugada { $n }, { $color }
color-black = Negras
color-orange = Naranjas
and = y

## Piezas: nombres y «el/la <pieza>»

piece-panthan = Panthan
piece-warrior = Guerrero
piece-padwar = Padwar
piece-thoat = Thoat
piece-dwar = Dwar
piece-flier = Volador
piece-chief = Jefe
piece-princess = Princesa
piece-odwar = Odwar
the-panthan = el Panthan
the-warrior = el Guerrero
the-padwar = el Padwar
the-thoat = el Thoat
the-dwar = el Dwar
the-flier = el Volador
the-chief = el Jefe
the-princess = la Princesa
the-odwar = el Odwar

## Partidas y condiciones

variant-classic = Jetan clásico
variant-manator = Jetan de Manator
game-circular = { $variant } en el tablero circular (Jetan del Noveno Rayo)
terms-stake = Apuesta: { $stake } cada uno; el ganador se lleva las dos.
terms-piece-price = Precio por pieza: { $price } por punto de valor (un Dwar cuesta { $dwar }).
terms-held = Cada jugador deja { $held } en depósito: la apuesta de { $stake } + hasta { $reserve } por piezas perdidas.
terms-friendly = Partida amistosa: no se juega dinero.
terms-practice = Partida de práctica: sin dinero.
terms-move-time = Tiempo por jugada: { $time }.
wager-stake = apuesta de { $stake } cada uno
wager-price = { $price } por punto de pieza
wager-line = En juego: { $terms }.
wager-paid = Pagado por piezas perdidas hasta ahora: { $black } { $black_paid }, { $orange } { $orange_paid }.
time-left = Tiempo que queda para { $unit ->
    [turn] este turno
   *[move] esta jugada
}: { $time }.
time-up = Se acabó el tiempo de { $unit ->
    [turn] este turno
   *[move] esta jugada
}: el rival puede reclamar la victoria con `/jetan reclamar`.

## Desafíos

challenge = { $challenger } desafía a { $challenged } a una partida de **{ $game }**.
challenge-first-challenger = Empieza { $who }.
challenge-first-challenged = Empieza { $who }.
challenge-first-random = Una moneda al aire decide quién empieza.
challenge-answer = { $who }, acepta o rechaza en { $time }.
menu-move-stale = El tablero ha cambiado desde que se abrió este menú: pulsa **Mover** en el tablero nuevo.
button-move = Mover
menu-move-piece = Tu jugada: elige una pieza (solo tú ves esto).
menu-move-piece-placeholder = La pieza que mueves
menu-move-to = Tu { $piece } en { $square }: elige adónde va.
menu-move-to-placeholder = Adónde va
menu-move-more = Más destinos (página { $page } de { $pages })
button-accept = Aceptar
button-decline = Rechazar
button-confirm = Confirmar
button-confirm-resign = Confirmar rendición
button-confirm-draw = Confirmar tablas
button-accept-draw = Aceptar tablas
no-bots = Los bots no juegan al Jetan, salvo yo: desafía a { $bot } para una partida de práctica.
no-self-challenge = No puedes desafiarte a ti mismo.
practice-no-money = Las partidas contra mí son de práctica: sin apuesta ni precio por pieza.
move-time-range = El tiempo por jugada va en minutos, de 1 a { $max } (una semana).
level-practice-only = El nivel es para partidas contra el ordenador: desafía a { $bot } para usarlo.
level-range = El nivel va de 1 (fácil) a 5 (el más fuerte).
amount-negative = { $what } no puede ser negativo.
amount-too-large = { $what } es demasiado grande (como mucho { $max }).
what-stake = La apuesta
what-piece-price = El precio por pieza
what-starting-grant = El saldo inicial
what-daily-allowance = La paga diaria
what-amount = El importe
practice-started = Partida de práctica: { $human } contra { $bot } (nivel { $level }) — **{ $game }**, sin nada en juego.
practice-sides = { $black } juega con Negras y empieza; { $orange } juega con Naranjas.
your-move = { $who }, te toca.
no-open-challenge = No hay ningún desafío abierto en este canal.
only-challenged = Solo { $who } puede responder a este desafío.
only-challenger = Solo { $who } puede retirar este desafío.
accept-confirm = **¿Aceptas este desafío de { $who }?** { $game }.
accept-escrow = Al aceptar, dejas { $held } en depósito.
accept-first-challenger = Empieza tu rival.
accept-first-challenged = Empiezas tú.
accept-first-random = Una moneda al aire decide quién empieza.
accepted = { $who } acepta. **{ $game }**: { $black } juega con Negras y empieza, { $orange } juega con Naranjas.
accepted-martian = { $who } acepta. **{ $game }**.
accepted-escrow = Cada jugador tiene { $held } en depósito (apuesta de { $stake } + hasta { $reserve } por piezas perdidas).
edit-accepted = ~~Desafío~~ — aceptado por { $who }: la partida ha empezado.
declined = { $challenged } rechaza el desafío de { $challenger }.
edit-declined = ~~Desafío~~ — rechazado por { $who }.
cancelled = { $challenger } retira su desafío a { $challenged }.
edit-cancelled = ~~Desafío~~ — retirado por { $who }.
called-off = { $who } anuló el desafío de { $challenger } a { $challenged }.
edit-called-off = ~~Desafío~~ — anulado por { $who }.
expired = El desafío de { $challenger } a { $challenged } caducó sin respuesta.
edit-expired = ~~Desafío~~ — caducó sin respuesta.
refunded = { $who } recupera { $amount }.
no-rematch = No hay ninguna partida terminada en este canal para la revancha.
rematch-players-only = Solo los jugadores de la última partida, { $black } y { $orange }, pueden pedir la revancha.
rematch-winner-chooses = Solo el ganador de la última partida, { $who }, elige quién empieza.

## Jugadas y tablero

no-game = No hay ninguna partida en este canal. Empieza una con `/jetan desafiar`.
square-bad = La casilla { $what }: `{ $text }` no es una casilla (van de a1 a j10).
square-from = de origen
square-to = de destino
square-piece = de la pieza
move-bad-text = `{ $text }` no es una jugada: escríbela como e2-e3, b1xd3 o Ab1-d3.
move-both = Indica `notación` o bien `desde` y `hasta`, no ambas cosas.
move-which = Indica la jugada: casillas `desde` y `hasta` (como e2 y e3) o `notación` (como e2-e3).
not-playing-vs = No juegas en esta partida: es { $black } contra { $orange }.
not-your-turn = Le toca a { $who }.
played = { $who } juega **{ $move }** ({ $number })
played-takes = captura { $piece }
played-duel-won = gana el duelo ({ $chance } % de ganar) y captura { $piece }
played-duel-lost = pierde el duelo ({ $chance } % de ganar): muere { $piece }
played-escape = la huida de la Princesa
countdown-started = Empieza la cuenta atrás de diez jugadas: hay que ganar en diez jugadas (cinco cada uno) o serán tablas.
draw-offer-withdrawn = La oferta de tablas queda retirada.
countdown-left = Cuenta atrás: { $n ->
    [one] queda { $n } jugada
   *[other] quedan { $n } jugadas
} para las tablas.
princess-threatened = ⚠ ¡La Princesa de { $who } está amenazada!
board = { $black } (Negras) contra { $orange } (Naranjas), { $number }: le toca a { $who }.
piece-empty = { $square } está vacía.
piece-not-to-move = { $piece } de { $square } es de { $color }, que no tienen el turno.
piece-no-moves = { $piece } de { $square } no tiene ninguna jugada legal.
piece-moves = { $piece } de { $square } puede ir a: { $list }.
piece-escapes = Con su huida (una vez por partida), a cualquiera de { $n } casillas vacías y seguras: { $list }.
takes-short = captura { $piece }
duel-short = duelo contra { $piece }: { $chance } % de ganar
suggest-from = { $square } — { $piece } ({ $moves })
suggest-escape = huida (una vez por partida)

## Las reglas que impone el juego, en palabras

illegal-game-over = La partida ha terminado.
illegal-empty = { $square } está vacía.
illegal-not-yours = { $piece } de { $square } no es de tu bando.
illegal-same-square = Una jugada debe salir de { $square }.
illegal-own-piece = En { $square } ya hay una pieza de tu bando ({ $piece }).
illegal-princess-capture = Tu Princesa no puede capturar: { $piece } de { $square } le cierra el paso.
illegal-threatened = Tu Princesa no puede ir a { $square }, que está amenazada.
illegal-escape-used = Ya usaste tu huida: tu Princesa no llega de { $from } a { $to } con una jugada normal.
illegal-no-escape = Tu Princesa no tiene huida en esta partida (opción de reglas `P:noescape`): no llega de { $from } a { $to } con una jugada normal.
illegal-under-options = En esta partida: { $options }.
illegal-panthan-backwards = El Panthan de { $square } no puede retroceder.
illegal-out-of-reach = { $piece } de { $from } no llega a { $to }: { $movement }
illegal-blocked = { $piece } de { $from } no llega a { $to }: el camino está cortado en { $by }.
illegal-wrong-piece = La pieza de { $square } es { $actual }, no { $named }.
illegal-other = Esa jugada no es legal aquí.

## Cómo terminan las partidas

reason-princess-captured = capturó a la Princesa
reason-chief-takes-chief = un Jefe capturó al Jefe enemigo
reason-chief-captured = una pieza menor capturó a un Jefe
reason-no-legal-moves = el jugador con el turno no tenía ninguna jugada
reason-ten-move-rule = se acabó la cuenta atrás de diez jugadas
reason-king-captured = el Rey fue capturado
reason-king-lost-attack = un Rey perdió su propio ataque
reason-quiet-turns = 50 turnos sin ataques, jugadas de peón ni lanzamientos en paracaídas
reason-resignation = por rendición
reason-agreement = de mutuo acuerdo
reason-time = se acabó el tiempo para jugar
reason-aborted = anulada por un administrador
reason-abandoned = abandonada: nadie jugó en el tiempo por jugada
result-win = **Gana { $who }** — { $reason }.
result-draw = **Tablas** — { $reason }.
result-aborted = **Partida anulada** — se devuelven las apuestas.
banner-win = Gana { $who }: { $reason }
banner-draw = Tablas: { $reason }
banner-aborted = Anulada
practice-no-money-moved = Partida de práctica: no se movió dinero.
friendly-no-money = Partida amistosa: no se movió dinero.
paid-piece = { $from } pagó a { $to } { $amount } por { $piece }
paid-stake = { $from } pagó a { $to } la apuesta: { $amount }
over-limit = ({ $amount } de ello, por encima del saldo máximo del servidor, sale de la circulación)
released = { $who } recupera { $amount } del depósito
net = Resultado neto: { $black } { $black_net }, { $orange } { $orange_net }.
not-playing = No juegas en esta partida.
resign-confirm = **¿Te rindes?** { $who } gana la partida.
resign-confirm-stake = **¿Te rindes y pagas a { $who } la apuesta de { $amount }?** { $who } gana la partida.
game-over-already = Esa partida ya ha terminado.
resigns = { $who } se rinde.
draw-offered-confirm = { $who } ofrece tablas. **¿Las aceptas?** La partida termina en tablas y se devuelven las dos apuestas.
computer-declines-draw = El ordenador sigue jugando: { $why }.
computer-accepts-draw = { $bot } acepta las tablas: { $why }.
computer-draw-dead-material = a ningún bando le queda bastante para atrapar a la Princesa del otro
computer-draw-stale = { $plies } jugadas seguidas sin una captura: la partida no avanza
computer-draw-winning = ve una victoria ({ $score })
computer-draw-behind = se ve por detrás ({ $score })
computer-draw-not-behind = no se ve por detrás ({ $score })
mc-computer-draw-dead = { $quiet } turnos sin un ataque, un movimiento de peón ni un paracaidista, y no va claramente por delante ({ $estimate } peones)
mc-computer-draw-behind = se ve por detrás ({ $estimate } peones)
mc-computer-draw-not-behind = no se ve por detrás ({ $estimate } peones)
draw-offer = { $by } ofrece tablas. { $to }, ¿las aceptas?
draw-offer-closed = Esta oferta de tablas ya no está abierta.
draw-accepted = { $who } acepta las tablas.
edit-draw-accepted = ~~Oferta de tablas~~ — aceptada por { $who }.
edit-draw-declined = ~~Oferta de tablas~~ — rechazada por { $who }.
draw-declined = { $who } rechaza las tablas: la partida sigue.
claimed = A { $loser } se le acabó el tiempo; { $who } reclama la victoria.
claims-on-time = { $who } reclama la victoria por tiempo.
record-posted = El registro de la partida `{ $id }`: { $black } contra { $orange } (el archivo de texto adjunto; `jetan play --record` la repite).
no-replay = No hay ninguna partida terminada en este canal para repetir.
replay-not-found = No hay ninguna partida terminada `{ $id }` en este servidor. `/jetan historial` muestra las partidas y sus números.
replay = Repetición de la partida `{ $id }`: { $black } (Negras) contra { $orange } (Naranjas), { $moves }. { $result }
stalled = Nadie jugó en tres veces el tiempo por jugada: { $loser } pierde por tiempo y gana { $winner }.
abandoned = La partida de práctica de { $black } y { $orange } quedó abandonada: nadie jugó en el tiempo por jugada. El canal queda libre.

## Dinero y récords

bot-no-wallet = { $who } es un bot y no tiene cartera.
# Un usuario que el bot nunca ha visto (sin nombre conocido): las últimas cifras de su id.
unknown-player = jugador { $n }
wallet = Cartera de { $who }: disponible **{ $balance }**, en depósito { $escrow }. Récord: { $wins } G / { $losses } P / { $draws } T. Ganancia neta: { $net }.
pages-start = Las páginas empiezan en 1.
pages-only = { $pages ->
    [one] Solo hay 1 página.
   *[other] Solo hay { $pages } páginas.
}
nobody-played = Todavía no ha jugado nadie. Empieza con `/jetan desafiar`.
standings-title = Clasificación de Jetan
standings-by-balance = Por saldo
standings-by-net = Por ganancias netas
standings-row = { $rank }. { $who } — { $amount } ({ $wins } G / { $losses } P / { $draws } T)
standings-footer = Página { $page } de { $pages } · { $players }
standings-more = /jetan clasificación página:N para ver más
rating-head = **Puntuaciones: { $game }** (página { $page } de { $pages })
rating-row = { $rank }. { $who } — { $rating } ± { $deviation } ({ $games } partidas puntuadas)
rating-nobody = Nadie ha jugado todavía { $games } partidas puntuadas de { $game }.
rating-changes = Puntuaciones ({ $game }): { $black }, { $orange }.
rating-change = { $who } { $before } → { $after } ({ $delta })
pool-classic = Jetan clásico
pool-manator = Jetan de Manator
pool-ninth-ray = Jetan del Noveno Rayo
pool-martian-chess = Ajedrez marciano
standings-head = **Clasificación** (página { $page } de { $pages })
daily = Recibes { $amount }. Saldo: { $balance }. Próxima paga en { $time }.
history-empty-player = Todavía no hay partidas terminadas en el historial de { $who }.
history-empty-channel = Todavía no hay partidas terminadas en el historial de este canal.
history-player = { $n ->
    [one] La última partida de { $who } (`/jetan repetir partida:<número>` la muestra):
   *[other] Las últimas { $n } partidas de { $who }, de la más reciente a la más antigua (`/jetan repetir partida:<número>` muestra una):
}
history-channel = { $n ->
    [one] La última partida de este canal (`/jetan repetir partida:<número>` la muestra):
   *[other] Las últimas { $n } partidas de este canal, de la más reciente a la más antigua (`/jetan repetir partida:<número>` muestra una):
}
history-beat = { $winner } ganó a { $loser }
history-drew = { $black } y { $orange } hicieron tablas
history-aborted = { $black } contra { $orange } fue anulada
history-practice = práctica
history-friendly = amistosa
history-stakes = apuesta { $stake }, precio por pieza { $price }
history-row = `{ $id }` { $who } ({ $reason }) · { $moves } · { $stakes } · hace { $ago }
settings-title = Ajustes del servidor
settings-saved = Ajustes guardados
settings-every-channel = todos los canales
settings-every-channel-except = todos los canales salvo { $list }
settings-language-auto = { $lang } (el idioma del servidor; `auto`)
settings-body = Saldo inicial: { $grant }
    Paga diaria: { $daily }
    Moneda: { $currency }
    Apuesta por defecto: { $stake }
    Precio por pieza por defecto: { $price }
    Los desafíos caducan a los: { $expiry }
    Tiempo por jugada: { $move_time }
    Idioma de los mensajes públicos: { $language }
    Partidas permitidas en: { $channels }
language-en = inglés
language-es = español
language-bad = El idioma es `en` (inglés), `es` (español) o `auto` (el del servidor).
expiry-range = La caducidad de los desafíos va en minutos, de 1 a 10080 (una semana).
currency-help = El nombre de la moneda lleva de 1 a 20 caracteres: letras, cifras, espacios, emoji o símbolos como $ € £ ¥ ¢ ₿ % & + - = . , ' ! ? : / — por ejemplo `monedas` o `🪙 oro`.

## Herramientas de administración

admins-only = Solo quienes gestionan el servidor (el permiso Gestionar servidor) pueden usar las herramientas de administración.
reason-too-long = El motivo debe ser una sola línea de como mucho { $max } caracteres.
bots-no-wallet = Los bots no tienen cartera.
granted = Abonado a { $who }: { $amount } ({ $reason }). Su saldo: { $balance }.
took = Retirado de la cartera de { $who }: { $amount } ({ $reason }). Su saldo: { $balance }.
granted-short = Abonado a { $who }: { $amount }.
abort-reason = Motivo: { $reason }.
aborted-game = { $admin } anuló la partida { $black } contra { $orange }. No cuenta ningún resultado.
nothing-to-abort = No hay ninguna partida ni desafío en este canal que anular.
already-handled = Esta petición ya se atendió.

## Negativas del almacén

busy-game = Ya hay una partida en curso en este canal.
busy-challenge = Ya tienes un desafío abierto en este canal: espera la respuesta o retíralo con `/jetan cancel`.
busy-other = Ya hay una partida o un desafío en este canal.
several-challenges = Tienes { $n } desafíos abiertos en este canal: pulsa **Aceptar** o **Rechazar** en el que quieras.
channel-not-allowed = En este canal no se permiten partidas; pregunta a un administrador qué canales están abiertos.
terms-bad = Esas condiciones no sirven: los importes son demasiado grandes o una partida de práctica lleva dinero.
insufficient = { $who } solo dispone de { $available }; la apuesta y la reserva por piezas necesitan { $needed }.
challenge-replaced = Este desafío ya no está abierto.
game-replaced = Esa partida ha terminado; en este canal se juega otra.
already-started = Este desafío ya fue aceptado: la partida está en marcha.
challenge-expired = Este desafío ha caducado.
not-expired = El desafío caduca en { $time }.
game-changed = El tablero cambió mientras elegías tu jugada: míralo de nuevo y vuelve a intentarlo.
draw-already-offered = { $who } ya ha ofrecido tablas.
no-draw-offer = No hay ninguna oferta de tablas que responder.
no-time-limit = Esta partida no tiene límite de tiempo por jugada.
claim-own-turn = Te toca a ti: solo tu rival puede reclamar la victoria por tiempo.
time-not-up = Aún no se ha acabado el tiempo para jugar: quedan { $time }.
battle-card-pending = Tu rival debe una carta de batalla: no se puede reclamar la victoria por tiempo en una batalla que defiende. Si no la juega antes de que acabe el tiempo de batalla (quedan { $time }), se juega por él su carta más baja.
daily-not-ready = Ya cobraste tu paga diaria; vuelve dentro de { $time }.
amount-bad = Ese importe no sirve: debe estar entre 1 y { $max }, y ningún saldo puede pasar del límite.
refused-other = Eso no se puede hacer ahora; no se ha cambiado nada.
internal = Algo falló por nuestra parte y no se ha cambiado nada. Vuelve a intentarlo dentro de un momento.
dm-only = El Jetan se juega en los canales de un servidor, no en mensajes directos.
input-bad = No entendí `{ $input }`: revisa la opción y vuelve a intentarlo.
options-bad = No entendí las opciones: revísalas y vuelve a intentarlo.

## Imágenes

label-to-move = LE TOCA
label-princess-threatened = PRINCESA AMENAZADA
label-countdown = CUENTA ATRÁS { $n }
label-escape-ready = con huida
label-escape-used = sin huida
label-rules = reglas { $rules }
label-move = jugada { $n }
label-killed = MUERTA
label-duel = DUELO
label-won = GANÓ
label-lost = PERDIÓ
label-wins = Ganan { $color }
label-draw = Tablas
label-after-moves = { $n ->
    [one] tras { $n } jugada
   *[other] tras { $n } jugadas
}

## Las reglas (/jetan reglas), un párrafo por mensaje

rules-intro = **Jetan** — el ajedrez marciano, en un tablero de 10×10. Las Negras empiezan en el sur (filas 1–2) y las Naranjas en el norte (filas 9–10); salen las Negras salvo que los jugadores acuerden otra cosa.
rules-steps = **Cómo se mueven las piezas.** Una jugada es un camino de pasos a casillas vecinas: *rectos* (norte, este, sur, oeste) o *diagonales*. Cada pieza da un número **exacto** de pasos y **puede girar entre ellos**; el camino nunca pisa dos veces la misma casilla. Una pieza que no salta necesita vacías las casillas entre la salida y la llegada (en al menos un camino); solo saltan el **Volador**, la **Princesa** y el **Odwar**. Ir a la casilla de una pieza enemiga la captura.
rules-princess = **La Princesa** nunca captura y no puede ir a una casilla **amenazada** (una en la que podría capturar una pieza enemiga que no sea la Princesa). Una vez por partida puede hacer **la huida**: ir a cualquier casilla vacía que no esté amenazada. No hay jaque: una Princesa amenazada puede quedar a su suerte.
rules-win = **Se gana** capturando a la Princesa enemiga con cualquier pieza, o al Jefe enemigo con tu Jefe. **Tablas** cuando una pieza menor captura a un Jefe, cuando el jugador con el turno no tiene jugada, o cuando cada bando tiene 3 piezas o menos de igual valor sumado: entonces empieza una cuenta atrás de diez jugadas (cinco cada uno) y, si nadie gana en ella, la partida es tablas.
rules-circular = **Jetan del Noveno Rayo** (`tablero:circular`): la misma partida en un tablero redondo de diez anillos, donde la columna j se une a la a en cada anillo, así que las piezas cruzan esa costura como si no existiera.
rules-pieces = **Las piezas** (valor = plumas o joyas; una pieza perdida cuesta su valor × el precio por pieza):
rules-piece = **{ $piece }** `{ $letter }` — valor { $value }: { $movement }
move-panthan = un paso adelante, en diagonal hacia delante o de lado, nunca atrás (Negras en e5: e6, d6, f6, d5, f5).
move-warrior = exactamente dos pasos rectos; puede girar entre ellos: e5→e7, e5→g5, e5→f6.
move-padwar = exactamente dos pasos en diagonal; puede girar entre ellos: e5→g7, e5→g5, e5→e7.
move-thoat = un paso recto y uno en diagonal, en cualquier orden: e5→f7, e5→g6, e5→e6.
move-dwar = exactamente tres pasos rectos, girando a su gusto: e5→e8, e5→g6, e5→f5.
move-flier = exactamente tres pasos en diagonal, girando a su gusto, **saltando**: e5→h8, e5→h6, e5→f6.
move-chief = exactamente tres pasos, cada uno recto o en diagonal: cualquier casilla a tres pasos de rey o menos (e5→h8, e5→e6).
move-princess = como el Jefe, pero **saltando**; nunca captura ni va a una casilla amenazada; la huida una vez por partida.
move-odwar = como el Volador, **saltando** (solo en Manator).
rules-manator = **Jetan de Manator** (`variante:manator`): los Voladores son **Odwars** `O` (valor 5); la disposición va reflejada (los Jefes se miran en la columna e); y toda captura salvo la de la Princesa es un **duelo**: el atacante gana con probabilidad va ÷ (va + vd) de los dos valores — un Dwar (3) que ataca a un Odwar (5) gana 3 ÷ 8 = 38 % de las veces. El ganador se queda en la casilla y el perdedor sale del tablero. La Princesa se captura sin duelo.
rules-wagers = **Apuestas**: cada jugador apuesta lo mismo (el ganador se lleva las dos) y cada pieza perdida cuesta su valor × el precio por pieza, pagado al rival en el acto; un desafío deja en depósito la apuesta y una reserva para las piezas.
rules-moves = Jugadas: `/jetan mover desde:e2 hasta:e3` o `/jetan mover notación:e2-e3`; las letras de las piezas sirven solo para la notación, como `Ab1-d3`.

# Pagos entre jugadores (/jetan pagar)
what-payment = El pago
pay-self = No puedes pagarte a ti mismo.
pay-bot = { $who } es un bot y no tiene cartera: solo se paga a miembros.
pay-outside = { $who } no es miembro de este servidor: solo se paga a sus miembros.
pay-positive = Un pago debe ser un número entero de al menos 1.
note-too-long = La nota debe ser una sola línea de como mucho { $max } caracteres.
insufficient-pay = Dispones de { $available } (el dinero en depósito no se puede pagar); este pago necesita { $needed }.
balance-limit = { $who } no puede recibir tanto: su saldo pasaría del límite del servidor (cabe { $room }).
paid = Has pagado **{ $amount }** a { $who }. Tu saldo: { $balance }.
paid-notice = { $to }, { $from } te ha pagado **{ $amount }**.
pay-note = Nota: «{ $note }»

# Límites del servidor (ajustes de administración)
what-max-stake = La apuesta máxima
what-max-piece-price = El precio por pieza máximo
what-max-balance = El saldo máximo
what-pay-cap = El tope diario de pagos
account-age-range = La antigüedad mínima de la cuenta va en días, de 0 a { $max }.
min-games-range = El mínimo de partidas terminadas va de 0 a { $max }.
limit-none = sin límite
days = { $n ->
    [one] { $n } día
   *[other] { $n } días
}
settings-limits = Límites (0 los quita): apuesta máxima { $stake }, precio por pieza máximo { $price }, saldo máximo { $balance }, pagos enviados al día { $pay }; para pagar o apostar: antigüedad de la cuenta { $age }, partidas terminadas { $games }.
account-too-new = En este servidor una cuenta puede pagar y apostar cuando tiene { $days ->
    [one] { $days } día
   *[other] { $days } días
}: la tuya podrá dentro de { $time }.
account-too-new-other = La cuenta de { $who } es demasiado nueva para apostar en este servidor (debe tener { $days ->
    [one] { $days } día
   *[other] { $days } días
}).
too-few-games = En este servidor se paga y se apuesta tras { $games } partidas terminadas; llevas { $played }. Las partidas amistosas (sin apuesta ni precio por pieza) cuentan.
too-few-games-other = { $who } aún no ha terminado las { $games } partidas que este servidor pide para apostar.
stake-above-limit = La apuesta máxima en este servidor es { $max }.
price-above-limit = El precio por pieza máximo en este servidor es { $max }.
pay-cap = Los pagos enviados tienen un tope de { $cap } al día en este servidor: aún puedes enviar { $left }, el resto dentro de { $time }.

# El canal de auditoría (una línea cada cosa; no avisa a nadie)
what-audit-pot = El umbral de auditoría
settings-audit = Canal de auditoría: { $channel } (herramientas de administración, pagos y partidas en las que cambiaron de manos más de { $pot }).
settings-audit-off = Canal de auditoría: ninguno.
audit-grant = 🧾 { $admin } abonó { $amount } a { $who } ({ $reason }); su saldo: { $balance }.
audit-take = 🧾 { $admin } retiró { $amount } a { $who } ({ $reason }); su saldo: { $balance }.
audit-settings = 🧾 { $admin } cambió los ajustes: { $changes }.
audit-abort = 🧾 { $admin } anuló la partida { $id } en { $channel } ({ $reason }).
audit-abort-challenge = 🧾 { $admin } anuló el desafío de { $channel } ({ $reason }); devuelto: { $refunded }.
audit-pay = 🧾 { $from } pagó { $amount } a { $to } en { $channel }.
audit-pay-note = 🧾 { $from } pagó { $amount } a { $to } en { $channel } ({ $note }).
audit-no-reason = sin motivo
audit-pot = 🧾 Partida { $id } en { $channel }: { $who }; cambiaron de manos { $amount }.

reset-done = Cartera de { $who } reiniciada: se han retirado { $amount } del saldo, que queda en 0. Los { $escrow } en depósito siguen con sus partidas.
audit-reset = 🧾 { $admin } reinició la cartera de { $who }: retirados { $amount } ({ $reason }).

purge-nothing = Ninguna cartera de este servidor tiene dinero: no hay nada que purgar.
purge-checking = Preguntando a Discord cuáles de los { $count } miembros con dinero en este servidor se han ido; la respuesta llegará aquí.
purge-more = (Como mucho { $max } a la vez: vuelve a purgar para el resto.)
purge-done = { $count ->
    [one] Purgada la cartera de un miembro que se fue
   *[other] Purgadas las carteras de { $count } miembros que se fueron
}: { $amount } retirados de la circulación (queda en el libro).
purge-none-left = Nadie con dinero en este servidor se ha ido: no se ha purgado nada.
purge-and-more = y { $count } más
purge-kept = Se conservan, porque tienen dinero en un desafío o una partida: { $who }. Vuelve a purgar cuando termine.
purge-unchecked = { $count ->
    [one] No se pudo comprobar a un miembro
   *[other] No se pudo comprobar a { $count } miembros
} (Discord no respondió): sus carteras quedan como estaban.
audit-purge = 🧾 { $admin } purgó { $count } { $count ->
    [one] cartera
   *[other] carteras
} de miembros que se fueron: retirados { $amount } ({ $reason }).

## Slash commands: names (Discord's rules: lower case, no spaces) and descriptions


cmd-jetan = jetan
cmd-jetan-desc = Jetan, el ajedrez marciano: juega, apuesta y sube en la clasificación.
cmd-challenge = desafiar
cmd-challenge-desc = Desafía a un jugador (o a mí, para practicar) a una partida de Jetan.
opt-challenge-opponent = rival
opt-challenge-opponent-desc = Contra quién juegas (elígeme a mí para practicar contra el ordenador)
opt-challenge-stake = apuesta
opt-challenge-stake-desc = La apuesta de cada jugador; el ganador se lleva las dos
opt-challenge-piece_price = precio_pieza
opt-challenge-piece_price-desc = Precio por punto de valor de cada pieza perdida
opt-challenge-first = empieza
opt-challenge-first-desc = Quién empieza
opt-challenge-variant = variante
opt-challenge-variant-desc = clásico o Manator
opt-challenge-board = tablero
opt-challenge-board-desc = plano (por defecto) o circular (Jetan del Noveno Rayo)
opt-challenge-move_time = tiempo_jugada
opt-challenge-move_time-desc = Tiempo máximo por jugada, en minutos
opt-challenge-level = nivel
opt-challenge-level-desc = La fuerza del ordenador, de 1 (fácil) a 5 (el más fuerte)
opt-challenge-rating = puntuacion
opt-challenge-rating-desc = puntuada (por defecto: el resultado cambia las dos puntuaciones) o amistosa
cmd-accept = aceptar
cmd-accept-desc = Acepta el desafío de este canal.
cmd-decline = rechazar
cmd-decline-desc = Rechaza el desafío de este canal.
cmd-cancel = retirar
cmd-cancel-desc = Retira tu desafío en este canal.
cmd-move = mover
cmd-move-desc = Haz una jugada: casillas de origen y destino, o notación como e2-e3.
opt-move-from = desde
opt-move-from-desc = La casilla de la pieza que mueves, como e2
opt-move-to = hasta
opt-move-to-desc = Adónde va, como e3
opt-move-notation = notación
opt-move-notation-desc = O la jugada entera, como e2-e3 o Ab1xd3
cmd-board = tablero
cmd-board-desc = Muestra el tablero.
cmd-moves = jugadas
cmd-moves-desc = Muestra adónde puede ir una pieza (solo lo ves tú).
opt-moves-square = casilla
opt-moves-square-desc = La casilla de la pieza, como e2
cmd-resign = rendirse
cmd-resign-desc = Abandona la partida.
cmd-draw = tablas
cmd-draw-desc = Ofrece tablas o acepta las que te ofrece tu rival.
cmd-claim = reclamar
cmd-claim-desc = Reclama la victoria cuando a tu rival se le acabó el tiempo.
cmd-rematch = revancha
cmd-rematch-desc = Juega otra vez contra el rival de la última partida, con las mismas condiciones.
opt-rematch-first = empieza
opt-rematch-first-desc = Quién empieza (elige el ganador de la última partida)
cmd-record = registro
cmd-record-desc = El registro en texto de una partida terminada (por defecto, la última de este canal).
opt-record-game = partida
opt-record-game-desc = El número de la partida, como lo muestra /jetan historial
cmd-replay = repetir
cmd-replay-desc = La repetición animada de una partida terminada (por defecto, la última de este canal).
opt-replay-game = partida
opt-replay-game-desc = El número de la partida, como lo muestra /jetan historial
cmd-wallet = cartera
cmd-wallet-desc = Una cartera: saldo, depósito, victorias, derrotas y tablas.
opt-wallet-user = usuario
opt-wallet-user-desc = De quién (por defecto, la tuya)
cmd-standings = clasificación
cmd-standings-desc = La clasificación del servidor.
opt-standings-page = página
opt-standings-page-desc = Página
opt-standings-order = orden
opt-standings-order-desc = dinero (por defecto) o puntuacion
opt-standings-game = juego
opt-standings-game-desc = El juego cuyas puntuaciones se ordenan (con orden:puntuacion; por defecto clásico)
cmd-daily = paga
cmd-daily-desc = Cobra tu paga diaria.
cmd-profile = perfil
cmd-profile-desc = El perfil de un jugador: puntuación y cartera en el tiempo, récord, racha, apertura.
opt-profile-user = usuario
opt-profile-user-desc = De quién (por defecto, el tuyo)
opt-profile-show = mostrar
opt-profile-show-desc = yo (por defecto: solo tú lo ves) o canal
cmd-analyse = analizar
cmd-analyse-desc = Los tres mayores errores de una partida de Jetan terminada, con jugadas mejores.
opt-analyse-game = partida
opt-analyse-game-desc = El id de la partida en el historial (por defecto, la última del canal)
cmd-pay = pagar
cmd-pay-desc = Paga a otro miembro de tu saldo (nunca del depósito); se le avisa en el canal.
opt-pay-user = usuario
opt-pay-user-desc = A quién pagar
opt-pay-amount = cantidad
opt-pay-amount-desc = Cuánto, un número entero
opt-pay-note = nota
opt-pay-note-desc = Una nota para esa persona (una línea, queda en el libro de cuentas)
cmd-history = historial
cmd-history-desc = Las últimas partidas terminadas (de un jugador o de este canal).
opt-history-user = usuario
opt-history-user-desc = De quién (por defecto, las de este canal)
cmd-rules = reglas
cmd-rules-desc = Las reglas del Jetan, en breve.
cmd-jetan-admin = jetan-admin
cmd-jetan-admin-desc = Ajustes de Jetan en el servidor (cualquiera puede leerlos) y herramientas de administración.
cmd-admin-abort = anular
cmd-admin-abort-desc = Termina la partida o el desafío de este canal: se devuelve el depósito y no cuenta ningún resultado.
opt-admin-abort-reason = motivo
opt-admin-abort-reason-desc = Por qué (se muestra en el canal)
cmd-admin-grant = dar
cmd-admin-grant-desc = Da dinero a un jugador (queda en el libro de cuentas con tu motivo).
opt-admin-grant-user = usuario
opt-admin-grant-user-desc = Quién lo recibe
opt-admin-grant-amount = cantidad
opt-admin-grant-amount-desc = Cuánto
opt-admin-grant-reason = motivo
opt-admin-grant-reason-desc = Por qué
cmd-admin-take = quitar
cmd-admin-take-desc = Quita dinero del saldo de un jugador (nunca por debajo de cero ni del depósito).
opt-admin-take-user = usuario
opt-admin-take-user-desc = A quién
opt-admin-take-amount = cantidad
opt-admin-take-amount-desc = Cuánto
opt-admin-take-reason = motivo
opt-admin-take-reason-desc = Por qué
cmd-admin-reset = reiniciar
cmd-admin-reset-desc = Deja a cero el saldo de un jugador (queda en el libro con tu motivo; el depósito sigue en juego).
opt-admin-reset-user = usuario
opt-admin-reset-user-desc = De quién es la cartera
opt-admin-reset-reason = motivo
opt-admin-reset-reason-desc = Por qué
cmd-admin-purge = purgar
cmd-admin-purge-desc = Vacía las carteras de los miembros que se fueron del servidor (no si tienen dinero en juego).
opt-admin-purge-reason = motivo
opt-admin-purge-reason-desc = Por qué (queda en el libro)
cmd-admin-settings = ajustes
cmd-admin-settings-desc = Los ajustes del servidor: sin opciones, léelos (cualquiera); con opciones, cámbialos.
opt-admin-settings-starting_grant = saldo_inicial
opt-admin-settings-starting_grant-desc = Monedas con las que empieza un jugador nuevo
opt-admin-settings-daily_allowance = paga_diaria
opt-admin-settings-daily_allowance-desc = Monedas de la paga diaria
opt-admin-settings-currency = moneda
opt-admin-settings-currency-desc = El nombre de la moneda, en plural (monedas)
opt-admin-settings-piece_price = precio_pieza
opt-admin-settings-piece_price-desc = Precio por pieza por defecto
opt-admin-settings-stake = apuesta
opt-admin-settings-stake-desc = Apuesta por defecto
opt-admin-settings-challenge_expiry = caducidad_desafío
opt-admin-settings-challenge_expiry-desc = Minutos hasta que caduca un desafío sin respuesta
opt-admin-settings-move_time = tiempo_jugada
opt-admin-settings-move_time-desc = Minutos por jugada por defecto (un desafío puede fijar los suyos)
opt-admin-settings-allow_channel = permitir_canal
opt-admin-settings-allow_channel-desc = Permite partidas en este canal (si no hay ninguno, en todos)
opt-admin-settings-disallow_channel = prohibir_canal
opt-admin-settings-disallow_channel-desc = Prohíbe las partidas en este canal
opt-admin-settings-language = idioma
opt-admin-settings-language-desc = Idioma de los mensajes públicos: en, es o auto (el del servidor)
opt-admin-settings-max_stake = apuesta_máxima
opt-admin-settings-max_stake-desc = La mayor apuesta que puede fijar un desafío (0: sin límite)
opt-admin-settings-max_piece_price = precio_máximo
opt-admin-settings-max_piece_price-desc = El mayor precio por pieza que puede fijar un desafío (0: sin límite)
opt-admin-settings-max_balance = saldo_máximo
opt-admin-settings-max_balance-desc = La paga diaria y las ganancias se detienen en este saldo (0: sin límite)
opt-admin-settings-pay_cap = tope_pagos
opt-admin-settings-pay_cap-desc = Lo máximo que un miembro puede pagar a otros en 24 horas (0: sin tope)
opt-admin-settings-min_account_age = antigüedad_mínima
opt-admin-settings-min_account_age-desc = Días que debe tener una cuenta de Discord para pagar o apostar (0: cualquiera)
opt-admin-settings-min_games = partidas_mínimas
opt-admin-settings-min_games-desc = Partidas terminadas que necesita un miembro para pagar o apostar (0: ninguna)
opt-admin-settings-audit_channel = canal_auditoría
opt-admin-settings-audit_channel-desc = Publica aquí una línea por cada acción de administración, pago y partida grande
opt-admin-settings-audit_pot = umbral_auditoría
opt-admin-settings-audit_pot-desc = Publica una partida terminada si cambió de manos más que esto (por defecto 0)
opt-admin-settings-audit_off = sin_auditoría
opt-admin-settings-audit_off-desc = Deja de publicar líneas de auditoría

choice-me = yo
choice-opponent = rival
choice-random = al azar
choice-classic = clásico
choice-manator = Manator
choice-flat = plano
choice-circular = circular
choice-en = inglés (en)
choice-es = español (es)
choice-auto = auto (el del servidor)
choice-yes = sí
choice-on = sí
choice-off = no

# Martian Chess commands, options and choices
opt-challenge-game = juego
opt-challenge-game-desc = jetan (por defecto) o ajedrez-marciano
opt-move-promote = coronar
opt-move-promote-desc = Ajedrez marciano: en qué se convierte un peón que llega a la última fila (por defecto, dama)
cmd-martian = marciano
cmd-martian-desc = Ajedrez marciano, tu turno: lanzar, canjear, descartar, terminar; tu mano; cartas de batalla.
cmd-martian-drop = lanzar
cmd-martian-drop-desc = Lanza en paracaídas una pieza de tu reserva a una casilla vacía.
opt-martian-drop-piece = pieza
opt-martian-drop-piece-desc = La pieza: Q, R, B, N o P
opt-martian-drop-square = casilla
opt-martian-drop-square-desc = La casilla vacía, como e4
cmd-martian-exchange = canjear
cmd-martian-exchange-desc = Devuelve un prisionero a cambio de uno tuyo del mismo tipo.
opt-martian-exchange-piece = pieza
opt-martian-exchange-piece-desc = El tipo: Q, R, B, N o P
cmd-martian-discard = descartar
cmd-martian-discard-desc = Descarta una carta y roba otra (sin carta: tu mano, en privado).
opt-martian-discard-card = carta
opt-martian-discard-card-desc = La carta, como 7H (sin ella, un menú privado)
cmd-martian-end = terminar
cmd-martian-end-desc = Termina tu turno.
cmd-martian-hand = mano
cmd-martian-hand-desc = Tu mano (solo la ves tú).
cmd-martian-card = carta
cmd-martian-card-desc = Juega una carta de batalla (sin carta: un menú privado con tus cartas válidas).
opt-martian-card-card = carta
opt-martian-card-card-desc = La carta, como AS (sin ella, un menú privado)
choice-jetan = jetan
choice-martian-chess = ajedrez-marciano
choice-rated = puntuada
choice-casual = amistosa
choice-channel = canal
choice-money = dinero
choice-rating = puntuacion
choice-ninth-ray = noveno-rayo
choice-queen = dama
choice-rook = torre
choice-bishop = alfil
choice-knight = caballo

## Ajedrez marciano (el nombre del juego se queda como «Martian Chess»)

mc-white = Blancas
mc-black = Negras
mc-no-cards = (ninguna carta)
mc-hand = Tu mano ({ $n } cartas): **{ $hand }**
mc-hand-battle = Te toca jugar una carta de batalla: `/marciano carta`.
mc-die-roll = 🎲 { $who } saca un **{ $value }** con el dado: { $n ->
    [one] { $n } acción
   *[other] { $n } acciones
} en este turno.
mc-status-turn = Le toca a { $who }: quedan { $left } de { $die } acciones.
mc-battle-no-card = aún no se ha jugado ninguna carta
mc-battle-cards = cartas jugadas { $cards }
mc-status-battle = ⚔ Batalla { $from }×{ $to }: { $played }.
mc-status-side = { $color }: { $n } cartas; prisión { $prison }; reserva { $reserve }.
mc-status-discard = Descartes: { $n } cartas, { $top } encima. Mazo: { $deck } cartas.
mc-status-deck = Mazo: { $deck } cartas.
mc-pool-empty = vacía
mc-card-prompt = { $who }, tu carta: pulsa **Elige tu carta** (solo tú ves tu mano) o escribe `/marciano carta`. El defensor tiene 2 minutos; después se juega su carta legal más baja.
mc-your-turn = { $who }, te toca.
mc-reserve-spent = La reserva para piezas se ha agotado: del precio de este prisionero quedó sin pagar { $amount }.
mc-not-your-card = Ahora no se espera ninguna carta de batalla tuya.
stale-menu = Este menú es de una partida que ya terminó.
mc-started = { $white } juega con Blancas y empieza; { $black } juega con Negras. En cada turno el dado fija el número de acciones: mover (los ataques son batallas de cartas), `/marciano lanzar` (en paracaídas), `canjear` (prisioneros), `descartar` y, al final, `terminar`. `/marciano mano` te muestra tus cartas en privado.
mc-timeout-card = ⏱ A { $who } se le acabó el tiempo para jugar una carta: se juega su carta legal más baja.
mc-board-header = **Martian Chess**: { $white } (Blancas) vs { $black } (Negras).
mc-ev-move = { $who } juega **{ $notation }**.
mc-ev-drop = { $who } lanza en paracaídas { $role ->
    [king] un Rey
    [queen] una Dama
    [rook] una Torre
    [bishop] un Alfil
    [knight] un Caballo
   *[pawn] un Peón
} en **{ $to }**.
mc-ev-exchange = { $who } canjea prisioneros: { $role ->
    [king] un Rey por un Rey
    [queen] una Dama por una Dama
    [rook] una Torre por una Torre
    [bishop] un Alfil por un Alfil
    [knight] un Caballo por un Caballo
   *[pawn] un Peón por un Peón
}; cada uno vuelve a la reserva de su dueño.
mc-ev-discard = { $who } descarta **{ $card }** y roba una carta.
mc-ev-play = { $who } juega **{ $card }**.
mc-ev-end = { $who } termina el turno.
mc-ev-attack = ⚔ Ataque a { $to } desde { $from }: ¡batalla de cartas! { $who } sale con una carta.
mc-colored-piece = { $role ->
    [king] el Rey
    [queen] la Dama
    [rook] la Torre
    [bishop] el Alfil
    [knight] el Caballo
   *[pawn] el Peón
} de las { $color }
mc-promoted-prisoner = { $piece } (un peón promovido: cuenta como peón)
mc-ev-battle-won = **{ $card }** gana la batalla para { $who }, { $side ->
    [attacker] el atacante
   *[defender] el defensor
}: { $taken } va a prisión.
mc-ev-promoted = El peón de { $square } promueve a { $role ->
    [king] Rey
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
    [knight] Caballo
   *[pawn] Peón
}.
mc-ev-reshuffled = Se acabó el mazo: los descartes se barajan en un mazo nuevo de { $cards } cartas.
mc-king-captured = 👑 ¡{ $who } captura al Rey enemigo!
mc-king-lost-attack = 👑 El Rey de las { $color } perdió su propio ataque y queda prisionero: ¡gana { $who }!
mc-wins = Gana { $who }.
mc-draw-fifty = 50 turnos sin ataques, jugadas de peón ni lanzamientos en paracaídas: la partida es tablas.
mc-draw = La partida es tablas.
mc-game-over = La partida ha terminado.
mc-not-your-turn = Le toca a { $who }.
mc-battle-in-progress = Hay una batalla en curso: { $who } debe jugar antes una carta (`/marciano carta`).
mc-not-your-battle-card = En esta batalla le toca jugar carta a { $who }.
mc-wrong-game-martian = La partida de este canal es de Martian Chess: mueve con `/jetan mover desde hasta` (o `notación:e7-e8=N`) y `/marciano lanzar`, `canjear`, `descartar`, `carta`, `terminar`.
mc-wrong-game-jetan = La partida de este canal es de Jetan: esa es una orden de Martian Chess.
mc-not-a-piece = `{ $typed }` no es una pieza: escribe Q, R, B, N o P (o dama, torre, alfil, caballo, peón).
mc-not-a-card = `{ $typed }` no es una carta: escribe su valor y su palo, como AS, TH, 7D o 2C.
mc-not-a-square = `{ $typed }` no es una casilla: escribe una columna a–h y una fila 1–8, como e4.
mc-square-empty = { $square } está vacía.
mc-attack-target = { $square } (ataque)
mc-cannot-move = { $role ->
    [king] El Rey
    [queen] La Dama
    [rook] La Torre
    [bishop] El Alfil
    [knight] El Caballo
   *[pawn] El Peón
} de { $square } no puede moverse ahora.
mc-can-go = { $role ->
    [king] El Rey
    [queen] La Dama
    [rook] La Torre
    [bishop] El Alfil
    [knight] El Caballo
   *[pawn] El Peón
} de { $square } puede ir a: { $list }.
mc-card-menu = Tu carta de batalla
mc-discard-menu = La carta que descartas
mc-led-suit = El palo de salida es { $suit ->
    [spades] picas
    [hearts] corazones
    [diamonds] diamantes
   *[clubs] tréboles
}.
mc-card-menu-text = Elige tu carta de batalla ({ $n } legales).{ $led } Tu mano: { $hand }
mc-discard-menu-text = Elige la carta que descartas (robas otra). Tu mano: { $hand }
mc-cannot-discard = Ahora no puedes descartar.
mc-button-cards = Elige tu carta
mc-piece-price-terms = Precio de las piezas: { $price } por punto de cada pieza hecha prisionera (peón 1, Caballo y Alfil 3, Torre 5, Dama 9), como mucho { $max } por jugador.
mc-practice-started = Partida de práctica: { $user } contra { $bot } (nivel { $level }) — **Martian Chess**, sin nada en juego.
mc-paid-prisoner = { $from } pagó a { $to } { $amount } por { $role ->
    [king] el Rey hecho prisionero
    [queen] la Dama hecha prisionera
    [rook] la Torre hecha prisionera
    [bishop] el Alfil hecho prisionero
    [knight] el Caballo hecho prisionero
    [pawn] el Peón hecho prisionero
   *[other] la pieza hecha prisionera
}
mc-draw-offer-withdrawn = Se retira la oferta de tablas.

## Ajedrez marciano: las negativas de las reglas, redactadas aquí (el crate de reglas da el
## motivo, la pieza y las casillas; `role` es king, queen, rook, bishop, knight o pawn).

mc-the-piece = { $role ->
    [king] el Rey
    [queen] la Dama
    [rook] la Torre
    [bishop] el Alfil
    [knight] el Caballo
   *[pawn] el peón
}
mc-illegal-empty-square = No hay ninguna pieza en { $square }.
mc-illegal-not-your-piece = { $piece } de { $square } no te pertenece.
mc-illegal-already-moved = { $piece } de { $square } ya se movió en este turno: ninguna pieza se mueve dos veces en un turno.
mc-illegal-dropped-this-turn = { $piece } de { $square } se lanzó en paracaídas en este turno y no podrá moverse hasta tu próximo turno.
mc-illegal-cannot-reach = { $piece } de { $from } no puede ir a { $to }.
mc-illegal-own-piece = En { $to } ya está { $role ->
    [king] tu propio Rey
    [queen] tu propia Dama
    [rook] tu propia Torre
    [bishop] tu propio Alfil
    [knight] tu propio Caballo
   *[pawn] tu propio peón
}.
mc-illegal-pawn-blocked = Un peón que avanza recto nunca ataca, y { $square } no está vacía.
mc-illegal-no-castling-right = Ya no puedes enrocar por ese lado: el Rey o esa Torre ya se han movido.
mc-illegal-castling-blocked = Para enrocar, todas las casillas entre el Rey y la Torre deben estar vacías, y { $square } no lo está.
mc-illegal-bad-promotion = Un peón que llega a la última fila se convierte en Dama, Torre, Alfil o Caballo, no en { $role ->
    [king] Rey
   *[other] peón
}.
mc-illegal-not-a-promotion = Solo se promueve un peón que llega a la última fila.
mc-illegal-not-in-reserve = No tienes { $role ->
    [king] ningún Rey
    [queen] ninguna Dama
    [rook] ninguna Torre
    [bishop] ningún Alfil
    [knight] ningún Caballo
   *[pawn] ningún peón
} en tu reserva.
mc-illegal-square-occupied = Solo puedes lanzar una pieza en paracaídas sobre una casilla vacía, y { $square } no está vacía.
mc-illegal-pawn-drop-back-rank = Un peón nunca se lanza en paracaídas en la fila 1 ni en la 8 ({ $square }).
mc-illegal-king-not-exchangeable = Los Reyes nunca se canjean ni se lanzan en paracaídas.
mc-illegal-not-in-your-prison = En tu prisión no hay { $role ->
    [king] ningún Rey
    [queen] ninguna Dama
    [rook] ninguna Torre
    [bishop] ningún Alfil
    [knight] ningún Caballo
   *[pawn] ningún peón
} que devolver.
mc-illegal-not-in-opponent-prison = En la prisión de tu rival no hay { $role ->
    [king] ningún Rey tuyo
    [queen] ninguna Dama tuya
    [rook] ninguna Torre tuya
    [bishop] ningún Alfil tuyo
    [knight] ningún Caballo tuyo
   *[pawn] ningún peón tuyo
} que recuperar.
mc-illegal-card-not-in-hand = No tienes { $card } en la mano.
mc-illegal-must-follow-suit = Debes seguir el palo: tienes { $suit ->
    [spades] picas
    [hearts] corazones
    [diamonds] diamantes
   *[clubs] tréboles
}, el palo de salida.
mc-illegal-no-battle = No hay ninguna batalla en curso en la que jugar una carta.
mc-illegal-no-actions-left = No te quedan acciones en este turno: `/marciano terminar` lo termina.

## Ajedrez marciano: un `mover` mal escrito, el tiempo bajo `tablero`, repeticiones, menús, autocompletado.

mc-move-both = Da o bien `notación`, o bien `desde` y `hasta`, no las dos cosas.
mc-move-which = Di qué jugada: las casillas `desde` y `hasta` (como e2 y e4), o la `notación` (como e2-e4, e7-e8=N).
mc-not-a-move = `{ $typed }` no es una jugada: escríbela como e2-e4 (o e7-e8=N para promover a Caballo).
mc-not-a-move-square = `{ $typed }` no es una jugada: `{ $part }` no es una casilla (van de a1 a h8).
mc-not-a-move-piece = `{ $typed }` no es una jugada: `{ $part }` no es una pieza a la que promover (Q, R, B o N).
mc-actions-count = { $n ->
    [one] { $n } acción
   *[other] { $n } acciones
}
mc-replay-header = Repetición de la partida #{ $id } (**Martian Chess**): { $white } (Blancas) contra { $black } (Negras), { $n ->
    [one] { $n } acción
   *[other] { $n } acciones
}; cada acción y cada carta jugada están en el archivo adjunto.
mc-replay-line = { $n }. { $color }: { $notation }
mc-replay-timeout = { $line } (se acabó el tiempo: su carta más baja)
mc-card-option = { $rank } de { $suit ->
    [spades] picas
    [hearts] corazones
    [diamonds] diamantes
   *[clubs] tréboles
}
mc-suggest-from = { $square } — { $role ->
    [king] Rey
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
    [knight] Caballo
   *[pawn] peón
} ({ $n ->
    [one] { $n } jugada
   *[other] { $n } jugadas
})
mc-suggest-attack = { $square } — atacar { $role ->
    [king] al Rey
    [queen] a la Dama
    [rook] a la Torre
    [bishop] al Alfil
    [knight] al Caballo
   *[pawn] al peón
}
menu-not-mine = Ese menú no es mío.
menu-more = Más opciones (página { $page } de { $pages })
mc-menu-title = Tu turno: te quedan { $left } de { $die } acciones. Elige una pieza que mover u otra acción (solo tú ves esto).
mc-menu-placeholder = Una pieza o una acción
mc-menu-piece = Tu { $role ->
    [king] Rey
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
    [knight] Caballo
   *[pawn] peón
} en { $square }: elige adónde va.
mc-menu-castling = enroque
mc-menu-promotes = corona en { $role ->
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
   *[knight] Caballo
}
mc-menu-drop = Paracaidista: { $role ->
    [king] Rey
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
    [knight] Caballo
   *[pawn] peón
} de tu reserva
mc-menu-drop-title = Tu { $role ->
    [king] Rey
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
    [knight] Caballo
   *[pawn] peón
} de la reserva: elige la casilla vacía donde cae.
mc-menu-drop-placeholder = La casilla donde cae
mc-menu-exchange = Canjear { $role ->
    [king] Rey
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
    [knight] Caballo
   *[pawn] peón
}: devuelves el suyo y recuperas el tuyo
mc-menu-discard = Descartar una carta y robar otra
mc-menu-end = Terminar el turno{ $left ->
    [0] {""}
    [one] {" "}(1 acción sin usar)
   *[other] {" "}({ $left } acciones sin usar)
}
mc-cannot-act = Ahora no puedes actuar.
mc-choose-in-menu = Elige una carta en el menú.
option-unknown = { $game } no tiene la opción `{ $option }`.
option-value = `{ $value }` no es una elección de `{ $option }`: elige { $choices }.
mc-no-variants = Martian Chess no tiene variantes, tiene un solo tablero y no tiene opciones de reglas: deja fuera `variante`, `tablero` y `reglas`.

## Palabras dibujadas en la imagen de Martian Chess (`{ $n }`, `{ $color }`, `{ $left }`,
## `{ $die }` se quedan tal cual: las rellena el dibujo).

mc-label-cards = { $n } cartas
mc-label-one-card = 1 carta
mc-label-to-act = LE TOCA
mc-label-card-due = LE TOCA CARTA
mc-label-prison = PRISIÓN
mc-label-reserve = RESERVA
mc-label-title = MARTIAN CHESS
mc-label-turn = Juegan { $color }
mc-label-actions-left = acciones: { $left } de { $die }
mc-label-battle = BATALLA
mc-label-attacker-leads = sale el atacante
mc-label-deck = MAZO
mc-label-discard = DESCARTES

## Perfiles (`/jetan profile`)
bot-no-profile = { $who } es un bot y no tiene perfil.
profile-head = Perfil de { $who }
profile-subtitle = { $games ->
    [one] 1 partida terminada desde el { $since }
   *[other] { $games } partidas terminadas desde el { $since }
}
profile-no-games = Aún no hay partidas terminadas
profile-rating = Puntuación
profile-rating-none = Aún no hay partidas puntuadas
profile-rating-row = { $game }: puntuación { $rating } ± { $deviation }
profile-wallet = Cartera
profile-wallet-total = Saldo y depósito
profile-wallet-none = Aún no se ha movido dinero
profile-wallet-value = { $balance } ({ $escrow } en depósito)
profile-col-game = Juego
profile-col-seat = Color
profile-col-won = Ganadas
profile-col-drawn = Tablas
profile-col-lost = Perdidas
profile-row = { $game }, { $seat }: ganadas { $won }, tablas { $drawn }, perdidas { $lost }
profile-streak = Racha
profile-streak-won = { $n ->
    [one] 1 victoria
   *[other] { $n } victorias seguidas
}
profile-streak-drawn = { $n ->
    [one] 1 tablas
   *[other] { $n } tablas seguidas
}
profile-streak-lost = { $n ->
    [one] 1 derrota
   *[other] { $n } derrotas seguidas
}
profile-opening = Apertura favorita
profile-opening-value = { $opening } ({ $n ->
    [one] 1 partida
   *[other] { $n } partidas
})
profile-biggest-win = Mayor victoria
profile-biggest-win-value = { $amount } contra { $who }

## Análisis tras la partida (`/jetan analyse`)
analysis-in-progress = Esa partida aún se está jugando: se podrá analizar cuando termine.
analysis-not-this-game = El motor solo analiza partidas de Jetan; el Ajedrez marciano aún no tiene análisis.
analysis-no-moves = Esa partida terminó antes de la primera jugada: no hay nada que analizar.
analysis-busy = El motor está ocupado con otros análisis. Vuelve a intentarlo dentro de un minuto.
analysis-started = Analizando la partida `{ $id }` para { $who }: unos { $seconds } s.
analysis-failed = { $who }, el análisis no pudo terminar. No se ha cambiado nada; inténtalo más tarde.
analysis-head = { $who }, el análisis de la partida `{ $id }` ({ $black } contra { $orange }, { $moves }). Las valoraciones son para el bando que movió, en Panthans:
analysis-clean = Ninguna jugada perdió ni un tercio de Panthan: una partida limpia.
analysis-drop = { $n }. { $move_number }, { $played }: { $before } → { $after }{ $loss }. Mejor: { $better }
analysis-forced-win = victoria forzada
analysis-forced-loss = derrota forzada
analysis-no-better = ninguna
analysis-picture = Error { $n } · mejor { $better }
analysis-picture-plain = Error { $n }
analysis-stopped = El análisis se detuvo antes del final de la partida.

# Un hilo por partida, y la lista de partidas
thread-name = { $challenger } contra { $challenged } · { $game }
thread-opened = ⚔️ { $challenged } aceptó el desafío de { $challenger }: **{ $game }** se juega en { $thread }.
thread-no-permission = No pude abrir un hilo para esta partida, así que se juega aquí. Para que cada partida tenga su hilo, un administrador puede dejarme **Crear hilos públicos** y **Enviar mensajes en hilos** en este canal, o desactivar los hilos con `/jetan-admin ajustes hilos:no`.
thread-failed = No pude abrir un hilo para esta partida (Discord no respondió), así que se juega aquí.
thread-result = 🏁 { $who } · { $game } · { $thread }
settings-threads-on = Partidas: cada una en su propio hilo, donde puedo abrirlo (`hilos:no` para jugarlas en el canal).
settings-threads-off = Partidas: se juegan en el canal del desafío (`hilos:sí` para un hilo por partida).
games-none = No hay partidas en curso en este servidor.
games-title = { $n ->
    [one] Una partida en curso:
   *[other] { $n } partidas en curso:
}
games-row = { $channel } · { $challenger } contra { $challenged } · { $game } · le toca a { $who } ({ $since })
games-more = …y { $n } más.
no-game-yours-elsewhere = Tu partida con { $opponent } (**{ $game }**) se juega en { $channel }.
cmd-games = partidas
cmd-games-desc = Las partidas en curso del servidor, con enlaces.
opt-admin-settings-threads = hilos
opt-admin-settings-threads-desc = Juega cada partida aceptada en su propio hilo (activado por defecto)

# Recordatorios al jugador que mueve (el barrido; `/jetan notify`)
remind-half = ⏳ { $who }, te toca mover en **{ $game }**: te queda la mitad del tiempo por jugada ({ $left }).
remind-tenth = ⌛ { $who }, te toca mover en **{ $game }**: solo te quedan { $left } del tiempo por jugada; después { $opponent } puede reclamar la victoria.
remind-tenth-practice = ⌛ { $who }, te toca mover en **{ $game }**: solo te quedan { $left } del tiempo por jugada; después esta partida de práctica termina.
remind-time-up = ⏰ Se acabó el tiempo por jugada de { $who } en **{ $game }**: { $opponent } puede reclamar la victoria con `/jetan claim`. Si nadie actúa, resuelvo la partida por tiempo dentro de { $settles } ({ $who } pierde).
remind-may-claim = ⏰ { $who }, se acabó el tiempo por jugada de tu rival en **{ $game }**: puedes reclamar la victoria con `/jetan claim`.
remind-dm = { $text } (en { $channel })
notify-dm = Te recordaré tus jugadas por **mensaje directo**. Si Discord no puede entregarlo (tienes los mensajes directos cerrados), el recordatorio se publica en el canal de la partida.
notify-channel = Te recordaré tus jugadas **en el canal de la partida** (o en su hilo).
cmd-notify = avisos
cmd-notify-desc = Cómo te aviso cuando te toca mover: en el canal de la partida o por mensaje directo.
opt-notify-how = cómo
opt-notify-how-desc = canal (por defecto) o md
choice-dm = md
opt-admin-settings-reminders = recordatorios
opt-admin-settings-reminders-desc = Recuerda al jugador que mueve a la mitad y a la décima parte del tiempo (activado por defecto)
settings-reminders-on = Recordatorios: al jugador que mueve se le recuerda cuando le queda la mitad y la décima parte del tiempo por jugada, y cuando se le acaba (`recordatorios:no` para quitarlos).
settings-reminders-off = Recordatorios: desactivados (`recordatorios:sí` para recordar al jugador que mueve).

## Opciones de reglas (RULES.md §12): `reglas:` de un desafío, en palabras.
rules-options-help = **Opciones de reglas** (`reglas:` en un desafío): cada bando puede jugar su propia lectura de los huecos de Burroughs, pieza a pieza — `W:upto` (los Guerreros mueven 1 o 2 pasos), `W:mixed` (sus pasos mezclan rectos y diagonales), `T:jump` (los Thoats saltan), `F:nojump`, `P:brave` (la Princesa puede detenerse en una casilla amenazada), `P:noescape`. Une opciones con `,` y valores con `+`; `standard;D:upto` da a Negras las reglas estándar y a Naranjas las suyas. Estas partidas no puntúan salvo que el servidor lo active.
rules-options = Opciones de reglas (`{ $rules }`): { $sides }.
rules-options-both = ambos bandos: { $changes }
rules-options-side = { $side }: { $changes }
rules-options-side-standard = { $side } juegan con las reglas estándar
rules-change-upto = { $piece } mueve de 1 a { $n } pasos
rules-change-mixed = { $piece } puede mezclar pasos rectos y diagonales
rules-change-jump = { $piece } salta por encima de las piezas
rules-change-nojump = { $piece } no salta
rules-change-brave = { $piece } puede terminar en una casilla amenazada
rules-change-noescape = { $piece } no tiene huida
rules-change-standard = { $piece } juega con las reglas estándar
rules-options-casual = Sin puntuar: en este servidor las partidas con opciones de reglas no puntúan (un administrador puede activarlo con `/jetan-admin ajustes opciones_puntuadas:sí`).
rules-invalid = Esa cadena de reglas no es válida: { $why }. Escribe `standard`, u opciones como `W:upto+mixed,T:jump` (mira `/jetan reglas`).
rules-suggest-invalid = ✗ { $why }
opt-challenge-rules = reglas
opt-challenge-rules-desc = Opciones de reglas por bando (RULES.md §12), p. ej. W:upto+mixed,T:jump o standard;D:upto
opt-admin-settings-rated_options = opciones_puntuadas
opt-admin-settings-rated_options-desc = Puntúa las partidas con opciones de reglas, cada cadena aparte (desactivado por defecto)
settings-rated-options-on = Opciones de reglas: las partidas con cadena de reglas puntúan, cada cadena en su propia clasificación (`opciones_puntuadas:no` para que no puntúen).
settings-rated-options-off = Opciones de reglas: las partidas con cadena de reglas no puntúan (`opciones_puntuadas:sí` para puntuarlas, cada cadena en su propia clasificación).
opt-admin-settings-tournaments = torneos
opt-admin-settings-tournaments-desc = Quién puede crear torneos: gestores (miembros con Gestionar servidor, por defecto) o todos
choice-managers = gestores
choice-anyone = todos
settings-tournaments-managers = Torneos: los crean los miembros con Gestionar servidor (`torneos:todos` deja crearlos a cualquier miembro).
settings-tournaments-anyone = Torneos: cualquier miembro puede crear uno (`torneos:gestores` para dejarlo a los miembros con Gestionar servidor).
pool-no-qualifier = Las clasificaciones de { $pool } no tienen opciones de reglas: deja fuera `reglas`.
opt-standings-rules = reglas
opt-standings-rules-desc = La clasificación de una cadena de reglas (opciones de reglas), p. ej. T:jump

# Torneos (`/jetan tournament …`)
what-entry = La inscripción
button-join = Apuntarse
button-leave = Borrarse
tournament-created = 🏆 **{ $name }** (torneo { $id }), organizado por { $organiser }. Pulsa **Apuntarse** para jugar (o `/jetan torneo apuntarse`); el organizador lo empieza con `/jetan torneo empezar`.
tournament-info = **{ $name }** (torneo { $id }) · { $format } · { $game } · { $state }
    Inscripción { $entry } · bote { $pot } · premios por puesto { $prizes }
    Jugadores ({ $n } de { $max } como mucho): { $players }
tournament-swiss = suizo, { $rounds ->
        [one] 1 ronda
       *[other] { $rounds } rondas
    }
tournament-rr = liga a una vuelta
tournament-rr-double = liga a doble vuelta
tournament-state-open = abierto a inscripciones
tournament-state-running = jugando la ronda { $round }
tournament-state-started = ya empezado
tournament-state-finished = terminado
tournament-state-cancelled = cancelado
tournament-joined = { $who } se apuntó a **{ $name }** ({ $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    }, bote { $pot }).
tournament-left = { $who } se borró de **{ $name }**; se le devuelve la inscripción ({ $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    }, bote { $pot }).
tournament-started = ¡**{ $name }** ha empezado con { $players } jugadores! Cada partida se juega en su propio hilo.
tournament-withdrew = { $who } se retiró de **{ $name }**: pierde por incomparecencia las partidas que le quedaban.
tournament-removed = El organizador retiró a { $who } de **{ $name }**.
tournament-cancelled = **{ $name }** se canceló: { $reason }. Se devolvieron todas las inscripciones retenidas ({ $refunded }).
tournament-adjudicated = El organizador decidió la partida { $game }: { $result }.
tournament-game = 🏆 **{ $name }**, ronda { $round }, mesa { $board } (partida { $id }): { $first } contra { $second }.
tournament-thread-name = R{ $round } · { $first } contra { $second } · { $name }
tournament-round-title = 🏆 **{ $name }** · ronda { $round } de { $total }
tournament-board-row = { $board }. { $first } contra { $second } · { $result }
tournament-bye-row = { $board }. { $who } descansa (un punto en un suizo)
tournament-not-started = empezando…
tournament-r-win = ganó { $winner }
tournament-r-draw = tablas
tournament-r-forfeit = ganó { $winner } por incomparecencia
tournament-r-double-forfeit = incomparecencia de ambos
tournament-r-bye = descanso
tournament-standings-title = 🏆 **{ $name }** · clasificación tras { $round ->
        [one] la ronda 1
       *[other] { $round } rondas
    }
tournament-standings-row = { $place }. { $who } · **{ $points }** ptos. · Buchholz { $buchholz } · SB { $sb } · { $wins ->
        [one] 1 victoria
       *[other] { $wins } victorias
    }{ $withdrawn ->
        [yes] {" "}(retirado)
       *[no] {""}
    }
tournament-finished = 🏁 **{ $name }** ha terminado. Clasificación final:
tournament-prize = Puesto { $place }: { $who } gana { $amount }.
tournament-ct-place = #
tournament-ct-player = Jugador
tournament-ct-round = R{ $round }
tournament-ct-points = Ptos
tournament-ct-buchholz = Bh
tournament-ct-sb = SB
tournament-ct-wins = G
tournament-ct-final = Clasificación final tras { $round ->
    [one] 1 ronda
   *[other] { $round } rondas
}
tournament-ct-after = Clasificación tras la ronda { $round } de { $total }
tournament-ct-legend-swiss = Cada ronda: la línea del rival, la salida, el resultado.
tournament-ct-legend-marks = ● empezó ○ segundo · + descanso o rival ausente · − ausente
tournament-ct-legend-rr = Cada casilla: el resultado contra el jugador de esa línea; + rival ausente · − ausente.
tournament-ct-tiebreaks = Bh Buchholz-1 · SB Sonneborn-Berger · G ganadas
tournament-ct-more = Los { $shown } primeros de { $n } jugadores; el texto de arriba los lista a todos.
tournament-list-none = Aún no hay torneos en este servidor. Un miembro con Gestionar servidor crea uno con `/jetan torneo crear`.
tournament-list-title = **Torneos**
tournament-list-row = { $id } · **{ $name }** · { $state } · { $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    }
tournament-none = No hay aquí un torneo para eso: nómbralo con `torneo:<id>` (mira `/jetan torneo lista`).
tournament-no-such = No hay ningún torneo { $id } en este servidor (mira `/jetan torneo lista`).
tournament-manager-only = Solo un miembro con **Gestionar servidor** puede crear un torneo en este servidor (un administrador puede permitírselo a todos: `/jetan-admin ajustes torneos:todos`).
tournament-organiser-only = Solo el organizador, { $who }, puede hacer eso.
tournament-wrong-state = Ahora no: el torneo está { $state }.
tournament-already-joined = Ya estás apuntado a este torneo.
tournament-not-entered = No juegas en este torneo.
tournament-full = El torneo está completo ({ $max } jugadores).
tournament-too-few = Un torneo necesita al menos 3 jugadores para empezar; tiene { $n }.
tournament-no-pairing = Ese emparejamiento no admite eso ahora (ya tiene resultado, o su partida ya no es la suya).
tournament-no-round = No existe esa ronda: hay { $n } emparejadas.
tournament-result-bad = El resultado debe ser primero, segundo, tablas o una incomparecencia.
tournament-prizes-bad = Los premios deben ser porcentajes por puesto que sumen 100, como `60,30,10`, sin más puestos que jugadores.
tournament-settings-bad = Con estos ajustes no se puede hacer un torneo ({ $why }).
tournament-name-bad = Ese texto es demasiado largo o tiene más de una línea (como mucho { $max } caracteres).
cmd-tournament = torneo
cmd-tournament-desc = Torneos suizos y ligas: crear, apuntarse, jugar, clasificación.
cmd-tournament-create = crear
cmd-tournament-create-desc = Crea un torneo en este canal (Gestionar servidor).
opt-tournament-create-name = nombre
opt-tournament-create-name-desc = Su nombre
opt-tournament-create-format = formato
opt-tournament-create-format-desc = suizo o liga
opt-tournament-create-rounds = rondas
opt-tournament-create-rounds-desc = Rondas del suizo (3 por defecto)
opt-tournament-create-entry = inscripcion
opt-tournament-create-entry-desc = Lo que cada jugador pone en el bote al apuntarse (0 por defecto)
opt-tournament-create-prizes = premios
opt-tournament-create-prizes-desc = Porcentaje del bote por puesto, como 60,30,10 (100 por defecto)
opt-tournament-create-game = juego
opt-tournament-create-game-desc = Qué juego (Jetan por defecto)
opt-tournament-create-variant = variante
opt-tournament-create-variant-desc = clásico o manator (Jetan)
opt-tournament-create-board = tablero
opt-tournament-create-board-desc = plano o circular (Jetan)
opt-tournament-create-rules = reglas
opt-tournament-create-rules-desc = Opciones de reglas (Jetan), como en un desafío
opt-tournament-create-move_time = tiempo_jugada
opt-tournament-create-move_time-desc = Minutos por jugada
opt-tournament-create-rating = puntuacion
opt-tournament-create-rating-desc = puntuada (por defecto) o amistosa
opt-tournament-create-max_players = max_jugadores
opt-tournament-create-max_players-desc = Cuántos jugadores pueden apuntarse como mucho (64 por defecto)
opt-tournament-create-double = doble
opt-tournament-create-double-desc = Liga: todos contra todos dos veces, cambiando de lado
cmd-tournament-join = apuntarse
cmd-tournament-join-desc = Apúntate a un torneo (la inscripción va al bote).
opt-tournament-join-tournament = torneo
opt-tournament-join-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-leave = borrarse
cmd-tournament-leave-desc = Bórrate de un torneo antes de que empiece (se devuelve la inscripción).
opt-tournament-leave-tournament = torneo
opt-tournament-leave-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-start = empezar
cmd-tournament-start-desc = Empieza tu torneo: se empareja la ronda 1.
opt-tournament-start-tournament = torneo
opt-tournament-start-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-standings = clasificación
cmd-tournament-standings-desc = La clasificación de un torneo con desempates.
opt-tournament-standings-tournament = torneo
opt-tournament-standings-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-pairings = emparejamientos
cmd-tournament-pairings-desc = Los emparejamientos y resultados de una ronda.
opt-tournament-pairings-round = ronda
opt-tournament-pairings-round-desc = Qué ronda (por defecto: la última)
opt-tournament-pairings-tournament = torneo
opt-tournament-pairings-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-info = info
cmd-tournament-info-desc = Los ajustes, jugadores y bote de un torneo.
opt-tournament-info-tournament = torneo
opt-tournament-info-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-list = lista
cmd-tournament-list-desc = Los torneos del servidor.
cmd-tournament-withdraw = retirarse
cmd-tournament-withdraw-desc = Retírate de un torneo en juego (pierdes las partidas que te quedan).
opt-tournament-withdraw-tournament = torneo
opt-tournament-withdraw-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-cancel = cancelar
cmd-tournament-cancel-desc = Cancela tu torneo: se devuelven todas las inscripciones.
opt-tournament-cancel-reason = motivo
opt-tournament-cancel-reason-desc = Por qué (se muestra en el canal)
opt-tournament-cancel-tournament = torneo
opt-tournament-cancel-tournament-desc = El número del torneo (por defecto: el de este canal)
cmd-tournament-adjudicate = arbitrar
cmd-tournament-adjudicate-desc = Decide el resultado de una partida del torneo (el organizador).
opt-tournament-adjudicate-game = partida
opt-tournament-adjudicate-game-desc = El número de la partida (o indica su mesa)
opt-tournament-adjudicate-board = mesa
opt-tournament-adjudicate-board-desc = O la mesa del emparejamiento, como las numera `emparejamientos` (una partida que no empezó)
opt-tournament-adjudicate-round = ronda
opt-tournament-adjudicate-round-desc = La ronda de la mesa (por defecto, la actual)
opt-tournament-adjudicate-tournament = torneo
opt-tournament-adjudicate-tournament-desc = El número del torneo (por defecto: el de este canal)
opt-tournament-adjudicate-result = resultado
opt-tournament-adjudicate-result-desc = primero, segundo, tablas o una incomparecencia
cmd-tournament-remove = expulsar
cmd-tournament-remove-desc = Retira a un jugador de tu torneo.
opt-tournament-remove-player = jugador
opt-tournament-remove-player-desc = A quién
opt-tournament-remove-tournament = torneo
opt-tournament-remove-tournament-desc = El número del torneo (por defecto: el de este canal)
choice-swiss = suizo
choice-round-robin = liga
choice-first = gana el primero
choice-second = gana el segundo
choice-draw = tablas
choice-first-forfeits = no se presentó el primero
choice-second-forfeits = no se presentó el segundo
choice-double-forfeit = no se presentó ninguno
tournament-reopened = Abriendo los hilos de { $n ->
        [one] 1 partida
       *[other] { $n } partidas
    } de **{ $name }** que nunca empezaron.
tournament-no-game = La partida { $game } no es de un torneo.
tournament-board-adjudicated = El organizador decidió la ronda { $round }, mesa { $board }: { $result }.
tournament-board-none = No hay mesa { $board } en la ronda { $round } (mira `/jetan torneo emparejamientos`).
tournament-board-bye = La mesa { $board } de la ronda { $round } es un descanso: no hay partida que decidir.
tournament-board-decided = La mesa { $board } de la ronda { $round } ya tiene su resultado.
tournament-board-past = La ronda { $round } no es la actual: solo se deciden los emparejamientos de la ronda actual.
tournament-rest-row = { $board }. { $who } descansa esta ronda

## Las páginas web (`jetan serve` con JETAN_WEB_ADDR, `jetan console --web`).
cmd-web = web
cmd-web-desc = Tu enlace para jugar esta partida en el navegador (o para verla).
web-off = Las páginas web están desactivadas en este bot.
web-your-link = Tu enlace a esta partida: haz clic en una pieza y luego en su destino. No lo compartas; vale hasta que acabe la partida, 24 horas como mucho.
web-watch-link = La página de esta partida, en directo.
button-play-web = Jugar en el navegador
button-watch = Ver
web-vs = { $first } contra { $second }
web-piece = { $piece } de las { $color }
mc-piece-name = { $role ->
    [king] Rey
    [queen] Dama
    [rook] Torre
    [bishop] Alfil
    [knight] Caballo
   *[pawn] Peón
}
